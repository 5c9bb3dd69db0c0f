"""FeedMirror: snapshots and incremental changes give the same list.

The shared cases of protocol/vectors/sections.json run in test_protocol_vectors.py.
"""

from typing import Any, Callable, Dict, List, Union

import pytest
from feedvm import FeedMirror, InvalidChanges, MirrorOutOfSync
from feedvm.mirror import Item, apply_section_changes
from feedvm.wire import Notification


def item(key: Union[int, str], version: int = 0) -> Item:
    return {"id": f"i{key}", "title": f"item {key} v{version}", "imageURL": f"https://x/{key}.png"}


def test_the_first_page_of_a_fresh_session_fills_a_fresh_mirror() -> None:
    mirror = FeedMirror("s1")
    page = [item(k) for k in range(10)]
    mirror.apply({"session": "s1", "revision": 1, "changes": {
        "baseRevision": 0, "sections": [{"section": 0, "count": 10, "deleted": [], "moved": [], "updated": [],
                                         "inserted": [{"index": i, "item": it} for i, it in enumerate(page)]}]}})
    assert (mirror.revision, mirror.items) == (1, page)


def test_a_worked_example_of_the_documented_format() -> None:
    old = [item(k) for k in "abcde"]
    change = {"deleted": [1], "moved": [{"from": 4, "to": 0}],
              "inserted": [{"index": 2, "item": item("x")}],
              "updated": [{"index": 4, "item": item("d", 1)}]}
    new = apply_section_changes(old, change)
    assert [i["id"] for i in new] == ["ie", "ia", "ix", "ic", "id"]
    assert new[4] == item("d", 1)


def test_a_change_on_the_wrong_base_revision_is_refused_and_reading_the_stale_list_raises() -> None:
    mirror = FeedMirror()
    mirror.apply_snapshot(3, [{"items": [item(1)]}])
    with pytest.raises(MirrorOutOfSync, match="change 4 -> 5 refused"):
        mirror.apply_changes({"revision": 5, "baseRevision": 4, "sections": [{}]})
    assert mirror.revision == 3
    with pytest.raises(MirrorOutOfSync):
        mirror.items
    with pytest.raises(MirrorOutOfSync, match="already out of sync"):  # even a change on revision 3
        mirror.apply_changes({"revision": 4, "baseRevision": 3, "sections": [{}]})
    mirror.apply_snapshot(6, [{"items": [item(2)]}])
    assert (mirror.revision, mirror.items, mirror.out_of_sync) == (6, [item(2)], None)


def test_an_invalid_change_leaves_the_mirror_out_of_sync() -> None:
    mirror = FeedMirror()
    with pytest.raises(InvalidChanges):
        mirror.apply_changes({"revision": 1, "baseRevision": 0, "sections": [{"deleted": [0]}]})
    with pytest.raises(MirrorOutOfSync, match="refused"):
        mirror.sections


class FakeClient:
    """Only what ``attach`` uses: ``on(method, callback)``."""

    def __init__(self) -> None:
        self.callbacks: List[Callable[[Notification], None]] = []

    def on(self, method: str, callback: Callable[[Notification], None]) -> Callable[[], None]:
        assert method == "sections"
        self.callbacks.append(callback)
        return lambda: self.callbacks.remove(callback)

    def publish(self, params: Dict[str, Any]) -> None:
        for callback in list(self.callbacks):
            callback(Notification("sections", params))


def test_an_attached_mirror_reports_a_missed_change_to_the_caller_not_only_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    client = FakeClient()
    errors: List[Exception] = []
    mirror = FeedMirror("s1")
    unsubscribe = mirror.attach(client, on_error=errors.append)
    client.publish({"session": "s1", "revision": 2, "changes": {"baseRevision": 1, "sections": [{}]}})
    assert [type(error) for error in errors] == [MirrorOutOfSync]
    with pytest.raises(MirrorOutOfSync):
        mirror.items
    client.publish({"session": "s1", "revision": 3, "sections": [{"items": [item(1)]}]})
    assert mirror.items == [item(1)]
    unsubscribe()
    assert client.callbacks == []
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("change", [
    {"deleted": [5]},
    {"deleted": [0, 0]},
    {"inserted": [{"index": 3, "item": item(9)}]},
    {"moved": [{"from": 0, "to": 0}], "deleted": [0]},
    {"updated": [{"index": 2, "item": item(9)}]},
])
def test_impossible_indices_are_refused(change: Dict[str, Any]) -> None:
    with pytest.raises(InvalidChanges):
        apply_section_changes([item(1), item(2)], change)


def test_another_sessions_notification_is_ignored() -> None:
    mirror = FeedMirror("s1")
    assert not mirror.apply({"session": "s2", "revision": 1, "sections": [{"items": [item(1)]}]})
    assert (mirror.revision, mirror.items) == (0, [])
