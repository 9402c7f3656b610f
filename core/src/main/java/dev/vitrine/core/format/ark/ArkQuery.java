package dev.vitrine.core.format.ark;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A section's acceptance filter. D19: time bounds inclusive at both ends (absolute steady-clock
 * ns, compared as signed longs: nothing at or above 2^63 is written); accept-all is
 * [0, 2^63-1] with an empty allow list; an empty allow list accepts every channel; an entry
 * matches a channel name if equal to it or, as a regular expression, if it matches the whole name.
 */
public record ArkQuery(long minimumTime, long maximumTime, List<String> allowList) {
    public static final ArkQuery ACCEPT_ALL = new ArkQuery(0, Long.MAX_VALUE, List.of());

    public ArkQuery {
        allowList = List.copyOf(allowList);
    }

    public boolean acceptsTime(long timeNs) {
        return timeNs >= minimumTime && timeNs <= maximumTime;
    }

    public boolean acceptsChannel(String name) {
        if (allowList.isEmpty()) return true;
        for (Pattern p : patterns()) if (p == null ? false : p.matcher(name).matches()) return true;
        return allowList.contains(name);
    }

    public boolean accepts(String channel, long timeNs) {
        return acceptsTime(timeNs) && acceptsChannel(channel);
    }

    public boolean isAcceptAll() {
        return minimumTime <= 0 && maximumTime == Long.MAX_VALUE && allowList.isEmpty();
    }

    private List<Pattern> patterns() {
        List<Pattern> out = new ArrayList<>(allowList.size());
        for (String s : allowList) {
            try {
                out.add(Pattern.compile(s));
            } catch (PatternSyntaxException e) {
                out.add(null);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "[" + minimumTime + ", " + maximumTime + "]" + (allowList.isEmpty() ? " all channels" : " " + allowList);
    }
}
