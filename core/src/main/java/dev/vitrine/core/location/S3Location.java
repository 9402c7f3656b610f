package dev.vitrine.core.location;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.S3Transport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * An S3 object ({@code s3://BUCKET/KEY}) or prefix ({@code s3://BUCKET/PREFIX/}). A prefix is a
 * folder: folder archives (a log's manifests/ and splits/, a bundle's index/ and shards) list
 * and open their parts through it.
 */
final class S3Location implements Location {
    private final String bucket;
    private final String key;
    private final RemoteOptions options;
    private RemoteObjects.Opened opened;

    private S3Location(String bucket, String key, RemoteOptions options) {
        this.bucket = bucket;
        this.key = key;
        this.options = options;
    }

    /** What bucket names hold, legacy ones (capitals, underscores) included. */
    private static final java.util.regex.Pattern BUCKET = java.util.regex.Pattern.compile("[A-Za-z0-9._-]+");

    static S3Location parse(String typed, RemoteOptions options) {
        String rest = typed.substring("s3://".length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        if (bucket.isEmpty()) throw new IllegalArgumentException("not a valid S3 address (no bucket)");
        if (bucket.contains("@"))
            throw new IllegalArgumentException("not a valid S3 address (credentials go in AWS_PROFILE or "
                    + "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never in the address)");
        if (!BUCKET.matcher(bucket).matches())
            throw new IllegalArgumentException(
                    "not a valid S3 address (a bucket's name holds only letters, digits, dots, hyphens and underscores)");
        return new S3Location(bucket, slash < 0 ? "" : rest.substring(slash + 1), options);
    }

    private S3Client client() throws RemoteException {
        return S3Clients.get(options, display());
    }

    @Override
    public String display() {
        return "s3://" + bucket + "/" + key;
    }

    @Override
    public String name() {
        String k = key.endsWith("/") ? key.substring(0, key.length() - 1) : key;
        return k.isEmpty() ? bucket : k.substring(k.lastIndexOf('/') + 1);
    }

    private String prefix() {
        return key.isEmpty() || key.endsWith("/") ? key : key + "/";
    }

    @Override
    public synchronized Stat stat() throws IOException {
        if (!key.isEmpty() && !key.endsWith("/")) {
            try {
                if (opened == null)
                    opened = RemoteObjects.open(new S3Transport(client(), bucket, key), options.settings(), name());
                return new Stat(Kind.FILE, opened.size());
            } catch (RemoteException e) {
                if (!e.reason().startsWith("no such object")) throw e;
            }
        }
        // no object of that name: a prefix with something under it is a folder
        if (!page(prefix(), null, 1).contents().isEmpty()
                || !page(prefix(), null, 1).commonPrefixes().isEmpty()) {
            return new Stat(Kind.FOLDER, 0);
        }
        throw new RemoteException(display(), "no such object or prefix");
    }

    @Override
    public synchronized ByteSource open() throws IOException {
        RemoteObjects.Opened o = opened != null
                ? opened
                : RemoteObjects.open(new S3Transport(client(), bucket, key), options.settings(), name());
        opened = null;
        return RemoteObjects.source(o, name(), options.settings());
    }

    /** Everything directly under the prefix: sub-prefixes as folders, objects with their sizes. */
    @Override
    public List<Entry> list() throws IOException {
        List<Entry> out = new ArrayList<>();
        String token = null;
        do {
            Page p = listPage(token, 1000);
            out.addAll(p.entries());
            token = p.next();
        } while (token != null);
        out.sort(Comparator.comparing(Entry::name));
        return out;
    }

    /** One ListObjectsV2 page (continuation tokens): prefixes and objects in key order. */
    @Override
    public Page listPage(String token, int max) throws IOException {
        return listPage(prefix(), prefix(), token, max);
    }

    @Override
    public Page listStartingWith(String token, int max) throws IOException {
        return listPage(key, key.substring(0, key.lastIndexOf('/') + 1), token, max);
    }

    /** The keys starting with {@code prefix}, named from {@code folder} (a part of it ending in '/'). */
    private Page listPage(String prefix, String folder, String token, int max) throws IOException {
        List<Entry> out = new ArrayList<>();
        ListObjectsV2Response r = page(prefix, token, Math.max(1, max));
        for (CommonPrefix p : r.commonPrefixes()) {
            String n = p.prefix().substring(folder.length());
            out.add(new Entry(n.endsWith("/") ? n.substring(0, n.length() - 1) : n, Kind.FOLDER, 0));
        }
        for (S3Object o : r.contents()) {
            String n = o.key().substring(folder.length());
            if (!n.isEmpty()) out.add(new Entry(n, Kind.FILE, o.size() == null ? 0 : o.size()));
        }
        out.sort(Comparator.comparing(Entry::name));
        String next = Boolean.TRUE.equals(r.isTruncated()) ? r.nextContinuationToken() : null;
        return new Page(out, next == null || next.isEmpty() ? null : next);
    }

    private ListObjectsV2Response page(String prefix, String token, int max) throws IOException {
        try {
            return client().listObjectsV2(ListObjectsV2Request.builder()
                    .bucket(bucket)
                    .prefix(prefix)
                    .delimiter("/")
                    .maxKeys(max)
                    .continuationToken(token)
                    .build());
        } catch (S3Exception e) {
            String code =
                    e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            if (e.statusCode() == 404) throw new RemoteException(display(), "no such bucket (" + code + ", HTTP 404)");
            throw new RemoteException(display(), RemoteException.statusReason(e.statusCode(), code));
        } catch (SdkClientException e) {
            IOException f = S3Transport.failure(display(), e);
            throw f instanceof RemoteException r
                    ? r
                    : new RemoteException(display(), RemoteException.transportReason(e), e);
        }
    }

    @Override
    public Location resolve(String relative) {
        if (relative.startsWith("/")
                || relative.equals("..")
                || relative.startsWith("../")
                || relative.contains("/../")) {
            throw new IllegalArgumentException(relative + ": outside " + display());
        }
        return new S3Location(bucket, prefix() + relative, options);
    }

    @Override
    public String toString() {
        return display();
    }
}
