package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RbufIr;

/** One object declaration of a column: a channel, its schema registry and its visibility (D18). */
public final class ArkChannel {
    final ArkLog.Column column;
    final String name;
    final String type;
    final Guid guid;
    final String schemaRegistry;
    final boolean latched;
    boolean visibleByName = true;
    long visibleMin = Long.MIN_VALUE;
    long visibleMax = Long.MAX_VALUE;
    /** Which later section's filter hides this channel's data (first one), or -1. */
    int hiddenBySection = -1;

    private RbufIr ir;
    private String irError;

    ArkChannel(ArkLog.Column column, String name, String type, Guid guid, String schemaRegistry, boolean latched) {
        this.column = column;
        this.name = name;
        this.type = type;
        this.guid = guid;
        this.schemaRegistry = schemaRegistry;
        this.latched = latched;
    }

    public String name() {
        return name;
    }

    public String type() {
        return type;
    }

    public Guid guid() {
        return guid;
    }

    public boolean latched() {
        return latched;
    }

    /** D18: whether the filters of the later sections accept this channel at {@code timeNs}. */
    public boolean visible(long timeNs) {
        return visibleByName && timeNs >= visibleMin && timeNs <= visibleMax;
    }

    /** Hidden by a later section's acceptance filter entirely (by name). */
    public boolean hiddenByName() {
        return !visibleByName;
    }

    /** The schema IR of the registry, or null when it does not parse ({@link #irError()} says why). */
    public synchronized RbufIr ir() {
        if (ir == null && irError == null) {
            try {
                ir = RbufIr.parse(schemaRegistry);
            } catch (IllegalArgumentException e) {
                irError = e.getMessage();
            }
        }
        return ir;
    }

    public synchronized String irError() {
        ir();
        return irError;
    }

    /** D12: type_identifier names the registry's first schema; fall back to it when the name is not found. */
    public String schemaName() {
        RbufIr i = ir();
        if (i == null) return type;
        if (i.schema(type) != null || i.schemas().isEmpty()) return type;
        return i.schemas().getFirst().fullName();
    }
}
