package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Capability of archives with named dictionaries of strings referenced by id (clp-s's
 * var.dict, log.dict, array.dict): entries fetched a page at a time. Templates may hold
 * placeholder characters standing for values filled in per record; {@link #placeholders}
 * names them, and in a dictionary with placeholders a backslash escapes the next character.
 * Calls other than {@link #names()} and {@link #placeholders} may read the file.
 */
public interface Dictionaries {

    List<String> names();

    long entryCount(String name) throws IOException;

    /** Entries {@code [from, from+count)} as stored (placeholders and escapes kept). */
    List<String> entries(String name, long from, int count) throws IOException;

    /** Placeholder characters of {@code name}'s entries and what each stands for ("int", "dict", "float"); empty if none. */
    Map<Character, String> placeholders(String name);
}
