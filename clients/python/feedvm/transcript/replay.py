"""Replaying a transcript: the conversation state, its blocks and the strict ``run``."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .format import Line, TranscriptError, load, raw_bytes, shortened_json
from .matching import Bindings, match_message
from .server import Server, resolve_binary

__all__ = ["DEFAULT_TIMEOUT", "Conversation", "blocks", "run"]

#: Seconds to wait for each expected message (``FEEDVM_TRANSCRIPT_TIMEOUT`` overrides).
DEFAULT_TIMEOUT = float(os.environ.get("FEEDVM_TRANSCRIPT_TIMEOUT", "15"))



class Conversation:
    """Replays one transcript's blocks; shared by ``run`` (strict) and ``record`` (lenient)."""

    def __init__(self, server: Server, verbose: bool = False) -> None:
        self.server = server
        self.bindings = Bindings()
        self.verbose = verbose
        #: request id (JSON text) -> the session it names (or None), for response streams.
        self.request_sessions: Dict[str, Any] = {}
        #: request id (JSON text) -> method, to name sessions created by transform.
        self.request_methods: Dict[str, str] = {}
        #: request ids (JSON text) not answered yet, so ``collect`` knows when a block is complete.
        self.unanswered: Set[str] = set()

    def send(self, line: Line) -> None:
        """Sends one client line (``$var``s substituted), remembering the requests it makes."""
        if line.raw is not None:
            data = raw_bytes(line.raw)
            if self.verbose:
                print("> (raw, %d bytes) %r" % (len(data), data[:100]), file=sys.stderr)
            self.server.send(data)
            return
        message = self.bindings.substitute(line.msg)
        for element in (message if isinstance(message, list) else [message]):
            if isinstance(element, dict) and "id" in element and "method" in element:
                key = json.dumps(element["id"])
                params = element.get("params")
                self.request_sessions[key] = params.get("session") if isinstance(params, dict) else None
                self.request_methods[key] = element["method"]
                self.unanswered.add(key)
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        if self.verbose:
            print("> " + text, file=sys.stderr)
        self.server.send_message(text.encode("utf-8"))

    def stream(self, message: Any) -> str:
        """The order stream of a server message: its session, else its own id."""
        if isinstance(message, list):
            return "batch"
        if not isinstance(message, dict):
            return "other"
        if "method" in message:
            params = message.get("params")
            session = params.get("session") if isinstance(params, dict) else None
            if isinstance(session, str) and session.startswith("$var:"):
                session = self.bindings.get(session[5:], session)
            return "session:%s" % json.dumps(session)
        key = json.dumps(message.get("id"))
        session = self.request_sessions.get(key)
        if session is not None:
            return "session:%s" % json.dumps(session)
        return "id:%s" % key

    def note_received(self, message: Any) -> None:
        """Marks the requests ``message`` answers (every response of a batch) as answered."""
        if self.verbose:
            print("< " + json.dumps(message, ensure_ascii=False)[:2000], file=sys.stderr)
        for element in (message if isinstance(message, list) else [message]):
            if isinstance(element, dict) and "method" not in element:
                self.unanswered.discard(json.dumps(element.get("id")))

    def eligible(self, pending: List[Line]) -> List[Line]:
        """Expected lines that may match next: unordered ones and the first of each stream."""
        seen = set()
        result = []
        for line in pending:
            stream = self.stream(line.msg)
            if line.unordered or stream not in seen:
                result.append(line)
            if not line.unordered:
                seen.add(stream)
        return result

    def take(self, pending: List[Line], message: Any) -> Tuple[Optional[Line], str]:
        """Matches ``message`` to an eligible pending line (committing bindings), or says why not."""
        reasons = []
        for line in self.eligible(pending):
            trial = Bindings(self.bindings)
            problem = match_message(line.msg, message, trial)
            if problem is None:
                self.bindings.clear()
                self.bindings.update(trial)
                pending.remove(line)
                return line, ""
            if self.stream(line.msg) == self.stream(message):
                reasons.append("  vs line %d: %s" % (line.number, problem))
        return None, "\n".join(reasons[:3])


def blocks(lines: List[Line]) -> Iterator[Tuple[List[Line], List[Line]]]:
    """Splits a conversation into (client lines, expected server lines) blocks."""
    sent: List[Line] = []
    expected: List[Line] = []
    for line in lines:
        if line.dir == ">" and expected:
            yield sent, expected
            sent, expected = [], []
        (sent if line.dir == ">" else expected).append(line)
    if sent or expected:
        yield sent, expected


def run(path: "os.PathLike[str] | str", binary: Optional[str] = None, verbose: bool = False,
        timeout: float = DEFAULT_TIMEOUT) -> None:
    """Replays one transcript against the binary; raises ``TranscriptError`` on any difference."""
    binary = resolve_binary(binary)
    args, lines, framing = load(path)
    server = Server(binary, args, framing)
    try:
        talk = Conversation(server, verbose)
        for sent, expected in blocks(lines):
            for line in sent:
                talk.send(line)
            pending = list(expected)
            while pending:
                message = server.next(timeout)
                if message is None:
                    raise TranscriptError("%s: timed out after %gs waiting for:\n%s%s" % (
                        path, timeout, "\n".join(map(repr, talk.eligible(pending))), server.stderr_tail()))
                talk.note_received(message)
                taken, why = talk.take(pending, message)
                if taken is None:
                    raise TranscriptError("%s: unexpected message %s\nwhile waiting for:\n%s\n%s%s" % (
                        path, shortened_json(message), "\n".join(map(repr, talk.eligible(pending))), why,
                        server.stderr_tail()))
        status, trailing = server.finish()
        if trailing:
            raise TranscriptError("%s: unexpected message(s) at the end: %s" % (
                path, ", ".join(shortened_json(m) for m in trailing)))
        if status != 0:
            raise TranscriptError("%s: after stdin closed the server's exit status is %s, not 0%s" % (
                path, status, server.stderr_tail()))
    finally:
        server.close()
