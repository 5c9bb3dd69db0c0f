"""Figure 3: paging cost. With incremental sections a load-more should cost the same at page
100 as at page 2: the `sections` notification carries only the new page. Measured are the
notification's bytes and its latency (request written -> notification read) for page 2 and
page 100 of the stub source (10 items a page, 1,000 items), medians over fresh sessions; the
same in snapshot mode (full lists) beside it."""

from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median

SECTION = "3 paging"


def page_costs(server, total, page_size, pages, repeats):
    """``{page: (bytes, seconds)}`` medians over ``repeats`` sessions, for each page in ``pages``."""
    samples = {page: ([], []) for page in pages}
    for _ in range(repeats):
        session = server.call("transform", {"input": {"source": "stub", "total": total,
                                                      "pageSize": page_size, "hud": False}})["session"]
        server.call("requestCommand", {"session": session, "reload": True})
        for page in range(2, max(pages) + 1):
            server.notifications.clear()
            request_id = server.write("requestCommand", {"session": session, "reload": False})
            sent = server.last_sent
            answer = server.wait_for([request_id])[request_id].message
            if "error" in answer or answer["result"]["page"] != page:
                raise RuntimeError(f"load-more to page {page} answered {answer}")
            if page in samples:
                notification = next(line for line in server.notifications if line.method == "sections")
                samples[page][0].append(len(notification.raw) + 1)
                samples[page][1].append(notification.arrived - sent)
        server.call("dispose", {"session": session})
    return {page: (median(sizes), median(times)) for page, (sizes, times) in samples.items()}


def run(context):
    """Incremental rows against targets, snapshot rows beside them."""
    page_size = 10
    last = context.size(100, 3)
    total = max(1000, page_size * last) if not context.smoke else page_size * last
    repeats = context.size(11, 1)
    pages = (2, last)
    rows = []
    for mode, incremental in (("incremental", True), ("snapshot", False)):
        with RawServer(context.feedvm_command()) as server:
            server.call("initialize", {"capabilities": {"sections": {"incremental": incremental}}})
            costs = page_costs(server, total, page_size, pages, repeats)
        (small_bytes, small_time), (large_bytes, large_time) = costs[2], costs[last]
        bytes_ratio, time_ratio = large_bytes / small_bytes, large_time / small_time
        targets = incremental and not context.smoke
        rows.append(Row(SECTION, f"{mode}: sections bytes, page {last} vs page 2",
                        f"{large_bytes:,.0f} B", "page 2", f"{small_bytes:,.0f} B", ratio(bytes_ratio),
                        "<= 1.20x" if incremental else "", bytes_ratio <= 1.2 if targets else None))
        rows.append(Row(SECTION, f"{mode}: sections latency, page {last} vs page 2 (median of {repeats})",
                        milliseconds(large_time), "page 2", milliseconds(small_time), ratio(time_ratio),
                        "<= 1.50x" if incremental else "", time_ratio <= 1.5 if targets else None))
    return rows
