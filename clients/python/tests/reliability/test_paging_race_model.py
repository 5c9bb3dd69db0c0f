"""Race model check: random bursts of commands against feedvm and against the model.

A seeded random sequence of reload, load-more, category switch, willDisplay and dispose over a
few stub sessions, each with its own random latency (``stubDelayMs``). Each burst is written in
one write, so all of it arrives while the burst's loads are in flight (every latency is far
longer than reading a burst); then every response of the burst is awaited and compared with
``reliability_model.PagingModel``: each response, each session's last ``sections`` (revision and
item ids) and last ``footerStatus``. No response may be missing, and nothing may be sent for a
session after its ``dispose`` was answered.

Left out on purpose: a load-more while a reload is in flight *after* the end of the list (the
rules do not say whether it joins the reload or answers ``hasMore: false`` at once).
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, Dict, List, Optional, Tuple

from reliability_corpus import encode
from reliability_figures import add_figure
from reliability_model import PagingModel
from reliability_wire import FeedvmProcess

CATEGORIES = ["all", "Android", "iOS", "welfare"]
SESSIONS = 3
MIN_DELAY_MS = 150
MAX_DELAY_MS = 400


class RaceRun:
    """feedvm and the model, driven with the same commands."""

    def __init__(self, process: FeedvmProcess, rng: random.Random) -> None:
        self.process = process
        self.rng = rng
        self.model = PagingModel()
        self.ids = itertools.count(1)
        self.disposed_at: Dict[str, int] = {}
        self.steps = 0

    def new_session(self) -> str:
        page_size = self.rng.randint(2, 10)
        total = self.rng.choice([0, 1, page_size, page_size * 2, self.rng.randint(1, 40)])
        category = self.rng.choice(CATEGORIES)
        delay = self.rng.randint(MIN_DELAY_MS, MAX_DELAY_MS)
        result = self.process.call("transform", {"input": {
            "source": "stub", "category": category, "pageSize": page_size, "total": total,
            "stubDelayMs": delay, "hud": self.rng.random() < 0.5}})
        session: str = result["session"]
        self.process.call("bindRefreshStatus", {"session": session, "header": True, "footer": True})
        self.model.add_session(session, category, page_size, total)
        return session

    def live_sessions(self) -> List[str]:
        return [session for session in self.model.sessions if self.model.is_live(session)]

    def command(self, session: str) -> Tuple[str, str, Dict[str, Any]]:
        """Picks one command for ``session``, applies it to the model, returns (id, method, params)."""
        state = self.model.sessions[session]
        request = f"race-{next(self.ids)}"
        rule_gap = state.ended and state.in_flight is not None and state.in_flight.reload
        choices = ["reload", "switch", "dispose"] + ([] if rule_gap else ["more", "more", "more"])
        if state.items and not rule_gap:
            choices += ["display", "display"]
        if not self.model.is_live(session):
            choices = ["reload", "more"]
        operation = self.rng.choices(choices)[0] if self.rng.random() > 0.03 else "dispose"
        if operation == "dispose" and not self.model.is_live(session):
            operation = "reload"
        if operation == "reload":
            self.model.reload(session, request)
            return request, "requestCommand", {"session": session, "reload": True}
        if operation == "more":
            self.model.load_more(session, request)
            return request, "requestCommand", {"session": session, "reload": False}
        if operation == "display":
            index = self.rng.randrange(len(state.items))
            self.model.will_display(session, request, index)
            return request, "willDisplay", {"session": session, "index": index}
        if operation == "switch":
            category = self.rng.choice(CATEGORIES)
            self.model.switch(session, request, category)
            return request, "updateInput", {"session": session, "input": {"category": category}}
        self.model.dispose(session, request)
        return request, "dispose", {"session": session}

    def burst(self) -> None:
        while len(self.live_sessions()) < SESSIONS:
            self.new_session()
        sessions = list(self.model.sessions)
        commands = [self.command(self.rng.choice(self.live_sessions() or sessions))
                    for _ in range(self.rng.randint(1, 6))]
        if self.disposed_at and self.rng.random() < 0.1:
            commands.append(self.command(self.rng.choice(list(self.disposed_at))))
        lines = [encode({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
                 for ident, method, params in commands]
        self.process.send_lines(lines, max_message_bytes=1 << 24)
        self.process.wait_until(lambda: all(self.process.responses(ident) for ident, _, _ in commands), 60,
                                f"the responses of burst {[(m, p) for _, m, p in commands]}")
        self.model.complete()
        self.steps += len(commands)
        for ident, method, params in commands:
            [response] = self.process.responses(ident)
            problem = self.model.expected[ident].mismatch(response)
            assert problem is None, f"{method} {params} (id {ident}): {problem}\n{self.history()}"
            if method == "dispose" and "result" in response:
                self.disposed_at.setdefault(params["session"], self.position_of(ident))
        self.check_sessions()

    def position_of(self, ident: str) -> int:
        for position, message in enumerate(self.process.messages):
            if message.get("id") == ident and "method" not in message:
                return position
        raise AssertionError(f"no response {ident}")

    def check_sessions(self) -> None:
        messages = list(self.process.messages)
        for session in self.model.sessions:
            statuses = [m["params"]["status"] for m in messages
                        if m.get("method") == "refreshStatus" and m["params"]["session"] == session]
            problem = unpaired(statuses)
            assert problem is None, f"session {session}: {problem} in {statuses}\n{self.history()}"
        for session, state in self.model.sessions.items():
            if session in self.disposed_at:
                late = [m for m in messages[self.disposed_at[session] + 1:]
                        if "method" in m and (m.get("params") or {}).get("session") == session]
                assert not late, f"sent for disposed session {session}: {late[:3]}"
                continue
            mine = [m for m in messages if "method" in m and (m.get("params") or {}).get("session") == session]
            sections = [m["params"] for m in mine if m["method"] == "sections"]
            if sections:
                last = sections[-1]
                ids = [item["id"] for section in last["sections"] for item in section["items"]]
                assert (last["revision"], ids) == (state.revision, state.items), \
                    f"session {session}: sections {last['revision']} {ids} != model {state.revision} {state.items}"
            footers = [m["params"] for m in mine if m["method"] == "refreshStatus" and m["params"]["status"] == "footerStatus"]
            if footers:
                last_footer = {key: footers[-1].get(key) for key in ("status", "isHidden", "isNoMoreData")}
                assert last_footer == state.footer(), f"session {session}: footer {last_footer} != model {state.footer()}"

    def history(self) -> str:
        tail = self.process.messages[-12:]
        return "last messages:\n" + "\n".join(json.dumps(m)[:300] for m in tail)


def unpaired(statuses: List[str]) -> Optional[str]:
    """The first broken pair of ``statuses`` (one session's, in order, all its commands answered):
    every ``beingHeaderRefresh`` ends with ``endHeaderRefresh`` and every ``beingFooterRefresh``
    with ``endFooterRefresh`` or ``noMoreData`` before the next ``being…`` of that control, and
    none is left open (protocol/README.md section 5)."""
    open_controls = {"header": False, "footer": False}
    ends = {"endHeaderRefresh": "header", "endFooterRefresh": "footer", "noMoreData": "footer"}
    for position, status in enumerate(statuses):
        control = {"beingHeaderRefresh": "header", "beingFooterRefresh": "footer"}.get(status)
        if control is not None:
            if open_controls[control]:
                return f"{status} at {position} while the {control} still spins"
            open_controls[control] = True
        elif status in ends:
            open_controls[ends[status]] = False
    left = [control for control, spinning in open_controls.items() if spinning]
    return f"the {' and '.join(left)} never stopped" if left else None


def test_pairing_rule_finds_a_missing_end() -> None:
    assert unpaired(["beingHeaderRefresh", "endHeaderRefresh", "footerStatus"]) is None
    assert unpaired(["beingFooterRefresh", "noMoreData", "footerStatus"]) is None
    assert unpaired(["beingHeaderRefresh", "beingHeaderRefresh", "endHeaderRefresh"]) is not None
    assert unpaired(["beingFooterRefresh", "beingHeaderRefresh", "endHeaderRefresh"]) is not None


def test_random_bursts_match_the_reference_model(feed_methods: str, large: bool, seed: int) -> None:
    steps = 1200 if large else 200
    rng = random.Random(seed)
    with FeedvmProcess(feed_methods) as process:
        run = RaceRun(process, rng)
        while run.steps < steps:
            run.burst()
        assert process.violations == []
        assert process.finish() == 0
        assert process.ledger.problems(final=True) == []
    add_figure("race model steps checked", run.steps)
