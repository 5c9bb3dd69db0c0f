"""Framing (feedvm.wire), without any process."""

import json
from typing import List

import pytest

import feedvm
from feedvm.process import MAX_STDERR_LINE, StderrTail
from feedvm.wire import (MessageSplitter, Notification, Response, ServerRequest, decode_line,
                         encode_notification, encode_request, frame)


def test_requests_are_one_ascii_line_even_with_line_separators_inside() -> None:
    line = encode_request(7, "transform", {"input": {"category": "a\u2028b\nc"}})
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert json.loads(line)["params"]["input"]["category"] == "a\u2028b\nc"


def test_params_are_omitted_when_none() -> None:
    assert "params" not in json.loads(encode_request(1, "shutdown", None))


def test_decoding_classifies_responses_notifications_and_server_requests() -> None:
    batch = (b'[{"jsonrpc":"2.0","id":1,"result":{}},'
             b'{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"m"}},'
             b'{"jsonrpc":"2.0","method":"hud","params":{"session":"s1"}},'
             b'{"jsonrpc":"2.0","id":"x","method":"ask"}]\r\n')
    first, second, third, fourth = decode_line(batch)
    assert first == Response(1, {}, None)
    assert isinstance(second, Response) and second.error == {"code": -32601, "message": "m"}
    assert third == Notification("hud", {"session": "s1"}) and third.session == "s1"
    assert fourth == ServerRequest("x", "ask")


@pytest.mark.parametrize("line", [b"{", b'{"id":1,"result":{}}', b'{"jsonrpc":"2.0"}', b"[1]"])
def test_malformed_lines_raise_value_error(line: bytes) -> None:
    with pytest.raises(ValueError):
        decode_line(line)


def test_blank_lines_decode_to_nothing() -> None:
    assert decode_line(b"  \r\n") == []


def test_content_length_framing_prefixes_the_byte_length_of_the_body() -> None:
    message = encode_request(3, "ping", {"text": "é"}, framing="content-length")
    header, body = message.split(b"\r\n\r\n", 1)
    assert header == b"Content-Length: %d" % len(body)
    assert json.loads(body)["params"]["text"] == "é"
    assert encode_notification("exit", None, "content-length").startswith(b"Content-Length: 33\r\n\r\n")


def test_an_unknown_framing_is_refused() -> None:
    with pytest.raises(ValueError):
        frame(b"{}", "lsp")
    with pytest.raises(ValueError):
        feedvm.Client(framing="lsp")


@pytest.mark.parametrize("framing", feedvm.FRAMINGS)
def test_the_splitter_finds_every_message_however_the_bytes_are_cut(framing: str) -> None:
    bodies = [b'{"a":1}', b"[" + b"2," * 5000 + b"3]", b'{"b":"\\r\\n"}']
    stream = b"".join(frame(body, framing) for body in bodies)
    for size in (1, 7, 4096, len(stream)):
        splitter = MessageSplitter(framing)
        found = [body for start in range(0, len(stream), size) for body in splitter.feed(stream[start:start + size])]
        assert found == bodies and splitter.pending == b""


def test_the_splitter_reads_any_header_case_and_ignores_content_type() -> None:
    splitter = MessageSplitter("content-length")
    assert splitter.feed(b"Content-Type: x\r\ncontent-LENGTH: 2\r\n\r\n[]") == [b"[]"]


def test_a_message_nested_deeper_than_the_servers_limit_is_refused_unread() -> None:
    deep = b'{"jsonrpc":"2.0","id":1,"result":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    with pytest.raises(ValueError, match="nested more than 512 deep"):
        decode_line(deep)
    strings = json.dumps({"jsonrpc": "2.0", "id": 1, "result": ["[" * 1000, "\\\"[[[", {"a": ["]"]}]})
    assert decode_line(strings.encode())[0] == Response(1, json.loads(strings)["result"])


def test_an_over_long_line_is_dropped_as_it_arrives_and_the_next_one_read() -> None:
    problems: List[str] = []
    splitter = MessageSplitter("newline", max_message_bytes=1000, on_error=problems.append)
    for _ in range(100):
        assert splitter.feed(b"x" * 999) == []
        assert len(splitter.pending) <= 1000 + 999, "never more than the bound plus one chunk held"
    assert splitter.feed(b'x\n{"a":1}\n') == [b'{"a":1}']
    assert problems == ["a message of 99901 bytes or more skipped: over the bound of 1000 bytes (max_message_bytes)"]
    assert splitter.feed(b"y" * 2000 + b'\n{"b":2}\n') == [b'{"b":2}'] and len(problems) == 2


def test_a_framed_body_over_the_bound_is_skipped_by_its_length() -> None:
    problems: List[str] = []
    splitter = MessageSplitter("content-length", max_message_bytes=10, on_error=problems.append)
    stream = frame(b'{"too":"long!"}', "content-length") + frame(b"[1]", "content-length")
    assert [body for byte in range(len(stream)) for body in splitter.feed(stream[byte:byte + 1])] == [b"[1]"]
    assert len(problems) == 1 and "over the bound of 10 bytes" in problems[0]


@pytest.mark.parametrize("bad", [b"Content-Length: abc\r\n\r\n{}", b"Content-Type: x\r\n\r\n{}",
                                 b"Content-Length 3\r\n\r\n{}", b"Content-Length: -3\r\n\r\n{}",
                                 b"Content-Length: 2\r\nX: " + b"x" * 9000 + b"\r\n\r\n{}"])
def test_a_bad_header_is_one_error_and_the_next_message_is_read(bad: bytes) -> None:
    problems: List[str] = []
    stream = bad + frame(b'{"next":1}', "content-length") + b"\r\n" + frame(b"[2]", "content-length")
    for size in (1, 5, len(stream)):
        splitter = MessageSplitter("content-length", on_error=problems.append)
        found = [body for start in range(0, len(stream), size) for body in splitter.feed(stream[start:start + size])]
        assert found == [b'{"next":1}', b"[2]"], size
    assert len(problems) == 3 and all("unreadable header" in problem for problem in problems)


def test_the_stderr_tail_keeps_lines_cut_to_their_bound_whatever_the_chunks() -> None:
    tail = StderrTail(3)
    for _ in range(200):
        tail.feed_chunk(b"e" * 65536)
    tail.feed_chunk(b"\nshort\nlast")
    tail.flush()
    first, short, last = tail.text().splitlines()
    assert first == "e" * MAX_STDERR_LINE + f" ... [{200 * 65536 - MAX_STDERR_LINE} bytes cut]"
    assert (short, last) == ("short", "last")
