"""An independent reference model of a feed session's paging rules (protocol/ s. 6).

It is written from the rules, not from the Swift code, and knows nothing of timing: commands are
applied in arrival order (``reload``, ``load_more``, ``will_display``, ``switch``, ``dispose``),
and ``complete`` then lets every load in flight finish. The race test arranges that all commands
of a burst arrive while the burst's loads are in flight, which is exactly this model's world.

Each command yields an ``Expected`` answer for its request id; the test compares feedvm's
responses, its last ``sections`` and its last ``footerStatus`` with the model after each burst.

Rules modelled (stub source, whose catalog items of a category are ``"{category}-{n}"``, n from 1):
- reload: the first page replaces the list; it supersedes the load in flight, whose commands are
  answered -32800.
- load-more: the next page is appended (ids already in the list dropped); while a load is in
  flight it joins it (same result, no request of its own); after the end it answers
  ``hasMore: false`` at once and changes nothing.
- willDisplay(index): when ``index >= count - prefetchDistance`` and the end is not known, acts as
  a load-more; answered ``{"loadMore": bool, ...}`` (a result, even when its load fails; -32800
  is also accepted, since its image load may be cancelled by a later command of the burst).
  It reads the list, so it takes effect after the loads that arrived before it: while
  a reload is in flight, or a load-more when its row is not listed yet, it waits, and waiting
  ones run in arrival order as soon as that load ends (also when superseded, before what
  superseded it); a row gone by then is -32602. A waiting willDisplay can start a load-more.
- switch (updateInput with a category): cancels the load in flight (-32800), clears the list,
  resets paging, ``revision + 1``; loads nothing. The same category on a session that has loaded
  nothing and has nothing in flight changes nothing.
- dispose: cancels the load in flight (-32800), answers ``{}``; later commands get -32001.
- ``hasMore`` is ``count < total``; ``page`` is the number of pages the list holds; ``revision``
  counts list changes (one per successful load or switch).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

CANCELLED = -32800
INVALID_PARAMS = -32602
UNKNOWN_SESSION = -32001


@dataclass
class Expected:
    """What one request should be answered: a result (compared on the listed members) or an error code."""

    result: Optional[Dict[str, Any]] = None
    error: Optional[int] = None
    either_error: Tuple[int, ...] = ()
    """For answers the rules leave open: a result matching ``result`` or one of these error codes."""

    def mismatch(self, response: Dict[str, Any]) -> Optional[str]:
        """Why ``response`` does not fit, or ``None`` when it does."""
        if "error" in response:
            code = response["error"]["code"]
            if code == self.error or code in self.either_error:
                return None
            return f"got error {response['error']}, expected {self.describe()}"
        if self.result is None:
            return f"got result {response['result']}, expected {self.describe()}"
        got = response["result"]
        if not isinstance(got, dict):
            return f"got result {got!r}, expected {self.describe()}"
        differing = {key: (got.get(key), value) for key, value in self.result.items() if got.get(key) != value}
        return f"result members differ (got, expected): {differing}" if differing else None

    def describe(self) -> str:
        """A short human description."""
        if self.result is not None:
            return f"result {self.result}" + (f" or error {self.either_error}" if self.either_error else "")
        return f"error {self.error}"


@dataclass
class Load:
    """A load in flight: a reload or a load-more, and the requests waiting for it."""

    reload: bool
    commands: List[str] = field(default_factory=list)
    displays: List[str] = field(default_factory=list)


@dataclass
class SessionModel:
    """One session of the stub source."""

    category: str
    page_size: int
    total: int
    prefetch_distance: int = 3
    items: List[str] = field(default_factory=list)
    pages: int = 0
    ended: bool = False
    revision: int = 0
    in_flight: Optional[Load] = None
    waiting: List[Tuple[str, int]] = field(default_factory=list)
    """willDisplay requests (id, index) waiting for the load in flight, in arrival order."""
    disposed: bool = False

    def catalog_page(self, index: int) -> List[str]:
        """The ids of page ``index`` (from 0) of this session's catalog."""
        start = index * self.page_size
        return [f"{self.category}-{n + 1}" for n in range(start, min(start + self.page_size, self.total))]

    def footer(self) -> Dict[str, Any]:
        """The ``footerStatus`` a bound footer shows now."""
        return {"status": "footerStatus", "isHidden": not self.items, "isNoMoreData": self.ended}


class PagingModel:
    """Sessions by id, and the expected answer of every request made so far."""

    def __init__(self) -> None:
        self.sessions: Dict[str, SessionModel] = {}
        self.expected: Dict[str, Expected] = {}

    def add_session(self, session: str, category: str, page_size: int, total: int, prefetch_distance: int = 3) -> None:
        """A session just created by ``transform`` (revision 0, empty list)."""
        self.sessions[session] = SessionModel(category, page_size, total, prefetch_distance)

    # -- commands, in arrival order ------------------------------------------------------

    def reload(self, session: str, request: str) -> None:
        state = self._live(session, request)
        if state is None:
            return
        self._cancel_in_flight(state, (CANCELLED,))
        state.in_flight = Load(reload=True, commands=[request])

    def load_more(self, session: str, request: str) -> None:
        state = self._live(session, request)
        if state is None:
            return
        if state.in_flight is not None:
            state.in_flight.commands.append(request)
        elif state.ended:
            self.expected[request] = Expected(result=self._load_result(state))
        else:
            state.in_flight = Load(reload=False, commands=[request])

    def will_display(self, session: str, request: str, index: int) -> None:
        state = self._live(session, request)
        if state is None:
            return
        if state.waiting or not self._may_read(state, index):
            state.waiting.append((request, index))
            return
        self._display_now(state, request, index)

    def _display_now(self, state: SessionModel, request: str, index: int) -> None:
        if state.disposed:
            self.expected[request] = Expected(error=CANCELLED)
            return
        if not 0 <= index < len(state.items):
            self.expected[request] = Expected(error=INVALID_PARAMS)
            return
        wants_more = index >= len(state.items) - state.prefetch_distance and not state.ended
        if wants_more:
            if state.in_flight is None:
                state.in_flight = Load(reload=False)
            state.in_flight.displays.append(request)
        else:
            # Its image load may still be cancelled by a later reload, switch or dispose.
            self.expected[request] = Expected(result={"loadMore": False}, either_error=(CANCELLED,))

    def switch(self, session: str, request: str, category: str) -> None:
        state = self._live(session, request)
        if state is None:
            return
        if category == state.category and state.pages == 0 and state.in_flight is None:
            # The same input on an untouched session changes nothing (feedvm's rule; protocol/ is silent).
            self.expected[request] = Expected(result={"revision": state.revision})
            return
        self._cancel_in_flight(state, (CANCELLED,))
        state.category = category
        state.items, state.pages, state.ended = [], 0, False
        state.revision += 1
        self.expected[request] = Expected(result={"revision": state.revision})

    def dispose(self, session: str, request: str) -> None:
        state = self._live(session, request)
        if state is None:
            return
        state.disposed = True  # before the waiting readers run: they are answered -32800
        self._cancel_in_flight(state, (CANCELLED,))
        self.expected[request] = Expected(result={})

    # -- time passes ---------------------------------------------------------------------

    def complete(self) -> None:
        """Every load in flight ends successfully and answers its waiters, as do the loads that
        waiting willDisplays start when they run."""
        for state in self.sessions.values():
            while state.in_flight is not None:
                self._finish(state)
                self._release(state)

    def _finish(self, state: SessionModel) -> None:
        """The load in flight ends successfully."""
        load, state.in_flight = state.in_flight, None
        if load is None:
            return
        if load.reload:
            state.items = state.catalog_page(0)
            state.pages = 1
        else:
            known = set(state.items)
            state.items = state.items + [item for item in state.catalog_page(state.pages) if item not in known]
            state.pages += 1
        state.ended = len(state.items) >= state.total
        state.revision += 1
        for request in load.commands:
            self.expected[request] = Expected(result=self._load_result(state))
        for request in load.displays:
            self.expected[request] = Expected(result={"loadMore": True})

    # -- helpers -------------------------------------------------------------------------

    def is_live(self, session: str) -> bool:
        return session in self.sessions and not self.sessions[session].disposed

    def _live(self, session: str, request: str) -> Optional[SessionModel]:
        state = self.sessions.get(session)
        if state is None or state.disposed:
            self.expected[request] = Expected(error=UNKNOWN_SESSION)
            return None
        return state

    def _cancel_in_flight(self, state: SessionModel, codes: Tuple[int, ...]) -> None:
        """Cancels the load in flight; the willDisplays waiting for it run first, and a load one
        of them starts is cancelled in turn."""
        while state.in_flight is not None:
            load, state.in_flight = state.in_flight, None
            for request in load.commands:
                self.expected[request] = Expected(error=codes[0], either_error=codes)
            for request in load.displays:
                # willDisplay answers a result even when its load fails; a cancelled one may say -32800.
                self.expected[request] = Expected(result={"loadMore": True}, either_error=(CANCELLED,))
            self._release(state)

    @staticmethod
    def _may_read(state: SessionModel, index: int) -> bool:
        load = state.in_flight
        return load is None or state.disposed or (not load.reload and 0 <= index < len(state.items))

    def _release(self, state: SessionModel) -> None:
        """Runs the waiting willDisplays that may read now, in arrival order."""
        while state.waiting and self._may_read(state, state.waiting[0][1]):
            request, index = state.waiting.pop(0)
            self._display_now(state, request, index)

    @staticmethod
    def _load_result(state: SessionModel) -> Dict[str, Any]:
        return {"revision": state.revision, "count": len(state.items), "page": state.pages,
                "hasMore": not state.ended}
