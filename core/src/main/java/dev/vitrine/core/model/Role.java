package dev.vitrine.core.model;

/**
 * What a node is, independent of its format, so the window can choose views, icons and
 * behaviour by role rather than by a format's kind names. A node may have several roles
 * (a ZSS root index block is both {@link #INDEX_BLOCK} and {@link #BLOCK}).
 */
public enum Role {
    /** The whole archive. */
    ARCHIVE,
    /** A fixed header or footer with fields. */
    HEADER,
    /** A region holding other parts (metadata section, files section, the data blocks). */
    SECTION,
    /** A stored unit that may be compressed: a block, a frame, a shard record. */
    BLOCK,
    /** A block of an index that points at other blocks. */
    INDEX_BLOCK,
    /** A block that holds payload (records, file bytes). */
    DATA_BLOCK,
    /** A stored file a user can export. */
    FILE,
    /** A folder of stored files. */
    FOLDER,
    /** One record of a record-oriented archive. */
    RECORD,
    /** One time-stamped message of a log. */
    MESSAGE,
    /** A stream of messages of one topic or type. */
    CHANNEL,
    /** A typed packet of metadata. */
    PACKET,
    /** A schema or type description. */
    SCHEMA,
    /** A dictionary of values referenced by id. */
    DICTIONARY,
    /** An index (key to location), e.g. a RocksDB index. */
    INDEX,
    /** A table of rows. */
    TABLE
}
