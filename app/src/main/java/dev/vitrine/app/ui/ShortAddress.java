package dev.vitrine.app.ui;

import java.util.ArrayList;
import java.util.List;

/**
 * A remote archive's name where room is short (tab, window title): its host and as much of its
 * path as fits, the file name and its folder always, so two archives of one name on other hosts
 * or in other folders look different. The full address (without secrets) goes in tooltips.
 */
final class ShortAddress {
    /** Characters a tab's title may take before the middle of its path gives way to "…". */
    static final int MAX = 48;

    private ShortAddress() {}

    /** {@code address} (a URL already without secrets) shortened; s3:// keeps its scheme, http(s):// drops it. */
    static String of(String address) {
        String s = address;
        int q = s.indexOf('?');
        if (q >= 0) s = s.substring(0, q); // a signed URL's parameters tell nothing apart
        int scheme = s.indexOf("://");
        String keep = "";
        if (scheme > 0) {
            if (s.regionMatches(true, 0, "s3", 0, 2)) keep = s.substring(0, scheme + 3);
            s = s.substring(scheme + 3);
        }
        while (s.endsWith("/")) s = s.substring(0, s.length() - 1);
        int slash = s.indexOf('/');
        String host = slash < 0 ? s : s.substring(0, slash);
        host = host.substring(host.lastIndexOf('@') + 1); // the login's user name is not the place
        if (slash < 0) return keep + host;
        List<String> parts = List.of(s.substring(slash + 1).split("/"));
        String whole = keep + host + "/" + String.join("/", parts);
        if (whole.length() <= MAX || parts.size() <= 2) return whole;
        // the last two always; more from the end while they fit
        List<String> tail = new ArrayList<>(parts.subList(parts.size() - 2, parts.size()));
        String head = keep + host + "/…/";
        for (int i = parts.size() - 3; i >= 0; i--) {
            if (head.length() + String.join("/", tail).length() + parts.get(i).length() + 1 > MAX) break;
            tail.addFirst(parts.get(i));
        }
        return head + String.join("/", tail);
    }
}
