"""Framing (feedvm.wire), without any process."""

import json

import pytest

from feedvm.wire import Notification, Response, ServerRequest, decode_line, encode_request


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
