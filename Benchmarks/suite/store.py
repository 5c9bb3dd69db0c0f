"""Figure 10: the feed store (`--store`). Three figures:

- opening a saved feed: `transform` of a stub feed of 1,000 stored items (pages of 100), stamped
  before the request is written, answered with the 1,000 items (younger than `staleAfterMs`, so
  no reload replaces them for the next round); against `transform` of a feed the store does not
  hold, in the same process. Target: under 20 ms.
- growth: the store file's bytes per stored item (checkpointed, 10,000 items), against the
  items' compact JSON as feedvm sends them.
- write cost: a load-more's latency (request written -> answer read) with the store against
  `--store none`, 100 pages of 20, the two feedvms' pages interleaved in each round; and the
  resident memory the store adds to that process (SQLite's code touched, its page cache of
  512 KiB, statements): a per-process cost, not a per-session one, which is why section 3
  measures a session's memory with `--store none`."""

import json
import os
import sqlite3
import tempfile

from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median, spread

SECTION = "10 store"


def fill(context, store, total, page_size):
    """Loads a stub feed of ``total`` items into ``store`` (then the process ends)."""
    with RawServer(context.feedvm_command("--store", store)) as server:
        session = server.call("transform", {"input": {"total": total, "pageSize": page_size, "hud": False}})["session"]
        result = server.call("requestCommand", {"session": session, "reload": True})
        while result["hasMore"]:
            result = server.call("requestCommand", {"session": session, "reload": False})
        return result["count"]


def timed_transform(server, feed):
    """Seconds from writing `transform {feed}` to reading its answer, and the answer's output."""
    request_id = server.write("transform", {"input": feed})
    sent = server.last_sent
    line = server.wait_for([request_id])[request_id]
    return line.arrived - sent, line.message["result"]["output"]


def opening(context, rounds):
    """Rows: transform of a 1,000-item stored feed vs of a feed the store lacks."""
    total = context.size(1_000, 100)
    store = os.path.join(tempfile.mkdtemp(dir=context.scratch), "feeds.sqlite")
    fill(context, store, total, 100)
    stored, empty = [], []
    for _ in range(rounds):
        with RawServer(context.feedvm_command("--store", store)) as server:
            server.call("ping")
            seconds, output = timed_transform(server, {"total": total, "pageSize": 100, "hud": False, "staleAfterMs": 86_400_000})
            if len(output["sections"][0]["items"]) != total:
                raise RuntimeError(f"the stored feed did not open: {len(output['sections'][0]['items'])} items")
            stored.append(seconds)
            seconds, _ = timed_transform(server, {"total": total + 1, "pageSize": 100, "hud": False, "staleAfterMs": 86_400_000})
            empty.append(seconds)
    ratios = [ours / theirs for ours, theirs in zip(stored, empty)]
    return Row(SECTION, f"transform to first rows of a {total:,}-item stored feed, median of {rounds} rounds",
               milliseconds(median(stored)), "transform of a feed not stored", milliseconds(median(empty)),
               ratio(median(ratios)), spread(ratios), "< 20 ms", median(stored) < 0.020 if not context.smoke else None,
               headline=f"`transform` to first rows of a {total:,}-item stored feed")


def growth(context):
    """Row: store bytes per item vs the items' compact JSON."""
    total = context.size(10_000, 200)
    store = os.path.join(tempfile.mkdtemp(dir=context.scratch), "feeds.sqlite")
    fill(context, store, total, 100)
    connection = sqlite3.connect(store)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    size = os.path.getsize(store)
    with RawServer(context.feedvm_command("--store", store)) as server:
        feed = {"total": total, "pageSize": 100, "hud": False, "staleAfterMs": 86_400_000}
        items = server.call("transform", {"input": feed})["output"]["sections"][0]["items"]
    json_bytes = sum(len(json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode()) for item in items)
    return Row(SECTION, f"store file per item ({total:,} stub items, checkpointed)", f"{size / total:,.0f} B",
               "the item's compact JSON", f"{json_bytes / total:,.0f} B", ratio(size / json_bytes), "", "", None)


def write_cost(context, rounds):
    """Rows: load-more latency with the store vs without; the memory the store adds."""
    pages, page_size = context.size(100, 5), 20
    ratios, with_store, without, added_memory = [], [], [], []
    for _ in range(rounds):
        store = os.path.join(tempfile.mkdtemp(dir=context.scratch), "feeds.sqlite")
        with RawServer(context.feedvm_command("--store", store)) as stored, \
                RawServer(context.feedvm_command("--store", "none")) as plain:
            for server in (stored, plain):
                server.call("ping")
            resident_before = [server.rss_bytes() for server in (stored, plain)]
            sessions = []
            for server in (stored, plain):
                session = server.call("transform", {"input": {"total": pages * page_size + page_size, "pageSize": page_size,
                                                               "hud": False}})["session"]
                server.call("requestCommand", {"session": session, "reload": True})
                sessions.append(session)
            costs = ([], [])
            for _ in range(pages):
                for index, server in enumerate((stored, plain)):
                    request_id = server.write("requestCommand", {"session": sessions[index], "reload": False})
                    sent = server.last_sent
                    costs[index].append(server.wait_for([request_id])[request_id].arrived - sent)
                    server.notifications.clear()
            growth_with, growth_without = (server.rss_bytes() - before for server, before in zip((stored, plain), resident_before))
            added_memory.append(growth_with - growth_without)
        with_store.append(median(costs[0]))
        without.append(median(costs[1]))
        ratios.append(with_store[-1] / without[-1])
    return [
        Row(SECTION, f"load-more latency with the store ({pages} pages of {page_size}), median of {rounds} rounds",
            milliseconds(median(with_store)), "--store none", milliseconds(median(without)), ratio(median(ratios)),
            spread(ratios), "", None),
        Row(SECTION, f"resident memory the store adds to a process, opened and paged {pages} pages, median of {rounds} rounds",
            f"{median(added_memory) / 1e6:.2f} MB", "", "", "", "", "", None),
    ]


def run(context):
    rounds = context.size(9, 1)
    return [opening(context, rounds), growth(context), *write_cost(context, context.size(5, 1))]
