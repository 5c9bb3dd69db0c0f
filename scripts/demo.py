#!/usr/bin/env python3
"""Drives one feedvm session on the embedded stub source and prints the whole exchange.

The seeds' list screen, headless: bind the refresh controls, pull down to reload, pull up
until the end of the list, load an image. Every line the client sends (>>) and the server
answers or notifies (<<) is printed exactly as exchanged (the bytes of the line, without its
newline), so this doubles as a protocol walk-through; --short cuts long lines, saying so.

    python3 scripts/demo.py [--binary PATH] [--total N] [--short]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHORT = 160  # characters kept of a long line with --short


def shown(line: bytes, short: bool) -> str:
    """The line as exchanged, without its newline; with --short, long lines are cut (and say so)."""
    text = line.rstrip(b"\n").decode("utf-8", "replace")
    if short and len(text) > SHORT:
        return f"{text[:SHORT]}... [{len(text) - SHORT} more characters]"
    return text


class Session:
    def __init__(self, binary: str, short: bool):
        self.cache = tempfile.TemporaryDirectory(prefix="feedvm-demo-")
        self.process = subprocess.Popen([binary, "--cache-dir", self.cache.name], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=sys.stderr)
        self.next_id = 1
        self.short = short

    def call(self, method: str, params: dict) -> dict:
        """Sends one request and prints every line up to and including its response."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.next_id += 1
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        print(">>", shown(line, self.short), flush=True)
        self.process.stdin.write(line)
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("feedvm exited early")
            print("<<", shown(line, self.short), flush=True)
            message = json.loads(line)
            if message.get("id") == request["id"]:
                if "error" in message:
                    raise SystemExit(f"{method} failed: {message['error']}")
                return message["result"]

    def close(self) -> int:
        self.process.stdin.close()
        code = self.process.wait(timeout=5)
        self.cache.cleanup()
        return code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.environ.get("FEEDVM_BIN", str(ROOT / ".build/release/feedvm")))
    parser.add_argument("--total", type=int, default=25, help="size of the stub catalog (default 25)")
    parser.add_argument("--short", action="store_true", help=f"cut lines after {SHORT} characters")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        raise SystemExit(f"no feedvm at {arguments.binary}: run `swift build -c release` first")

    demo = Session(arguments.binary, arguments.short)
    demo.call("initialize", {"clientInfo": {"name": "demo.py"}})
    session = demo.call("transform", {"input": {"source": "stub", "category": "welfare", "total": arguments.total}})["session"]
    demo.call("bindRefreshStatus", {"session": session, "header": True, "footer": True})
    print("-- pull down: reload")
    result = demo.call("requestCommand", {"session": session, "reload": True})
    while result["hasMore"]:
        print("-- pull up: load more")
        result = demo.call("requestCommand", {"session": session, "reload": False})
    print("-- load the first image")
    image = demo.call("loadImage", {"session": session, "index": 0})
    demo.call("dispose", {"session": session})
    code = demo.close()
    print(f"-- {result['count']} items on {result['page']} pages; first image {image['width']}x{image['height']} "
          f"{image['mimeType']}, {image['byteCount']} bytes; feedvm exited with {code}")
    return code


if __name__ == "__main__":
    sys.exit(main())
