"""The fixture backend's ``flaky`` dialect fails as real APIs do, the same way after each reset."""

import http.client
import json
import socket
import time
import urllib.request
from typing import Any, Dict, Tuple
from urllib.error import HTTPError

import pytest

from feedvm.fixtures import FixtureServer


@pytest.fixture
def server(fixture_server: FixtureServer) -> FixtureServer:
    """The module's fixture backend, reset before each test."""
    fixture_server.reset()
    return fixture_server


def get(server: FixtureServer, path: str) -> Tuple[int, Dict[str, str], Any]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=10) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


def test_unavailable_answers_503_twice_then_the_page(server: FixtureServer) -> None:
    assert get(server, "/flaky/unavailable/items?page=1")[0] == 200
    statuses = [get(server, "/flaky/unavailable/items?page=2")[0] for _ in range(4)]
    assert statuses == [503, 503, 200, 200]
    assert server.stats()["pages"] == {"unavailable/1": 1, "unavailable/2": 4}
    assert server.count("flaky.unavailable") == 5
    server.reset()
    assert get(server, "/flaky/unavailable/items?page=2")[0] == 503


def test_ratelimited_asks_to_retry_after_one_second_once(server: FixtureServer) -> None:
    status, headers, body = get(server, "/flaky/ratelimited/items?page=2")
    assert (status, headers["Retry-After"], body) == (429, "1", {"detail": "Too many requests"})
    status, _, body = get(server, "/flaky/ratelimited/items?page=2")
    assert status == 200 and [item["id"] for item in body["items"]][0] == "ratelimited-10"


def test_reset_cuts_the_first_answer_of_page_2_mid_body(server: FixtureServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/flaky/reset/items?page=2")
    response = connection.getresponse()
    assert response.status == 200
    with pytest.raises((http.client.IncompleteRead, ConnectionResetError, socket.error)):
        response.read()
    connection.close()
    assert get(server, "/flaky/reset/items?page=2")[0] == 200


def test_missing_page_3_is_always_404(server: FixtureServer) -> None:
    assert [get(server, "/flaky/missing/items?page=3")[0] for _ in range(2)] == [404, 404]
    assert get(server, "/flaky/missing/items?page=2")[0] == 200


def test_slow_page_2_takes_a_second_and_a_half(server: FixtureServer) -> None:
    started = time.monotonic()
    assert get(server, "/flaky/slow/items?page=2")[0] == 200
    assert time.monotonic() - started >= 1.5


def test_misspelt_lists_its_next_page_under_the_wrong_key(server: FixtureServer) -> None:
    status, _, body = get(server, "/flaky/misspelt/items?page=1&per_page=10")
    assert status == 200 and "next" not in body
    assert body["nxet"] == server.url + "/flaky/misspelt/items?page=2&per_page=10"
    assert len(body["results"]) == 10


def test_an_unknown_scenario_is_404(server: FixtureServer) -> None:
    status, _, body = get(server, "/flaky/nonsense/items")
    assert status == 404 and "unavailable" in body["detail"]
