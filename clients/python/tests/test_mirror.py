"""FeedMirror: snapshots and incremental changes give the same list."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from feedvm import FeedMirror, InvalidChanges, MirrorOutOfSync, compute_changes
from feedvm.mirror import apply_section_changes


def item(key, version=0):
    return {"id": f"i{key}", "title": f"item {key} v{version}", "imageURL": f"https://x/{key}.png"}


@st.composite
def section(draw):
    keys = draw(st.lists(st.integers(0, 40), unique=True, max_size=25))
    return [item(key, draw(st.integers(0, 2))) for key in keys]


feeds = st.lists(st.lists(section(), min_size=0, max_size=3), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(feeds)
def test_snapshots_and_incremental_changes_give_the_same_list(states):
    by_snapshot, by_changes = FeedMirror("s1"), FeedMirror("s1")
    by_snapshot.apply({"session": "s1", "revision": 0, "sections": []})
    by_changes.apply({"session": "s1", "revision": 0, "sections": []})
    previous = []
    for revision, state in enumerate(states, start=1):
        by_snapshot.apply({"session": "s1", "revision": revision,
                           "sections": [{"items": items} for items in state]})
        changes = compute_changes(previous, state, revision - 1, revision)
        if revision % 2:  # the server's placement: revision beside the changes
            changes.pop("revision")
        by_changes.apply({"session": "s1", "revision": revision, "changes": changes})
        assert by_changes.sections == by_snapshot.sections == state
        assert by_changes.revision == by_snapshot.revision == revision
        previous = state


def test_a_worked_example_of_the_documented_format():
    old = [item(k) for k in "abcde"]
    change = {"deleted": [1], "moved": [{"from": 4, "to": 0}],
              "inserted": [{"index": 2, "item": item("x")}],
              "updated": [{"index": 4, "item": item("d", 1)}]}
    new = apply_section_changes(old, change)
    assert [i["id"] for i in new] == ["ie", "ia", "ix", "ic", "id"]
    assert new[4] == item("d", 1)


def test_a_change_on_the_wrong_base_revision_is_refused_and_changes_nothing():
    mirror = FeedMirror()
    mirror.apply_snapshot(3, [{"items": [item(1)]}])
    with pytest.raises(MirrorOutOfSync):
        mirror.apply_changes({"revision": 5, "baseRevision": 4, "sections": [{}]})
    assert (mirror.revision, mirror.items) == (3, [item(1)])


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
    assert mirror.items == []
