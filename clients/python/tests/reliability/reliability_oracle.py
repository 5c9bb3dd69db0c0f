"""The JSON-RPC 2.0 oracle of the reliability suite, written from the protocol's rules, not from the Swift code.

Two questions are answered here, both without running feedvm:

* ``validate_server_line``: is one line that feedvm wrote a valid JSON-RPC 2.0 response, batch
  of responses or notification? Anything else is a protocol violation.
* ``expected_replies``: for one line that a client writes, which response ids may feedvm answer
  and how often? The result is a range ``(least, most)`` per id key, so that lines whose meaning
  depends on parser details (NaN literals, duplicate keys, lone surrogates, giant integers) can
  widen the range instead of guessing.

A ``ReplyLedger`` sums those ranges over a whole run and compares them with the ids actually
answered: every request with an id is answered exactly once, nothing else is answered.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from typing import Any, Dict, Hashable, Iterable, List, Optional, Tuple

NULL_ID: Tuple[str] = ("null",)
"""The id key of responses with ``"id": null`` (parse errors and unreadable ids)."""

MAX_NESTING_DEPTH = 512
"""protocol/README.md section 1: nesting deeper than this is a parse error (-32700)."""

MAX_EXACT_INTEGER = 2 ** 53
"""Integer ids beyond this may lose precision in a double; the oracle widens them."""

NOTIFICATION_KEYS = frozenset({"jsonrpc", "method", "params"})

Range = Tuple[int, int]


class ProtocolViolation(ValueError):
    """A line on feedvm's stdout that is not valid JSON-RPC 2.0."""


def id_key(value: Any) -> Optional[Hashable]:
    """The ledger key of an id, or ``None`` when the id is not readable (bool, object, array).

    Numbers compare by value (so ``1`` and ``1.0`` are the same id) but never equal strings,
    so a server that turns ``"1"`` into ``1`` is caught.
    """
    if value is None:
        return NULL_ID
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, str):
        return ("string", value)
    return None


def _reject_constant(name: str) -> Any:
    raise ProtocolViolation(f"non-JSON constant {name}")


def validate_server_line(line: bytes) -> List[Dict[str, Any]]:
    """Parse one stdout line (without its ``\\n``) and return its messages, batches flattened.

    Raises ``ProtocolViolation`` naming the first rule the line breaks.
    """
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolViolation(f"stdout line is not UTF-8: {error}") from None
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise ProtocolViolation(f"stdout line is not JSON: {error}: {line[:200]!r}") from None
    if isinstance(value, list):
        if not value:
            raise ProtocolViolation("empty batch response")
        for element in value:
            _validate_response(element)
        return value
    if isinstance(value, dict) and "id" not in value and "method" in value:
        _validate_notification(value)
        return [value]
    _validate_response(value)
    return [value]


def _validate_notification(message: Dict[str, Any]) -> None:
    extra = set(message) - NOTIFICATION_KEYS
    if extra:
        raise ProtocolViolation(f"notification with extra members {sorted(extra)}: {message!r:.200}")
    if message.get("jsonrpc") != "2.0":
        raise ProtocolViolation(f"notification without jsonrpc 2.0: {message!r:.200}")
    if not isinstance(message["method"], str):
        raise ProtocolViolation(f"notification method is not a string: {message!r:.200}")
    if "params" in message and not isinstance(message["params"], (dict, list)):
        raise ProtocolViolation(f"notification params neither object nor array: {message!r:.200}")


def _validate_response(message: Any) -> None:
    if not isinstance(message, dict):
        raise ProtocolViolation(f"response is not an object: {message!r:.200}")
    keys = set(message)
    if keys not in ({"jsonrpc", "id", "result"}, {"jsonrpc", "id", "error"}):
        raise ProtocolViolation(f"response members {sorted(keys)}: {message!r:.200}")
    if message["jsonrpc"] != "2.0":
        raise ProtocolViolation(f"response jsonrpc is not \"2.0\": {message!r:.200}")
    if id_key(message["id"]) is None:
        raise ProtocolViolation(f"response id of a forbidden type: {message!r:.200}")
    if "error" in message:
        error = message["error"]
        if not isinstance(error, dict) or set(error) - {"code", "message", "data"}:
            raise ProtocolViolation(f"malformed error object: {message!r:.200}")
        code = error.get("code")
        if not isinstance(code, int) or isinstance(code, bool):
            raise ProtocolViolation(f"error code is not an integer: {message!r:.200}")
        if not isinstance(error.get("message"), str) or not error["message"]:
            raise ProtocolViolation(f"error message missing or empty: {message!r:.200}")


# ---------------------------------------------------------------------------------------------
# What a client line should cause


class _Leniency:
    """Records the places where Python's json module is more lenient than strict JSON."""

    def __init__(self) -> None:
        self.lenient = False
        self.other_ids: List[Hashable] = []

    def constant(self, name: str) -> float:
        self.lenient = True
        return float("nan")

    def pairs(self, pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
        keys = [key for key, _ in pairs]
        if len(set(keys)) != len(keys):
            self.lenient = True  # another parser may keep the first value: it may echo any of them
            self.other_ids.extend(key for key in (id_key(value) for name, value in pairs if name == "id") if key)
        return dict(pairs)

    def check_surrogates(self, value: Any) -> None:
        """Lone surrogate escapes (``"\\ud800"``) are accepted by Python, maybe not by feedvm."""
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            self.lenient = True


def expected_replies(line: bytes, max_message_bytes: int) -> Dict[Hashable, Range]:
    """The responses one client line (without its ``\\n``) should cause, as id key -> range.

    Follows the protocol's transport and JSON-RPC rules: an oversized line, invalid UTF-8 and invalid
    JSON each get one ``id: null`` error; a blank line gets nothing; a batch gets one answer per
    element that needs one; a well-formed notification is never answered.
    """
    if len(line) > max_message_bytes:
        return {NULL_ID: (1, 1)}
    if line.endswith(b"\r"):
        line = line[:-1]
    if not line:
        return {}
    if not line.strip(b" \t\r"):
        return {NULL_ID: (0, 1)}  # whitespace-only: "blank" is not defined more closely
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return {NULL_ID: (1, 1)}
    leniency = _Leniency()
    try:
        value = json.loads(text, parse_constant=leniency.constant, object_pairs_hook=leniency.pairs)
    except (ValueError, RecursionError):
        return {NULL_ID: (1, 1)}
    leniency.check_surrogates(value)
    depth = nesting_depth(value)
    if depth > MAX_NESTING_DEPTH + 2:
        return {NULL_ID: (1, 1)}
    if depth >= MAX_NESTING_DEPTH - 1:
        leniency.lenient = True  # where exactly the depth count starts is not specified
    replies: "Counter[Hashable]" = Counter()
    if isinstance(value, list):
        if not value:
            replies[NULL_ID] += 1
        for element in value:
            _add_reply(element, replies, leniency)
    else:
        _add_reply(value, replies, leniency)
    if leniency.lenient:
        # Another strict parser may reject the line (one null) or read other ids: widen all.
        widened = {key: (0, count) for key, count in replies.items()}
        for key in leniency.other_ids:
            widened[key] = (0, widened.get(key, (0, 0))[1] + 1)
        low, high = widened.get(NULL_ID, (0, 0))
        widened[NULL_ID] = (0, high + 1)
        return widened
    return {key: (count, count) for key, count in replies.items()}


def nesting_depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0, ``[]`` is 1)."""
    depth = 0
    level = [value]
    while level:
        containers = [item for item in level if isinstance(item, (list, dict))]
        if not containers:
            break
        depth += 1
        level = [child for item in containers for child in (item.values() if isinstance(item, dict) else item)]
    return depth


def _add_reply(message: Any, replies: "Counter[Hashable]", leniency: _Leniency) -> None:
    if not isinstance(message, dict):
        replies[NULL_ID] += 1
        return
    if "id" in message:
        ident = message["id"]
        key = id_key(ident)
        if key is None:
            replies[NULL_ID] += 1
            return
        if isinstance(ident, (int, float)) and not isinstance(ident, bool):
            if ident != ident or abs(ident) >= MAX_EXACT_INTEGER:
                leniency.lenient = True
        replies[key] += 1
        return
    well_formed = message.get("jsonrpc") == "2.0" and isinstance(message.get("method"), str)
    if not well_formed:
        replies[NULL_ID] += 1
    elif set(message) - NOTIFICATION_KEYS:
        leniency.lenient = True  # a notification with extra members: "well-formed" is unclear


class ReplyLedger:
    """Sums expected reply ranges and counts actual replies; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._least: "Counter[Hashable]" = Counter()
        self._most: "Counter[Hashable]" = Counter()
        self._actual: "Counter[Hashable]" = Counter()

    def expect(self, replies: Dict[Hashable, Range]) -> None:
        """Adds the ranges of one client line."""
        with self._lock:
            for key, (least, most) in replies.items():
                self._least[key] += least
                self._most[key] += most

    def record(self, messages: Iterable[Dict[str, Any]]) -> None:
        """Counts the responses among messages feedvm wrote."""
        with self._lock:
            for message in messages:
                if "id" in message and "method" not in message:
                    self._actual[id_key(message["id"])] += 1

    def count(self, key: Hashable) -> int:
        """How often an id key has been answered so far."""
        with self._lock:
            return self._actual[key]

    def outstanding(self) -> int:
        """How many replies that must come have not come yet (ignoring extras)."""
        with self._lock:
            return sum(max(0, least - self._actual[key]) for key, least in self._least.items())

    def problems(self, final: bool) -> List[str]:
        """Ids answered too often, never expected, or (when final) answered too rarely."""
        with self._lock:
            found = []
            for key, actual in self._actual.items():
                if actual > self._most[key]:
                    found.append(f"id {key} answered {actual} times, at most {self._most[key]} expected")
            if final:
                for key, least in self._least.items():
                    if self._actual[key] < least:
                        found.append(f"id {key} answered {self._actual[key]} times, {least} expected")
            return found
