"""A raw-socket HTTP server that misbehaves on purpose: what no library server sends.

Routes, by path prefix (every connection serves one request, then closes):

- ``/page/NAME``: a custom-source page ``{"items": [{"id", "title", "image"}]}`` whose image URLs
  were set with ``set_page(NAME, urls)``; answered at once.
- ``/endless``: a chunked body that never ends (until the client hangs up).
- ``/gzip-bomb``: ``Content-Encoding: gzip``, a 1 GiB run of zeros in ~6.5 MB.
- ``/deflate-bomb``: ``Content-Encoding: deflate`` (zlib), 1 GiB of zeros (an image URL).
- ``/trickle``: ``Content-Length: 1000``, then one byte every 2 s.
- ``/stall``: the headers of a 1,000-byte body, then nothing.
- ``/garbage``: ``HTTP/1.1 OK-ish`` (no status code); ``/not-http``: an SSH banner.
- ``/loop``: ``302`` to itself; ``/to-file``, ``/to-ftp``, ``/to-stub``: ``302`` to those schemes.
- ``/image/...``: a small real PNG.
- ``/unauthorized``: ``401`` with an envelope body ``{"code": 401}`` (the envelope source then
  renews its token).

``bytes_sent`` counts body bytes written per path prefix; ``open_connections`` those not yet
closed. ``close()`` stops accepting, shuts every connection and joins the threads.
"""

from __future__ import annotations

import json
import socket
import threading
import zlib
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional

from feedvm.fixtures.images import png_bytes

BOMB_BYTES = 1 << 30
"""What the bombs inflate to: 1 GiB of zeros."""


@lru_cache(maxsize=None)
def deflate_bomb(inflated: int = BOMB_BYTES, wrapper: str = "gzip") -> bytes:
    """A valid gzip (or zlib) stream of ``inflated`` zeros, built without compressing them:
    one fixed-Huffman block of a literal 0, then "258 bytes from 1 back" over and over, 13 bits
    each (RFC 1951, 3.2.6); every 8 repeats are the same 13 bytes."""
    repeats, literals = divmod(inflated - 1, 258)
    bits = _Bits()
    bits.value(1, 1)
    bits.value(1, 2)  # BFINAL, BTYPE 01 (fixed codes)
    bits.code(0b00110000, 8)  # literal 0
    bits.code(0b11000101, 8)
    bits.code(0, 5)  # one repeat: 11 + 13 = 24 bits, byte-aligned
    head = bits.take()
    period = _Bits()
    for _ in range(8):
        period.code(0b11000101, 8)
        period.code(0, 5)
    periods, rest = divmod(repeats - 1, 8)
    tail = _Bits()
    for _ in range(rest):
        tail.code(0b11000101, 8)
        tail.code(0, 5)
    for _ in range(literals):
        tail.code(0b00110000, 8)
    tail.code(0, 7)  # end of block
    raw = head + period.take() * periods + tail.take()
    if wrapper == "zlib":
        adler = (inflated % 65521) << 16 | 1  # Adler-32 of zeros
        return b"\x78\x01" + raw + adler.to_bytes(4, "big")
    crc = 0
    zeros = bytes(1 << 20)
    for _ in range(inflated >> 20):
        crc = zlib.crc32(zeros, crc)
    crc = zlib.crc32(bytes(inflated & ((1 << 20) - 1)), crc)
    return (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + raw + crc.to_bytes(4, "little")
            + (inflated & 0xFFFFFFFF).to_bytes(4, "little"))


class _Bits:
    """Deflate's bit packing: least significant bit first; Huffman codes most significant first."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.used = 8

    def _push(self, bit: int) -> None:
        if self.used == 8:
            self.out.append(0)
            self.used = 0
        self.out[-1] |= bit << self.used
        self.used += 1

    def value(self, value: int, count: int) -> None:
        for shift in range(count):
            self._push(value >> shift & 1)

    def code(self, code: int, count: int) -> None:
        for shift in range(count - 1, -1, -1):
            self._push(code >> shift & 1)

    def take(self) -> bytes:
        return bytes(self.out)


class HostileHTTPServer:
    """The server on 127.0.0.1 (kernel-chosen port), a thread per connection; a context manager."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0), backlog=128)
        self.base = f"http://127.0.0.1:{self.listener.getsockname()[1]}/"
        self.pages: Dict[str, List[str]] = {}
        self.bytes_sent: Dict[str, int] = {}
        self.requests: List[str] = []
        self.open_connections = 0
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._connections: List[socket.socket] = []
        self._threads: List[threading.Thread] = []
        self._acceptor = threading.Thread(target=self._accept, name="hostile-http", daemon=True)
        self._acceptor.start()

    def set_page(self, name: str, image_urls: List[str]) -> None:
        self.pages[name] = image_urls

    def custom_source(self, page: str, base: Optional[str] = None) -> Dict[str, Any]:
        """A ``custom`` input whose one page is ``/page/<page>`` (or any path, e.g. ``endless``),
        without automatic retries: each hostile answer is met once, so deadlines are measured alone."""
        path = page if "/" in page or page in ROUTES else f"page/{page}"
        return {"source": "custom", "baseURL": base or self.base, "retry": False,
                "custom": {"url": "{baseURL}" + path, "items": "items",
                           "fields": {"id": "id", "title": "title", "imageURL": "image"}}}

    def __enter__(self) -> "HostileHTTPServer":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._closed.set()
        self.listener.close()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._acceptor.join(5)
        for thread in list(self._threads):
            thread.join(5)

    # -- serving ---------------------------------------------------------------------------

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(connection,), daemon=True)
            with self._lock:
                self._connections.append(connection)
                self._threads.append(thread)
                self.open_connections += 1
            thread.start()

    def _serve(self, connection: socket.socket) -> None:
        try:
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                head += chunk
            path = head.split(b" ", 2)[1].decode("latin-1")
            with self._lock:
                self.requests.append(path)
            name = path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
            ROUTES.get(name, _not_found)(self, _Writer(self, connection, name), path)
        except OSError:
            pass
        finally:
            connection.close()
            with self._lock:
                self.open_connections -= 1
                self._connections.remove(connection)


class _Writer:
    """Writes to one connection, counting body bytes; ``False`` once the client has gone."""

    def __init__(self, server: HostileHTTPServer, connection: socket.socket, route: str) -> None:
        self.server, self.connection, self.route = server, connection, route

    def head(self, status: str, headers: Dict[str, object]) -> bool:
        lines = [f"HTTP/1.1 {status}"] + [f"{name}: {value}" for name, value in headers.items()]
        return self.raw(("\r\n".join(lines) + "\r\n\r\n").encode())

    def raw(self, data: bytes) -> bool:
        try:
            self.connection.sendall(data)
        except OSError:
            return False
        return True

    def body(self, data: bytes) -> bool:
        if not self.raw(data):
            return False
        with self.server._lock:
            self.server.bytes_sent[self.route] = self.server.bytes_sent.get(self.route, 0) + len(data)
        return True

    def wait_for_hang_up(self) -> None:
        while not self.server._closed.is_set():
            try:
                if not self.connection.recv(4096):
                    return
            except OSError:
                return

    def sleep(self, seconds: float) -> bool:
        """Sleeps unless the server closes; ``False`` when it did."""
        return not self.server._closed.wait(seconds)


def _page(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    name = path.split("/page/", 1)[1].split("?", 1)[0]
    items = [{"id": f"item-{n}", "title": url, "image": url} for n, url in enumerate(server.pages.get(name, []))]
    body = json.dumps({"items": items}).encode()
    out.head("200 OK", {"Content-Type": "application/json", "Content-Length": len(body), "Connection": "close"})
    out.body(body)


def _endless(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.head("200 OK", {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    chunk = b'{"items": [' + b" " * 65_000
    framed = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    while out.body(framed):
        pass


def _bomb(encoding: str, wrapper: str, content_type: str) -> Callable[[HostileHTTPServer, _Writer, str], None]:
    def serve(server: HostileHTTPServer, out: _Writer, path: str) -> None:
        body = deflate_bomb(BOMB_BYTES, wrapper)
        out.head("200 OK", {"Content-Type": content_type, "Content-Encoding": encoding, "Content-Length": len(body)})
        for start in range(0, len(body), 1 << 16):
            if not out.body(body[start:start + (1 << 16)]):
                return
        out.wait_for_hang_up()
    return serve


def _trickle(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.head("200 OK", {"Content-Type": "application/json", "Content-Length": 1000})
    while out.body(b" ") and out.sleep(2.0):
        pass


def _stall(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.head("200 OK", {"Content-Type": "image/png", "Content-Length": 1000})
    out.wait_for_hang_up()


def _garbage(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.raw(b"HTTP/1.1 OK-ish\r\nContent-Length: 2\r\n\r\n{}")


def _not_http(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.raw(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")


def _redirect(location: str) -> Callable[[HostileHTTPServer, _Writer, str], None]:
    def serve(server: HostileHTTPServer, out: _Writer, path: str) -> None:
        out.head("302 Found", {"Location": location or path, "Content-Length": 0, "Connection": "close"})
    return serve


def _image(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    body = png_bytes(8, 8)
    out.head("200 OK", {"Content-Type": "image/png", "Content-Length": len(body), "Connection": "close"})
    out.body(body)


def _unauthorized(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    body = b'{"code": 401, "msg": "token expired"}'
    out.head("401 Unauthorized", {"Content-Type": "application/json", "Content-Length": len(body), "Connection": "close"})
    out.body(body)


def _not_found(server: HostileHTTPServer, out: _Writer, path: str) -> None:
    out.head("404 Not Found", {"Content-Length": 0, "Connection": "close"})


ROUTES: Dict[str, Callable[[HostileHTTPServer, _Writer, str], None]] = {
    "page": _page,
    "endless": _endless,
    "gzip-bomb": _bomb("gzip", "gzip", "application/json"),
    "deflate-bomb": _bomb("deflate", "zlib", "image/png"),
    "trickle": _trickle,
    "stall": _stall,
    "garbage": _garbage,
    "not-http": _not_http,
    "loop": _redirect(""),
    "to-file": _redirect("file:///etc/passwd"),
    "to-ftp": _redirect("ftp://127.0.0.1/pub/feed.json"),
    "to-stub": _redirect("stub://images/0.png"),
    "image": _image,
    "unauthorized": _unauthorized,
}
