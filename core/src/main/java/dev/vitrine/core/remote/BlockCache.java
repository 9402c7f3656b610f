package dev.vitrine.core.remote;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Fetched blocks of every open remote object, least recently used first out, bounded in bytes:
 * a remote verify of 10 GB holds no more than this, whatever the object's size.
 */
final class BlockCache {
    record Key(long object, long block) {}

    private final long capacity;
    private final LinkedHashMap<Key, byte[]> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long used;

    BlockCache(long capacity) {
        this.capacity = capacity;
    }

    synchronized byte[] get(Key key) {
        return blocks.get(key);
    }

    synchronized boolean contains(Key key) {
        return blocks.containsKey(key);
    }

    synchronized void put(Key key, byte[] block) {
        byte[] old = blocks.put(key, block);
        used += block.length - (old == null ? 0 : old.length);
        Iterator<Map.Entry<Key, byte[]>> it = blocks.entrySet().iterator();
        while (used > capacity && it.hasNext()) {
            Map.Entry<Key, byte[]> e = it.next();
            if (e.getKey().equals(key)) continue;
            used -= e.getValue().length;
            it.remove();
        }
    }

    /** Drops every block of one object (it was closed, or found changed). */
    synchronized void drop(long object) {
        Iterator<Map.Entry<Key, byte[]>> it = blocks.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Key, byte[]> e = it.next();
            if (e.getKey().object() == object) {
                used -= e.getValue().length;
                it.remove();
            }
        }
    }

    synchronized long usedBytes() {
        return used;
    }
}
