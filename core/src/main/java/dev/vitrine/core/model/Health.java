package dev.vitrine.core.model;

/** What is known of a node's integrity. */
public enum Health {
    UNCHECKED,
    OK,
    WARNING,
    DAMAGED;

    /** The worse of two healths (DAMAGED wins over WARNING over OK over UNCHECKED). */
    public Health worst(Health other) {
        return other.ordinal() > ordinal() ? other : this;
    }
}
