"""A server that gzips every answer whatever the client accepts, as some misconfigured proxies do.
   python3 gzip_anyway.py PORT FILE"""
import gzip
import http.server
import re
import sys

DATA = open(sys.argv[2], "rb").read()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        m = re.match(r"bytes=(\d+)-(\d+)", self.headers.get("Range", ""))
        a, b = (int(m.group(1)), min(int(m.group(2)), len(DATA) - 1)) if m else (0, len(DATA) - 1)
        body = gzip.compress(DATA[a : b + 1])
        self.send_response(206 if m else 200)
        if m:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (a, b, len(DATA)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
