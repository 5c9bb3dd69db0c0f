"""The client and the real feedvm binary against the fixture backend.

Skipped (with the reason) while the binary is not built or does not speak the
feed methods yet. Covers the HTTP dialects and every fixture fault mode.
"""

from typing import Any, Dict

import pytest

import feedvm
from feedvm.fixtures import FixtureServer, entries
from feedvm.protocol_types import Image
from imagecheck import dimensions

MIME = {"png": "image/png", "gif": "image/gif", "jpg": "image/jpeg"}


def open_session(client: feedvm.Client, fixtures: FixtureServer, source: str = "gank", **members: Any) -> str:
    members.setdefault("category", "Android")
    session = client.transform(fixtures.input_for(source, **members))["session"]
    client.bind_refresh_status(session)
    return session


def check_image(client: feedvm.Client, session: str, index: int) -> Image:
    image = client.load_image(session, index)
    with open(image["path"], "rb") as cached:
        data = cached.read()
    kind, width, height = dimensions(data)
    assert (len(data), MIME[kind], width, height) == (
        image["byteCount"], image["mimeType"], image["width"], image["height"])
    return image


def test_gank_pages_to_the_end_with_one_request_per_page(real: feedvm.Client, fixtures: FixtureServer) -> None:
    fixtures.configure(total=25)
    session = open_session(real, fixtures)
    assert real.request_command(session, reload=True)["count"] == 10
    assert real.request_command(session, reload=False)["count"] == 20
    last = real.request_command(session, reload=False)
    assert (last["count"], last["hasMore"]) == (25, False)  # a short page ends the list
    assert real.request_command(session, reload=False)["hasMore"] is False
    assert fixtures.count("gank") == 3
    items = list(real.notifications("sections", timeout=0))[-1].params["sections"][0]["items"]
    expected = entries("gank", "Android", 25, "png")
    assert [item["title"] for item in items] == [entry.title for entry in expected]
    assert items[0]["author"] == expected[0].author


def test_gank_images_png_and_gif_match_their_bytes(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures)
    real.request_command(session, reload=True)
    assert check_image(real, session, 0)["mimeType"] == "image/png"
    assert check_image(real, session, 4)["mimeType"] == "image/gif"
    check_image(real, session, 0)  # a second load comes from a cache
    assert fixtures.count("images") == 2


def test_unsplash_with_its_key_and_jpeg_images(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures, "unsplash")
    result = real.request_command(session, reload=True)
    assert (result["count"], result["hasMore"]) == (10, True)
    item = list(real.notifications("sections", timeout=0))[-1].params["sections"][0]["items"][0]
    assert (item["width"], item["height"]) == entries("unsplash", "photos", 45, "jpg")[0].size
    assert check_image(real, session, 0)["mimeType"] == "image/jpeg"


def test_unsplash_with_a_wrong_key_fails_without_leaking_it(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures, "unsplash", accessKey="wrong-secret-key")
    with pytest.raises(feedvm.LoadFailed) as raised:
        real.request_command(session, reload=True)
    assert raised.value.data["status"] == 401
    assert "wrong-secret-key" not in str(raised.value.data) + raised.value.message
    huds = [n.params for n in real.notifications("hud", timeout=0)]
    assert huds[-1]["style"] == "error"


def test_envelope_with_a_bearer_token(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures, "envelope", category="list")
    result = real.request_command(session, reload=True)
    assert (result["count"], result["hasMore"]) == (10, True)
    assert fixtures.count("envelope.list") == 1 and fixtures.count("envelope.refresh") == 0


@pytest.mark.parametrize("expiry", ["http401", "code"])
def test_an_expired_envelope_token_is_renewed_silently_and_the_page_retried(real: feedvm.Client, fixtures: FixtureServer, expiry: str) -> None:
    fixtures.configure(token_expiry=expiry, token_uses=2)
    session = open_session(real, fixtures, "envelope", category="list")
    counts = [real.request_command(session, reload=index == 0)["count"] for index in range(4)]
    assert counts == [10, 20, 30, 40]
    # Page 3 met the expired token: one refresh, one retry.
    assert fixtures.count("envelope.refresh") == 1 and fixtures.count("envelope.list") == 5
    assert [n.params["style"] for n in real.notifications("hud", timeout=0)] == ["success"] * 4


def test_the_custom_cursor_source_walks_to_a_null_cursor(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures, "custom", pageSize=20)
    counts = [real.request_command(session, reload=index == 0) for index in range(3)]
    assert [(r["count"], r["hasMore"]) for r in counts] == [(20, True), (40, True), (45, False)]
    items = list(real.notifications("sections", timeout=0))[-1].params["sections"][0]["items"]
    expected = entries("cursor", "items", 45, "gif")
    assert [item["id"] for item in items] == [entry.key for entry in expected]
    assert (items[3]["width"], items[3]["height"]) == expected[3].size
    assert check_image(real, session, 3)["mimeType"] == "image/gif"
    assert fixtures.count("cursor") == 3


@pytest.mark.parametrize("fault", [
    {"status": 503}, {"status": 404}, {"body": "garbage"}, {"body": "truncate"},
    {"body": "reset"}, {"body": "empty"},
], ids=["503", "404", "garbage", "truncate", "reset", "empty"])
def test_a_broken_page_fails_the_load_and_keeps_the_list(real: feedvm.Client, fixtures: FixtureServer, fault: Dict[str, Any]) -> None:
    session = open_session(real, fixtures)
    real.request_command(session, reload=True)
    # Until cleared: an HTTP stack may transparently retry a reset idempotent GET once.
    fixtures.set_fault("gank", **fault)
    with pytest.raises(feedvm.LoadFailed) as raised:
        real.request_command(session, reload=False)
    if "status" in fault:
        assert raised.value.data["status"] == fault["status"]
    fixtures.clear_faults()
    retried = real.request_command(session, reload=False)  # the same page again, now healthy
    assert (retried["count"], retried["page"]) == (20, 2)


@pytest.mark.parametrize("fault", [{"body": "slow", "slow_ms": 5}, {"latency_ms": 200},
                                   {"body": "wrong_type"}], ids=["slow", "latency", "wrong_type"])
def test_a_slow_or_mislabelled_page_still_loads(real: feedvm.Client, fixtures: FixtureServer, fault: Dict[str, Any]) -> None:
    session = open_session(real, fixtures)
    fixtures.set_fault("gank", **fault)
    assert real.request_command(session, reload=True)["count"] == 10


def test_a_client_timeout_on_a_slow_backend_cancels_the_load(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures)
    fixtures.set_fault("gank", latency_ms=10_000)  # far beyond the 0.3 s timeout: the cancel ends it
    with pytest.raises(feedvm.RpcTimeout):
        real.request_command(session, reload=True, timeout=0.3)
    fixtures.clear_faults()
    assert real.request_command(session, reload=True)["count"] == 10


@pytest.mark.parametrize("fault", [{"status": 500}, {"body": "garbage"}, {"body": "truncate"},
                                   {"body": "reset"}, {"body": "empty"}],
                         ids=["500", "garbage", "truncate", "reset", "empty"])
def test_a_broken_image_is_an_image_load_error_after_a_null_notification(real: feedvm.Client, fixtures: FixtureServer, fault: Dict[str, Any]) -> None:
    session = open_session(real, fixtures)
    real.request_command(session, reload=True)
    fixtures.set_fault("images", **fault)
    with pytest.raises(feedvm.ImageLoadFailed) as raised:
        real.load_image(session, 1)
    assert raised.value.data["index"] == 1
    note = list(real.notifications("imageDownloaded", timeout=0))[-1].params
    assert note["index"] == 1 and note["image"] is None and "code" in note["error"]


def test_an_image_labelled_with_the_wrong_type_is_sniffed_from_its_bytes(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = open_session(real, fixtures)
    real.request_command(session, reload=True)
    fixtures.set_fault("images", body="wrong_type")
    assert check_image(real, session, 0)["mimeType"] == "image/png"
