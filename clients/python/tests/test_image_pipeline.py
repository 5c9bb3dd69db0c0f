"""The image pipeline end to end: the real binary against the fixture backend.

Sizes and formats (PNG, JPEG, WebP, an EXIF-rotated JPEG, a 1-pixel image), one download for
every size, the cache's HTTP policy (max-age on an injected clock, 304 revalidation),
``clearCache``/``cacheInfo``, prefetch priorities and cancellation, a missing codec library,
two processes sharing one cache directory, and planted files (protocol/README.md sections 6
and 11).
"""

import base64
import hashlib
import os
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest

import feedvm
from feedvm.fixtures import FixtureServer
from feedvm.fixtures.images import encode
from feedvm.protocol_types import Image
from imagecheck import dimensions

KIND = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif"}
START = 1_800_000_000


class Clock:
    """The time feedvm's caches read (``FEEDVM_CLOCK_FILE``), moved by the test."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.now = START
        self.path.write_text(str(self.now))

    def advance(self, seconds: int) -> None:
        self.now += seconds
        self.path.write_text(str(self.now))


@pytest.fixture
def clock(tmp_path: Path) -> Clock:
    return Clock(tmp_path / "clock")


def start(binary: str, cache: Path, *args: str, **env: str) -> feedvm.Client:
    return feedvm.Client(binary=binary, args=["--cache-dir", str(cache), *args], env={**os.environ, **env}, timeout=30)


@pytest.fixture
def launch(feedvm_binary: str, tmp_path: Path) -> Iterator[Callable[..., feedvm.Client]]:
    started: List[feedvm.Client] = []

    def launch_one(*args: str, cache: str = "cache", **env: str) -> feedvm.Client:
        client = start(feedvm_binary, tmp_path / cache, *args, **env)
        started.append(client)
        return client

    yield launch_one
    for client in started:
        client.close()


def cursor_session(client: feedvm.Client, fixtures: FixtureServer, image_format: str = "png", query: str = "",
                   **members: Any) -> str:
    """A session of the cursor dialect whose images are ``image_format`` with ``query``."""
    fixtures.configure(cursor_image_format=image_format, cursor_image_query=query)
    session = client.transform(fixtures.input_for("custom", **members))["session"]
    client.request_command(session, reload=True)
    return session


def file_matches(image: Image) -> Tuple[str, int, int]:
    """The cache file holds what the answer describes; returns its (kind, width, height)."""
    data = Path(image["path"]).read_bytes()
    kind, width, height = dimensions(data)
    assert (len(data), kind, width, height) == (image["byteCount"], KIND[image["mimeType"]], image["width"], image["height"])
    assert image["path"].endswith("." + kind), "the file's extension matches its type"
    return kind, width, height


def wait_until(condition: Callable[[], bool], what: str, limit: float = 15) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def image_gets(fixtures: FixtureServer) -> List[str]:
    return [target for target in fixtures.stats()["recent"] if target.startswith("/images/")]


def rows_fetched(fixtures: FixtureServer) -> List[int]:
    """The rows whose image the backend served, in order (ids end with the row number)."""
    return [int(target.split("?")[0].rsplit("-", 1)[-1].split(".")[0]) for target in image_gets(fixtures)]


# -- sizes and formats ------------------------------------------------------------------------

def test_a_png_resized_keeps_its_aspect_ratio_and_is_never_enlarged(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "png", "w=200&h=150")
    small = real.load_image(session, 0, max_pixel_size=64)
    assert (file_matches(small), small["mimeType"]) == (("png", 64, 48), "image/png")
    wide = real.load_image(session, 0, size={"maxWidth": 50})
    assert (wide["width"], wide["height"]) == (50, 38)
    tall_box = real.load_image(session, 0, size={"maxWidth": 1000, "maxHeight": 30})
    assert (tall_box["width"], tall_box["height"]) == (40, 30)
    larger = real.load_image(session, 0, max_pixel_size=4000)
    assert (larger["width"], larger["height"]) == (200, 150), "never enlarged"
    original = real.load_image(session, 0)
    assert Path(larger["path"]).read_bytes() == Path(original["path"]).read_bytes(), "fits already: the original bytes"


def test_a_jpeg_is_resized_and_transcoded(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "jpg", "w=320&h=180")
    same_format = real.load_image(session, 0, max_pixel_size=80)
    assert (file_matches(same_format), same_format["mimeType"]) == (("jpg", 80, 45), "image/jpeg")
    as_png = real.load_image(session, 0, max_pixel_size=80, format="png")
    assert file_matches(as_png) == ("png", 80, 45)
    full_png = real.load_image(session, 0, format="png")
    assert file_matches(full_png) == ("png", 320, 180), "transcoded at its own size"


def test_a_webp_is_resized_into_a_png(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "webp", "w=90&h=160")
    original = real.load_image(session, 0)
    assert file_matches(original) == ("webp", 90, 160)
    resized = real.load_image(session, 0, size={"maxHeight": 40})
    assert (file_matches(resized), resized["mimeType"]) == (("png", 23, 40), "image/png"), "WebP is written as PNG"
    as_jpeg = real.load_image(session, 0, size={"maxHeight": 40}, format="jpeg")
    assert file_matches(as_jpeg) == ("jpg", 23, 40)


def test_an_exif_rotated_jpeg_comes_out_upright(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "jpg", "w=40&h=20&orientation=6")
    original = real.load_image(session, 0)
    assert (original["width"], original["height"]) == (40, 20), "the original as stored"
    upright = real.load_image(session, 0, format="png")
    assert file_matches(upright) == ("png", 20, 40), "orientation 6: a quarter turn"
    small = real.load_image(session, 0, max_pixel_size=10)
    assert file_matches(small) == ("jpg", 5, 10)


def test_a_one_pixel_image_stays_one_pixel(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "png", "w=1&h=1")
    assert file_matches(real.load_image(session, 0, max_pixel_size=64)) == ("png", 1, 1)
    assert file_matches(real.load_image(session, 0, max_pixel_size=64, format="jpeg")) == ("jpg", 1, 1)
    assert file_matches(real.load_image(session, 0, size={"maxWidth": 1, "maxHeight": 1}, format="png")) == ("png", 1, 1)


def test_three_sizes_share_one_download(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "png", "w=120&h=90")
    futures = [real.send("loadImage", {"session": session, "index": 0, "maxPixelSize": side})[1] for side in (16, 32, 64)]
    images = [future.result(30) for future in futures]
    assert [(image["width"], image["height"]) for image in images] == [(16, 12), (32, 24), (64, 48)]
    assert len({image["path"] for image in images}) == 3
    notified = [n.params["size"] for n in real.notifications("imageDownloaded", timeout=0)]
    assert sorted(size["maxWidth"] for size in notified) == [16, 32, 64]
    assert len(image_gets(fixtures)) == 1, "one origin download for every size"
    again = real.load_image(session, 0, max_pixel_size=48)
    assert (again["width"], again["height"]) == (48, 36)
    assert len(image_gets(fixtures)) == 1, "a new size is made from the cached original"


def test_bad_sizes_and_formats_are_invalid_params(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures)
    cases: List[Tuple[Dict[str, Any], str]] = [
        ({"maxPixelSize": 0}, "maxPixelSize"), ({"size": {"maxWidth": 70000}}, "size.maxWidth"),
        ({"format": "gif"}, "format"), ({"size": {"maxWidth": 5}, "maxPixelSize": 5}, "maxPixelSize")]
    for params, field in cases:
        with pytest.raises(feedvm.InvalidParams) as raised:
            real.call("loadImage", {"session": session, "index": 0, **params})
        assert raised.value.data["field"] == field


def test_a_missing_codec_library_is_decoder_unavailable(launch: Callable[..., feedvm.Client], fixtures: FixtureServer) -> None:
    client = launch(FEEDVM_SONAME_LIBJPEG="libjpeg-not-installed.so.62")
    session = cursor_session(client, fixtures, "jpg", "w=64&h=48")
    with pytest.raises(feedvm.ImageLoadFailed) as raised:
        client.load_image(session, 0, max_pixel_size=16)
    data = raised.value.data
    assert (data["reason"], data["library"], data["package"]) == ("decoderUnavailable", "libjpeg-not-installed.so.62", "libjpeg62-turbo")
    assert "apt-get install libjpeg62-turbo" in raised.value.message
    error = [n.params for n in client.notifications("imageDownloaded", timeout=0)][-1]["error"]
    assert error["code"] == -32003
    assert client.load_image(session, 0)["mimeType"] == "image/jpeg", "the original needs no codec"


# -- the cache's policy -----------------------------------------------------------------------

def test_a_fresh_image_is_not_asked_for_and_an_expired_one_is(launch: Callable[..., feedvm.Client],
                                                              fixtures: FixtureServer, clock: Clock) -> None:
    fixtures.configure(image_max_age=60)
    client = launch(FEEDVM_CLOCK_FILE=str(clock.path))
    session = cursor_session(client, fixtures, "png", "w=32&h=24")
    first = client.load_image(session, 0)
    clock.advance(59)
    assert client.load_image(session, 0) == first
    assert len(image_gets(fixtures)) == 1, "fresh for max-age=60"
    clock.advance(1)
    assert client.load_image(session, 0)["path"] == first["path"]
    assert len(image_gets(fixtures)) == 2, "expired: asked again (and answered 304)"


def test_revalidation_keeps_an_unchanged_image_and_replaces_a_changed_one(launch: Callable[..., feedvm.Client],
                                                                          fixtures: FixtureServer, clock: Clock) -> None:
    fixtures.configure(image_max_age=10)
    client = launch(FEEDVM_CLOCK_FILE=str(clock.path))
    session = cursor_session(client, fixtures, "png", "w=32&h=24")
    first = client.load_image(session, 0, inline=True)
    thumbnail = client.load_image(session, 0, max_pixel_size=8)
    clock.advance(10)
    unchanged = client.load_image(session, 0, inline=True)
    assert (unchanged["path"], unchanged["data"]) == (first["path"], first["data"]), "304: same file, no body"
    assert client.load_image(session, 0, max_pixel_size=8)["path"] == thumbnail["path"], "a 304 renews its sizes too"
    assert len(image_gets(fixtures)) == 2

    fixtures.configure(image_revision=1)
    clock.advance(10)
    changed = client.load_image(session, 0, inline=True)
    assert changed["path"] != first["path"] and changed["data"] != first["data"]
    assert base64.b64decode(first["data"]) == Path(first["path"]).read_bytes(), "the old answer's file keeps its bytes"
    remade = client.load_image(session, 0, max_pixel_size=8)
    assert remade["path"] != thumbnail["path"], "a size is made again from the new original"
    assert len(image_gets(fixtures)) == 3


def test_refresh_downloads_again(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "png", "w=32&h=24")
    first = real.load_image(session, 0)
    fixtures.configure(image_revision=2)
    assert real.load_image(session, 0) == first, "fresh for an hour: the cache answers"
    refreshed = real.load_image(session, 0, refresh=True)
    assert refreshed["path"] != first["path"] and len(image_gets(fixtures)) == 2


def test_clear_cache_then_cache_info(real: feedvm.Client, fixtures: FixtureServer, tmp_path: Path) -> None:
    session = cursor_session(real, fixtures, "png", "w=32&h=24")
    for index in range(3):
        real.load_image(session, index)
    info = real.cache_info()
    assert (info["memory"]["entries"], info["disk"]["entries"]) == (3, 3)
    assert info["disk"]["directory"] == str(tmp_path / "cache") and info["disk"]["limit"] == 256 << 20
    assert (info["memory"]["limit"], info["maxAge"]) == (64 << 20, 604_800)
    after_memory = real.clear_cache(disk=False)
    assert (after_memory["memory"]["entries"], after_memory["disk"]["entries"]) == (0, 3)
    after_all = real.clear_cache()
    assert (after_all["disk"]["entries"], after_all["disk"]["bytes"]) == (0, 0)
    assert [name for name in os.listdir(tmp_path / "cache") if name != "store"] == [], "the feed store's folder stays"
    real.load_image(session, 0)
    assert len(image_gets(fixtures)) == 4, "cleared: downloaded again"


def test_limits_come_from_flags_and_initialize(launch: Callable[..., feedvm.Client]) -> None:
    client = launch("--memory-cache-bytes", "1000000", "--disk-cache-bytes", "2000000", "--cache-max-age", "30")
    info = client.cache_info()
    assert (info["memory"]["limit"], info["disk"]["limit"], info["maxAge"]) == (1_000_000, 2_000_000, 30)
    client.initialize(cache={"diskBytes": 5_000_000, "maxAge": 120})
    info = client.cache_info()
    assert (info["memory"]["limit"], info["disk"]["limit"], info["maxAge"]) == (1_000_000, 5_000_000, 120)
    with pytest.raises(feedvm.InvalidParams) as raised:
        client.call("initialize", {"cache": {"maxAge": -1}})
    assert raised.value.data["field"] == "cache.maxAge"


# -- prefetch -----------------------------------------------------------------------------------

def held_session(launch: Callable[..., feedvm.Client], fixtures: FixtureServer) -> Tuple[feedvm.Client, str]:
    """One connection per host, and the first image GET held at the server."""
    client = launch("--max-host-connections", "1")
    session = cursor_session(client, fixtures, "png", "w=16&h=12", prefetchImages=4, prefetchDistance=0, pageSize=20)
    fixtures.set_fault("images", hold=True, times=1)
    return client, session


def test_the_visible_image_goes_before_queued_prefetches(launch: Callable[..., feedvm.Client], fixtures: FixtureServer) -> None:
    client, session = held_session(launch, fixtures)
    _, shown = client.send("willDisplay", {"session": session, "index": 0})  # row 0 held; rows 1-4 queued
    wait_until(lambda: fixtures.stats()["held"] == 1, "row 0 to reach the server")
    _, visible = client.send("loadImage", {"session": session, "index": 10})
    # Answered after the session started row 10's download: it is queued behind row 0 too.
    client.cancel_image(session, 44)
    fixtures.release()
    assert visible.result(30)["width"] == 16
    shown.result(30)
    wait_until(lambda: len(image_gets(fixtures)) == 6, "the prefetches")
    assert rows_fetched(fixtures) == [0, 10, 1, 2, 3, 4]


def test_prefetches_are_cancelled_by_did_end_displaying_and_by_the_window(launch: Callable[..., feedvm.Client],
                                                                          fixtures: FixtureServer) -> None:
    client, session = held_session(launch, fixtures)
    _, shown = client.send("willDisplay", {"session": session, "index": 0})
    wait_until(lambda: fixtures.stats()["held"] == 1, "row 0 to reach the server")
    assert client.did_end_displaying(session, 2) == {"cancelled": True}
    fixtures.release()
    assert shown.result(30) == {"loadMore": False, "image": True, "ready": False}
    wait_until(lambda: len(image_gets(fixtures)) == 4, "the other prefetches")
    assert rows_fetched(fixtures) == [0, 1, 3, 4], "row 2's prefetch was cancelled"
    # A GET reaching the server says nothing of the previous image being cached yet.
    wait_until(lambda: client.cache_info()["disk"]["entries"] == 4, "the prefetched images cached")
    assert client.will_display(session, 1) == {"loadMore": False, "image": False, "ready": True}
    # The cancelled row left the prefetcher: the next window (rows 2-5) asks for it again.
    wait_until(lambda: len(image_gets(fixtures)) == 6, "the next window's prefetches")
    assert rows_fetched(fixtures) == [0, 1, 3, 4, 2, 5]


def test_prefetches_never_hold_up_a_page_load(launch: Callable[..., feedvm.Client], fixtures: FixtureServer) -> None:
    client, session = held_session(launch, fixtures)
    _, shown = client.send("willDisplay", {"session": session, "index": 0})  # the only image slot is held
    wait_until(lambda: fixtures.stats()["held"] == 1, "row 0 to reach the server")
    # Pages have connections of their own: the next page loads while every image waits.
    assert client.request_command(session, reload=False)["count"] == 40
    assert fixtures.stats()["held"] == 1 and len(image_gets(fixtures)) == 1
    fixtures.release()
    shown.result(30)


def test_ready_on_display_with_prefetch(real: feedvm.Client, fixtures: FixtureServer) -> None:
    session = cursor_session(real, fixtures, "png", "w=16&h=12", prefetchImages=3)
    real.will_display(session, 0, max_pixel_size=8)
    wait_until(lambda: len(image_gets(fixtures)) == 4, "rows 1-3 prefetched")
    wait_until(lambda: real.cache_info()["memory"]["entries"] == 4, "their thumbnails made")
    for index in (1, 2, 3):
        assert real.will_display(session, index, max_pixel_size=8)["ready"] is True
    assert real.load_image(session, 3, max_pixel_size=8)["width"] == 8


# -- a shared directory ---------------------------------------------------------------------------

def test_two_processes_sharing_a_directory_never_answer_a_path_holding_other_bytes(
        launch: Callable[..., feedvm.Client], fixtures: FixtureServer) -> None:
    one, two = launch(cache="shared"), launch(cache="shared")
    sessions = [cursor_session(client, fixtures, "png", "w=16&h=12") for client in (one, two)]
    answers: List[Image] = []
    for revision in range(50):
        fixtures.configure(image_revision=revision)
        for client, session in zip((one, two), sessions):
            answers.append(client.load_image(session, 0, inline=True, refresh=True))
    assert len({answer["data"] for answer in answers}) == 50
    for answer in answers:
        assert Path(answer["path"]).read_bytes() == base64.b64decode(answer["data"])
        file_matches(answer)


def test_a_planted_link_in_the_cache_directory_is_never_served(launch: Callable[..., feedvm.Client],
                                                               fixtures: FixtureServer, tmp_path: Path) -> None:
    fixtures.configure(cursor_image_format="png", cursor_image_query="w=16&h=12")
    url = f"{fixtures.url}/images/cursor-items-0.png?w=16&h=12"
    secret = tmp_path / "secret.png"
    secret.write_bytes(encode("png", 16, 12, 99))
    cache = tmp_path / "cache"
    cache.mkdir()
    planted = cache / f"{hashlib.sha256(url.encode()).hexdigest()}-{'f' * 16}.png"
    os.symlink(secret, planted)
    client = launch()
    wait_until(lambda: client.cache_info()["disk"]["indexed"], "the listing")
    assert client.cache_info()["disk"]["entries"] == 0, "a link is not an entry"
    session = cursor_session(client, fixtures, "png", "w=16&h=12")
    image = client.load_image(session, 0)
    assert image["url"] == url and image["path"] != str(planted)
    assert Path(image["path"]).read_bytes() != secret.read_bytes() and file_matches(image) == ("png", 16, 12)
    assert len(image_gets(fixtures)) == 1, "refused, so downloaded"
    assert planted.is_symlink() and secret.read_bytes() == encode("png", 16, 12, 99), "left as it was"


def test_cached_files_keep_the_extension_of_their_type(real: feedvm.Client, fixtures: FixtureServer) -> None:
    seen: Dict[str, str] = {}
    for image_format in ("png", "jpg", "webp", "gif"):
        session = cursor_session(real, fixtures, image_format, "w=16&h=12")
        image = real.load_image(session, 0)
        seen[image["mimeType"]] = Path(image["path"]).suffix
    assert seen == {"image/png": ".png", "image/jpeg": ".jpg", "image/webp": ".webp", "image/gif": ".gif"}
