package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/** Issue 19 item 11: names export refuses are damage for `ls` and `verify` of a DataBundle too, as for CAF. */
class BundleUnsafeNamesCliTest {
    @TempDir
    Path temp;

    private static byte[] key(String dir, String name) {
        return ("FILE_METADATA # " + dir + "/ # " + name).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void lsAndVerifyReportKeysExportRefusesAndExitOne() throws Exception {
        Path in = Files.createDirectories(temp.resolve("in"));
        Files.writeString(in.resolve("f"), "x");
        Path bundle = temp.resolve("bundle");
        assertEquals(
                0,
                CliRun.of("create", "bundle", in.toString(), bundle.toString()).exit());
        RocksDB.loadLibrary();
        try (Options o = new Options();
                RocksDB db = RocksDB.open(o, bundle.resolve("index").toString())) {
            byte[] f = db.get(key("", "f"));
            db.put(key("", ".."), f);
            db.put(key("/etc", "passwd"), f);
            db.put(key("", "..\\..\\evil"), f); // a name the key's own rules let pass; export reads \ as a separator
            db.put(key("", "esc\u001b[31m"), f);
        }

        CliRun ls = CliRun.of("ls", bundle.toString());
        assertEquals(1, ls.exit(), ls.stderr());
        for (String s : new String[] {
            "entry \"..\": unsafe name",
            "entry \"/etc/passwd\": unsafe name (absolute folder)",
            "entry \"..\\\\..\\\\evil\": unsafe name ('..' segment",
            "entry \"esc\\u001b[31m\": unsafe name (control character U+001B"
        }) {
            assertTrue(ls.stderr().contains(s), s + " in " + ls.stderr());
        }

        CliRun verify = CliRun.of("verify", bundle.toString());
        assertEquals(1, verify.exit(), verify.out());
        String said = verify.out() + verify.stderr();
        assertTrue(said.contains("entry \"..\\\\..\\\\evil\": unsafe name ('..' segment"), said);
        assertTrue(said.contains("export refuses it"), said);
    }
}
