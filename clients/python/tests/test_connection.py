"""The sans-IO protocol core (feedvm.connection) on its own: bytes in, bytes and settled futures out.

No process, no thread, no event loop: what each client does with a pipe is tested in
test_client_mechanics.py and test_async_client.py.
"""

import json
from concurrent.futures import Future
from typing import Any, List

import pytest

import feedvm
from feedvm.connection import Connection
from feedvm.wire import frame


def message(value: Any, framing: str = feedvm.NEWLINE) -> bytes:
    return frame(json.dumps(value).encode(), framing)


def test_an_answer_settles_the_future_of_its_id_whatever_the_order(framing: str) -> None:
    connection: "Connection[Future[Any]]" = Connection(framing)
    first: "Future[Any]" = Future()
    second: "Future[Any]" = Future()
    first_id, request = connection.request("ping", {}, first)
    second_id, _ = connection.request("test/echo", {"n": 1}, second)
    assert json.loads(request.split(b"\r\n\r\n")[-1]) == {"jsonrpc": "2.0", "id": first_id, "method": "ping", "params": {}}
    data = message({"jsonrpc": "2.0", "id": second_id, "result": {"n": 1}}, framing) + message(
        {"jsonrpc": "2.0", "id": first_id, "result": {}}, framing)
    for byte in range(len(data) - 1):  # one byte at a time: nothing settles before its message ends
        assert connection.receive(data[byte:byte + 1]) == []
    assert second.done() and not first.done()
    assert connection.receive(data[-1:]) == []
    assert (first.result(0), second.result(0)) == ({}, {"n": 1})


def test_an_error_answer_raises_its_class() -> None:
    connection: "Connection[Future[Any]]" = Connection()
    future: "Future[Any]" = Future()
    request_id, _ = connection.request("transform", {}, future)
    connection.receive(message({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32001, "message": "gone"}}))
    with pytest.raises(feedvm.UnknownSession):
        future.result(0)


def test_notifications_reach_the_hub_before_the_answer_that_follows_them() -> None:
    connection: "Connection[Future[Any]]" = Connection()
    future: "Future[Any]" = Future()
    seen: List[str] = []
    connection.hub.on("*", lambda note: seen.append("note" if not future.done() else "late"))
    request_id, _ = connection.request("requestCommand", {}, future)
    connection.receive(message({"jsonrpc": "2.0", "method": "hud", "params": {"session": "s1"}})
                       + message({"jsonrpc": "2.0", "id": request_id, "result": {}}))
    assert seen == ["note"] and future.done()


def test_an_abandoned_request_is_cancelled_on_the_wire_and_its_late_answer_dropped() -> None:
    connection: "Connection[Future[Any]]" = Connection()
    future: "Future[Any]" = Future()
    request_id, _ = connection.request("test/hold", {}, future)
    cancel = connection.abandon(request_id)
    assert json.loads(cancel) == {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": request_id}}
    connection.receive(message({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32800, "message": "x"}}))
    assert not future.done()


def test_a_request_from_the_server_is_answered_method_not_found() -> None:
    connection: "Connection[Future[Any]]" = Connection(feedvm.CONTENT_LENGTH)
    [reply] = connection.receive(message({"jsonrpc": "2.0", "id": "srv-1", "method": "client/hello"},
                                         feedvm.CONTENT_LENGTH))
    body = json.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert body["id"] == "srv-1" and body["error"]["code"] == -32601


def test_an_unreadable_message_is_logged_and_the_next_one_read() -> None:
    logged: List[str] = []
    connection: "Connection[Future[Any]]" = Connection(log=logged.append)
    future: "Future[Any]" = Future()
    request_id, _ = connection.request("ping", {}, future)
    connection.receive(b"{not json\n" + message({"jsonrpc": "2.0", "id": request_id, "result": {}}))
    assert len(logged) == 1 and "unreadable" in logged[0] and future.result(0) == {}


def test_closing_fails_every_waiting_request_and_refuses_new_ones() -> None:
    connection: "Connection[Future[Any]]" = Connection()
    future: "Future[Any]" = Future()
    connection.request("test/hold", {}, future)
    connection.close(connection.server_exited(3, "fatal: disk on fire"))
    with pytest.raises(feedvm.ServerExited, match="disk on fire"):
        future.result(0)
    with pytest.raises(feedvm.ServerExited):
        connection.request("ping", {}, Future())
    assert connection.hub.closed


def test_a_future_its_caller_cancelled_is_left_alone() -> None:
    connection: "Connection[Future[Any]]" = Connection()
    future: "Future[Any]" = Future()
    request_id, _ = connection.request("ping", {}, future)
    future.cancel()
    connection.receive(message({"jsonrpc": "2.0", "id": request_id, "result": {}}))
    assert future.cancelled()
