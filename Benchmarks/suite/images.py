"""Figure 6: images against the fixture backend (a fresh feedvm, cold caches, per round).

- throughput: 1,000 distinct images requested at once (`loadImage` pipelined), against the
  same GETs from one keep-alive Python connection; the backend's peak of image requests in
  flight shows whether feedvm's download concurrency stays bounded;
- de-duplication: 100 sessions ask for the same uncached URL at once -> GETs at `/_stats`;
- memory-cache hit: `loadImage` of an image already loaded, against a `ping` round trip.
"""

import http.client
import time
from urllib.parse import urlsplit

from .fixture_backend import FixtureProcess
from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median, spread

SECTION = "6 images"
#: `--max-host-connections`' default: the image download concurrency limit per host.
PER_HOST_LIMIT = 6


def load_list(server, backend, category, count):
    """A gank session holding ``count`` items (pages of up to 100); returns its id."""
    page_size = min(100, count)
    session = server.call("transform", {"input": backend.gank_input(category=category, pageSize=page_size,
                                                                     hud=False)})["session"]
    result = server.call("requestCommand", {"session": session, "reload": True})
    while result["count"] < count:
        result = server.call("requestCommand", {"session": session, "reload": False})
    return session


def check_answers(answers, what):
    """Raises when any answer is an error."""
    failed = [line.message["error"] for line in answers.values() if "error" in line.message]
    if failed:
        raise RuntimeError(f"{what}: {len(failed)} failed, first {failed[0]}")


def throughput(server, backend, count):
    """(seconds for ``count`` pipelined loads, the image URLs, peak image GETs in flight)."""
    session = load_list(server, backend, "Android", count)
    backend.reset()
    answers = server.wait_for(server.write_many(
        [("loadImage", {"session": session, "index": index}) for index in range(count)]))
    elapsed = max(line.arrived for line in answers.values()) - server.last_sent
    check_answers(answers, "loadImage")
    server.notifications.clear()
    stats = backend.stats()
    urls = [line.message["result"]["url"] for line in answers.values()]
    return elapsed, urls, stats["inFlightPeak"].get("images", 0), stats["routes"].get("images", 0), session


def bare_get_seconds(urls):
    """Seconds for GETs of ``urls`` in turn over one keep-alive connection, bodies read."""
    parts = urlsplit(urls[0])
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    start = time.perf_counter()
    for url in urls:
        connection.request("GET", urlsplit(url).path)
        connection.getresponse().read()
    elapsed = time.perf_counter() - start
    connection.close()
    return elapsed


def shared_download(server, backend, callers, rounds):
    """GETs the backend saw in each of ``rounds`` rounds of ``callers`` concurrent loads of one
    uncached URL: ``callers`` sessions of the same list, round ``r`` loads item ``r`` in all."""
    sessions = [line.message["result"]["session"] for line in server.wait_for(server.write_many(
        [("transform", {"input": backend.gank_input(category="iOS", pageSize=rounds, hud=False)})] * callers)).values()]
    check_answers(server.wait_for(server.write_many(
        [("requestCommand", {"session": name, "reload": True}) for name in sessions])), "reload")
    gets = []
    for index in range(rounds):
        backend.reset()
        check_answers(server.wait_for(server.write_many(
            [("loadImage", {"session": name, "index": index}) for name in sessions])), "shared loadImage")
        gets.append(backend.stats()["routes"].get("images", 0))
    server.notifications.clear()
    return gets


def hit_latency(server, session, rounds, count):
    """Per round, the median round trips of a memory-cache hit `loadImage` and of a `ping`,
    interleaved one by one; requests are stamped before they are written."""
    hits, pings = [], []
    for _ in range(rounds):
        round_hits, round_pings = [], []
        for _ in range(count):
            for samples, method, params in ((round_hits, "loadImage", {"session": session, "index": 0}),
                                            (round_pings, "ping", None)):
                request_id = server.write(method, params)
                sent = server.last_sent
                samples.append(server.wait_for([request_id])[request_id].arrived - sent)
        hits.append(median(round_hits))
        pings.append(median(round_pings))
    server.notifications.clear()
    return hits, pings


def run(context):
    """Throughput (with the concurrency peak) per round, de-duplication, cache-hit latency."""
    count = context.size(1000, 20)
    callers = context.size(100, 5)
    rounds = context.size(3, 1)
    rates, bare_rates, peaks, get_counts = [], [], [], []
    with FixtureProcess({"total": max(count, 45)}, prewarm_images=not context.smoke) as backend:
        for round_index in range(rounds):  # a fresh feedvm (cold caches) per round
            with RawServer(context.feedvm_command()) as server:
                elapsed, urls, peak, gets, session = throughput(server, backend, count)
                rates.append(count / elapsed)
                peaks.append(peak)
                get_counts.append(gets)
                bare_rates.append(count / bare_get_seconds(urls))
                if round_index == rounds - 1:
                    shared_gets = shared_download(server, backend, callers, rounds=context.size(5, 2))
                    hits, pings = hit_latency(server, session, context.size(5, 1), context.size(50, 3))
    speed = [ours / theirs for ours, theirs in zip(rates, bare_rates)]
    hit_ratios = [hit / ping for hit, ping in zip(hits, pings)]
    return [
        Row(SECTION, f"{count:,} distinct images, pipelined ({' '.join(map(str, get_counts))} GETs), median of {rounds} rounds",
            f"{median(rates):,.0f} images/s", "bare GETs, 1 connection", f"{median(bare_rates):,.0f} images/s",
            ratio(median(speed)), spread(speed)),
        Row(SECTION, "peak image GETs in flight at the backend, each round", " ".join(map(str, peaks)),
            "per-host connection limit", str(PER_HOST_LIMIT), "", "", f"<= {PER_HOST_LIMIT}",
            None if context.smoke else max(peaks) <= PER_HOST_LIMIT),
        Row(SECTION, f"{callers} concurrent loads of one URL, GETs in each of {len(shared_gets)} rounds",
            " ".join(map(str, shared_gets)), "expected", "1 per round", "", "", "== 1",
            None if context.smoke else set(shared_gets) == {1}, headline=f"{callers} concurrent loads of one image"),
        Row(SECTION, f"memory-cache hit loadImage round trip, median of {len(hits)} rounds", milliseconds(median(hits)),
            "ping round trip", milliseconds(median(pings)), ratio(median(hit_ratios)), spread(hit_ratios)),
    ]
