#!/usr/bin/env python3
"""TEST DOUBLE: a server that breaks the protocol on purpose, one way per run.

It is NOT feedvm. ``misbehaving_feedvm.py MODE [N] [--flag value ...]`` (flags are ignored, so
a client may add its own) reads requests (one per line, or
``Content-Length`` framed when they come so) and misbehaves as MODE says; after the misbehaviour
each request gets its true answer (``{"pong": id}``), so a client that skipped the bad message
and read on passes. Modes:

- ``deep``: before each answer, a message with the same id nested 100,000 arrays deep.
- ``junk``: before each answer, lines that are not JSON-RPC messages: not JSON, ``5``, ``null``,
  ``[]``, ``[1]``, ``{}``, ``{"jsonrpc": "2.0"}``, invalid UTF-8, an id of every type.
- ``bad-header``: (framed) before each answer, ``Content-Length: abc`` with a body, then a header
  section without a length, then a header of 10,000 bytes.
- ``long-line N``: before each answer, a message with the same id of N bytes.
- ``long-stderr N``: at start, one stderr line of N bytes; then answers.
- ``flood``: reads one request, then sends requests to the client forever and never reads again.
- ``silent``: reads requests and never answers (a test kills it).
- ``orphan``: on the first request starts ``sleep 30`` holding its stdout and stderr, says
  ``orphan pid N`` on stderr, and exits 7 without answering.
"""

import json
import os
import subprocess
import sys
from typing import Any, BinaryIO, Dict, Iterator, Tuple

mode = sys.argv[1]
argument = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 0
out = sys.stdout.buffer


def messages(stream: BinaryIO) -> Iterator[Tuple[bool, Dict[str, Any]]]:
    """(framed, message) for each request read from ``stream``."""
    line = stream.readline()
    while line:
        if line.lower().startswith(b"content-length:"):
            length = int(line.partition(b":")[2])
            while line.strip():
                line = stream.readline()
            yield True, json.loads(stream.read(length))
        elif line.strip():
            yield False, json.loads(line)
        line = stream.readline()


def send(body: bytes, framed: bool) -> None:
    out.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) if framed else body + b"\n")
    out.flush()


def answer(request: Dict[str, Any], framed: bool) -> None:
    send(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"pong": request["id"]}}).encode(), framed)


def misbehave(request: Dict[str, Any], framed: bool) -> None:
    request_id = json.dumps(request["id"]).encode()
    if mode == "deep":
        depth = 100_000
        send(b'{"jsonrpc":"2.0","id":%s,"result":%s%s}' % (request_id, b"[" * depth, b"]" * depth), framed)
    elif mode == "junk":
        for junk in (b"not json", b"5", b"null", b"[]", b"[1]", b"{}", b'{"jsonrpc":"2.0"}', b"\xff\xfe{",
                     b'{"jsonrpc":"2.0","id":[1],"result":1}', b'{"jsonrpc":"2.0","id":{"a":1},"result":1}',
                     b'{"jsonrpc":"2.0","id":1.5,"error":"not an object"}', b'{"jsonrpc":"2.0","method":5}',
                     b'{"jsonrpc":"2.0","method":"sections","params":[1,2]}'):
            send(junk, framed)
    elif mode == "bad-header":
        body = b'{"jsonrpc":"2.0","id":%s,"result":{"bad":1}}' % request_id
        out.write(b"Content-Length: abc\r\n\r\n" + body)
        out.write(b"Content-Type: nothing\r\n\r\n" + body)
        out.write(b"Content-Length: 5\r\nX-Padding: " + b"x" * 10_000 + b"\r\n\r\n" + body)
        out.flush()
    elif mode == "long-line":
        padding = b"x" * max(0, argument - len(request_id) - 40)
        send(b'{"jsonrpc":"2.0","id":%s,"result":"%s"}' % (request_id, padding), framed)


def main() -> None:
    if mode == "long-stderr":
        sys.stderr.buffer.write(b"e" * argument + b"\n")
        sys.stderr.flush()
    for framed, request in messages(sys.stdin.buffer):
        if "id" not in request:
            continue
        if mode == "flood":
            serial = 0
            while True:
                serial += 1
                send(b'{"jsonrpc":"2.0","id":"flood-%d","method":"flood/request","params":{"padding":"%s"}}'
                     % (serial, b"p" * 200), framed)
        if mode == "silent":
            continue
        if mode == "orphan":
            orphan = subprocess.Popen(["sleep", "30"], stdout=sys.stdout, stderr=sys.stderr)
            sys.stderr.write(f"orphan pid {orphan.pid}\n")
            sys.stderr.flush()
            os._exit(7)
        misbehave(request, framed)
        answer(request, framed)


if __name__ == "__main__":
    main()
