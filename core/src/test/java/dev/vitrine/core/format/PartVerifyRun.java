package dev.vitrine.core.format;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A verify through the engine, of a part or (part null) of the whole archive, with what a user
 * sees of it: the problems, the report (its scope) and the progress total, which counts the
 * units read.
 */
public record PartVerifyRun(List<Problem> problems, VerifyReport report, long progressTotal) {
    public static PartVerifyRun of(Archive a, ByteRange part) {
        List<Problem> problems = new ArrayList<>();
        long[] total = {0};
        VerifyReport r = VerifyEngine.run(
                a,
                new VerifyListener() {
                    @Override
                    public void problem(Problem p) {
                        problems.add(p);
                    }

                    @Override
                    public void progress(long done, long t) {
                        total[0] = Math.max(total[0], t);
                    }
                },
                new AtomicBoolean(),
                part);
        return new PartVerifyRun(problems, r, total[0]);
    }

    /** Problems whose message contains {@code text}. */
    public List<Problem> with(String text) {
        return problems.stream().filter(p -> p.message().contains(text)).toList();
    }
}
