"""``FeedMirror``: a local copy of a session's sections.

A ``sections`` notification carries either a full snapshot::

    {"session": "s1", "revision": 7, "sections": [{"items": [item, ...]}, ...]}

or, for a client that sent ``initialize`` with
``capabilities: {"sections": {"incremental": true}}``, incremental changes
(protocol/README.md section 9; ``revision`` may sit beside ``changes``, as the
server sends it, or inside it)::

    {"session": "s1", "revision": 7, "changes": {
        "baseRevision": 6,
        "sections": [                      # one entry per section of the NEW list
            {"deleted":  [i, ...],                       # indices in the OLD items
             "inserted": [{"index": j, "item": {...}}],  # indices in the NEW items
             "moved":    [{"from": i, "to": j}],         # i in OLD, j in NEW
             "updated":  [{"index": j, "item": {...}}]}  # indices in the NEW items
        ]}}

Applying one section's change to its old items (section ``k`` of the old list,
or ``[]`` when the old list had fewer sections), as UIKit's batch updates and
RxDataSources do — deletes and move sources in old coordinates, inserts and move
destinations in new coordinates:

1. The new length is ``len(old) - len(deleted) + len(inserted)``.
2. ``new[to] = old[from]`` for every move; ``new[index] = item`` for every insert.
3. The old items neither deleted nor moved fill the remaining slots of ``new``
   in their old order.
4. ``new[index] = item`` for every update (new coordinates; a moved item whose
   content changed is moved *and* updated).

Sections of the old list beyond ``len(changes.sections)`` are dropped. Every
list member may be omitted when empty; a ``count`` that differs from the new length
refuses the change.

A new mirror stands where a new session does: revision 0, the one empty section of
``transform``'s output, so it follows a session from its first ``changes``
(``baseRevision: 0``). ``baseRevision`` must equal the mirror's revision, otherwise
the mirror has missed a change (protocol/README.md section 9 calls that a bug): the
change is refused with :class:`MirrorOutOfSync` and the mirror is left unchanged. The
protocol has no request for a snapshot, so the mirror cannot heal itself at once: it
stays *out of sync* and reading ``sections`` or ``items`` raises that error (an
attached mirror also passes it to ``on_error``) until the next full snapshot
(a reload that replaces items, ``updateInput``) puts it back in step.

protocol/vectors/sections.json holds worked cases of this format, which the server's tests
and every client's (this one's in tests/test_protocol_vectors.py) check.
"""

from typing import Any, Callable, Dict, List, Optional, Sequence

__all__ = ["FeedMirror", "MirrorOutOfSync", "InvalidChanges", "apply_section_changes"]

Item = Dict[str, Any]
Sections = List[List[Item]]


class MirrorOutOfSync(ValueError):
    """A change's ``baseRevision`` is not the mirror's revision."""


class InvalidChanges(ValueError):
    """A change set's indices do not describe a valid edit of the old list."""


def apply_section_changes(old: Sequence[Item], change: Dict[str, Any]) -> List[Item]:
    """The new items of one section (rules 1-4 of the module docstring)."""
    deleted = list(change.get("deleted", ()))
    inserted = list(change.get("inserted", ()))
    moved = list(change.get("moved", ()))
    updated = list(change.get("updated", ()))
    removed = set(deleted) | {move["from"] for move in moved}
    if len(removed) != len(deleted) + len(moved) or any(not 0 <= i < len(old) for i in removed):
        raise InvalidChanges(f"bad deleted/moved indices for {len(old)} old items: {change!r}")
    size = len(old) - len(deleted) + len(inserted)
    slots: List[Optional[Item]] = [None] * size
    filled = [False] * size

    def place(index: int, item: Item) -> None:
        if not 0 <= index < size or filled[index]:
            raise InvalidChanges(f"bad destination index {index} (new size {size}): {change!r}")
        slots[index] = item
        filled[index] = True

    for move in moved:
        place(move["to"], old[move["from"]])
    for insert in inserted:
        place(insert["index"], insert["item"])
    kept = iter(item for position, item in enumerate(old) if position not in removed)
    for position in range(size):
        if not filled[position]:
            slots[position] = next(kept)
    for update in updated:
        index = update["index"]
        if not 0 <= index < size:
            raise InvalidChanges(f"bad update index {index} (new size {size}): {change!r}")
        slots[index] = update["item"]
    if change.get("count", size) != size:
        raise InvalidChanges(f"the section holds {size} items, the server counts {change['count']}: {change!r}")
    return [item for item in slots if item is not None]


class FeedMirror:
    """Keeps ``sections`` (a list of item lists) and ``revision`` in step with the server.

    Feed it every ``sections`` notification of one session, from ``transform`` on,
    through :meth:`apply`, or let :meth:`attach` subscribe it to a client.
    """

    def __init__(self, session: Optional[str] = None) -> None:
        self.session = session
        self.revision: Optional[int] = 0
        self._sections: Sections = [[]]  # transform's output: revision 0, one empty section
        #: Why the mirror is out of sync (a refused change), ``None`` while it is in step.
        self.out_of_sync: Optional[MirrorOutOfSync] = None

    @property
    def sections(self) -> Sections:
        """The sections' items; raises :class:`MirrorOutOfSync` while the mirror is out of sync."""
        if self.out_of_sync is not None:
            raise self.out_of_sync
        return self._sections

    @property
    def items(self) -> List[Item]:
        """All items, sections concatenated (the usual single-section feed)."""
        return [item for section in self.sections for item in section]

    def apply(self, params: Dict[str, Any]) -> bool:
        """Apply a ``sections`` notification's params; ``False`` if it is another session's.

        Raises :class:`MirrorOutOfSync` for a change on another revision (see the module
        docstring) and :class:`InvalidChanges` for impossible indices.
        """
        if self.session is not None and params.get("session") not in (None, self.session):
            return False
        if "changes" in params:
            changes = dict(params["changes"])
            changes.setdefault("revision", params.get("revision"))
            self.apply_changes(changes)
        else:
            self.apply_snapshot(params["revision"], params["sections"])
        return True

    def apply_snapshot(self, revision: Optional[int], sections: Sequence[Dict[str, Any]]) -> None:
        """Replace everything with a full snapshot (``[{"items": [...]}, ...]``); back in sync."""
        self._sections = [list(section.get("items", ())) for section in sections]
        self.revision = revision
        self.out_of_sync = None

    def apply_changes(self, changes: Dict[str, Any]) -> None:
        """Apply an incremental change set; atomic (nothing changes if it fails).

        A change on another revision than the mirror's marks the mirror out of sync and
        raises :class:`MirrorOutOfSync`; impossible indices mark it too and raise
        :class:`InvalidChanges`.
        """
        base = changes.get("baseRevision")
        if self.out_of_sync is not None or base != self.revision:
            state = "already out of sync" if self.out_of_sync else f"at revision {self.revision}"
            self.out_of_sync = MirrorOutOfSync(
                f"session {self.session}: change {base} -> {changes.get('revision')} refused, the "
                f"mirror is {state}; it is stale until the next full snapshot")
            raise self.out_of_sync
        old = self._sections
        try:
            self._sections = [apply_section_changes(old[k] if k < len(old) else [], change)
                              for k, change in enumerate(changes.get("sections", ()))]
        except InvalidChanges as error:
            self.out_of_sync = MirrorOutOfSync(f"change to revision {changes.get('revision')} "
                                               f"refused: {error}")
            raise
        self.revision = changes.get("revision")

    def attach(self, client: Any,
               on_error: Optional[Callable[[Exception], None]] = None) -> Callable[[], None]:
        """Subscribe to ``client``'s ``sections`` notifications; returns the unsubscribe.

        Notifications arrive on the client's reader thread, so a refused change cannot be
        raised to you there: it goes to ``on_error(error)`` (if given) and reading
        ``sections``/``items`` raises it until the next snapshot.
        """
        def follow(note: Any) -> None:
            try:
                self.apply(note.params)
            except (MirrorOutOfSync, InvalidChanges) as error:
                if on_error is not None:
                    on_error(error)

        unsubscribe: Callable[[], None] = client.on("sections", follow)
        return unsubscribe
