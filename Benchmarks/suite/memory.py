"""Figure 5: memory. RSS of an idle feedvm, then rounds of 1,000 live sessions of 100 items each
(stub source, one reload of a 100-item page) each disposed at the end of its round. Every round
is held to the target, and so is the peak RSS of the whole run (transients included). What
disposing gives back, and whether later rounds grow, tell retained-but-reusable memory from a
leak: a leak would grow every round by the first round's amount."""

import time

from .raw_client import RawServer
from .report import Row, mebibytes

SECTION = "5 memory"
TARGET_BYTES = 150 << 20


def load_sessions(server, sessions, items):
    """Creates ``sessions`` sessions and reloads each to ``items`` items; returns their ids."""
    created = server.wait_for(server.write_many(
        [("transform", {"input": {"source": "stub", "total": items, "pageSize": items, "hud": False}})] * sessions))
    names = [line.message["result"]["session"] for line in created.values()]
    answers = server.wait_for(server.write_many(
        [("requestCommand", {"session": name, "reload": True}) for name in names]))
    counts = {line.message.get("result", {}).get("count") for line in answers.values()}
    if counts != {items}:
        raise RuntimeError(f"sessions loaded {counts} items, expected {items}")
    server.notifications.clear()
    return names


def dispose_all(server, names, settle):
    """Disposes the sessions and waits ``settle`` seconds for their queues to wind down."""
    server.wait_for(server.write_many([("dispose", {"session": name}) for name in names]))
    time.sleep(settle)
    server.call("ping")


def run(context):
    """Idle; loaded and disposed RSS of each round against the 150 MiB target; the peak."""
    sessions = context.size(1000, 10)
    items = context.size(100, 10)
    rounds = context.size(3, 2)
    settle = 0.2 if context.smoke else 1.0
    targets = not context.smoke
    loaded, disposed = [], []
    with RawServer(context.feedvm_command()) as server:
        server.call("ping")
        idle = server.rss_bytes()
        for _ in range(rounds):
            names = load_sessions(server, sessions, items)
            server.call("ping")
            loaded.append(server.rss_bytes())
            dispose_all(server, names, settle)
            disposed.append(server.rss_bytes())
        peak = server.peak_rss_bytes()
    rows = [Row(SECTION, "RSS idle (after one ping)", mebibytes(idle))]
    for index, (held, left) in enumerate(zip(loaded, disposed)):
        # A leak would add round 1's whole growth again in every round.
        growth = "" if index == 0 else f" ({(held - loaded[0]) / max(1, loaded[0] - idle) * 100:+.0f}% of round 1's growth)"
        rows.append(Row(SECTION, f"round {index + 1}: RSS with {sessions:,} sessions x {items} items{growth}",
                        mebibytes(held), "target", mebibytes(TARGET_BYTES), f"{held / TARGET_BYTES:.2f}x", "",
                        "<= 1.00x", held <= TARGET_BYTES if targets else None))
        rows.append(Row(SECTION, f"round {index + 1}: RSS after disposing them", mebibytes(left), "loaded - idle",
                        mebibytes(held - idle), f"{(held - left) / max(1, held - idle) * 100:.0f}% given back"))
    rows.append(Row(SECTION, f"peak RSS over the {rounds} rounds", mebibytes(peak), "target", mebibytes(TARGET_BYTES),
                    f"{peak / TARGET_BYTES:.2f}x", "", "<= 1.00x", peak <= TARGET_BYTES if targets else None,
                    headline=f"{sessions:,} sessions x {items} items, peak of {rounds} rounds"))
    return rows
