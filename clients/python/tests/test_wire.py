"""Framing (feedvm.wire), without any process."""

import json

import pytest

import feedvm
from feedvm.wire import (MessageSplitter, Notification, Response, ServerRequest, decode_line,
                         encode_notification, encode_request, frame)


def test_requests_are_one_ascii_line_even_with_line_separators_inside():
    line = encode_request(7, "transform", {"input": {"category": "a\u2028b\nc"}})
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert json.loads(line)["params"]["input"]["category"] == "a\u2028b\nc"


def test_params_are_omitted_when_none():
    assert "params" not in json.loads(encode_request(1, "shutdown", None))


def test_decoding_classifies_responses_notifications_and_server_requests():
    batch = (b'[{"jsonrpc":"2.0","id":1,"result":{}},'
             b'{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"m"}},'
             b'{"jsonrpc":"2.0","method":"hud","params":{"session":"s1"}},'
             b'{"jsonrpc":"2.0","id":"x","method":"ask"}]\r\n')
    first, second, third, fourth = decode_line(batch)
    assert first == Response(1, {}, None)
    assert second.error == {"code": -32601, "message": "m"}
    assert third == Notification("hud", {"session": "s1"}) and third.session == "s1"
    assert fourth == ServerRequest("x", "ask")


@pytest.mark.parametrize("line", [b"{", b'{"id":1,"result":{}}', b'{"jsonrpc":"2.0"}', b"[1]"])
def test_malformed_lines_raise_value_error(line):
    with pytest.raises(ValueError):
        decode_line(line)


def test_blank_lines_decode_to_nothing():
    assert decode_line(b"  \r\n") == []


def test_content_length_framing_prefixes_the_byte_length_of_the_body():
    message = encode_request(3, "ping", {"text": "é"}, framing="content-length")
    header, body = message.split(b"\r\n\r\n", 1)
    assert header == b"Content-Length: %d" % len(body)
    assert json.loads(body)["params"]["text"] == "é"
    assert encode_notification("exit", None, "content-length").startswith(b"Content-Length: 33\r\n\r\n")


def test_an_unknown_framing_is_refused():
    with pytest.raises(ValueError):
        frame(b"{}", "lsp")
    with pytest.raises(ValueError):
        feedvm.Client(framing="lsp")


@pytest.mark.parametrize("framing", feedvm.FRAMINGS)
def test_the_splitter_finds_every_message_however_the_bytes_are_cut(framing):
    bodies = [b'{"a":1}', b"[" + b"2," * 5000 + b"3]", b'{"b":"\\r\\n"}']
    stream = b"".join(frame(body, framing) for body in bodies)
    for size in (1, 7, 4096, len(stream)):
        splitter = MessageSplitter(framing)
        found = [body for start in range(0, len(stream), size) for body in splitter.feed(stream[start:start + size])]
        assert found == bodies and splitter.pending == b""


def test_the_splitter_reads_any_header_case_and_ignores_content_type():
    splitter = MessageSplitter("content-length")
    assert splitter.feed(b"Content-Type: x\r\ncontent-LENGTH: 2\r\n\r\n[]") == [b"[]"]
