"""Figure 4: end to end on loopback. `requestCommand {reload: true}` of a gank session against
the fixture backend (one GET of page 1 each) against a bare keep-alive HTTP GET of the same
page from the same client: the difference is what feedvm adds (parse, map, notify, answer).

Rounds alternate a block of feedvm reloads with a block of bare GETs, so load drifts hit both;
each round's p50/p99 ratio gives the spread. Requests are stamped before they are written."""

import http.client
import json
import time
from urllib.parse import urlsplit

from .fixture_backend import FixtureProcess
from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median, percentile, spread

SECTION = "4 end to end"
PAGE_PATH = "/gank/api/data/Android/10/1"


def reload_latencies(server, session, count):
    """Seconds per reload, request stamped before writing -> response read."""
    samples = []
    for _ in range(count):
        request_id = server.write("requestCommand", {"session": session, "reload": True})
        sent = server.last_sent
        answer = server.wait_for([request_id])[request_id]
        if "error" in answer.message:
            raise RuntimeError(f"reload failed: {answer.message['error']}")
        samples.append(answer.arrived - sent)
        server.notifications.clear()
    return samples


def get_latencies(connection, count):
    """Seconds per GET of the page over one keep-alive connection, body read and parsed."""
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        connection.request("GET", PAGE_PATH)
        json.loads(connection.getresponse().read())
        samples.append(time.perf_counter() - start)
    return samples


def feedvm_latencies(context, backend, count):
    """``count`` reloads of one session (used by the profile scenario)."""
    with RawServer(context.feedvm_command()) as server:
        session = server.call("transform", {"input": backend.gank_input(category="Android", pageSize=10)})["session"]
        server.call("requestCommand", {"session": session, "reload": True})  # warm the connection
        return reload_latencies(server, session, count)


def run(context):
    """p50 and p99 of both, and the ratios with their spread over rounds."""
    rounds = context.size(5, 1)
    per_round = context.size(100, 5)
    ours, bare = [], []
    with FixtureProcess() as backend, RawServer(context.feedvm_command()) as server:
        session = server.call("transform", {"input": backend.gank_input(category="Android", pageSize=10)})["session"]
        server.call("requestCommand", {"session": session, "reload": True})  # opens the connection
        parts = urlsplit(backend.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port)
        get_latencies(connection, 1)  # opens the connection
        for _ in range(rounds):
            ours.append(reload_latencies(server, session, per_round))
            bare.append(get_latencies(connection, per_round))
        connection.close()
    rows = []
    everything = [sample for samples in ours for sample in samples]
    everything_bare = [sample for samples in bare for sample in samples]
    for label, fraction in (("p50", 0.5), ("p99", 0.99)):
        ratios = [percentile(mine, fraction) / percentile(theirs, fraction) for mine, theirs in zip(ours, bare)]
        mine, theirs = percentile(everything, fraction), percentile(everything_bare, fraction)
        rows.append(Row(SECTION, f"requestCommand reload {label} ({rounds} rounds x {per_round}), "
                                 f"added {milliseconds(mine - theirs)}",
                        milliseconds(mine), "bare HTTP GET", milliseconds(theirs), ratio(median(ratios)), spread(ratios),
                        headline="reload end to end on loopback, p50" if label == "p50" else None))
    return rows
