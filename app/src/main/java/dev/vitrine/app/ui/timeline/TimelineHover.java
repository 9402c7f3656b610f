package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.util.List;
import java.util.function.Function;

/** The line the timeline shows for the point under the pointer: a lane's summary, or the time and what was drawn there. */
final class TimelineHover {
    private TimelineHover() {}

    /**
     * What to say about ({@code x}, {@code y}); {@code drawn} are the counts per pixel column
     * of the last redraw, {@code damage} a channel's health. Empty when nothing is there.
     */
    static String text(
            TimelineData data,
            TimelineViewport vp,
            List<long[]> drawn,
            Function<String, Health> damage,
            double x,
            double y) {
        if (data == null) return "";
        int lane = vp.laneAt(y);
        if (x < vp.plotLeft() && lane >= 0)
            return laneSummary(
                    data.lanes().get(lane), damage.apply(data.lanes().get(lane).name()));
        if (x < vp.plotLeft() || x > vp.plotLeft() + vp.plotWidth()) return "";
        double t = vp.timeAt(x);
        long step = TimeText.niceStep(vp.nsPerPixel());
        StringBuilder b = new StringBuilder(TimeText.absolute(Math.round(t), step))
                .append("  (")
                .append(TimeText.relative(Math.round(t - data.minNs())))
                .append(")");
        if (lane >= 0 && lane < drawn.size()) {
            TimelineData.Lane l = data.lanes().get(lane);
            long[] cols = drawn.get(lane);
            int c = (int) Math.floor(x - vp.plotLeft());
            long n = c >= 0 && c < cols.length ? cols[c] : 0;
            b.append(" · ")
                    .append(l.name())
                    .append(" · ")
                    .append(Human.count(n))
                    .append(n == 1 ? " message" : " messages")
                    .append(" in ")
                    .append(TimeText.duration(Math.max(1, Math.round(vp.nsPerPixel()))));
            for (TimedMessages.Hidden h : l.hidden()) {
                if (t >= h.startNs() && t <= h.stopNs()) b.append(" · hidden: ").append(h.reason());
            }
        }
        return b.toString();
    }

    private static String laneSummary(TimelineData.Lane l, Health health) {
        StringBuilder b = new StringBuilder(l.name())
                .append(" · ")
                .append(l.type())
                .append(" · ")
                .append(Human.count(l.count()))
                .append(l.count() == 1 ? " message" : " messages");
        if (l.latched()) b.append(" · latched");
        for (TimedMessages.Hidden h : l.hidden()) {
            b.append(" · ")
                    .append(Human.count(h.count()))
                    .append(" hidden (")
                    .append(h.reason())
                    .append(")");
        }
        if (health == Health.DAMAGED) b.append(" · damage in its files");
        if (health == Health.WARNING) b.append(" · warnings in its files");
        return b.toString();
    }
}
