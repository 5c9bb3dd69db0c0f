"""The transcript file format: its lines, its placeholders and its raw client bytes."""

from __future__ import annotations

import base64
import json
import os
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = [
    "TranscriptError",
    "Line",
    "load",
    "raw_bytes",
    "shortened_json",
    "TYPE_PLACEHOLDERS",
    "LOOSE_PLACEHOLDERS",
]


def _is_base64(text: str) -> bool:
    try:
        base64.b64decode(text, validate=True)
        return True
    except ValueError:
        return False


#: Placeholders that match any value of a type (or shape), by name.
TYPE_PLACEHOLDERS: Dict[str, Callable[[Any], bool]] = {
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
LOOSE_PLACEHOLDERS = {"$string", "$number", "$integer", "$boolean", "$object", "$array", "$any"}


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


def load(path: "os.PathLike[str] | str") -> Tuple[List[str], List[Line], str]:
    """Reads a transcript: the extra server arguments, the conversation lines and the framing
    (``"newline"`` unless a ``{"framing": "content-length"}`` line says otherwise)."""
    args: List[str] = []
    lines: List[Line] = []
    framing = "newline"
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
            if "framing" in data:
                if data["framing"] not in ("newline", "content-length"):
                    raise TranscriptError("%s:%d: framing must be 'newline' or 'content-length'" % (path, number))
                framing = data["framing"]
            if data.get("dir") in (">", "<"):
                lines.append(Line(number, data))
            elif "dir" in data:
                raise TranscriptError("%s:%d: dir must be '>' or '<'" % (path, number))
    return args, lines, framing


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


def shortened_json(value: Any) -> str:
    """``value`` as JSON, cut to 120 characters for failure messages and notes."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."
