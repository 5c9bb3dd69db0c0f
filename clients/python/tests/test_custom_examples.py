"""The custom source's worked examples of protocol/README.md, run verbatim against the fixture backend.

Each example is a ``transform`` input for the paging pattern of a public API; the fixture
backend speaks that API's dialect at the API's own paths, so only the host of ``baseURL``
changes. Every example must page to the end of the catalog with one request per page, keep
items without an image (and load nothing for them), and load the images it has.
"""

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Dict, List, cast
from urllib.parse import urlsplit, urlunsplit

import pytest

import feedvm
from feedvm.fixtures import (FixtureServer, artic, danbooru, drf, entries, flickr, gerrit, ghost, gitlab, hackernews,
                             mediawiki, met, moved, notion, reddit, wordpress, zhihu)
from feedvm.fixtures import twitch as twitch_fixture
from feedvm.fixtures.catalog import Entry
from feedvm.input_types import Input
from feedvm.protocol_types import FeedItem, SectionsParams
from imagecheck import dimensions

ROOT = Path(__file__).resolve().parents[3]
SPEC = (ROOT / "protocol" / "README.md").read_text(encoding="utf-8")
OPENRPC = json.loads((ROOT / "protocol" / "feedvm.openrpc.json").read_text(encoding="utf-8"))
TOTAL = 45
MIME = {"png": "image/png", "gif": "image/gif", "jpg": "image/jpeg"}


def worked_examples() -> Dict[str, Input]:
    """``{heading: input}`` of every ``#####`` example under "Worked examples"."""
    section = SPEC.split("#### Worked examples", 1)[1].split("\n## ", 1)[0]
    examples: Dict[str, Input] = {}
    for block in section.split("\n##### ")[1:]:
        heading = block.splitlines()[0].strip()
        match = re.search(r"```json\n(.*?)```", block, re.S)
        assert match, f"example {heading!r} has no json block"
        examples[heading] = json.loads(match.group(1))
    return examples


EXAMPLES = worked_examples()


class Dialect:
    """What the fixture dialect behind an example serves: its route, items and page count.

    ``kept`` says which entries become items (a failed detail request leaves its item out, with
    a warning); ``has_image`` which of them have a picture.
    """

    def __init__(self, route: str, catalog: List[Entry], item_id: Callable[[Entry], str], has_image: Callable[[int], bool],
                 requests: int, title: Callable[[Entry], str] = lambda entry: entry.title,
                 kept: Callable[[int], bool] = lambda index: True) -> None:
        self.route, self.catalog, self.item_id = route, [entry for entry in catalog if kept(entry.index)], item_id
        self.has_image, self.requests, self.title = has_image, requests, title
        self.drops = len(catalog) - len(self.catalog)


DIALECTS = {
    "Page number + `Link` header (Lorem Picsum)": Dialect(
        "picsum", entries("picsum", "photos", TOTAL, "jpg"), lambda e: str(e.index), lambda i: True, 3,
        title=lambda entry: entry.author),
    "Offset + total (WordPress REST API)": Dialect(
        "wordpress", entries("wordpress", "posts", TOTAL, "png"), lambda e: str(1000 + e.index), wordpress.has_cover, 3),
    "Cursor in the query (Reddit listings)": Dialect(
        "reddit", entries("reddit", "pics", TOTAL, "jpg"), lambda e: reddit.fullname(e.index),
        lambda i: not reddit.is_text_post(i), 2),
    "Cursor in a POST body (Notion database query)": Dialect(
        "notion", entries("notion", "897e5a76ae524b489fdfe71f5945d1af", TOTAL, "jpg"), lambda e: notion.page_id(e.key),
        notion.has_cover, 3),
    "First URL + cursor in the path (Zhihu Daily)": Dialect(
        "zhihu", entries("zhihu", "news", TOTAL, "jpg"), lambda e: str(9_600_000 + e.index), zhihu.has_images,
        TOTAL // zhihu.PER_DAY + 1),  # nine days, then a day before the first with no stories
    "Next URL (Django REST framework cursor pagination)": Dialect(
        "drf", entries("drf", "photos", TOTAL, "jpg"), lambda e: str(500 + e.index), drf.has_image, 3),
    "Continuation object (MediaWiki, Wikimedia Commons)": Dialect(
        "mediawiki", entries("mediawiki", "Sunflowers", TOTAL, "jpg"), lambda e: str(mediawiki.page_id(e.index)),
        mediawiki.has_image, 3, title=lambda entry: f"File:{entry.key}.jpg"),
    "OAuth2 client credentials and filled thumbnails (Twitch)": Dialect(
        "twitch", entries("twitch", "streams", TOTAL, "jpg"), lambda e: str(40_000_000 + e.index), lambda i: True, 3),
    "Next link chosen by its relation (NASA Image and Video Library)": Dialect(
        "nasa", entries("nasa", "apollo 11", TOTAL, "jpg"), lambda e: e.key, lambda i: True, 3),
    "Values from the page's root (Art Institute of Chicago)": Dialect(
        "artic", entries("artic", "artworks", TOTAL, "jpg"), lambda e: str(20_000 + e.index), artic.has_image, 3),
    "A list of ids and one request per item (Hacker News)": Dialect(
        "hackernews", entries("hackernews", "top", TOTAL, "jpg"), lambda e: str(hackernews.story_id(e.index)),
        lambda i: False, 1, kept=lambda index: not hackernews.is_gone(index)),
    "Search ids and object details (The Met)": Dialect(
        "met.search", entries("met", "sunflowers", TOTAL, "jpg"), lambda e: str(met.object_id(e.index)),
        met.has_image, 1, kept=lambda index: not met.is_missing(index)),
    "Cursor from the last item (Danbooru)": Dialect(
        "danbooru", entries("danbooru", "posts", TOTAL, "jpg"), lambda e: str(danbooru.post_id(e.index)),
        danbooru.has_file, 4, title=lambda entry: f"{entry.category} {entry.author}"),
    "Next page in a response header (GitLab)": Dialect(
        "gitlab", entries("gitlab", "projects", TOTAL, "png"), lambda e: str(278_000 + e.index), gitlab.has_avatar, 3),
    "Next page number that ends with null or false (Ghost)": Dialect(
        "ghost", entries("ghost", "posts", TOTAL, "jpg"), lambda e: f"5ddc9141c35e7700383b{e.index:04x}",
        ghost.has_feature_image, 3),
    "JSONP and a URL built from fields (Flickr)": Dialect(
        "flickr", entries("flickr", "sunset", TOTAL, "jpg"), lambda e: str(53_000_000_000 + e.index), lambda i: True, 3),
    "Anti-XSSI prefix and the last element's flag (Gerrit)": Dialect(
        "gerrit", entries("gerrit", "changes", TOTAL, "png"), lambda e: f"project~master~I{e.index:040x}", gerrit.has_avatar, 3),
}


def localized(example: Input, server: FixtureServer) -> Input:
    """``example`` with every host it names (of ``baseURL``, a token URL, an image URL in a
    field) moved to the fixture server's."""
    value = copy.deepcopy(example)
    parts = urlsplit(value["baseURL"])
    value["baseURL"] = urlunsplit(urlsplit(server.url)[:2] + parts[2:])
    if "custom" in value:
        text = re.sub(r"https://[A-Za-z0-9.-]+\.[a-z]+(?=/)", server.url, json.dumps(value["custom"]))
        value["custom"] = json.loads(text)
    return value


def sockets_on(port: int) -> str:
    """The TCP sockets on ``port`` and their processes (``ss``), to tell who answered there."""
    if not shutil.which("ss"):
        return "(no ss here)"
    return subprocess.run(["ss", "-tanp", f"( sport = :{port} or dport = :{port} )"],
                          capture_output=True, text=True, check=False).stdout


def walk_to_the_end(client: feedvm.Client, session: str, server: FixtureServer) -> List[FeedItem]:
    """Reload, then load more until the end; the final items. A failed load names what the
    fixture server saw."""
    try:
        result = client.request_command(session, reload=True)
        for _ in range(20):
            if not result["hasMore"]:
                break
            result = client.request_command(session, reload=False)
    except feedvm.LoadFailed as failure:
        raise AssertionError(f"{failure} {failure.data}; the server on {server.port} saw {server.stats()['recent'][-12:]}; "
                             f"sockets on its port:\n{sockets_on(server.port)}\n"
                             f"feedvm's log:\n{client.stderr_tail.text()[-2000:]}") from failure
    assert not result["hasMore"]
    sections: SectionsParams = cast(SectionsParams, list(client.notifications("sections", timeout=0))[-1].params)
    return sections["sections"][0]["items"]


def test_every_paging_pattern_has_an_example() -> None:
    assert sorted(EXAMPLES) == sorted(DIALECTS)


@pytest.mark.parametrize("heading", sorted(EXAMPLES))
def test_the_example_conforms_to_the_strict_schema(heading: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    root = {"allOf": [{"$ref": "#/components/schemas/Input"}], "components": OPENRPC["components"]}
    jsonschema.Draft7Validator(root).validate(EXAMPLES[heading])


def test_the_strict_schema_rejects_unknown_members_and_placeholders() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft7Validator({"allOf": [{"$ref": "#/components/schemas/CustomSource"}],
                                            "components": OPENRPC["components"]})
    good = EXAMPLES["Cursor in a POST body (Notion database query)"]["custom"]
    assert validator.is_valid(good)
    assert not validator.is_valid(dict(good, nextUrl="next"))
    assert not validator.is_valid(dict(good, query={"page": "{pg}"}))
    assert not validator.is_valid(dict(good, method="GET"))  # a body needs POST
    assert not validator.is_valid(dict(good, fields={"id": "id", "image": "cover"}))
    assert validator.is_valid(dict(good, query={"literal": "{}", "open": "a{b"}))


@pytest.mark.parametrize("heading", sorted(EXAMPLES))
def test_the_example_pages_to_the_end_keeping_items_without_images(real: feedvm.Client, fixtures: FixtureServer, heading: str) -> None:
    dialect = DIALECTS[heading]
    session = real.transform(localized(EXAMPLES[heading], fixtures))["session"]
    items = walk_to_the_end(real, session, fixtures)
    assert [item["id"] for item in items] == [dialect.item_id(entry) for entry in dialect.catalog]
    assert [item["title"] for item in items] == [dialect.title(entry) for entry in dialect.catalog]
    assert ["imageURL" in item for item in items] == [dialect.has_image(entry.index) for entry in dialect.catalog]
    assert fixtures.count(dialect.route) == dialect.requests
    huds = list(real.notifications("hud", timeout=0))
    assert {n.params["style"] for n in huds if not n.params.get("warning")} == {"success"}
    warnings = [n.params["message"] for n in huds if n.params.get("warning")]
    assert len(warnings) == dialect.drops, warnings
    if not any(dialect.has_image(entry.index) for entry in dialect.catalog):
        assert real.will_display(session, 0)["image"] is False
        return

    with_image = next(index for index, item in enumerate(items) if "imageURL" in item)
    image = real.load_image(session, with_image)
    with open(image["path"], "rb") as cached:
        kind, width, height = dimensions(cached.read())
    assert (MIME[kind], width, height) == (image["mimeType"], image["width"], image["height"])
    assert image["url"] == items[with_image]["imageURL"]

    without = next((index for index, item in enumerate(items) if "imageURL" not in item), None)
    if without is not None:
        assert real.will_display(session, without)["image"] is False
        with pytest.raises(feedvm.ImageLoadFailed) as raised:
            real.load_image(session, without)
        assert raised.value.data == {"index": without, "reason": "noImage"}
        note = list(real.notifications("imageDownloaded", timeout=0))[-1].params
        assert (note["index"], note["image"], note["error"]["code"]) == (without, None, -32003)


def test_relative_image_paths_and_field_templates_resolve_against_the_page(real: feedvm.Client, fixtures: FixtureServer) -> None:
    drf_items = walk_to_the_end(real, real.transform(localized(
        EXAMPLES["Next URL (Django REST framework cursor pagination)"], fixtures))["session"], fixtures)
    assert drf_items[0]["imageURL"] == f"{fixtures.url}/media/photos/drf-photos-0.jpg"
    picsum = localized(EXAMPLES["Page number + `Link` header (Lorem Picsum)"], fixtures)
    session = real.transform(picsum)["session"]
    item = walk_to_the_end(real, session, fixtures)[7]
    assert item["thumbnailURL"] == f"{fixtures.url}/id/7/200/150"
    assert item["imageURL"] == f"{fixtures.url}/id/7/{item['width']}/{item['height']}"


def test_relative_references_resolve_against_the_address_a_redirect_led_to(real: feedvm.Client, fixtures: FixtureServer) -> None:
    moved_api = cast(Input, {"source": "custom", "baseURL": f"{fixtures.url}/", "pageSize": 20, "custom": {
        "url": "{baseURL}api/posts", "query": {"per_page": "{pageSize}"}, "paging": "next", "nextURL": "next",
        "items": "posts", "fields": {"id": "id", "title": "title", "imageURL": "image"}}})
    session = real.transform(moved_api)["session"]
    items = walk_to_the_end(real, session, fixtures)
    assert [item["id"] for item in items] == [str(700 + entry.index) for entry in entries("moved", "posts", TOTAL, "jpg")]
    assert items[0]["imageURL"] == f"{fixtures.url}/v2/posts/media/moved-posts-0.jpg", "media/… under the new address"
    assert (fixtures.count(moved.ROUTE), fixtures.count(moved.POSTS_ROUTE)) == (1, 3), "only the first page is redirected"
    image = real.load_image(session, 44)
    assert (image["mimeType"], image["url"]) == ("image/jpeg", f"{fixtures.url}/v2/posts/media/moved-posts-44.jpg")


def test_next_url_paging_follows_the_link_header_without_a_next_url_key(real: feedvm.Client, fixtures: FixtureServer) -> None:
    picsum = localized(EXAMPLES["Page number + `Link` header (Lorem Picsum)"], fixtures)
    del picsum["custom"]["linkHeader"]
    picsum["custom"]["paging"] = "next"
    items = walk_to_the_end(real, real.transform(picsum)["session"], fixtures)
    assert len(items) == TOTAL and fixtures.count("picsum") == 3


def test_an_unknown_placeholder_is_refused_at_transform_naming_the_member(real: feedvm.Client, fixtures: FixtureServer) -> None:
    reddit_input = localized(EXAMPLES["Cursor in the query (Reddit listings)"], fixtures)
    reddit_input["custom"]["query"]["after"] = "{after}"
    with pytest.raises(feedvm.InvalidParams) as raised:
        real.transform(reddit_input)
    assert "input.custom.query.after" in raised.value.message and "{after}" in raised.value.message
    assert fixtures.count("reddit") == 0


def test_a_wrong_items_path_names_the_arrays_the_answer_has(real: feedvm.Client, fixtures: FixtureServer) -> None:
    reddit_input = localized(EXAMPLES["Cursor in the query (Reddit listings)"], fixtures)
    reddit_input["custom"]["items"] = "data.posts"
    session = real.transform(reddit_input)["session"]
    with pytest.raises(feedvm.LoadFailed) as raised:
        real.request_command(session, reload=True)
    assert 'No item array at "data.posts"' in raised.value.message
    assert "data.children (25 items)" in raised.value.message


def test_a_wrong_id_path_names_it_and_the_keys_items_have(real: feedvm.Client, fixtures: FixtureServer) -> None:
    reddit_input = localized(EXAMPLES["Cursor in the query (Reddit listings)"], fixtures)
    reddit_input["custom"]["fields"]["id"] = "data.uuid"
    session = real.transform(reddit_input)["session"]
    with pytest.raises(feedvm.LoadFailed) as raised:
        real.request_command(session, reload=True)
    assert raised.value.message == 'None of the 25 items has an id at fields.id "data.uuid"; the first item has the keys kind, data'


# -- the patterns of round three, end to end -----------------------------------------------------


def test_thumbnails_are_filled_for_the_size_a_front_end_asks_for(real: feedvm.Client, fixtures: FixtureServer) -> None:
    twitch = localized(EXAMPLES["OAuth2 client credentials and filled thumbnails (Twitch)"], fixtures)
    items = walk_to_the_end(real, real.transform(twitch)["session"], fixtures)
    assert items[0]["imageURL"].endswith("-1280x720.jpg") and items[0]["thumbnailURL"].endswith("-320x180.jpg")
    assert items[0]["extra"] == {"viewers": 1000, "game": "Art"}
    session = real.transform(twitch)["session"]
    real.request_command(session, reload=True)
    sized = real.load_image(session, 0, size={"maxWidth": 640, "maxHeight": 360})
    assert sized["url"].endswith("-640x360.jpg") and (sized["width"], sized["height"]) == (640, 360)
    thumb = real.load_image(session, 1, variant="thumbnail", size={"maxWidth": 160})
    assert thumb["url"].endswith("-160x90.jpg") and (thumb["width"], thumb["height"]) == (160, 90)


def test_oauth2_secrets_and_tokens_never_reach_the_client(real: feedvm.Client, fixtures: FixtureServer) -> None:
    twitch = localized(EXAMPLES["OAuth2 client credentials and filled thumbnails (Twitch)"], fixtures)
    session = real.transform(twitch)["session"]
    walk_to_the_end(real, session, fixtures)
    assert fixtures.count(twitch_fixture.TOKEN_ROUTE) == 1, "one token for every page"
    twitch_fixture.revoke_tokens()
    real.request_command(session, reload=True)
    assert fixtures.count(twitch_fixture.TOKEN_ROUTE) == 2, "a 401 renews it"
    seen = json.dumps([note.params for note in real.notifications(timeout=0)])
    for secret in [twitch["custom"]["oauth2"]["clientSecret"], *twitch_fixture.issued_tokens()[:-1]]:
        assert secret not in seen


def test_a_wrong_client_secret_fails_the_load_saying_why(real: feedvm.Client, fixtures: FixtureServer) -> None:
    twitch = localized(EXAMPLES["OAuth2 client credentials and filled thumbnails (Twitch)"], fixtures)
    twitch["custom"]["oauth2"]["clientSecret"] = "not-the-secret"
    session = real.transform(twitch)["session"]
    with pytest.raises(feedvm.LoadFailed) as raised:
        real.request_command(session, reload=True)
    assert "the token endpoint answered HTTP 403 without an access_token" in raised.value.message
    assert fixtures.count("twitch") == 0


def test_detail_requests_keep_within_the_budget(real: feedvm.Client, fixtures: FixtureServer) -> None:
    hn = localized(EXAMPLES["A list of ids and one request per item (Hacker News)"], fixtures)
    hn["custom"]["rateLimit"] = {"requestsPerSecond": 40, "burst": 1}
    real.request_command(real.transform(hn)["session"], reload=True)
    times = fixtures.state.times("hackernews") + fixtures.state.times("hackernews.item")
    # 21 requests at 40 a second after a burst of one take 20 waits of 25 ms: the span the server
    # sees is that, give or take the first request's connection set-up.
    assert len(times) == 21 and times[-1] - times[0] >= 20 * 0.025 - 0.03, times


@pytest.mark.parametrize("last_next", ["false", "0", ""])
def test_a_next_page_number_may_end_with_false_zero_or_nothing(real: feedvm.Client, fixtures: FixtureServer, last_next: str) -> None:
    fixtures.configure(last_next=last_next)
    ghost_input = localized(EXAMPLES["Next page number that ends with null or false (Ghost)"], fixtures)
    items = walk_to_the_end(real, real.transform(ghost_input)["session"], fixtures)
    assert len(items) == TOTAL and fixtures.count("ghost") == 3


def test_a_next_url_back_to_a_loaded_page_ends_the_list(real: feedvm.Client, fixtures: FixtureServer) -> None:
    nasa = localized(EXAMPLES["Next link chosen by its relation (NASA Image and Video Library)"], fixtures)
    # The last link: "next" while there is one, then "prev", back to page 2 (it looped 2, 3, 2, 3, ...).
    nasa["custom"]["nextURL"] = "collection.links[-1].href"
    items = walk_to_the_end(real, real.transform(nasa)["session"], fixtures)
    assert len(items) == TOTAL and fixtures.count("nasa") == 3


def test_a_base_url_without_a_slash_is_joined_with_one(real: feedvm.Client, fixtures: FixtureServer) -> None:
    picsum = localized(EXAMPLES["Page number + `Link` header (Lorem Picsum)"], fixtures)
    picsum["baseURL"] = fixtures.url
    picsum["custom"]["url"] = "{baseURL}/v2/list"
    assert len(walk_to_the_end(real, real.transform(picsum)["session"], fixtures)) == TOTAL
    with pytest.raises(feedvm.InvalidParams) as raised:
        real.transform(cast(Input, dict(picsum, baseURL="http://")))
    assert 'is not a URL with a host: "http://"' in raised.value.message
