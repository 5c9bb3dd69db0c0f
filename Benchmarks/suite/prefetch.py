"""Figure 11: ready on display. A scripted scroll through 1,000 rows of the fixture backend's
Unsplash dialect (JPEG photos) at 20 rows per second: `willDisplay` of each row in turn with
`maxPixelSize: 128` (a thumbnail made by the pipeline), the backend serving every image 50 ms
late, 6 connections per host. The figure is the share of rows whose thumbnail was already in
the cache when `willDisplay` reached it (its answer's `ready`), with image prefetch (the input's
default `prefetchImages`) against the same scroll without it (`prefetchImages: 0`), each on a
fresh feedvm with a cold cache; and the image GETs each made (prefetch must not download more).
"""

import time

from .fixture_backend import FixtureProcess
from .raw_client import RawServer
from .report import Row

SECTION = "11 prefetch"
RATE = 20
LATENCY_MS = 50
CONNECTIONS = 6
THUMBNAIL = 128
TARGET = 0.99


def scroll_input(backend, prefetch_images):
    """An Unsplash session of the backend; `prefetchImages` as given (None: the default)."""
    members = {"source": "unsplash", "baseURL": backend.url + "/unsplash/", "accessKey": "fixture-access-key",
               "pageSize": 30, "hud": False, "prefetchDistance": 10}
    if prefetch_images is not None:
        members["prefetchImages"] = prefetch_images
    return members


def scroll(context, backend, rows, prefetch_images):
    """(share of rows ready, image GETs, seconds the scroll ran late at most) of one scroll."""
    with RawServer(context.feedvm_command("--max-host-connections", str(CONNECTIONS))) as server:
        session = server.call("transform", {"input": scroll_input(backend, prefetch_images)})["session"]
        server.call("requestCommand", {"session": session, "reload": True})
        backend.reset()
        backend.set_fault(route="images", latency_ms=LATENCY_MS)
        ids, late = [], 0.0
        start = time.perf_counter()
        for row in range(rows):
            due = start + row / RATE
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            late = max(late, time.perf_counter() - due)
            ids.append(server.write("willDisplay", {"session": session, "index": row, "maxPixelSize": THUMBNAIL}))
        answers = server.wait_for(ids)
        failed = [answers[i].message["error"] for i in ids if "error" in answers[i].message]
        if failed:
            raise RuntimeError(f"willDisplay: {len(failed)} failed, first {failed[0]}")
        errors = [n.message["params"]["error"] for n in server.notifications
                  if n.method == "imageDownloaded" and "error" in n.message["params"]]
        if errors:
            raise RuntimeError(f"images: {len(errors)} failed, first {errors[0]}")
        ready = sum(1 for i in ids if answers[i].message["result"]["ready"])
        gets = backend.stats()["routes"].get("images", 0)
    return ready / rows, gets, late


def run(context):
    rows = context.size(1000, 40)
    with FixtureProcess({"total": rows + 30}, prewarm_images=not context.smoke) as backend:
        with_prefetch, gets_with, late_with = scroll(context, backend, rows, None)
        without, gets_without, late_without = scroll(context, backend, rows, 0)
    scrolled = f"{rows:,} rows at {RATE} rows/s, images {LATENCY_MS} ms away, {CONNECTIONS} connections"
    return [
        Row(SECTION, f"ready on display: {scrolled}, thumbnails of {THUMBNAIL} px", f"{with_prefetch:.1%}",
            "without prefetch (prefetchImages 0)", f"{without:.1%}", "", "", f">= {TARGET:.0%}",
            None if context.smoke else with_prefetch >= TARGET, headline="rows whose image was ready on display"),
        Row(SECTION, "image GETs of the scroll (prefetch downloads nothing extra)", f"{gets_with:,}",
            "without prefetch", f"{gets_without:,}"),
        Row(SECTION, "the script's worst lateness (load on the machine)", f"{late_with * 1000:.0f} ms",
            "without prefetch", f"{late_without * 1000:.0f} ms"),
    ]
