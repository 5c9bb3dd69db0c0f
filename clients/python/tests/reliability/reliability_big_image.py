"""A loopback server of one custom-source item whose image is 10 MiB, for the tests of large
answers to slow readers: each inline ``loadImage`` answer for it is 13.4 MB of base64.
"""

from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Iterator

from feedvm.fixtures.images import png_bytes

IMAGE = png_bytes(64, 48) + b"\0" * (10 * 1024 * 1024)
"""A PNG padded to 10 MiB (bytes after IEND are ignored by every image reader, feedvm's too)."""

CUSTOM: Dict[str, Any] = {"url": "{baseURL}items", "query": {"page": "{page}"}, "paging": "page", "items": "items",
                          "fields": {"id": "id", "title": "title", "imageURL": "image"}}
"""The custom source that reads the server's one page: ``{"items": [{"id", "title", "image"}]}``."""


@contextmanager
def big_image_server() -> Iterator[str]:
    """Serves ``/items`` (one item, ``big``, whose image is ``big.png``) and ``IMAGE`` for every
    other path, on loopback; yields the base URL (ending in ``/``)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            if self.path.startswith("/items"):
                body = json.dumps({"items": [{"id": "big", "title": "big", "image": base + "big.png"}]}).encode()
                kind = "application/json"
            else:
                body, kind = IMAGE, "image/png"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield base
    finally:
        server.shutdown()
