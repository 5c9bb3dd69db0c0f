"""Figure 3: paging cost at scale. A stub session is paged to 10,000 items (20 a page, 500
load-mores) with incremental `sections`; a load-more should cost the same at page 500 as at
page 2, since the notification carries only the new page. Per round (a fresh feedvm and
session): the median bytes and latency (request stamped before it is written -> `sections`
notification read) of pages 476-500 against pages 2-26, and the session's resident memory
(RSS after paging - RSS before `transform`, with `--store none`: the store's memory is the
process's, section 10) against the compact JSON of its items. Rounds give
the spread; the figure is the median of the rounds' ratios.

Beside it, snapshot mode (every notification carries the whole list) at 1,000 items, to show
what incremental notifications save; it has no target."""

import json
from collections import namedtuple

from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median, spread

SECTION = "3 paging"

#: One round: median bytes and seconds of the early and late pages' notifications, the session's
#: RSS growth and the compact JSON bytes of its items.
RoundResult = namedtuple("RoundResult", "early_bytes early_seconds late_bytes late_seconds resident json_bytes")


def compact_json_bytes(items):
    """Bytes of the items as compact JSON (no spaces, UTF-8)."""
    return sum(len(json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode()) for item in items)


def new_items(notification, incremental):
    """The items a `sections` notification adds."""
    params = notification.message["params"]
    if incremental and "changes" in params:
        return [insertion["item"] for insertion in params["changes"]["sections"][0]["inserted"]]
    return params["sections"][0]["items"]


def page_through(server, total, page_size, incremental, early, late):
    """Pages one session to ``total`` items; returns ``(costs, item_json_bytes)`` where costs maps
    "early"/"late" to lists of (bytes, seconds) of the pages in those ranges."""
    session = server.call("transform", {"input": {"source": "stub", "total": total, "pageSize": page_size,
                                                  "hud": False}})["session"]
    server.notifications.clear()
    server.call("requestCommand", {"session": session, "reload": True})
    json_bytes = sum(compact_json_bytes(new_items(line, incremental)) for line in server.notifications
                     if line.method == "sections")
    costs = {"early": [], "late": []}
    for page in range(2, total // page_size + 1):
        server.notifications.clear()
        request_id = server.write("requestCommand", {"session": session, "reload": False})
        sent = server.last_sent
        answer = server.wait_for([request_id])[request_id].message
        if "error" in answer or answer["result"]["page"] != page:
            raise RuntimeError(f"load-more to page {page} answered {answer}")
        notification = next(line for line in server.notifications if line.method == "sections")
        json_bytes += compact_json_bytes(new_items(notification, incremental))
        for name, pages in (("early", early), ("late", late)):
            if page in pages:
                costs[name].append((len(notification.raw) + 1, notification.arrived - sent))
    return session, costs, json_bytes


def one_round(context, total, page_size, incremental, early, late):
    """One fresh feedvm paging one session: a ``RoundResult``."""
    # Without the feed store: its memory is the process's, not the session's (section 10).
    with RawServer(context.feedvm_command("--store", "none")) as server:
        server.call("initialize", {"capabilities": {"sections": {"incremental": incremental}}})
        server.call("ping")
        before = server.rss_bytes()
        _, costs, json_bytes = page_through(server, total, page_size, incremental, early, late)
        server.call("ping")
        resident = server.rss_bytes() - before
    figures = [median([cost[index] for cost in costs[name]]) for name in ("early", "late") for index in (0, 1)]
    return RoundResult(*figures, resident, json_bytes)


def pages_label(pages):
    """``page 7`` or ``pages 2-26``."""
    return f"page {pages.start}" if len(pages) == 1 else f"pages {pages.start}-{pages.stop - 1}"


def rows_for(mode, rounds, results, early, late, targets):
    """Bytes and latency rows of one mode."""
    first, last = pages_label(early), pages_label(late)
    rows = []
    for what, field, target in (("bytes", "bytes", 1.2), ("latency", "seconds", 1.2)):
        late_values = [getattr(result, "late_" + field) for result in results]
        early_values = [getattr(result, "early_" + field) for result in results]
        ratios = [late_value / early_value for late_value, early_value in zip(late_values, early_values)]
        ours, theirs = median(late_values), median(early_values)
        shown = (f"{ours:,.0f} B", f"{theirs:,.0f} B") if field == "bytes" else (milliseconds(ours), milliseconds(theirs))
        rows.append(Row(SECTION, f"{mode}: sections {what}, {last} vs {first}, median of {rounds} rounds",
                        shown[0], first, shown[1], ratio(median(ratios)), spread(ratios),
                        f"<= {target:.2f}x" if targets else "", median(ratios) <= target if targets else None,
                        headline=f"`sections` {what} of {last} vs {first} (incremental)" if targets else None))
    return rows


def run(context):
    """Incremental rows at 10,000 items with targets; snapshot rows at 1,000 items beside them."""
    rows = []
    rounds = context.size(5, 1)
    total, page_size = context.size(10_000, 60), 20
    pages = total // page_size
    early, late = range(2, min(27, pages + 1)), range(max(2, pages - 24), pages + 1)
    results = [one_round(context, total, page_size, True, early, late) for _ in range(rounds)]
    targets = not context.smoke
    rows += rows_for("incremental", rounds, results, early, late, targets)
    per_json = [result.resident / result.json_bytes for result in results]
    rows.append(Row(SECTION, f"memory of a {total:,}-item session (RSS growth), median of {rounds} rounds",
                    f"{median([r.resident for r in results]) / 1e6:.2f} MB", "compact JSON of its items",
                    f"{median([r.json_bytes for r in results]) / 1e6:.2f} MB", ratio(median(per_json)), spread(per_json),
                    "<= 3.00x", median(per_json) <= 3.0 if targets else None,
                    headline=f"memory of a {total:,}-item session vs the JSON of its items"))
    snapshot_total, snapshot_size = context.size(1_000, 30), 10
    snapshot_pages = snapshot_total // snapshot_size
    snapshot_rounds = context.size(3, 1)
    first, last = range(2, 3), range(snapshot_pages, snapshot_pages + 1)
    results = [one_round(context, snapshot_total, snapshot_size, False, first, last) for _ in range(snapshot_rounds)]
    rows += rows_for("snapshot", snapshot_rounds, results, first, last, False)
    return rows
