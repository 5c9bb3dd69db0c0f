"""Re-recording a transcript: the server lines rewritten from what the binary sent."""

from __future__ import annotations

import copy
import json
import os
import time
from typing import Any, Dict, List, Optional

from .format import LOOSE_PLACEHOLDERS, Line, TranscriptError, load, shortened_json
from .matching import Bindings, match
from .replay import DEFAULT_TIMEOUT, Conversation, blocks
from .server import Server, resolve_binary

__all__ = ["RECORD_QUIET", "record", "recorded_block", "collect", "generalize", "generalize_message",
           "describe_new"]

#: Seconds of silence after which ``record`` considers a block complete.
RECORD_QUIET = 0.2


def generalize(actual: Any, expected: Any, tighten: bool) -> Any:
    """The recorded form of ``actual`` given the ``expected`` value it matched."""
    if isinstance(expected, str) and expected.startswith("$"):
        if tighten and expected in LOOSE_PLACEHOLDERS:
            return actual
        return expected
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = {}
        for key, value in expected.items():
            if key == "$partial" and not tighten:
                out[key] = value
            elif key in actual:
                out[key] = generalize(actual[key], value, tighten)
            elif key != "$partial":
                out[key] = value
        if tighten:
            for key, value in actual.items():
                if key not in out:
                    out[key] = value
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [generalize(a, e, tighten) for a, e in zip(actual, expected)]
    return actual


def describe_new(message: Any, talk: Conversation) -> Any:
    """A message no expected line matched, with ids, paths and image data made placeholders."""
    values = {json.dumps(v): "$var:" + k for k, v in talk.bindings.items()}

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            if "mimeType" in value and isinstance(value.get("data"), str):
                value = dict(value, data="$base64")
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if key == "session" and json.dumps(value) in values:
            return values[json.dumps(value)]
        if key == "path" and isinstance(value, str) and value.startswith("/"):
            return "$path"
        return value

    for element in (message if isinstance(message, list) else [message]):
        if not isinstance(element, dict) or not isinstance(element.get("result"), dict):
            continue
        session = element["result"].get("session")
        if talk.request_methods.get(json.dumps(element.get("id"))) == "transform" \
                and isinstance(session, str) and json.dumps(session) not in values:
            name = "s%d" % (len(talk.bindings) + 1)
            talk.bindings[name] = session
            values[json.dumps(session)] = "$var:" + name
    return walk(message)


def record(path: "os.PathLike[str] | str", binary: Optional[str] = None, tighten: bool = False,
           timeout: float = DEFAULT_TIMEOUT) -> List[str]:
    """Re-records one transcript in place; returns notes about the lines that changed."""
    binary = resolve_binary(binary)
    args, lines, framing = load(path)
    with open(path, encoding="utf-8") as handle:
        original = handle.read().splitlines()
    by_number = {line.number: line for line in lines}
    notes: List[str] = []
    server = Server(binary, args, framing)
    output: List[str] = []
    try:
        talk = Conversation(server)
        conversation = iter(blocks(lines))
        next_block = next(conversation, None)
        for number, text in enumerate(original, 1):
            line = by_number.get(number)
            if line is None:
                output.append(text)  # comments, args, blank lines
                continue
            if line.dir == "<":
                continue  # rewritten with its block
            output.append(text)
            if next_block is None or line is not next_block[0][-1]:
                continue
            sent, expected = next_block
            next_block = next(conversation, None)
            for client_line in sent:
                talk.send(client_line)
            received = collect(server, talk, expected, timeout)
            output.extend(json.dumps(entry, ensure_ascii=False)
                          for entry in recorded_block(path, number, expected, received, talk, tighten, notes))
        server.finish()
    finally:
        server.close()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(output) + "\n")
    return notes


def recorded_block(path: Any, number: int, expected: List[Line], received: List[Any], talk: Conversation,
                   tighten: bool, notes: List[str]) -> List[Dict[str, Any]]:
    """The ``<`` lines of one re-recorded block. When every message matched an expected line and
    none is missing, the block keeps its file order (so an unchanged conversation re-records to
    the same file); otherwise the messages are written in arrival order."""
    pending = list(expected)
    matched: Dict[int, Any] = {}
    entries: List[Dict[str, Any]] = []
    for message in received:
        line, _ = talk.take(pending, message)
        if line is not None:
            matched[line.number] = message
            entry = {"dir": "<", "msg": generalize_message(message, line.msg, tighten)}
            if line.unordered:
                entry["unordered"] = True
        else:
            entry = {"dir": "<", "msg": describe_new(message, talk)}
            notes.append("%s: new after line %d: %s" % (path, number, shortened_json(message)))
        entries.append(entry)
    for missing in pending:
        notes.append("%s: dropped %r" % (path, missing))
    if pending or len(matched) != len(received):
        return entries
    stable = []
    for line in expected:
        entry = {"dir": "<", "msg": generalize_message(matched[line.number], line.msg, tighten)}
        if line.unordered:
            entry["unordered"] = True
        stable.append(entry)
    return stable


def generalize_message(actual: Any, expected: Any, tighten: bool) -> Any:
    """``generalize`` for a whole message; a batch keeps the expected order of its responses."""
    if isinstance(actual, list) and isinstance(expected, list) and len(actual) == len(expected):
        remaining = list(actual)
        ordered = []
        for want in expected:
            for candidate in remaining:
                if match(want, candidate, Bindings()) is None:
                    ordered.append(generalize(candidate, want, tighten))
                    remaining.remove(candidate)
                    break
            else:
                return actual
        return ordered
    return generalize(actual, expected, tighten)


def collect(server: Server, talk: Conversation, expected: List[Line], timeout: float) -> List[Any]:
    """Messages of one block: until every expected line has matched (or, when some did not,
    every request is answered) and the server has been quiet for a moment, or ``timeout``."""
    received: List[Any] = []
    pending = list(expected)
    trial = copy.copy(talk)
    trial.bindings = Bindings(talk.bindings)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done = (expected and not pending) or (not talk.unanswered and len(received) >= len(expected))
        try:
            message = server.next(RECORD_QUIET if done else min(0.5, max(0.01, deadline - time.monotonic())))
        except TranscriptError:
            if server.eof:
                break  # e.g. after `exit`
            raise
        if message is None:
            if done:
                break
            continue
        talk.note_received(message)
        received.append(message)
        trial.take(pending, message)
    return received
