"""FeedMirror: snapshots and incremental changes give the same list."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feedvm import FeedMirror, InvalidChanges, MirrorOutOfSync, compute_changes
from feedvm.mirror import apply_section_changes
from feedvm.wire import Notification


def item(key, version=0):
    return {"id": f"i{key}", "title": f"item {key} v{version}", "imageURL": f"https://x/{key}.png"}


@st.composite
def section(draw):
    keys = draw(st.lists(st.integers(0, 40), unique=True, max_size=25))
    return [item(key, draw(st.integers(0, 2))) for key in keys]


feeds = st.lists(st.lists(section(), min_size=0, max_size=3), min_size=1, max_size=8)


#: What ``transform`` answers: the session's revision 0.
TRANSFORM_OUTPUT = [[]]


@settings(max_examples=300, deadline=None)
@given(feeds, st.lists(st.booleans(), min_size=8, max_size=8))
def test_a_fresh_mirror_follows_a_fresh_session_from_its_first_change(states, as_snapshot):
    """No seeding: the first message is a change on revision 0, as the server sends it.

    Snapshots (the server's other form) are mixed in at random steps, and each step is
    checked, so the first steps are covered and not rescued by a later snapshot.
    """
    by_snapshot, mirror = FeedMirror("s1"), FeedMirror("s1")
    assert (mirror.revision, mirror.sections, mirror.items) == (0, TRANSFORM_OUTPUT, [])
    previous = TRANSFORM_OUTPUT
    for revision, state in enumerate(states, start=1):
        snapshot = {"session": "s1", "revision": revision, "sections": [{"items": items} for items in state]}
        by_snapshot.apply(snapshot)
        if as_snapshot[revision - 1] and revision > 1:
            mirror.apply(snapshot)
        else:
            changes = compute_changes(previous, state, revision - 1, revision)
            if revision % 2:  # the server's placement: revision beside the changes
                changes.pop("revision")
            mirror.apply({"session": "s1", "revision": revision, "changes": changes})
        assert mirror.sections == by_snapshot.sections == state, f"step {revision}"
        assert mirror.revision == by_snapshot.revision == revision
        previous = state


def test_the_first_page_of_a_fresh_session_fills_a_fresh_mirror():
    mirror = FeedMirror("s1")
    page = [item(k) for k in range(10)]
    mirror.apply({"session": "s1", "revision": 1, "changes": {
        "baseRevision": 0, "sections": [{"section": 0, "count": 10, "deleted": [], "moved": [], "updated": [],
                                         "inserted": [{"index": i, "item": it} for i, it in enumerate(page)]}]}})
    assert (mirror.revision, mirror.items) == (1, page)


def test_a_worked_example_of_the_documented_format():
    old = [item(k) for k in "abcde"]
    change = {"deleted": [1], "moved": [{"from": 4, "to": 0}],
              "inserted": [{"index": 2, "item": item("x")}],
              "updated": [{"index": 4, "item": item("d", 1)}]}
    new = apply_section_changes(old, change)
    assert [i["id"] for i in new] == ["ie", "ia", "ix", "ic", "id"]
    assert new[4] == item("d", 1)


def test_a_change_on_the_wrong_base_revision_is_refused_and_reading_the_stale_list_raises():
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


def test_an_invalid_change_leaves_the_mirror_out_of_sync():
    mirror = FeedMirror()
    with pytest.raises(InvalidChanges):
        mirror.apply_changes({"revision": 1, "baseRevision": 0, "sections": [{"deleted": [0]}]})
    with pytest.raises(MirrorOutOfSync, match="refused"):
        mirror.sections


class FakeClient:
    """Only what ``attach`` uses: ``on(method, callback)``."""

    def __init__(self):
        self.callbacks = []

    def on(self, method, callback):
        assert method == "sections"
        self.callbacks.append(callback)
        return lambda: self.callbacks.remove(callback)

    def publish(self, params):
        for callback in list(self.callbacks):
            callback(Notification("sections", params))


def test_an_attached_mirror_reports_a_missed_change_to_the_caller_not_only_to_stderr(capsys):
    client, errors = FakeClient(), []
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
def test_impossible_indices_are_refused(change):
    with pytest.raises(InvalidChanges):
        apply_section_changes([item(1), item(2)], change)


def test_another_sessions_notification_is_ignored():
    mirror = FeedMirror("s1")
    assert not mirror.apply({"session": "s2", "revision": 1, "sections": [{"items": [item(1)]}]})
    assert (mirror.revision, mirror.items) == (0, [])
