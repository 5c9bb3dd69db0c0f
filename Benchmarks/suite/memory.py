"""Figure 5: memory. RSS of an idle feedvm, with 1,000 live sessions of 100 items each (stub
source, one reload of a 100-item page), and after disposing them all (what was given back).
A second round of the same sessions tells retained-but-reusable memory from a leak: RSS that
stays flat was reused, RSS that grows again by the first round's amount leaked."""

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
    """Idle, loaded and disposed RSS; the loaded figure against the 150 MiB target."""
    sessions = context.size(1000, 10)
    items = context.size(100, 10)
    settle = 0.2 if context.smoke else 1.0
    with RawServer(context.feedvm_command()) as server:
        server.call("ping")
        idle = server.rss_bytes()
        names = load_sessions(server, sessions, items)
        server.call("ping")
        loaded = server.rss_bytes()
        dispose_all(server, names, settle)
        disposed = server.rss_bytes()
        names = load_sessions(server, sessions, items)
        reloaded = server.rss_bytes()
        dispose_all(server, names, settle)
        disposed_again = server.rss_bytes()
        peak = server.peak_rss_bytes()
    given_back = (loaded - disposed) / max(1, loaded - idle)
    growth = (reloaded - loaded) / max(1, loaded - idle)
    return [
        Row(SECTION, "RSS idle (after one ping)", mebibytes(idle)),
        Row(SECTION, f"RSS with {sessions:,} sessions x {items} items", mebibytes(loaded), "target",
            mebibytes(TARGET_BYTES), f"{loaded / TARGET_BYTES:.2f}x", "<= 1.00x",
            None if context.smoke else loaded <= TARGET_BYTES),
        Row(SECTION, "RSS after disposing them", mebibytes(disposed), "loaded - idle",
            mebibytes(loaded - idle), f"{given_back * 100:.0f}% given back"),
        Row(SECTION, f"RSS with a second round of sessions (peak {mebibytes(peak)})", mebibytes(reloaded),
            "first round", mebibytes(loaded), f"{growth * 100:+.0f}% of round 1"),
        Row(SECTION, "RSS after disposing the second round", mebibytes(disposed_again), "after round 1",
            mebibytes(disposed), f"{disposed_again / disposed:.2f}x"),
    ]
