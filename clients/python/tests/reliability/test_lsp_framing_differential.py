"""The LSP base protocol's corners, in both `--framing content-length` and
auto-detection: one -32700 per bad message, the next valid message always served, a header
section over 8,192 bytes refused and its request not served, blank lines between messages never
counted as header bytes, a header name with a space before its colon resynchronising.

`ReferenceFramer` is written from the LSP base-protocol specification (a header part of
`Name: value` lines ended by an empty line, then `Content-Length` bytes of content) and the
reading rules protocol/README.md section 1 adds to it. Hypothesis generates streams of valid
messages, blank lines, bad messages of every kind and header-like debris; feedvm must answer
each stream exactly as the reference frames it.
"""

from __future__ import annotations

import json
import re
import subprocess
from typing import Callable, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MAX_HEADER_BYTES = 8192
MAX_MESSAGE_BYTES = 1024
TOKEN = set(b"!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
MARKER = re.compile(rb"content-length:[ \t]*[0-9]+[ \t]*\r?\n", re.IGNORECASE)

Event = Tuple[str, bytes]
"""`("message", body)` or `("error", b"")`."""


class ReferenceFramer:
    """Cuts a whole stream into messages and errors by the rules, line by line."""

    def __init__(self, stream: bytes, detect: bool) -> None:
        # Auto-detection skips leading whitespace before it looks at the first bytes.
        self.stream = stream.lstrip(b" \t\r\n") if detect else stream
        self.position = 0
        self.events: List[Event] = []

    def frame(self) -> List[Event]:
        resynchronizing = False
        while self.position < len(self.stream):
            if resynchronizing:
                match = self.next_marker()
                if match is None:
                    return self.events  # the input ends while resynchronising: nothing more said
                self.position = match
                resynchronizing = False
            elif self.skip_blank_line():
                continue
            outcome, length, refused = self.read_section()
            if outcome == "ended":
                return self.events
            if outcome == "resynchronise":
                resynchronizing = True
                continue
            if len(self.stream) - self.position < length:
                if not refused:
                    self.events.append(("error", b""))  # the input ends inside a body
                return self.events
            if not refused:
                self.events.append(("message", self.stream[self.position:self.position + length]))
            self.position += length
        return self.events

    def skip_blank_line(self) -> bool:
        """Between messages, a line of only spaces, tabs and CRs is skipped (and counts nowhere)."""
        end = self.stream.find(b"\n", self.position)
        line = self.stream[self.position:end if end >= 0 else len(self.stream)]
        if line.strip(b" \t\r"):
            return False
        self.position = end + 1 if end >= 0 else len(self.stream)
        return True

    def next_marker(self) -> Optional[int]:
        """Where the next `Content-Length: N` line (at most 8,192 bytes) begins, anywhere."""
        start = self.position
        while True:
            match = MARKER.search(self.stream, start)
            if match is None:
                return None
            if len(match.group(0)) <= MAX_HEADER_BYTES:
                return match.start()
            start = match.start() + 1

    def read_section(self) -> Tuple[str, int, bool]:
        """One header section: `("ended", ...)` when the input ends in it; `("resynchronise", ...)`
        when it names no usable length; else `("body", length, whether the message was refused)`."""
        size = 0
        length: Optional[int] = None
        conflict = False
        refused = False

        def refuse() -> None:
            nonlocal refused
            if not refused:
                refused = True
                self.events.append(("error", b""))

        while True:
            end = self.stream.find(b"\n", self.position)
            if end < 0:
                self.position = len(self.stream)
                if not refused:
                    self.events.append(("error", b""))  # the input ends inside the headers
                return ("ended", 0, refused)
            line = self.stream[self.position:end]
            count = end + 1 - self.position
            self.position = end + 1
            size += count
            if size > MAX_HEADER_BYTES:
                refuse()
            content = line[:-1] if line.endswith(b"\r") else line
            if not content:
                break
            if count > MAX_HEADER_BYTES:
                continue  # not read: its section is over the limit anyway
            colon = content.find(b":")
            if colon <= 0 or any(byte not in TOKEN for byte in content[:colon]):
                refuse()  # not `Name: value` (a space before the colon included)
                continue
            if content[:colon].lower() != b"content-length":
                continue
            value = content[colon + 1:].strip(b" \t\r")
            if not value or any(byte not in b"0123456789" for byte in value):
                refuse()
                continue
            number = 0
            for digit in value:  # saturating, as twelve digits already exceed any cap
                number = number if number > 999_999_999_999 else number * 10 + digit - 48
            if length is not None and length != number:
                conflict = True
                refuse()
            length = number
        usable = None if conflict else length
        if not refused and (usable is None or usable > MAX_MESSAGE_BYTES):
            refuse()
        return ("resynchronise", 0, refused) if usable is None else ("body", usable, refused)


def ping(ident: int) -> bytes:
    return b'{"jsonrpc":"2.0","id":%d,"method":"ping"}' % ident


HEADERS: List[Callable[[int], bytes]] = [
    lambda n: b"Content-Length: %d\r\n\r\n" % n,
    lambda n: b"content-length:%d\n\n" % n,
    lambda n: b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: %d\r\n\r\n" % n,
    lambda n: b"Content-Length:  %d  \r\nCONTENT-LENGTH: %d\r\n\r\n" % (n, n),
    lambda n: b"X-Extra: 1\r\nContent-length: %d\r\n\r\n" % n,
]

BAD: List[Callable[[bytes], bytes]] = [
    lambda body: b"Content-Length: %d\r\nno colon here\r\n\r\n" % len(body) + body,
    lambda body: b"Content-Length : %d\r\n\r\n" % len(body) + body,
    lambda body: b"Content-Length: ten\r\n\r\n" + body,
    lambda body: b"Content-Length: %d\r\nContent-Length: %d\r\n\r\n" % (len(body), len(body) + 1) + body,
    lambda body: b"Content-Type: x\r\n\r\n" + body,
    lambda body: b"X-Pad: " + b"p" * 9000 + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body,
    lambda body: b"Content-Length: 1100\r\n\r\n" + b"x" * 1100,
    lambda body: b"Content-Length: 3\r\n\r\n@@@",
    lambda body: b"Content-Length: 0\r\n\r\n",
    lambda body: b"Con tent-Length: %d\r\n\r\n" % len(body) + body,
]

DEBRIS = [b"Content-Length:", b"Content-Length: 12", b" ", b"7", b"\r\n", b"\n", b"\r", b"abc", b"{", b":", b"\t"]


@st.composite
def streams(draw: st.DrawFn) -> Tuple[bytes, List[int]]:
    """A stream of parts, and the ids of the bodies bad messages carry, which are never served
    (left empty when debris may join a bad message's text to its neighbours')."""
    parts: List[bytes] = []
    refused_ids: List[int] = []
    saw_debris = False
    # Whether the reader is at a message's start: after a bad message its unread body is text
    # to resynchronise past, which also skips an oversized section's padding (so that message
    # is served, rightly, at its `Content-Length: N`).
    at_message_start = True
    ident = 1
    for kind in draw(st.lists(st.sampled_from(["valid", "blank", "bad", "debris"]), min_size=1, max_size=10)):
        if kind == "valid":
            body = ping(ident)
            parts.append(draw(st.sampled_from(HEADERS))(len(body)) + body)
            at_message_start = True
        elif kind == "blank":
            parts.append(draw(st.sampled_from([b"\r\n", b"\n", b"\r\n" * 3000, b" \t\r\n"])))
        elif kind == "bad":
            parts.append(draw(st.sampled_from(BAD))(ping(ident)))
            if at_message_start:
                refused_ids.append(ident)
            at_message_start = False
        else:
            parts.append(b"".join(draw(st.lists(st.sampled_from(DEBRIS), min_size=1, max_size=6))))
            saw_debris = True
        ident += 1
    if draw(st.booleans()):  # a last message cut short by the end of the input
        body = ping(ident)
        whole = HEADERS[0](len(body)) + body
        parts.append(whole[:draw(st.integers(1, len(whole) - 1))])
    return b"".join(parts), [] if saw_debris else refused_ids


def expected_answers(stream: bytes, detect: bool) -> List[str]:
    """What feedvm answers each framed message: `served N` for a ping, `error` for the rest."""
    answers = []
    for event in ReferenceFramer(stream, detect).frame():
        if event[0] == "message":
            try:
                message = json.loads(event[1])
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("method") == "ping" and isinstance(message.get("id"), int):
                answers.append(f"served {message['id']}")
                continue
        answers.append("error")
    return answers


def feedvm_answers(binary: str, stream: bytes, framing: Optional[str]) -> List[str]:
    """feedvm's framed answers to `stream` (stdin closed after it), as `expected_answers` names them."""
    flags = ["--max-message-bytes", str(MAX_MESSAGE_BYTES)] + (["--framing", framing] if framing else [])
    done = subprocess.run([binary, *flags], input=stream, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr[-500:]
    answers, output = [], done.stdout
    while output:
        head, separator, rest = output.partition(b"\r\n\r\n")
        assert separator and head.startswith(b"Content-Length: "), f"not a framed answer: {output[:80]!r}"
        length = int(head[len(b"Content-Length: "):])
        message = json.loads(rest[:length])
        output = rest[length:]
        if "result" in message:
            answers.append(f"served {message['id']}")
        else:
            assert message["error"]["code"] in (-32700, -32600), message
            answers.append("error")
    return answers


def test_the_reference_framer_reads_the_lsp_base_protocol_as_specified() -> None:
    body = ping(5)
    valid = HEADERS[0](len(body)) + body
    assert expected_answers(valid + b"\r\n" * 5000 + valid, detect=False) == ["served 5", "served 5"]
    assert expected_answers(BAD[5](ping(1)) + valid, detect=False) == ["error", "served 5"]
    assert expected_answers(BAD[1](ping(1)) + valid, detect=False) == ["error", "served 5"]
    assert expected_answers(BAD[3](ping(1)) + valid, detect=False) == ["error", "served 5"]
    assert expected_answers(b"bad\r\n" + valid, detect=False) == ["error"], "one message: its section ends at the empty line"
    assert expected_answers(BAD[1](ping(1)) + b"\r\n" + BAD[5](ping(3)), detect=False) == ["error", "served 3"], \
        "a bad section's unread body is resynchronised past, the padding after it too"


@pytest.mark.parametrize("framing", ["content-length", None], ids=["content-length", "auto"])
def test_feedvm_frames_generated_streams_as_the_reference_does(feedvm_bin: str, framing: Optional[str], large: bool) -> None:
    @settings(max_examples=300 if large else 40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(streams())
    def check(generated: Tuple[bytes, List[int]]) -> None:
        stream, refused_ids = generated
        if framing is None:  # auto-detection: the stream must start with a header to be framed
            first = ping(0)
            stream = HEADERS[0](len(first)) + first + stream
        answers = feedvm_answers(feedvm_bin, stream, framing)
        assert answers == expected_answers(stream, detect=framing is None), stream[:300]
        assert not any(answer == f"served {ident}" for answer in answers for ident in refused_ids), \
            "a refused message's request was served"

    check()
