package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufIr.FieldDef;
import dev.vitrine.core.rbuf.RbufIr.GroupDef;
import dev.vitrine.core.rbuf.RbufIr.SchemaDef;
import dev.vitrine.core.rbuf.RbufIr.TypeRef;
import dev.vitrine.core.rbuf.RbufType;
import java.util.List;

/**
 * The ark::logging schemas: the manifest's (D10, written into every manifest's trailer and
 * used to read split headers) and the split file header's (D11). Manifests are read with the
 * IR in their own trailer; this one is what our writer writes.
 */
public final class ArkSchemas {
    public static final String NS = "ark::logging";
    public static final String MANIFEST = NS + "::Manifest";
    public static final String SPLIT_HEADER = NS + "::SplitFileHeader";

    private ArkSchemas() {}

    private static FieldDef f(String name, RbufType t) {
        return FieldDef.of(name, TypeRef.of(t));
    }

    private static FieldDef obj(String name, String type) {
        return FieldDef.of(name, TypeRef.object(NS + "::" + type));
    }

    private static FieldDef list(String name, String type) {
        return FieldDef.of(name, TypeRef.arraylist(TypeRef.object(NS + "::" + type)));
    }

    private static SchemaDef schema(String name, List<FieldDef> fields, List<GroupDef> groups) {
        return new SchemaDef(name, NS, false, fields, groups);
    }

    /** D10: the manifest's schemas, fields exactly as the spec and notes give them, in that order. */
    public static final RbufIr MANIFEST_IR = new RbufIr(
            List.of(
                    schema(
                            "Manifest",
                            List.of(
                                    f("log_identifier", RbufType.GUID),
                                    f("common_identifier", RbufType.GUID),
                                    f("name", RbufType.STRING),
                                    new FieldDef(
                                            "v1_columns",
                                            TypeRef.arraylist(TypeRef.object(NS + "::ColumnDeclaration")),
                                            true,
                                            false)),
                            List.of(
                                    new GroupDef(0, List.of(list("sections", "ManifestSection"))),
                                    new GroupDef(1, List.of(obj("metadata", "LogMetadataEntries"))))),
                    schema(
                            "ManifestSection",
                            List.of(
                                    list("columns", "ColumnDeclaration"),
                                    f("original_log_identifier", RbufType.GUID),
                                    obj("acceptance_filter", "Query")),
                            List.of()),
                    schema(
                            "ColumnDeclaration",
                            List.of(
                                    f("name", RbufType.STRING),
                                    f("compression_type", RbufType.STRING),
                                    list("object_types", "ObjectDeclaration"),
                                    list("splits", "SplitDeclaration")),
                            List.of()),
                    schema(
                            "ObjectDeclaration",
                            List.of(
                                    f("name", RbufType.STRING),
                                    f("type_identifier", RbufType.STRING),
                                    f("identifier", RbufType.GUID),
                                    f("schema_registry", RbufType.STRING)),
                            List.of(new GroupDef(0, List.of(f("latched", RbufType.BOOL))))),
                    schema(
                            "SplitDeclaration",
                            List.of(f("split_identifier", RbufType.GUID), list("statistics", "SplitObjectStatistics")),
                            List.of()),
                    schema(
                            "SplitObjectStatistics",
                            List.of(
                                    f("object_identifier", RbufType.GUID),
                                    f("message_count", RbufType.UINT64),
                                    f("total_bytes", RbufType.UINT64)),
                            List.of()),
                    schema(
                            "Query",
                            List.of(
                                    f("minimum_time", RbufType.STEADY_TIME_POINT),
                                    f("maximum_time", RbufType.STEADY_TIME_POINT),
                                    FieldDef.of("message_allow_list", TypeRef.arraylist(TypeRef.of(RbufType.STRING)))),
                            List.of()),
                    schema(
                            "LogMetadataEntries",
                            List.of(FieldDef.of(
                                    "entries",
                                    TypeRef.dictionary(TypeRef.of(RbufType.STRING), TypeRef.of(RbufType.STRING)))),
                            List.of())),
            List.of());

    /** The split file header (spec), D11: no trailer, format_version 1. */
    public static final RbufIr SPLIT_IR = new RbufIr(
            List.of(
                    schema(
                            "SplitFileHeader",
                            List.of(
                                    f("format_version", RbufType.UINT16),
                                    f("split_identifier", RbufType.GUID),
                                    f("index_offset", RbufType.UINT32),
                                    f("indexed_item_count", RbufType.UINT32),
                                    f("maximum_item_count", RbufType.UINT32),
                                    list("type_mappings", "SplitTypeMappingInfo")),
                            List.of()),
                    schema(
                            "SplitTypeMappingInfo",
                            List.of(f("object_identifier", RbufType.GUID), f("short_identifier", RbufType.UINT8)),
                            List.of())),
            List.of());

    public static SchemaDef manifest(String name) {
        return MANIFEST_IR.schema(NS + "::" + name);
    }

    /** Every split file is at least this long (spec); the header is followed by zeros up to it (D15). */
    public static final int MIN_SPLIT_SIZE = 1024;
    /** One packed SplitIndexEntry: u64 time, u32 offset, u32 size, u8 object, u8 flags. */
    public static final int INDEX_ENTRY_SIZE = 18;

    public static final int SPLIT_FORMAT_VERSION = 1;
}
