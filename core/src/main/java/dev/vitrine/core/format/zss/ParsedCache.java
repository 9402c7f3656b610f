package dev.vitrine.core.format.zss;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.function.ToLongFunction;

/**
 * Blocks by file offset (parsed index and data blocks, decoded payloads), least recently used
 * first out, bounded by the bytes they retain rather than by their count: one index or data
 * block may be as large as {@code Limits.maxBlockBytes}, so a count bound would let a large or
 * hostile archive hold that many times more. The entry just put always stays, so a single
 * block over the budget still works (it is the only one kept). Thread-safe.
 */
final class ParsedCache<V> {
    private final LinkedHashMap<Long, Weighed<V>> map = new LinkedHashMap<>(16, 0.75f, true);
    private final ToLongFunction<V> weigher;
    private final long budget;
    private long bytes;
    private long peak;

    /** {@code weigher}: the bytes an entry keeps alive (its payload unless a view of the mapping, its arrays). */
    ParsedCache(long budget, ToLongFunction<V> weigher) {
        this.budget = budget;
        this.weigher = weigher;
    }

    private record Weighed<V>(V value, long weight) {}

    synchronized V get(long offset) {
        Weighed<V> e = map.get(offset);
        return e == null ? null : e.value;
    }

    synchronized void put(long offset, V value) {
        Weighed<V> e = new Weighed<>(value, weigher.applyAsLong(value));
        Weighed<V> old = map.put(offset, e);
        bytes += e.weight - (old == null ? 0 : old.weight);
        Iterator<Weighed<V>> eldest = map.values().iterator();
        while (bytes > budget && map.size() > 1) {
            bytes -= eldest.next().weight;
            eldest.remove();
        }
        peak = Math.max(peak, bytes);
    }

    /** Every value kept (a copy), for {@link ZssArchive#cachedBytes}. */
    synchronized java.util.List<V> values() {
        return map.values().stream().map(Weighed::value).toList();
    }

    synchronized void clear() {
        map.clear();
        bytes = 0;
    }

    synchronized int size() {
        return map.size();
    }

    /** What the entries kept retain, by their weights. */
    synchronized long bytes() {
        return bytes;
    }

    /** The most {@link #bytes} held after any put (an entry over the budget alone counts in full). */
    synchronized long peak() {
        return peak;
    }

    long budget() {
        return budget;
    }
}
