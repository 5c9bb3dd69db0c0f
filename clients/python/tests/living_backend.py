"""A backend whose list a test changes while feedvm pages through it (protocol 1.2 tests).

``GET /items?page=N&per_page=M`` answers ``{"items": [{"id", "title"}...], "hasMore": bool}``
from :attr:`LivingBackend.items`, which a test replaces or edits at any time; ``input()`` is the
feedvm custom source describing it.
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List
from urllib.parse import parse_qs, urlsplit

__all__ = ["LivingBackend", "entry"]


def entry(key: str, title: str = "") -> Dict[str, str]:
    """One item as the backend serves it."""
    return {"id": key, "title": title or f"Item {key}"}


class LivingBackend:
    """A loopback HTTP server over a mutable list; use as a context manager."""

    def __init__(self, items: List[Dict[str, str]]) -> None:
        self.lock = threading.Lock()
        self.items = list(items)
        self.requests: List[int] = []
        backend = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def do_GET(self) -> None:  # noqa: N802
                query = parse_qs(urlsplit(self.path).query)
                page, size = int(query["page"][0]), int(query["per_page"][0])
                with backend.lock:
                    backend.requests.append(page)
                    chunk = backend.items[(page - 1) * size:page * size]
                    more = page * size < len(backend.items)
                body = json.dumps({"items": chunk, "hasMore": more}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "LivingBackend":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def set(self, items: List[Dict[str, str]]) -> None:
        """Replaces the list the next page answers come from."""
        with self.lock:
            self.items = list(items)

    def input(self, **members: Any) -> Dict[str, Any]:
        """The feedvm input of this backend (a custom source), with ``members`` added."""
        port = self.server.server_address[1]
        value: Dict[str, Any] = {
            "source": "custom", "baseURL": f"http://127.0.0.1:{port}/", "pageSize": 10, "hud": False,
            "custom": {"url": "{baseURL}items", "query": {"page": "{page}", "per_page": "{pageSize}"},
                       "items": "items", "hasMore": "hasMore", "fields": {"id": "id", "title": "title"}},
        }
        value.update(members)
        return value
