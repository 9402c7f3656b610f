package dev.vitrine.core.format.bundle;
final class BundleVerifier {
    private final BundleArchive a;
    BundleVerifier(BundleArchive a) { this.a = a; }
    void run(dev.vitrine.core.verify.VerifyContext ctx) {}
}
