"""The oracle itself, without feedvm: it must be able to fail, and it must encode the protocol's JSON-RPC rules."""

from __future__ import annotations

from typing import Dict, Hashable

import pytest

from reliability_oracle import NULL_ID, ProtocolViolation, Range, ReplyLedger, expected_replies, validate_server_line

CAP = 1024


@pytest.mark.parametrize("line, replies", [
    (b'{"jsonrpc":"2.0","id":"1","method":"ping"}', {("string", "1"): (1, 1)}),
    (b'{"jsonrpc":"2.0","id":1,"method":"ping"}\r', {("number", 1): (1, 1)}),
    (b'{"jsonrpc":"2.0","method":"nope","params":7}', {}),
    (b'{"jsonrpc":"2.0","method":1}', {NULL_ID: (1, 1)}),
    (b'{"jsonrpc":"2.0","id":[1],"method":"ping"}', {NULL_ID: (1, 1)}),
    (b'{"id":5,"method":"ping"}', {("number", 5): (1, 1)}),
    (b"[]", {NULL_ID: (1, 1)}),
    (b'[{"jsonrpc":"2.0","method":"a"}]', {}),
    (b'[1,2,{"jsonrpc":"2.0","id":"x","method":"a"}]', {NULL_ID: (2, 2), ("string", "x"): (1, 1)}),
    (b"", {}),
    (b"\xff", {NULL_ID: (1, 1)}),
    (b'{"jsonrpc":', {NULL_ID: (1, 1)}),
    (b"[" * 100_000, {NULL_ID: (1, 1)}),
    (b'{"jsonrpc":"2.0","id":"big","method":"ping","params":"' + b"x" * CAP + b'"}', {NULL_ID: (1, 1)}),
    (b'{"jsonrpc":"2.0","id":"deep","method":"ping","params":' + b"[" * 600 + b"]" * 600 + b"}", {NULL_ID: (1, 1)}),
])
def test_expected_replies_follow_the_protocols_rules(line: bytes, replies: Dict[Hashable, Range]) -> None:
    assert expected_replies(line, CAP) == replies


def test_a_lenient_line_widens_instead_of_guessing() -> None:
    replies = expected_replies(b'{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}', CAP)
    assert replies[("number", 1)][0] == 0 and replies[("number", 2)][0] == 0 and replies[NULL_ID] == (0, 1)


def test_ledger_reports_missing_duplicate_and_unexpected_replies() -> None:
    ledger = ReplyLedger()
    ledger.expect({("number", 1): (1, 1), ("number", 2): (1, 1)})
    ledger.record([{"jsonrpc": "2.0", "id": 1, "result": {}}, {"jsonrpc": "2.0", "id": 1, "result": {}},
                   {"jsonrpc": "2.0", "id": "1", "result": {}}])
    problems = ledger.problems(final=True)
    assert any("('number', 1) answered 2 times" in problem for problem in problems)
    assert any("('number', 2) answered 0 times" in problem for problem in problems)
    assert any("('string', '1') answered 1 times" in problem for problem in problems)
    assert ledger.outstanding() == 1


@pytest.mark.parametrize("line", [
    b'{"jsonrpc":"2.0","id":1}',
    b'{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}',
    b'{"jsonrpc":"1.0","id":1,"result":{}}',
    b'{"jsonrpc":"2.0","id":true,"result":{}}',
    b'{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}',
    b'{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":""}}',
    b'{"jsonrpc":"2.0","method":"n","params":1}',
    b"[]", b'{"jsonrpc":"2.0","id":1,"result":NaN}', b'{"jsonrpc":"2.0","id":1,"res', b"\xff",
])
def test_invalid_server_lines_are_violations(line: bytes) -> None:
    with pytest.raises(ProtocolViolation):
        validate_server_line(line)


def test_valid_server_lines_pass() -> None:
    assert len(validate_server_line(b'[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":null,'
                                    b'"error":{"code":-32600,"message":"Invalid Request"}}]')) == 2
    assert validate_server_line(b'{"jsonrpc":"2.0","method":"hud","params":{"session":"s"}}')[0]["method"] == "hud"
