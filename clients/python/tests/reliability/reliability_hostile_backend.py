"""A loopback backend that tries to make feedvm read what it must not (the fixture backend is polite).

Routes (all on 127.0.0.1, port 0):
- ``GET /items``: a custom-source page ``{"items": [{"id", "title", "image"}]}`` whose image URLs
  are ``HOSTILE_IMAGE_URLS`` (file, ftp, gopher, data, redirects to file, path traversal).
- ``GET /redirect-to-file``: ``302 Location: file:///etc/passwd`` (for the API or an image).
- ``GET /image/...``: a real PNG for any path below it (traversal attempts land here).
- ``GET /huge-items``, ``GET /huge-image``: bodies over the 20 MiB caps.
- ``GET /slow-items``: four items whose images are ``GET /slow-image/{n}.png``, a real PNG sent
  after ``SLOW_IMAGE_SECONDS`` (for cancelling downloads).
- ``GET /odd-sizes``: items whose width/height are negative or absurd, one with a BMP image
  (``GET /bmp/negative-width.bmp``) whose header says its width is negative.
Every request's path and headers are recorded in ``requests``.
"""

from __future__ import annotations

import json
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List
from urllib.parse import parse_qs, urlsplit

from feedvm.fixtures.images import png_bytes

SECRET_FILE = "/etc/passwd"
SECRET_FILE_MARKER = "root:x:0:0"
"""A line of /etc/passwd: if it ever appears in feedvm's output, a file was read."""

CUSTOM_SOURCE = {"url": "{baseURL}items", "query": {"page": "{page}"}, "paging": "page", "items": "items",
                 "fields": {"id": "id", "title": "title", "imageURL": "image"}}
"""The custom-source config that reads ``/items``."""


def hostile_image_urls(base: str) -> List[str]:
    """Image URLs that must never be fetched as files, in item order."""
    return [
        f"file://{SECRET_FILE}",
        "ftp://127.0.0.1/pub/x.png",
        "gopher://127.0.0.1:70/1",
        "data:image/png;base64,iVBORw0KGgo=",
        f"{base}redirect-to-file",
        f"{base}image/../../../../../../tmp/escape.png",
        f"{base}image/%2e%2e/%2e%2e/%2e%2e/tmp/escape2.png",
        f"{base}image/a.png?name=../../../../tmp/escape3.png",
        f"{base}huge-image",
    ]


def bmp_bytes(width: int, height: int) -> bytes:
    """A BITMAPINFOHEADER bitmap header (no pixels) with the given signed width and height."""
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info), 0, 0, 14 + len(info)) + info


def odd_size_items(base: str) -> List[Dict[str, Any]]:
    """Items whose sizes must not reach the wire as they are (protocol/: minimum 0)."""
    return [{"id": "negative", "title": "negative", "image": f"{base}image/n.png", "w": -5, "h": "-7"},
            {"id": "huge", "title": "huge", "image": f"{base}image/h.png", "w": 1e30, "h": -(2 ** 70)},
            {"id": "bmp", "title": "bmp", "image": f"{base}bmp/negative-width.bmp", "w": 16, "h": 16}]


SLOW_IMAGE_SECONDS = 1.5
"""How long ``/slow-image/...`` waits before answering."""

HUGE_BYTES = 21 * 1024 * 1024
"""Over the 20 MiB default caps on API bodies and images (protocol/ s. 11)."""


class HostileBackend:
    """The server in a daemon thread; a context manager. ``base`` ends with ``/``."""

    def __init__(self) -> None:
        self.requests: List[Dict[str, Any]] = []
        backend = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                backend.requests.append({"path": self.path, "headers": dict(self.headers.items())})
                if self.path.startswith("/items"):
                    page = parse_qs(urlsplit(self.path).query).get("page", ["1"])[0]
                    urls = hostile_image_urls(backend.base) if page == "1" else []
                    items = [{"id": f"hostile-{n}", "title": url, "image": url} for n, url in enumerate(urls)]
                    self._send(200, json.dumps({"items": items}).encode(), "application/json")
                elif self.path.startswith("/odd-sizes"):
                    page = parse_qs(urlsplit(self.path).query).get("page", ["1"])[0]
                    items = odd_size_items(backend.base) if page == "1" else []
                    self._send(200, json.dumps({"items": items}).encode(), "application/json")
                elif self.path.startswith("/slow-items"):
                    page = parse_qs(urlsplit(self.path).query).get("page", ["1"])[0]
                    items = [{"id": f"slow-{n}", "title": f"slow {n}", "image": f"{backend.base}slow-image/{n}.png"}
                             for n in range(4)] if page == "1" else []
                    self._send(200, json.dumps({"items": items}).encode(), "application/json")
                elif self.path.startswith("/slow-image/"):
                    time.sleep(SLOW_IMAGE_SECONDS)
                    try:
                        self._send(200, png_bytes(8, 8), "image/png")
                    except OSError:
                        pass  # the client gave up: what a cancelled download looks like
                elif self.path.startswith("/bmp/"):
                    self._send(200, bmp_bytes(-16, -16), "image/bmp")
                elif self.path.startswith("/redirect-to-file"):
                    self.send_response(302)
                    self.send_header("Location", f"file://{SECRET_FILE}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif self.path.startswith("/huge-items"):
                    self._send(200, b'{"items": [], "pad": "' + b"x" * HUGE_BYTES + b'"}', "application/json")
                elif self.path.startswith("/huge-image"):
                    self._send(200, png_bytes(8, 8) + b"\0" * HUGE_BYTES, "image/png")
                elif self.path.startswith("/image/"):
                    self._send(200, png_bytes(8, 8), "image/png")
                else:
                    self._send(404, b'{"error": "no such route"}', "application/json")

            def _send(self, status: int, body: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}/"
        self._thread = threading.Thread(target=self._server.serve_forever, name="hostile-backend", daemon=True)

    def __enter__(self) -> "HostileBackend":
        self._thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
