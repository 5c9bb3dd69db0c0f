"""The fixture backend's dialects of public APIs keep those APIs' rules (what the custom
source's examples rely on): cursors, bodies, headers and errors as documented."""

import json
import urllib.request
from typing import Any, Dict, Iterator, Optional, Tuple
from urllib.error import HTTPError

import pytest

from feedvm.fixtures import FixtureServer, drf, entries, moved, notion, reddit


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with FixtureServer(config={"total": 12}) as running:
        yield running


def call(server: FixtureServer, path: str, body: Any = None,
         headers: Optional[Dict[str, str]] = None) -> Tuple[int, Dict[str, str], Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server.url + path, data=data, headers=headers or {},
                                     method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


NOTION = {"Authorization": "Bearer secret_x", "Notion-Version": "2022-06-28", "Content-Type": "application/json"}


def test_picsum_links_the_next_page_only_while_there_is_one(server: FixtureServer) -> None:
    status, headers, photos = call(server, "/v2/list?page=1&limit=5")
    assert status == 200 and [photo["id"] for photo in photos] == ["0", "1", "2", "3", "4"]
    assert 'page=2&limit=5>; rel="next"' in headers["Link"]
    _, headers, photos = call(server, "/v2/list?page=3&limit=5")
    assert len(photos) == 2 and 'rel="next"' not in headers["Link"]
    assert call(server, "/v2/list?page=4&limit=5")[2] == []


def test_wordpress_totals_are_headers_and_posts_may_lack_a_cover(server: FixtureServer) -> None:
    status, headers, posts = call(server, "/wp-json/wp/v2/posts?offset=10&per_page=5")
    assert status == 200 and (headers["X-WP-Total"], headers["X-WP-TotalPages"]) == ("12", "3")
    assert [post["jetpack_featured_media_url"] != "" for post in posts] == [False, False]
    assert call(server, "/wp-json/wp/v2/posts?offset=12")[0] == 400


def test_reddit_after_is_the_last_fullname_and_null_at_the_end(server: FixtureServer) -> None:
    _, _, first = call(server, "/r/pics/new.json?limit=10")
    children = first["data"]["children"]
    assert first["data"]["after"] == children[-1]["data"]["name"] == reddit.fullname(9)
    assert "preview" not in children[3]["data"] and children[3]["data"]["thumbnail"] == "self"
    _, _, last = call(server, f"/r/pics/new.json?limit=10&after={first['data']['after']}")
    assert len(last["data"]["children"]) == 2 and last["data"]["after"] is None


def test_notion_wants_a_numeric_page_size_and_no_empty_cursor(server: FixtureServer) -> None:
    status, _, page = call(server, "/v1/databases/db/query", {"page_size": 5}, NOTION)
    assert status == 200 and page["has_more"] and page["next_cursor"] == page_ids(5)
    assert page["results"][1]["cover"] is None
    assert call(server, "/v1/databases/db/query", {"page_size": "5"}, NOTION)[0] == 400
    assert call(server, "/v1/databases/db/query", {"start_cursor": "", "page_size": 5}, NOTION)[0] == 400
    _, _, last = call(server, "/v1/databases/db/query", {"start_cursor": page_ids(10), "page_size": 5}, NOTION)
    assert (len(last["results"]), last["has_more"], last["next_cursor"]) == (2, False, None)
    assert call(server, "/v1/databases/db/query", {"page_size": 5}, {"Content-Type": "application/json"})[0] == 401


def page_ids(index: int) -> str:
    return notion.page_id(entries("notion", "db", 12, "jpg")[index].key)


def test_zhihu_each_answer_dates_the_next_request(server: FixtureServer) -> None:
    _, _, latest = call(server, "/api/4/news/latest")
    assert latest["date"] == "20171228" and len(latest["stories"]) == 5 and latest["top_stories"]
    _, _, before = call(server, f"/api/4/news/before/{latest['date']}")
    assert before["date"] == "20171227" and before["stories"][0]["id"] == 9_600_005
    assert call(server, "/api/4/news/before/20171226")[2]["stories"] == []
    assert call(server, "/api/4/news/before/2017-12-26")[0] == 404


def test_drf_next_is_an_absolute_url_and_images_are_site_relative(server: FixtureServer) -> None:
    _, _, page = call(server, "/api/photos/?page_size=5")
    assert page["next"] == f"{server.url}/api/photos/?cursor={drf.encode_cursor(5)}&page_size=5"
    assert page["results"][0]["image"] == "/media/photos/drf-photos-0.jpg" and page["results"][3]["image"] is None
    _, _, last = call(server, f"/api/photos/?cursor={drf.encode_cursor(10)}&page_size=5")
    assert len(last["results"]) == 2 and last["next"] is None and last["previous"]
    assert call(server, "/api/photos/?cursor=%%%")[2] == {"detail": "Invalid cursor"}
    with urllib.request.urlopen(server.url + "/media/photos/drf-photos-0.jpg", timeout=10) as image:
        assert image.headers["Content-Type"] == "image/jpeg"


def test_the_moved_api_redirects_its_old_address_and_lists_relative_references(server: FixtureServer) -> None:
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    with pytest.raises(HTTPError) as raised:
        urllib.request.build_opener(Stay).open(server.url + "/api/posts?page=2&per_page=5", timeout=10)
    assert raised.value.code == 301 and raised.value.headers["Location"] == f"{server.url}/v2/posts/?page=2&per_page=5"
    _, _, page = call(server, "/api/posts?page=2&per_page=5")  # urllib follows it
    assert [post["id"] for post in page["posts"]] == [705, 706, 707, 708, 709]
    assert page["posts"][0]["image"] == "media/moved-posts-5.jpg" and page["next"] == "?page=3&per_page=5"
    assert call(server, "/v2/posts/?page=3&per_page=5")[2]["next"] is None
    with urllib.request.urlopen(server.url + moved.MEDIA_PREFIX + "moved-posts-5.jpg", timeout=10) as image:
        assert image.headers["Content-Type"] == "image/jpeg"
