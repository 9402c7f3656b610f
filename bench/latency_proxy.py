#!/usr/bin/env python3
"""Benchmark helper (not a test): a TCP proxy on 127.0.0.1 that delays every request by a fixed
time before passing it on, to measure remote reads over a high-latency link.

Answers go back with splice(2) through a pipe, so their bytes never enter this process: on a
2-core machine the proxy's own copying would otherwise compete with the reader it measures (the
Java proxy this replaces cost a 1 GB verify a third of its time with nothing added). With
COUNTS, it keeps the running totals "requests bytes" (bytes sent back, headers included) in that
file, for servers without an access log (s3proxy): a benchmark subtracts the totals before a run.

    bench/latency_proxy.py LISTEN_PORT UPSTREAM_PORT DELAY_MS [COUNTS]
"""
import os
import socket
import sys
import threading
import time

CHUNK = 1 << 20
lock = threading.Lock()
totals = [0, 0]  # requests, bytes sent back


def add(i, n):
    with lock:
        totals[i] += n


def write_counts(path):
    """Every 20 ms, the totals so far (written to a temporary name, then moved: never read half written)."""
    tmp = path + ".tmp"
    while True:
        time.sleep(0.02)
        with lock:
            line = "%d %d\n" % (totals[0], totals[1])
        with open(tmp, "w") as f:
            f.write(line)
        os.replace(tmp, path)


def requests(client, up, delay):
    """Client to server: a burst that starts a request waits `delay` first."""
    try:
        while True:
            data = client.recv(65536)
            if not data:
                break
            if data[:3] == b"GET" or data[:4] == b"HEAD":
                add(0, 1)
                if delay > 0:
                    time.sleep(delay)
            up.sendall(data)
        up.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # one side closed


def answers(up, client):
    """Server to client, spliced through a pipe: the kernel moves the bytes."""
    r, w = os.pipe()
    try:
        while True:
            n = os.splice(up.fileno(), w, CHUNK)
            if n == 0:
                break
            add(1, n)
            while n > 0:
                n -= os.splice(r, client.fileno(), n)
        client.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # one side closed
    finally:
        os.close(r)
        os.close(w)


def serve(client, upstream, delay):
    with client:
        try:
            up = socket.create_connection(("127.0.0.1", upstream))
        except OSError:
            return
        with up:
            back = threading.Thread(target=answers, args=(up, client), daemon=True)
            back.start()
            requests(client, up, delay)
            back.join()


def main():
    listen, upstream, delay_ms = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    if len(sys.argv) > 4:
        threading.Thread(target=write_counts, args=(sys.argv[4],), daemon=True).start()
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen))
    server.listen(100)
    while True:
        client, _ = server.accept()
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=serve, args=(client, upstream, delay_ms / 1000.0), daemon=True).start()


if __name__ == "__main__":
    main()
