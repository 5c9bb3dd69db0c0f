"""The custom source's worked examples of protocol/README.md, run verbatim against the fixture backend.

Each example is a ``transform`` input for the paging pattern of a public API; the fixture
backend speaks that API's dialect at the API's own paths, so only the host of ``baseURL``
changes. Every example must page to the end of the catalog with one request per page, keep
items without an image (and load nothing for them), and load the images it has.
"""

import copy
import json
import re
from pathlib import Path
from typing import Callable, Dict, List, cast
from urllib.parse import urlsplit, urlunsplit

import pytest

import feedvm
from feedvm.fixtures import FixtureServer, drf, entries, moved, notion, reddit, wordpress, zhihu
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
    """What the fixture dialect behind an example serves: its route, items and page count."""

    def __init__(self, route: str, catalog: List[Entry], item_id: Callable[[Entry], str], has_image: Callable[[int], bool],
                 requests: int, title: Callable[[Entry], str] = lambda entry: entry.title) -> None:
        self.route, self.catalog, self.item_id = route, catalog, item_id
        self.has_image, self.requests, self.title = has_image, requests, title


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
}


def localized(example: Input, server: FixtureServer) -> Input:
    """``example`` with its ``baseURL`` moved to the fixture server's host."""
    value = copy.deepcopy(example)
    parts = urlsplit(value["baseURL"])
    value["baseURL"] = urlunsplit(urlsplit(server.url)[:2] + parts[2:])
    return value


def walk_to_the_end(client: feedvm.Client, session: str) -> List[FeedItem]:
    """Reload, then load more until the end; the final items."""
    result = client.request_command(session, reload=True)
    for _ in range(20):
        if not result["hasMore"]:
            break
        result = client.request_command(session, reload=False)
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
    items = walk_to_the_end(real, session)
    assert [item["id"] for item in items] == [dialect.item_id(entry) for entry in dialect.catalog]
    assert [item["title"] for item in items] == [dialect.title(entry) for entry in dialect.catalog]
    assert ["imageURL" in item for item in items] == [dialect.has_image(entry.index) for entry in dialect.catalog]
    assert fixtures.count(dialect.route) == dialect.requests
    assert {n.params["style"] for n in real.notifications("hud", timeout=0)} == {"success"}

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
        EXAMPLES["Next URL (Django REST framework cursor pagination)"], fixtures))["session"])
    assert drf_items[0]["imageURL"] == f"{fixtures.url}/media/photos/drf-photos-0.jpg"
    picsum = localized(EXAMPLES["Page number + `Link` header (Lorem Picsum)"], fixtures)
    session = real.transform(picsum)["session"]
    item = walk_to_the_end(real, session)[7]
    assert item["thumbnailURL"] == f"{fixtures.url}/id/7/200/150"
    assert item["imageURL"] == f"{fixtures.url}/id/7/{item['width']}/{item['height']}"


def test_relative_references_resolve_against_the_address_a_redirect_led_to(real: feedvm.Client, fixtures: FixtureServer) -> None:
    moved_api = cast(Input, {"source": "custom", "baseURL": f"{fixtures.url}/", "pageSize": 20, "custom": {
        "url": "{baseURL}api/posts", "query": {"per_page": "{pageSize}"}, "paging": "next", "nextURL": "next",
        "items": "posts", "fields": {"id": "id", "title": "title", "imageURL": "image"}}})
    session = real.transform(moved_api)["session"]
    items = walk_to_the_end(real, session)
    assert [item["id"] for item in items] == [str(700 + entry.index) for entry in entries("moved", "posts", TOTAL, "jpg")]
    assert items[0]["imageURL"] == f"{fixtures.url}/v2/posts/media/moved-posts-0.jpg", "media/… under the new address"
    assert (fixtures.count(moved.ROUTE), fixtures.count(moved.POSTS_ROUTE)) == (1, 3), "only the first page is redirected"
    image = real.load_image(session, 44)
    assert (image["mimeType"], image["url"]) == ("image/jpeg", f"{fixtures.url}/v2/posts/media/moved-posts-44.jpg")


def test_next_url_paging_follows_the_link_header_without_a_next_url_key(real: feedvm.Client, fixtures: FixtureServer) -> None:
    picsum = localized(EXAMPLES["Page number + `Link` header (Lorem Picsum)"], fixtures)
    del picsum["custom"]["linkHeader"]
    picsum["custom"]["paging"] = "next"
    items = walk_to_the_end(real, real.transform(picsum)["session"])
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
