package dev.vitrine.app.cli;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.TimedMessages;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the channels a command was asked for ({@code --channel}) against those the log shows,
 * so that `cat` and `export` refuse a mistyped name alike instead of printing nothing. A channel
 * whose every message is hidden (an amendment's acceptance filter) has nothing to print: it is
 * refused too, saying so.
 */
final class ChannelNames {
    private ChannelNames() {}

    /** The first name asked for that the log does not show, as a one-line reason; null when all are known. */
    static String unknown(TimedMessages timed, List<String> asked, String file) throws IOException {
        Set<String> known = new LinkedHashSet<>();
        for (var c : timed.channels()) known.add(c.name());
        for (String c : asked) {
            if (known.contains(c)) continue;
            String why = "no channel named " + EntryPathPolicy.quote(c);
            if (timed.hidden().stream().anyMatch(h -> h.channel().equals(c))) {
                why += ": its messages are hidden (" + reason(timed, c) + ")";
            } else if (!c.startsWith("/") && known.contains("/" + c)) {
                why += " (did you mean " + EntryPathPolicy.quote("/" + c) + "?)";
            } else {
                why += " (see `vitrine info " + file + "`)";
            }
            return "vitrine: " + file + ": " + why;
        }
        return null;
    }

    private static String reason(TimedMessages timed, String channel) throws IOException {
        for (var h : timed.hidden()) if (h.channel().equals(channel)) return h.reason();
        return "";
    }
}
