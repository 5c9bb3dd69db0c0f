"""Replay and re-record the protocol transcripts (``protocol/transcripts/*.jsonl``).

Usage::

    python -m feedvm.transcript check  [-v] [--bin PATH] FILE...
    python -m feedvm.transcript record [--tighten] [--bin PATH] FILE...

``check`` spawns ``feedvm`` once per file, sends the client lines and matches the server's
messages against the expected ones; it exits 1 when any file fails. ``record`` runs the same
conversation and rewrites the file's server lines from what the binary sent, keeping the
placeholders of every expected message that still matched (``--tighten`` replaces the
type placeholders ``$string``, ``$number``... by the values seen). The file format and the
matching rules are specified in ``protocol/transcripts/README.md``.

The binary is ``$FEEDVM_BIN``, else ``<repo>/.build/release/feedvm``, else
``<repo>/.build/debug/feedvm``. Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

__all__ = [
    "TranscriptError",
    "Line",
    "load",
    "find_binary",
    "missing_feed_methods",
    "match",
    "run",
    "record",
    "main",
]

#: Seconds to wait for each expected message (``FEEDVM_TRANSCRIPT_TIMEOUT`` overrides).
DEFAULT_TIMEOUT = float(os.environ.get("FEEDVM_TRANSCRIPT_TIMEOUT", "15"))
#: Seconds of silence after which ``record`` considers a block complete.
RECORD_QUIET = 0.2

_TYPE_PLACEHOLDERS = {
    "$string": lambda v: isinstance(v, str),
    "$number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "$integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "$boolean": lambda v: isinstance(v, bool),
    "$object": lambda v: isinstance(v, dict),
    "$array": lambda v: isinstance(v, list),
    "$any": lambda v: True,
    "$path": lambda v: isinstance(v, str) and v.startswith("/"),
    "$base64": lambda v: isinstance(v, str) and _is_base64(v),
}
#: Placeholders ``record --tighten`` replaces by the value seen.
_LOOSE = {"$string", "$number", "$integer", "$boolean", "$object", "$array", "$any"}


def _is_base64(text: str) -> bool:
    try:
        base64.b64decode(text, validate=True)
        return True
    except ValueError:
        return False


class TranscriptError(AssertionError):
    """A transcript did not replay: the message says where and why."""


class Line:
    """One line of a transcript file."""

    def __init__(self, number: int, data: Dict[str, Any]) -> None:
        self.number = number
        self.data = data
        self.dir: Optional[str] = data.get("dir")
        self.msg: Any = data.get("msg")
        self.raw: Any = data.get("raw")
        self.unordered: bool = bool(data.get("unordered", False))

    def __repr__(self) -> str:
        return "line %d: %s" % (self.number, json.dumps(self.data, ensure_ascii=False)[:300])


def load(path: "os.PathLike[str] | str") -> Tuple[List[str], List[Line]]:
    """Reads a transcript: the extra server arguments and the conversation lines."""
    args: List[str] = []
    lines: List[Line] = []
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
            except ValueError as error:
                raise TranscriptError("%s:%d: not JSON: %s" % (path, number, error)) from None
            if "args" in data:
                args.extend(data["args"])
            if data.get("dir") in (">", "<"):
                lines.append(Line(number, data))
            elif "dir" in data:
                raise TranscriptError("%s:%d: dir must be '>' or '<'" % (path, number))
    return args, lines


def find_binary() -> Optional[str]:
    """The feedvm executable to test: ``$FEEDVM_BIN``, else the repo's release, else debug build."""
    explicit = os.environ.get("FEEDVM_BIN")
    if explicit:
        return explicit
    root = repo_root()
    for config in ("release", "debug"):
        candidate = root / ".build" / config / "feedvm"
        if candidate.is_file() and os.access(str(candidate), os.X_OK):
            return str(candidate)
    return None


def repo_root() -> Path:
    """The repository holding this file (``clients/python/feedvm/transcript.py``)."""
    return Path(__file__).resolve().parents[3]


def missing_feed_methods(binary: Optional[str], timeout: float = 10.0) -> Optional[str]:
    """Why ``binary`` cannot replay transcripts (missing, not the service yet, no ``transform``),
    or ``None`` when it answers ``transform`` with something other than -32601."""
    if not binary:
        return "no feedvm binary: set FEEDVM_BIN or run `swift build` in the repository"
    probe = (b'{"jsonrpc":"2.0","id":1,"method":"transform","params":{"input":{}}}\n'
             b'{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    cache = tempfile.mkdtemp(prefix="feedvm-probe-")
    try:
        done = subprocess.run([binary, "--cache-dir", cache], input=probe, capture_output=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        return "%s did not answer a probe: %s" % (binary, error)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    answers = {}
    for raw in done.stdout.splitlines():
        try:
            message = json.loads(raw)
        except ValueError:
            continue
        if isinstance(message, dict) and "id" in message:
            answers[message["id"]] = message
    if 1 not in answers:
        return "%s is not the JSON-RPC service yet (exit status %s, no answer to transform)" % (binary, done.returncode)
    if (answers[1].get("error") or {}).get("code") == -32601:
        return "%s does not have the feed methods yet (transform is -32601)" % binary
    return None


# ---------------------------------------------------------------------------------------------
# Matching

class Bindings(dict):
    """Values captured by ``$var:NAME`` placeholders."""

    def substitute(self, value: Any) -> Any:
        """``value`` with every bound ``$var:NAME`` string replaced by its value."""
        if isinstance(value, str) and value.startswith("$var:"):
            name = value[5:]
            if name not in self:
                raise TranscriptError("$var:%s is used before a server message bound it" % name)
            return self[name]
        if isinstance(value, list):
            return [self.substitute(item) for item in value]
        if isinstance(value, dict):
            return {key: self.substitute(item) for key, item in value.items()}
        return value


def match(expected: Any, actual: Any, bindings: Bindings, where: str = "$") -> Optional[str]:
    """``None`` when ``actual`` matches ``expected`` (binding new ``$var``s), else why not."""
    if isinstance(expected, str) and expected.startswith("$"):
        if expected in _TYPE_PLACEHOLDERS:
            return None if _TYPE_PLACEHOLDERS[expected](actual) else "%s: %s is not %s" % (where, _short(actual), expected)
        if expected == "$ignore":
            return None
        if expected.startswith("$contains:"):
            needle = expected[len("$contains:"):]
            if isinstance(actual, str) and needle.lower() in actual.lower():
                return None
            return "%s: %s does not contain %r" % (where, _short(actual), needle)
        if expected.startswith("$var:"):
            name = expected[5:]
            if name in bindings:
                return None if bindings[name] == actual else "%s: %s is not $var:%s = %s" % (
                    where, _short(actual), name, _short(bindings[name]))
            if any(value == actual for value in bindings.values()):
                return "%s: %s is already bound to another $var" % (where, _short(actual))
            bindings[name] = actual
            return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return "%s: expected an object, got %s" % (where, _short(actual))
        partial = expected.get("$partial") is True
        for key, value in expected.items():
            if key == "$partial":
                continue
            if key not in actual:
                if value == "$ignore":
                    continue
                return "%s: member %r is missing" % (where, key)
            problem = match(value, actual[key], bindings, "%s.%s" % (where, key))
            if problem:
                return problem
        if not partial:
            extra = [key for key in actual if key not in expected]
            if extra:
                return "%s: unexpected member(s) %s" % (where, ", ".join(map(repr, extra)))
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return "%s: expected an array, got %s" % (where, _short(actual))
        if len(expected) != len(actual):
            return "%s: expected %d elements, got %d" % (where, len(expected), len(actual))
        for index, (want, got) in enumerate(zip(expected, actual)):
            problem = match(want, got, bindings, "%s[%d]" % (where, index))
            if problem:
                return problem
        return None
    if type(expected) is not type(actual) and not (_is_number(expected) and _is_number(actual)):
        return "%s: expected %s, got %s" % (where, _short(expected), _short(actual))
    return None if expected == actual else "%s: expected %s, got %s" % (where, _short(expected), _short(actual))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def match_message(expected: Any, actual: Any, bindings: Bindings) -> Optional[str]:
    """Matches one server message; a batch (array) matches its responses in any order."""
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return "batch: expected %d responses, got %d" % (len(expected), len(actual))
        remaining = list(actual)
        for want in expected:
            for candidate in remaining:
                trial = Bindings(bindings)
                if match(want, candidate, trial) is None:
                    bindings.update(trial)
                    remaining.remove(candidate)
                    break
            else:
                return "batch: no response matches %s" % _short(want)
        return None
    return match(expected, actual, bindings)


# ---------------------------------------------------------------------------------------------
# The server process

class Server:
    """A spawned feedvm with a reader thread; stderr goes to a temporary file."""

    def __init__(self, binary: str, args: List[str]) -> None:
        self.cache_dir = tempfile.mkdtemp(prefix="feedvm-transcript-")
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [binary, "--cache-dir", self.cache_dir] + args,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.messages: "queue.Queue[Any]" = queue.Queue()
        self.eof = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    _EOF = object()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            try:
                self.messages.put(json.loads(raw.decode("utf-8")))
            except ValueError:
                self.messages.put(TranscriptError("stdout line is not UTF-8 JSON: %r" % raw[:200]))
        self.messages.put(self._EOF)

    def send(self, data: bytes) -> None:
        """Writes bytes to the server's stdin."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except BrokenPipeError:
            raise TranscriptError("the server closed stdin (exited with %s)%s" % (
                self.process.poll(), self.stderr_tail())) from None

    def next(self, timeout: float) -> Any:
        """The next server message, ``None`` after ``timeout``; raises at EOF or on a bad line."""
        try:
            message = self.messages.get(timeout=timeout)
        except queue.Empty:
            return None
        if message is self._EOF:
            self.messages.put(self._EOF)
            self.eof = True
            raise TranscriptError("the server closed stdout (exit status %s)%s" % (
                self.process.poll(), self.stderr_tail()))
        if isinstance(message, TranscriptError):
            raise message
        return message

    def finish(self, timeout: float = 5.0) -> Tuple[Optional[int], List[Any]]:
        """Closes stdin; returns the exit status and every message written after that."""
        try:
            if self.process.stdin:
                self.process.stdin.close()
        except BrokenPipeError:
            pass
        trailing: List[Any] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if message is self._EOF:
                break
            trailing.append(message)
        try:
            status: Optional[int] = self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            status = None
        return status, trailing

    def stderr_tail(self, size: int = 2000) -> str:
        """The end of the server's stderr, for failure messages."""
        self.stderr.seek(0, os.SEEK_END)
        length = self.stderr.tell()
        self.stderr.seek(max(0, length - size))
        text = self.stderr.read().decode("utf-8", "replace").strip()
        return ("\n--- stderr tail ---\n" + text) if text else ""

    def close(self) -> None:
        """Ends the process (if still running) and removes the cache directory."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self.stderr.close()
        shutil.rmtree(self.cache_dir, ignore_errors=True)


def raw_bytes(raw: Any) -> bytes:
    """The bytes of a ``raw`` client line: a string or a list of segments."""
    segments = raw if isinstance(raw, list) else [raw]
    out = bytearray()
    for segment in segments:
        if isinstance(segment, str):
            out += segment.encode("utf-8")
        elif isinstance(segment, dict) and "repeat" in segment:
            out += segment["repeat"].encode("utf-8") * int(segment["count"])
        elif isinstance(segment, dict) and "base64" in segment:
            out += base64.b64decode(segment["base64"])
        else:
            raise TranscriptError("unknown raw segment %r" % (segment,))
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# Replay

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
        self.unanswered: set = set()

    def send(self, line: Line) -> None:
        if line.raw is not None:
            data = raw_bytes(line.raw)
            if self.verbose:
                print("> (raw, %d bytes) %s" % (len(data), data[:100]), file=sys.stderr)
            self.server.send(data)
            return
        message = self.bindings.substitute(line.msg)
        for element in (message if isinstance(message, list) else [message]):
            if isinstance(element, dict) and "id" in element and "method" in element:
                key = json.dumps(element["id"])
                params = element.get("params")
                self.request_sessions[key] = params.get("session") if isinstance(params, dict) else None
                self.request_methods[key] = element.get("method")
                self.unanswered.add(key)
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        if self.verbose:
            print("> " + text, file=sys.stderr)
        self.server.send(text.encode("utf-8") + b"\n")

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
    binary = binary or find_binary()
    if not binary:
        raise TranscriptError("no feedvm binary: set FEEDVM_BIN or run swift build")
    args, lines = load(path)
    server = Server(binary, args)
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
                line, why = talk.take(pending, message)
                if line is None:
                    raise TranscriptError("%s: unexpected message %s\nwhile waiting for:\n%s\n%s%s" % (
                        path, _short(message), "\n".join(map(repr, talk.eligible(pending))), why,
                        server.stderr_tail()))
        status, trailing = server.finish()
        if trailing:
            raise TranscriptError("%s: unexpected message(s) at the end: %s" % (
                path, ", ".join(_short(m) for m in trailing)))
        if status != 0:
            raise TranscriptError("%s: after stdin closed the server's exit status is %s, not 0%s" % (
                path, status, server.stderr_tail()))
    finally:
        server.close()


# ---------------------------------------------------------------------------------------------
# Record

def generalize(actual: Any, expected: Any, tighten: bool) -> Any:
    """The recorded form of ``actual`` given the ``expected`` value it matched."""
    if isinstance(expected, str) and expected.startswith("$"):
        if tighten and expected in _LOOSE:
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
    binary = binary or find_binary()
    if not binary:
        raise TranscriptError("no feedvm binary: set FEEDVM_BIN or run swift build")
    args, lines = load(path)
    with open(path, encoding="utf-8") as handle:
        original = handle.read().splitlines()
    by_number = {line.number: line for line in lines}
    notes: List[str] = []
    server = Server(binary, args)
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
            notes.append("%s: new after line %d: %s" % (path, number, _short(message)))
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


# ---------------------------------------------------------------------------------------------
# Command line

def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of ``python -m feedvm.transcript``."""
    parser = argparse.ArgumentParser(prog="python -m feedvm.transcript", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["check", "record"])
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--bin", help="the feedvm executable (default: $FEEDVM_BIN or the repo's build)")
    parser.add_argument("--tighten", action="store_true", help="record: replace type placeholders by the values seen")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to wait per message")
    parser.add_argument("-v", "--verbose", action="store_true", help="check: print the exchange on stderr")
    options = parser.parse_args(argv)
    failed = 0
    for file in options.files:
        try:
            if options.command == "check":
                run(file, options.bin, options.verbose, options.timeout)
                print("PASS %s" % file)
            else:
                for note in record(file, options.bin, options.tighten, options.timeout):
                    print(note)
                print("RECORDED %s" % file)
        except TranscriptError as error:
            failed += 1
            print("FAIL %s" % error)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
