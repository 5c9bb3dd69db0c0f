"""Feeds that live (protocol 1.2) against the real binary: the feed store behind offline-first
lists, reloads that keep the place, background reloads and local edits.

The store's own guarantees are checked from outside: ``kill -9`` at random moments while pages
are stored, two processes sharing one store, the file searched for the session's secrets.
"""

import json
import os
import random
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple, cast
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import feedvm
from feedvm.fixtures import FixtureServer
from feedvm.input_types import Input
from feedvm.mirror import FeedMirror
from living_backend import LivingBackend, entry


def spawn(binary: str, tmp: Path, store: Optional[Path], *args: str) -> feedvm.Client:
    """A feedvm with its files in ``tmp`` (the store key too) and the given store."""
    environment = {**os.environ, "XDG_STATE_HOME": str(tmp / "state")}
    store_args = ["--store", str(store) if store else "none"]
    client = feedvm.Client(binary=binary, args=["--cache-dir", str(tmp / "cache"), *store_args, *args],
                           env=environment, timeout=30)
    client.initialize({"name": "pytest"}, {"sections": {"incremental": True}})
    return client


def items(backend_range: range, prefix: str = "item") -> List[Dict[str, str]]:
    return [entry(f"{prefix}-{index}") for index in backend_range]


def notifications_of(client: feedvm.Client, session: str, method: str) -> List[Dict[str, Any]]:
    return [note.params for note in client.notifications(method) if note.session == session]


# -- offline first --------------------------------------------------------------------------


def test_a_saved_feed_opens_offline_and_pages_on_once_the_backend_is_back(feedvm_binary: str, tmp_path: Path) -> None:
    store = tmp_path / "feeds.sqlite"
    with FixtureServer() as backend:
        port = backend.port
        feed = cast(Input, dict(backend.input_for("gank", pageSize=10, category="福利")))
        with spawn(feedvm_binary, tmp_path, store) as client:
            session = client.transform(feed)["session"]
            client.request_command(session, True)
            client.request_command(session, False)
            assert client.request_command(session, False)["count"] == 30

    with spawn(feedvm_binary, tmp_path, store) as client:
        answer = client.transform(feed)
        output = answer["output"]
        titles = [item["title"] for item in output["sections"][0]["items"]]
        assert titles == [f"福利 #{n}" for n in range(1, 31)], "the 30 saved items in the answer"
        assert output.get("stale") is True and isinstance(output.get("storedAt"), int)
        session = answer["session"]
        failure = next(client.notifications("hud", timeout=20))
        assert failure.params["style"] == "error", "the reload as the session opens fails: the backend is down"
        status = cast(Dict[str, Any], client.bind_refresh_status(session))
        assert status["refresh"]["state"] == "error", "the refresh load state says so"
        assert status["lastUpdated"] == output["storedAt"], "the last successful reload is the saved list's"
        with FixtureServer(port=port):
            result = client.request_command(session, False)
            assert result["count"] == 40
            sections = notifications_of(client, session, "sections")
            inserted = sections[-1]["changes"]["sections"][0]["inserted"]
            assert [change["item"]["title"] for change in inserted] == [f"福利 #{n}" for n in range(31, 41)], \
                "load-more resumes after item 30"
            assert sections[-1].get("stale") is True, "the top of the list is still the saved one"


def test_edits_are_kept_with_the_feed(feedvm_binary: str, tmp_path: Path) -> None:
    store = tmp_path / "feeds.sqlite"
    feed = cast(Input, {"source": "stub", "total": 40, "hud": False})
    with spawn(feedvm_binary, tmp_path, store) as client:
        session = client.transform(feed)["session"]
        client.request_command(session, True)
        assert client.update_item(session, "all-3", {"liked": True, "title": "Mine"}) == {"revision": 2, "found": True}
        assert client.remove_item(session, "all-5")["found"] is True
    with spawn(feedvm_binary, tmp_path, store) as client:
        listed = client.transform(feed)["output"]["sections"][0]["items"]
        by_id: Dict[str, Dict[str, Any]] = {item["id"]: cast(Dict[str, Any], item) for item in listed}
        assert "all-5" not in by_id
        assert by_id["all-3"]["title"] == "Mine" and by_id["all-3"]["liked"] is True


# -- reloads that keep the place ----------------------------------------------------------


def test_two_items_inserted_at_the_top_and_one_changed_arrive_as_changes_with_the_anchor(
        feedvm_binary: str, tmp_path: Path) -> None:
    with LivingBackend(items(range(30))) as backend, spawn(feedvm_binary, tmp_path, None) as client:
        session = client.transform(cast(Input, backend.input()))["session"]
        client.request_command(session, True)
        client.will_display(session, 4)
        client.will_display(session, 5)
        changed = items(range(30))
        changed[6]["title"] = "Changed"
        backend.set([entry("new-1"), entry("new-2")] + changed)
        client.request_command(session, True)
        update = notifications_of(client, session, "sections")[-1]
        change = update["changes"]["sections"][0]
        assert [inserted["index"] for inserted in change["inserted"]] == [0, 1]
        assert [(updated["index"], updated["item"]["title"]) for updated in change["updated"]] == [(8, "Changed")]
        assert update["anchor"] == {"id": "item-4", "index": 6}


@pytest.fixture(scope="module")
def living_backend() -> Iterator[LivingBackend]:
    with LivingBackend([]) as backend:
        yield backend


@pytest.fixture(scope="module")
def living_client(feedvm_binary: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[feedvm.Client]:
    with spawn(feedvm_binary, tmp_path_factory.mktemp("living"), None) as client:
        yield client


EDITS = st.lists(st.tuples(st.sampled_from(["insert", "delete", "move", "update"]), st.integers(0, 30), st.integers(0, 30)),
                 max_size=10)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=EDITS)
def test_after_random_server_changes_a_reload_brings_the_client_list_to_the_servers(
        living_backend: LivingBackend, living_client: feedvm.Client, edits: List[Tuple[str, int, int]]) -> None:
    server = items(range(15))
    living_backend.set(server)
    session = living_client.transform(cast(Input, living_backend.input()))["session"]
    mirror = FeedMirror(session)
    def follow_sections(note: Any) -> None:
        mirror.apply(note.params)

    follow = living_client.on("sections", follow_sections)
    try:
        living_client.request_command(session, True)
        fresh = 100
        for kind, a, b in edits:
            if kind == "insert":
                server.insert(a % (len(server) + 1), entry(f"new-{fresh}"))
                fresh += 1
            elif server and kind == "delete":
                server.pop(a % len(server))
            elif server and kind == "move":
                server.insert(b % len(server), server.pop(a % len(server)))
            elif server:
                server[a % len(server)] = dict(server[a % len(server)], title=f"changed {a}")
        living_backend.set(server)
        living_client.request_command(session, True)
        assert [(item["id"], item["title"]) for item in mirror.items] == [(item["id"], item["title"]) for item in server[:10]]
    finally:
        follow()
        living_client.dispose(session)


# -- background reloads ---------------------------------------------------------------------


def test_new_items_found_in_the_background_wait_for_show_new(feedvm_binary: str, tmp_path: Path) -> None:
    with LivingBackend(items(range(20))) as backend, spawn(feedvm_binary, tmp_path, None) as client:
        session = client.transform(cast(Input, backend.input(refreshIntervalMs=1000)))["session"]
        client.request_command(session, True)
        client.bind_refresh_status(session)
        backend.set([entry("fresh-1"), entry("fresh-2")] + items(range(20)))
        announced = next(note for note in client.notifications("newItems", timeout=15) if note.session == session)
        assert announced.params["count"] == 2 and announced.params["ids"] == ["fresh-1", "fresh-2"]
        result = client.show_new(session)
        assert result["shown"] == 2
        change = notifications_of(client, session, "sections")[-1]["changes"]["sections"][0]
        assert [inserted["item"]["id"] for inserted in change["inserted"]] == ["fresh-1", "fresh-2"]


# -- the store's guarantees, from outside ----------------------------------------------------


def stored_lists(store: Path) -> List[Tuple[int, List[Tuple[int, int, str]]]]:
    """Every stored feed's page count and items (position, page, id), after an integrity check."""
    connection = sqlite3.connect(str(store))
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        feeds = connection.execute("SELECT id, pages FROM feeds").fetchall()
        return [(pages, connection.execute("SELECT position, page, id FROM items WHERE feed = ? ORDER BY position",
                                           (feed,)).fetchall()) for feed, pages in feeds]
    finally:
        connection.close()


def test_a_kill_at_any_moment_leaves_whole_acknowledged_pages(feedvm_binary: str, tmp_path: Path) -> None:
    store = tmp_path / "feeds.sqlite"
    environment = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    rng = random.Random(28)
    acknowledged: Dict[int, int] = {}
    for run in range(200):
        total = 1000 + run  # a feed of its own per run
        process = subprocess.Popen(
            [feedvm_binary, "--cache-dir", str(tmp_path / "cache"), "--store", str(store)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, bufsize=0)
        assert process.stdin is not None and process.stdout is not None
        stdin, stdout = process.stdin, process.stdout
        pages = [0]
        target = rng.randrange(0, 6)
        stop = threading.Event()

        def drive() -> None:
            try:
                stdin.write(b'{"jsonrpc":"2.0","id":0,"method":"transform","params":{"input":{"total":%d,"hud":false}}}\n' % total)
                stdout.readline()
                for number in range(1, 60):
                    reload = "true" if number == 1 else "false"
                    stdin.write(b'{"jsonrpc":"2.0","id":%d,"method":"requestCommand","params":{"session":"s1","reload":%s}}\n'
                                % (number, reload.encode()))
                    while True:
                        line = stdout.readline()
                        if not line:
                            return
                        if json.loads(line).get("id") == number:
                            break
                    pages[0] = number
                    if number > target:
                        stop.set()
            except (BrokenPipeError, OSError, ValueError):
                pass
            stop.set()

        driver = threading.Thread(target=drive, daemon=True)
        driver.start()
        stop.wait(30)
        time.sleep(rng.random() * 0.004)  # a random moment of the page store under way
        process.send_signal(signal.SIGKILL)
        process.wait()
        driver.join(5)
        acknowledged[total] = pages[0]
        for handle in (stdin, stdout):
            handle.close()

    lists = stored_lists(store)
    assert len(lists) >= 150, "most runs stored something before the kill"
    for page_count, rows in lists:
        assert page_count >= 1 and len(rows) == page_count * 10, "whole pages, nothing half-written"
        assert [(position, page) for position, page, _ in rows] == [(i, i // 10) for i in range(len(rows))]
        assert [item for _, _, item in rows] == [f"all-{i + 1}" for i in range(len(rows))], "a prefix of the list"
    # Every acknowledged page was stored (a page is stored before it is answered), and at most
    # the one in flight beyond it; the store opens again and serves each feed.
    with spawn(feedvm_binary, tmp_path, store) as client:
        for total in rng.sample(sorted(acknowledged), 10):
            output = client.transform(cast(Input, {"total": total, "hud": False}))["output"]
            count = len(output["sections"][0]["items"])
            assert acknowledged[total] * 10 <= count <= (acknowledged[total] + 1) * 10, (total, acknowledged[total], count)


def test_two_processes_storing_different_feeds_at_once_lose_nothing(feedvm_binary: str, tmp_path: Path) -> None:
    store = tmp_path / "feeds.sqlite"
    errors: List[BaseException] = []

    def load(category: str) -> None:
        try:
            with spawn(feedvm_binary, tmp_path, store) as client:
                session = client.transform(cast(Input, {"category": category, "total": 1000, "hud": False}))["session"]
                client.request_command(session, True)
                for _ in range(19):
                    client.request_command(session, False)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    loaders = [threading.Thread(target=load, args=(category,)) for category in ("Android", "iOS")]
    for loader in loaders:
        loader.start()
    for loader in loaders:
        loader.join(120)
    assert errors == []
    with spawn(feedvm_binary, tmp_path, store) as client:
        for category in ("Android", "iOS"):
            output = client.transform(cast(Input, {"category": category, "total": 1000, "hud": False}))["output"]
            assert [item["id"] for item in output["sections"][0]["items"]] == [f"{category}-{n}" for n in range(1, 201)]


def test_the_store_file_holds_none_of_the_sessions_secrets(feedvm_binary: str, tmp_path: Path) -> None:
    store = tmp_path / "feeds.sqlite"
    with FixtureServer() as backend:
        access_key = backend.state.config.access_key
        secrets = [access_key, "hdr-secret-9f8e7d6c", "tok-0123456789abcdef"]
        feed = cast(Input, dict(backend.input_for("unsplash", headers={"X-Api-Token": secrets[1], "X-Trace": "Bearer " + secrets[2]})))
        with spawn(feedvm_binary, tmp_path, store) as client:
            session = client.transform(feed)["session"]
            client.request_command(session, True)
            client.request_command(session, False)
            client.update_item(session, client.transform(feed)["output"]["sections"][0]["items"][0]["id"], {"note": "kept"})
    stored = b"".join(path.read_bytes() for path in tmp_path.glob("feeds.sqlite*"))
    assert len(stored_lists(store)) == 1
    for secret in secrets:
        for form in {secret, quote(secret, safe=""), quote(secret, safe="").lower()}:
            assert form.encode() not in stored, f"{form} is in the store"
