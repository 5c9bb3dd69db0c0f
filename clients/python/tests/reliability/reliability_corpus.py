"""Hostile client lines for the wire fuzzer: hypothesis strategies and a seeded bulk generator.

Every line is produced without its terminating ``\\n`` and never contains a ``0x0A`` byte, so one
generated line is one line on the wire (the oracle classifies it on its own). Methods that end
the process (``shutdown``, ``exit``) are never produced.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

from hypothesis import strategies as st


FORBIDDEN_METHODS = frozenset({"shutdown", "exit"})
METHOD_POOL = ["ping", "initialize", "$/cancelRequest", "fuzz/unknown", "requestCommand", "loadImage",
               "bindRefreshStatus", "dispose", "updateInput", "willDisplay", "cancelImage", "transform"]
"""Methods fuzzed with junk params; ``transform`` only ever gets params without a usable input."""

SPECIAL_TEXT = ["\u2028", "\u2029", "\r\n", "\n", "\r", "\x00", "\t", '"', "\\", "é", "😀", "\ufeff",
                "\u0085", "{", "]", "null", "\u200b"]


def _no_newline(data: bytes) -> bytes:
    return data.replace(b"\n", b" ")


def encode(message: Any, ascii_only: bool = False, compact: bool = True, crlf: bool = False) -> bytes:
    """One JSON text as a wire line (JSON escapes every control character, so no raw ``\\n``)."""
    separators = (",", ":") if compact else (", ", ": ")
    line = json.dumps(message, ensure_ascii=ascii_only, separators=separators).encode("utf-8")
    return line + (b"\r" if crlf else b"")


def _safe_params(method: Any, params: Any) -> Any:
    """Keeps ``transform`` from creating sessions: its input is never an object."""
    if method == "transform" and isinstance(params, dict) and isinstance(params.get("input"), dict):
        return {"input": "not an object"}
    return params


# ---------------------------------------------------------------------------------------------
# hypothesis strategies


def texts() -> st.SearchStrategy[str]:
    """Short strings, rich in the characters that break naive framing."""
    plain = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12)
    return st.one_of(plain, st.lists(st.one_of(plain, st.sampled_from(SPECIAL_TEXT)), max_size=6).map("".join))


def json_values() -> st.SearchStrategy[Any]:
    """Arbitrary JSON values (no NaN or infinities: those are not JSON)."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 53 + 1, 2 ** 53 - 1),
                        st.floats(allow_nan=False, allow_infinity=False), texts())
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(texts(), inner, max_size=4)),
                        max_leaves=5)


def request_ids() -> st.SearchStrategy[Any]:
    """Ids of every JSON type: readable ones (string, number, null) and unreadable ones."""
    return st.one_of(texts(), st.integers(-2 ** 53 + 1, 2 ** 53 - 1), st.integers(), st.none(),
                     st.floats(allow_nan=False, allow_infinity=False), st.booleans(),
                     st.lists(st.integers(), max_size=2), st.dictionaries(texts(), st.integers(), max_size=2))


@st.composite
def messages(draw: st.DrawFn) -> Dict[str, Any]:
    """A JSON-RPC message, valid or not: each member may be missing, mistyped or extra."""
    message: Dict[str, Any] = {}
    jsonrpc = draw(st.sampled_from(["2.0", "2.0", "2.0", "2.0", "1.0", 2.0, None, "missing"]))
    if jsonrpc != "missing":
        message["jsonrpc"] = jsonrpc
    method = draw(st.one_of(st.sampled_from(METHOD_POOL), st.sampled_from(METHOD_POOL), texts(),
                            st.integers(), st.none(), st.just("missing")))
    if method in FORBIDDEN_METHODS:
        method = "fuzz/unknown"
    if method != "missing":
        message["method"] = method
    if draw(st.integers(0, 3)) > 0:
        message["id"] = draw(request_ids())
    if draw(st.booleans()):
        params = draw(st.one_of(st.dictionaries(texts(), json_values(), max_size=4),
                                st.lists(json_values(), max_size=3), json_values()))
        message["params"] = _safe_params(method, params)
    if draw(st.integers(0, 9)) == 0:
        message[draw(texts())] = draw(json_values())
    return message


@st.composite
def wire_lines(draw: st.DrawFn) -> bytes:
    """One client line: a message, a batch, raw bytes, or a message with hostile framing."""
    kind = draw(st.sampled_from(["message", "message", "message", "batch", "bytes", "value"]))
    if kind == "bytes":
        return _no_newline(draw(st.binary(max_size=64)))
    if kind == "value":
        payload: Any = draw(json_values())
    elif kind == "batch":
        payload = draw(st.lists(messages(), max_size=6))
    else:
        payload = draw(messages())
    line = encode(payload, ascii_only=draw(st.booleans()), compact=draw(st.booleans()), crlf=draw(st.booleans()))
    padding = draw(st.sampled_from([b"", b"", b" ", b"\t", b"  \r"]))
    return padding + line if draw(st.booleans()) else line + padding.rstrip(b"\r")


# ---------------------------------------------------------------------------------------------
# seeded bulk generator


#: JSONTestSuite's parsing cases, vendored with their licence and provenance.
JSON_TEST_SUITE = Path(__file__).resolve().parents[4] / "Tests" / "Fixtures" / "JSONTestSuite" / "test_parsing"


def json_test_suite() -> List[bytes]:
    """The JSONTestSuite parsing corpus (``Tests/Fixtures/JSONTestSuite``), one line per file."""
    lines = [_no_newline(path.read_bytes()) for path in sorted(JSON_TEST_SUITE.glob("*.json"))]
    if len(lines) < 300:
        raise FileNotFoundError(f"JSONTestSuite looks incomplete: {len(lines)} files in {JSON_TEST_SUITE}")
    return lines


INVALID_UTF8 = [b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\xf8\x88\x80\x80\x80", b"\x80", b"\xf4\x90\x80\x80"]


class HostileLines:
    """A seeded, endless stream of hostile lines with unique ids, of every kind in ``self.kinds``.

    ``kinds_once()`` yields one line of every kind first, so even a small run meets them all.
    """

    def __init__(self, rng: random.Random, max_message_bytes: int, big_string_bytes: int) -> None:
        self.rng = rng
        self.max_message_bytes = max_message_bytes
        self.big_string_bytes = big_string_bytes
        self.suite = json_test_suite()
        self.counter = 0
        self.kinds: Dict[str, Callable[[], bytes]] = {
            "request": self.request, "notification": self.notification, "batch": self.batch,
            "mutated": self.mutated, "random_bytes": self.random_bytes, "invalid_utf8": self.invalid_utf8,
            "crlf": self.crlf, "u2028": self.u2028, "json_test_suite": self.suite_file,
            "depth_bomb": self.depth_bomb, "big_string": self.big_string, "oversized": self.oversized,
        }
        self.weights = {"request": 30, "notification": 10, "batch": 10, "mutated": 25, "random_bytes": 10,
                        "invalid_utf8": 4, "crlf": 4, "u2028": 4, "json_test_suite": 4, "depth_bomb": 0.05,
                        "big_string": 0.02, "oversized": 0.01}
        self.produced: Dict[str, int] = {kind: 0 for kind in self.kinds}

    def kinds_once(self) -> Iterator[bytes]:
        """One line of every kind."""
        for kind, make in self.kinds.items():
            self.produced[kind] += 1
            yield make()

    def __iter__(self) -> Iterator[bytes]:
        names = list(self.weights)
        weights = [self.weights[name] for name in names]
        while True:
            kind = self.rng.choices(names, weights)[0]
            self.produced[kind] += 1
            yield self.kinds[kind]()

    # -- pieces --------------------------------------------------------------------------

    def _fresh_id(self) -> Any:
        self.counter += 1
        choice = self.rng.randrange(4)
        if choice == 0:
            return self.counter
        if choice == 1:
            return -self.counter
        if choice == 2:
            return f"bulk-{self.counter}"
        return f"{self.counter}\u2028{self.rng.choice(SPECIAL_TEXT)}é"

    def _text(self) -> str:
        return "".join(self.rng.choice(SPECIAL_TEXT) if self.rng.random() < 0.3 else
                       "".join(chr(self.rng.randrange(32, 0x3000)) for _ in range(self.rng.randrange(6)))
                       for _ in range(self.rng.randrange(4)))

    def _value(self, depth: int = 0) -> Any:
        choice = self.rng.randrange(8 if depth < 3 else 5)
        if choice == 0:
            return None
        if choice == 1:
            return self.rng.random() < 0.5
        if choice == 2:
            return self.rng.randrange(-10 ** 6, 10 ** 6)
        if choice == 3:
            return self.rng.uniform(-1e6, 1e6)
        if choice == 4:
            return self._text()
        if choice == 5:
            return [self._value(depth + 1) for _ in range(self.rng.randrange(4))]
        return {self._text(): self._value(depth + 1) for _ in range(self.rng.randrange(4))}

    def _message(self, with_id: Optional[bool] = None) -> Dict[str, Any]:
        method = self.rng.choice(METHOD_POOL)
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if with_id if with_id is not None else self.rng.random() < 0.8:
            message["id"] = self._fresh_id()
        if self.rng.random() < 0.7:
            message["params"] = _safe_params(method, {self._text(): self._value() for _ in range(self.rng.randrange(3))})
        return message

    def request(self) -> bytes:
        return encode(self._message(True), ascii_only=self.rng.random() < 0.3, compact=self.rng.random() < 0.7)

    def notification(self) -> bytes:
        return encode(self._message(False))

    def batch(self) -> bytes:
        elements: List[Any] = [self._message() for _ in range(self.rng.randrange(0, 8))]
        if elements and self.rng.random() < 0.4:
            elements[self.rng.randrange(len(elements))] = self._value()
        return encode(elements)

    def mutated(self) -> bytes:
        data = bytearray(self.request() if self.rng.random() < 0.8 else self.batch())
        for _ in range(self.rng.randrange(1, 5)):
            operation = self.rng.randrange(5)
            position = self.rng.randrange(len(data)) if data else 0
            if operation == 0 and data:
                data[position] = self.rng.randrange(256)
            elif operation == 1 and data:
                del data[position]
            elif operation == 2:
                data[position:position] = bytes([self.rng.choice(b'{}[]",:\\0123456789eE.-+ntfu\x00\xff')])
            elif operation == 3 and data:
                end = min(len(data), position + self.rng.randrange(1, 16))
                data[position:position] = data[position:end]
            elif data:
                del data[position:]
        return _no_newline(bytes(data))

    def random_bytes(self) -> bytes:
        return _no_newline(bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(0, 200))))

    def invalid_utf8(self) -> bytes:
        message = self._message(True)
        message["params"] = {"text": "MARK"}
        return encode(message).replace(b"MARK", b"a" + self.rng.choice(INVALID_UTF8) + b"z")

    def crlf(self) -> bytes:
        return encode(self._message(True), crlf=True)

    def u2028(self) -> bytes:
        message = self._message(True)
        message["params"] = {"text": "before\u2028after\u2029end", "key\u2028": ["\u2028"]}
        return encode(message)

    def suite_file(self) -> bytes:
        return self.rng.choice(self.suite)

    def depth_bomb(self) -> bytes:
        depth = 100_000
        shape = self.rng.randrange(4)
        if shape == 0:
            return b"[" * depth
        if shape == 1:
            return b"[" * depth + b"]" * depth
        if shape == 2:
            return b'{"a":' * depth + b"1" + b"}" * depth
        message = self._message(True)
        message["params"] = "BOMB"
        return encode(message).replace(b'"BOMB"', b"[" * depth + b"]" * depth)

    def big_string(self) -> bytes:
        message = self._message(True)
        message["method"] = self.rng.choice(["ping", "fuzz/unknown"])
        size = self.rng.randrange(self.big_string_bytes // 2, self.big_string_bytes)
        message["params"] = {"blob": ("x\u2028é😀" * (size // 10 + 1))}
        line = encode(message)
        return line if len(line) <= self.max_message_bytes else line[: self.max_message_bytes - 2] + b'"}'

    def oversized(self) -> bytes:
        message = self._message(True)
        message["params"] = {"pad": "PAD"}
        line = encode(message)
        padding = self.max_message_bytes - len(line) + self.rng.randrange(1, 1 << 16)
        return line.replace(b"PAD", b"p" * padding)
