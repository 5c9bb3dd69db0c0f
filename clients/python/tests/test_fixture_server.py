"""The fixture backend speaks each dialect, counts requests and injects faults."""

import http.client
import json
import time
import urllib.request
from typing import Any, Dict, Optional, Tuple
from urllib.error import HTTPError
from urllib.parse import quote

import pytest

from feedvm.fixtures import FixtureServer, image_size
from imagecheck import dimensions


@pytest.fixture
def server(fixture_server: FixtureServer) -> FixtureServer:
    """The module's fixture backend, reset to what these tests expect before each one."""
    fixture_server.reset()
    fixture_server.configure(token_expiry="http401", token_uses=3, total=45)
    return fixture_server


def get(server: FixtureServer, path: str, headers: Optional[Dict[str, str]] = None, method: str = "GET",
        body: Optional[bytes] = None) -> Tuple[int, Dict[str, str], bytes]:
    request = urllib.request.Request(server.url + path, data=body, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except HTTPError as error:
        return error.code, dict(error.headers), error.read()


def get_json(server: FixtureServer, path: str, headers: Optional[Dict[str, str]] = None) -> Tuple[int, Dict[str, str], Any]:
    status, headers_out, body = get(server, path, headers)
    return status, headers_out, json.loads(body)


def test_gank_pages_through_a_category_and_ends_with_an_empty_page(server: FixtureServer) -> None:
    category = quote("福利")
    seen = []
    for page in range(1, 7):
        status, _, body = get_json(server, f"/gank/api/data/{category}/10/{page}")
        assert status == 200 and body["error"] is False
        seen += body["results"]
    assert len(seen) == 45 and len({item["_id"] for item in seen}) == 45
    first = seen[0]
    assert first["desc"] == "福利 #1" and first["type"] == "福利"
    assert first["url"].startswith(server.url + "/images/")


def test_every_image_url_serves_bytes_matching_its_advertised_size(server: FixtureServer) -> None:
    _, _, body = get_json(server, "/unsplash/photos?page=1&per_page=5",
                          {"Authorization": "Client-ID fixture-access-key"})
    for photo in body:
        status, headers, data = get(server, photo["urls"]["full"][len(server.url):])
        assert status == 200 and headers["Content-Type"] == "image/jpeg"
        assert dimensions(data) == ("jpg", photo["width"], photo["height"])
        _, _, thumb = get(server, photo["urls"]["thumb"][len(server.url):])
        assert dimensions(thumb) == ("png", photo["width"] // 2, photo["height"] // 2)


def test_gank_serves_gif_for_every_fifth_item(server: FixtureServer) -> None:
    _, _, body = get_json(server, "/gank/api/data/Android/5/1")
    urls = [item["url"] for item in body["results"]]
    assert [url.rsplit(".", 1)[1] for url in urls] == ["png"] * 4 + ["gif"]
    _, headers, data = get(server, urls[4][len(server.url):])
    assert headers["Content-Type"] == "image/gif"
    assert dimensions(data)[0] == "gif"


def test_unsplash_rejects_a_bad_client_id_with_errors(server: FixtureServer) -> None:
    status, _, body = get_json(server, "/unsplash/photos", {"Authorization": "Client-ID wrong"})
    assert status == 401 and body == {"errors": ["OAuth error: The access token is invalid"]}


def test_unsplash_sends_total_and_link_headers(server: FixtureServer) -> None:
    status, headers, body = get_json(server, "/unsplash/photos?page=5&per_page=10",
                                     {"Authorization": "Client-ID fixture-access-key"})
    assert status == 200 and len(body) == 5 and headers["X-Total"] == "45"
    assert 'page=4&per_page=10>; rel="prev"' in headers["Link"]
    assert 'rel="next"' not in headers["Link"]
    assert 'page=5&per_page=10>; rel="last"' in headers["Link"]


@pytest.mark.parametrize("mode", ["http401", "code"])
def test_envelope_token_expires_refreshes_and_the_retry_works(server: FixtureServer, mode: str) -> None:
    server.configure(token_expiry=mode, token_uses=2)
    token = {"token": "fixture-token-1"}
    for page in (1, 2):
        status, _, body = get_json(server, f"/envelope/list?page={page}&pageSize=10", token)
        assert status == 200 and body["code"] == 0 and len(body["data"]["list"]) == 10
        assert body["data"]["total"] == 45
    status, _, body = get_json(server, "/envelope/list?page=3&size=10", token)
    if mode == "http401":
        assert status == 401 and body["code"] == 401
    else:
        assert status == 200 and body["code"] == 40101 and body["data"] is None
    status, _, refreshed = get_json(server, "/envelope/token/refresh")
    new_token = refreshed["data"]["token"]
    assert status == 200 and new_token != "fixture-token-1"
    status, _, body = get_json(server, "/envelope/list?page=3&size=10",
                               {"Authorization": f"Bearer {new_token}"})
    assert status == 200 and body["data"]["list"][0]["title"] == "list #21"
    assert server.count("envelope.refresh") == 1 and server.count("envelope.list") == 4


def test_cursor_api_walks_to_a_null_next(server: FixtureServer) -> None:
    cursor, names = "", []
    while cursor is not None:
        _, _, body = get_json(server, f"/cursor/items?limit=20&cursor={cursor}")
        names += [item["name"] for item in body["items"]]
        cursor = body["next"]
    assert len(names) == 45 and names[-1] == "items #45"
    status, _, body = get_json(server, "/cursor/items?cursor=bogus")
    assert status == 400 and body == {"error": "bad cursor"}


def test_stats_count_per_route_and_reset_zeroes_them(server: FixtureServer) -> None:
    get(server, "/gank/api/data/iOS/10/1")
    get(server, "/gank/api/data/iOS/10/2")
    get(server, "/images/x.png")
    _, _, stats = get_json(server, "/_stats")
    assert stats == {"routes": {"gank": 2, "images": 1}, "total": 3, "pages": {}, "held": 0,
                     "recent": ["/gank/api/data/iOS/10/1", "/gank/api/data/iOS/10/2", "/images/x.png"]}
    get(server, "/_reset", method="POST", body=b"")
    assert server.stats() == {"routes": {}, "total": 0, "pages": {}, "recent": [], "held": 0}


def test_images_carry_validators_and_answer_304_to_their_etag(server: FixtureServer) -> None:
    server.configure(image_max_age=60, image_revision=0)
    status, headers, body = get(server, "/images/v-1.png")
    assert (status, headers["Cache-Control"]) == (200, "max-age=60")
    assert headers["ETag"].startswith('"') and headers["Last-Modified"].endswith("GMT")
    status, headers_304, body_304 = get(server, "/images/v-1.png", {"If-None-Match": headers["ETag"]})
    assert (status, body_304, headers_304["ETag"]) == (304, b"", headers["ETag"])
    server.configure(image_revision=1)
    status, changed, new_body = get(server, "/images/v-1.png", {"If-None-Match": headers["ETag"]})
    assert status == 200 and changed["ETag"] != headers["ETag"] and new_body != body
    assert dimensions(new_body) == dimensions(body), "the same size, another picture"
    server.configure(image_max_age=3600, image_revision=0)


def test_webp_and_exif_oriented_jpeg(server: FixtureServer) -> None:
    assert dimensions(get(server, "/images/w-1.webp?w=30&h=20")[2]) == ("webp", 30, 20)
    status, _, rotated = get(server, "/images/r-1.jpg?w=40&h=20&orientation=6")
    assert status == 200 and b"Exif\x00\x00MM" in rotated[:40]
    assert dimensions(rotated) == ("jpg", 40, 20), "stored sideways; the tag turns it upright"
    assert get(server, "/images/r-1.png?orientation=6")[0] == 400


def test_a_hold_fault_keeps_requests_until_released(server: FixtureServer) -> None:
    import threading
    server.set_fault("images", hold=True, times=1)
    answered = threading.Event()

    def fetch() -> None:
        get(server, "/images/held.png")
        answered.set()

    thread = threading.Thread(target=fetch)
    thread.start()
    deadline = time.monotonic() + 10
    while server.stats()["held"] == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.stats()["held"] == 1 and not answered.is_set()
    assert get(server, "/images/next.png")[0] == 200, "only `times` requests are held"
    server.release()
    assert answered.wait(10)
    thread.join()
    assert server.stats()["recent"] == ["/images/held.png", "/images/next.png"]


def test_image_metadata_is_derived_from_the_id(server: FixtureServer) -> None:
    _, _, data = get(server, "/images/anything-7.png")
    assert dimensions(data) == ("png", *image_size("anything-7"))


# -- faults -------------------------------------------------------------------

def raw_get(server: FixtureServer, path: str) -> Tuple[http.client.HTTPResponse, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


def test_a_status_fault_applies_only_the_given_number_of_times(server: FixtureServer) -> None:
    server.set_fault("gank", status=503, times=1)
    assert get(server, "/gank/api/data/iOS/10/1")[0] == 503
    assert get(server, "/gank/api/data/iOS/10/1")[0] == 200
    assert server.count("gank") == 2


def test_a_fault_set_over_http_with_a_query_string(server: FixtureServer) -> None:
    status, _, _ = get(server, "/_faults?route=cursor&status=500", method="POST", body=b"")
    assert status == 200
    assert get(server, "/cursor/items")[0] == 500
    get(server, "/_faults?route=cursor", method="DELETE")
    assert get(server, "/cursor/items")[0] == 200


def test_latency_delays_the_answer(server: FixtureServer) -> None:
    server.set_fault("images", latency_ms=300)
    started = time.monotonic()
    assert get(server, "/images/a.png")[0] == 200
    assert time.monotonic() - started >= 0.3  # a lower bound: cannot flake


def test_truncated_body_is_an_incomplete_read(server: FixtureServer) -> None:
    server.set_fault("gank", body="truncate")
    with pytest.raises(http.client.IncompleteRead):
        raw_get(server, "/gank/api/data/iOS/10/1")


def test_garbage_body_is_not_json(server: FixtureServer) -> None:
    server.set_fault("gank", body="garbage")
    status, _, body = get(server, "/gank/api/data/iOS/10/1")
    assert status == 200
    with pytest.raises(ValueError):
        json.loads(body)


def test_connection_reset_gives_no_answer(server: FixtureServer) -> None:
    server.set_fault("gank", body="reset")
    with pytest.raises((ConnectionResetError, http.client.RemoteDisconnected)):
        raw_get(server, "/gank/api/data/iOS/10/1")


def test_slow_body_arrives_whole_but_late(server: FixtureServer) -> None:
    server.set_fault("gank", body="slow", slow_ms=20)
    started = time.monotonic()
    status, _, body = get(server, "/gank/api/data/iOS/2/1")
    assert status == 200 and len(json.loads(body)["results"]) == 2
    assert time.monotonic() - started >= 0.02 * (len(body) // 16)


def test_wrong_content_type_labels_json_as_html(server: FixtureServer) -> None:
    server.set_fault("gank", body="wrong_type")
    status, headers, body = get(server, "/gank/api/data/iOS/10/1")
    assert headers["Content-Type"].startswith("text/html") and json.loads(body)["error"] is False


def test_empty_body(server: FixtureServer) -> None:
    server.set_fault("images", body="empty")
    status, headers, body = get(server, "/images/a.png")
    assert (status, body, headers["Content-Length"]) == (200, b"", "0")


def test_a_fault_on_one_route_leaves_the_others_alone(server: FixtureServer) -> None:
    server.set_fault("gank", status=500)
    assert get(server, "/images/a.png")[0] == 200


def test_bad_fault_specs_are_refused(server: FixtureServer) -> None:
    status, _, body = get(server, "/_faults", method="POST", body=b'{"route":"gank","body":"melt"}')
    assert status == 400 and b"body must be one of" in body


def test_the_backend_refuses_to_bind_beyond_loopback() -> None:
    with pytest.raises(ValueError, match="loopback"):
        FixtureServer(host="0.0.0.0")
