package dev.vitrine.app.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the `vitrine` command in-process and keeps what it wrote. */
record CliRun(int exit, byte[] stdout, String stderr) {

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int rc = VitrineCli.run(args, out, new PrintWriter(err, true));
        return new CliRun(rc, out.toByteArray(), err.toString());
    }

    String out() {
        return new String(stdout, StandardCharsets.UTF_8);
    }
}
