"""Figure 4: end to end on loopback. `requestCommand {reload: true}` of a gank session against
the fixture backend (one GET of page 1 each) against a bare keep-alive HTTP GET of the same
page from the same client: the difference is what feedvm adds (parse, map, notify, answer)."""

import http.client
import time
from urllib.parse import urlsplit

from .fixture_backend import FixtureProcess
from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import percentile

SECTION = "4 end to end"


def feedvm_latencies(context, backend, count):
    """Seconds per reload, request written -> response read."""
    samples = []
    with RawServer(context.feedvm_command()) as server:
        session = server.call("transform", {"input": backend.gank_input(category="Android", pageSize=10)})["session"]
        server.call("requestCommand", {"session": session, "reload": True})  # warm the connection
        for _ in range(count):
            request_id = server.write("requestCommand", {"session": session, "reload": True})
            sent = server.last_sent
            answer = server.wait_for([request_id])[request_id]
            if "error" in answer.message:
                raise RuntimeError(f"reload failed: {answer.message['error']}")
            samples.append(answer.arrived - sent)
            server.notifications.clear()
    return samples


def get_latencies(backend, count):
    """Seconds per GET of the same page over one keep-alive connection, body read and parsed."""
    import json
    parts = urlsplit(backend.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    path = "/gank/api/data/Android/10/1"
    samples = []
    for index in range(count + 1):
        start = time.perf_counter()
        connection.request("GET", path)
        answer = connection.getresponse()
        json.loads(answer.read())
        if index:  # the first opens the connection
            samples.append(time.perf_counter() - start)
    connection.close()
    return samples


def run(context):
    """p50 and p99 of both, and the ratio."""
    count = context.size(300, 5)
    with FixtureProcess() as backend:
        ours = feedvm_latencies(context, backend, count)
        bare = get_latencies(backend, count)
    rows = []
    for label, fraction in (("p50", 0.5), ("p99", 0.99)):
        mine, theirs = percentile(ours, fraction), percentile(bare, fraction)
        rows.append(Row(SECTION, f"requestCommand reload {label} ({count} loads), added {milliseconds(mine - theirs)}",
                        milliseconds(mine), "bare HTTP GET", milliseconds(theirs), ratio(mine / theirs)))
    return rows
