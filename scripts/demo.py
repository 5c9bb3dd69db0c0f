#!/usr/bin/env python3
"""Drives one feedvm session on the embedded stub source and prints the conversation.

The seeds' list screen, headless: bind the refresh controls, pull down to reload, pull up
until the end of the list, load an image. Every message the client sends (>>) and the server
answers or notifies (<<) is one line: by default a readable one (the method or the id it
answers, long values cut, a list change as the items it inserts or the list it replaces);
with --full, the bytes of the line exactly as exchanged. The client declares incremental
sections, so each page arrives as the items it adds, not as the whole list again.

    python3 scripts/demo.py [--binary PATH] [--total N] [--full]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parent.parent
LONGEST_STRING = 40  # characters of a string value kept in a readable line
LONGEST_LIST = 3  # elements of an array shown in a readable line
LONGEST_LINE = 150  # characters of a readable line


def compact(value: Any, depth: int = 0) -> str:
    """``value`` as JSON on one line, with long strings and arrays shortened (saying by how
    much) and objects nested deeper than three levels elided."""
    if isinstance(value, str):
        if len(value) > LONGEST_STRING:
            keep = LONGEST_STRING // 2 - 1
            value = f"{value[:keep]}…{value[-keep:]}"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        shown = [compact(item, depth + 1) for item in value[:LONGEST_LIST]]
        if len(value) > LONGEST_LIST:
            shown.append(f"… {len(value) - LONGEST_LIST} more")
        return f"[{', '.join(shown)}]"
    if isinstance(value, dict):
        if depth > 3 and value:
            return "{…}"
        members = (f"{json.dumps(key, ensure_ascii=False)}: {compact(item, depth + 1)}" for key, item in value.items())
        return f"{{{', '.join(members)}}}"
    return json.dumps(value)


def items(listed: List[Dict[str, Any]]) -> str:
    """A run of items by id: ``welfare-1 … welfare-10``."""
    ids = [str(item.get("id")) for item in listed]
    return " ".join(ids) if len(ids) <= 3 else f"{ids[0]} … {ids[-1]}"


def load_state(name: str, state: dict) -> str:
    """`append loading (attempt 2)`, `refresh error 503 (retryable)`, `append endOfList (totalReached)`."""
    kind = state.get("state")
    if kind == "loading":
        return f"{name} loading" + (f" (attempt {state['attempt']})" if state.get("attempt", 1) > 1 else "")
    if kind == "error":
        retry = "retryable" if state.get("retryable") else "not retryable"
        return f"{name} error {compact(state.get('message'))} ({retry})"
    if kind == "endOfList":
        return f"{name} endOfList" + (f" ({state['reason']})" if state.get("reason") else "")
    return f"{name} {kind}"


def refresh_status(params: dict) -> str:
    """The status, its footer flags, then the load states in words (the times are left out)."""
    line = f"refreshStatus {params.get('status')}"
    flags = [key for key in ("isHidden", "isNoMoreData") if params.get(key)]
    if flags:
        line += " " + " ".join(flags)
    loads = [load_state(name, params[name]) for name in ("refresh", "append") if isinstance(params.get(name), dict)]
    return line + (" · " + ", ".join(loads) if loads else "")


def sections(params: Dict[str, Any]) -> str:
    """A ``sections`` notification as what it does to the list."""
    head = f"sections {params.get('session')} revision {params.get('revision')}:"
    changes = params.get("changes")
    if changes is None:
        listed = [item for section in params.get("sections", []) for item in section.get("items", [])]
        return f"{head} the whole list, {len(listed)} items" + (f" ({items(listed)})" if listed else "")
    parts = []
    for section in changes.get("sections", []):
        inserted = [entry["item"] for entry in section.get("inserted", [])]
        if inserted:
            parts.append(f"+{len(inserted)} items ({items(inserted)})")
        for name in ("deleted", "moved", "updated"):
            if section.get(name):
                parts.append(f"{len(section[name])} {name}")
        parts.append(f"{section.get('count')} in all")
    return f"{head} {', '.join(parts)}"


def picture(image: Dict[str, Any]) -> str:
    """An Image as its size, type and where its file is."""
    return (f"{image.get('width')}x{image.get('height')} {image.get('mimeType')}, {image.get('byteCount')} bytes, "
            f"file {compact(image.get('path'))}")


def readable(message: Dict[str, Any], sent: bool) -> str:
    """One message as one short line: who it answers or what it is, then its content."""
    if "method" in message:
        method, params = message["method"], message.get("params", {})
        if method == "sections" and not sent:
            line = sections(params)
        elif method == "refreshStatus" and not sent:
            line = refresh_status(params)
        elif method == "hud" and not sent:
            line = f"hud {params.get('style')} {compact(params.get('message'))}"
        elif method == "imageDownloaded" and not sent:
            image = params.get("image")
            outcome = picture(image) if isinstance(image, dict) else f"failed {compact(params.get('error'))}"
            line = f"imageDownloaded {params.get('session')} index {params.get('index')} {params.get('variant')}: {outcome}"
        else:
            line = f"{method} {compact(params)}"
        if "id" in message:
            line = f"#{message['id']} {line}"
    elif "error" in message:
        line = f"#{message.get('id')} error {compact(message['error'])}"
    elif isinstance(message.get("result"), dict) and "mimeType" in message["result"]:
        line = f"#{message.get('id')} image {picture(message['result'])}"
    else:
        line = f"#{message.get('id')} {compact(message.get('result'))}"
    return line if len(line) <= LONGEST_LINE else f"{line[:LONGEST_LINE - 1]}…"


def shown(line: bytes, full: bool, sent: bool) -> str:
    """The line as printed: exactly as exchanged (without its newline) with --full, else readable."""
    text = line.rstrip(b"\r\n").decode("utf-8", "replace")
    if full:
        return text
    try:
        return readable(json.loads(text), sent)
    except (ValueError, AttributeError, KeyError, TypeError):
        return text if len(text) <= LONGEST_LINE else f"{text[:LONGEST_LINE - 1]}…"


class Session:
    def __init__(self, binary: str, full: bool):
        self.cache = tempfile.TemporaryDirectory(prefix="feedvm-demo-")
        self.process = subprocess.Popen([binary, "--cache-dir", self.cache.name], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=sys.stderr)
        self.next_id = 1
        self.full = full

    def call(self, method: str, params: dict) -> dict:
        """Sends one request and prints every line up to and including its response."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.next_id += 1
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        print(">>", shown(line, self.full, sent=True), flush=True)
        self.process.stdin.write(line)
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("feedvm exited early")
            print("<<", shown(line, self.full, sent=False), flush=True)
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
    parser.add_argument("--full", action="store_true", help="print every line exactly as exchanged")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        raise SystemExit(f"no feedvm at {arguments.binary}: run `swift build -c release` first")

    demo = Session(arguments.binary, arguments.full)
    demo.call("initialize", {"clientInfo": {"name": "demo.py"}, "capabilities": {"sections": {"incremental": True}}})
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
