"""Figure 13: what a front end calls on every scroll, `willDisplay` and a cached `loadImage`.

- throughput: 200,000 `willDisplay` requests pipelined on one session, against the same method
  written directly in node (the peer below): each line `JSON.parse`d, the session looked up in
  a `Map`, the index checked against the session's item array, the "needs a page" / "needs the
  image" decision taken against the list's end and a set of cached image URLs, the answer
  `JSON.stringify`d, the answers of each input chunk written at once. Both contenders first get
  the same set-up (a 20-item stub list, fully loaded, every image loaded once), so every
  `willDisplay` answers `{"loadMore": false, "image": false}`: the figure is the cost of asking,
  not of loading. Timed from just before the requests are written to the last answer's arrival;
  the answers are counted by newline, not parsed, so the harness takes little of the 2 cores.
- round trips, one request at a time: `willDisplay` and a memory-cache hit `loadImage`
  (`inline: false`, the answer names the cached file) against a `ping` round trip measured the
  same way in the same run, interleaved request by request.
- a reader that never waits: a fresh feedvm over a disk cache of 5,000 files (listed on first
  use, by the session's queue, for the `willDisplay` written first), then `loadImage` and
  `ping` of the same session written 1 ms later; the `ping`'s round trip.
"""

import json
import os
import shutil
import subprocess
import threading
import time

from .raw_client import RawServer
from .report import Row, milliseconds, ratio
from .stats import median, spread

SECTION = "13 scroll"
#: The list every contender serves: one stub page holding the whole list.
LIST_LENGTH = 20

NODE_PEER = r"""
const sessions = new Map();
let next = 1;
function answer(id, result) { return JSON.stringify({ jsonrpc: '2.0', id, result }) + '\n'; }
function failure(id, code, message) { return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n'; }
function serve(m) {
  const p = m.params || {};
  switch (m.method) {
    case 'transform': {
      const total = p.input.total, id = 's' + next++;
      const items = [];
      for (let i = 0; i < total; i++) items.push({ id: 'all-' + (i + 1), imageURL: 'stub://images/all/' + (i + 1) + '.png' });
      sessions.set(id, { items: [], all: items, hasMore: true, prefetchDistance: 3, loading: new Set(), cached: new Set() });
      return answer(m.id, { session: id });
    }
    case 'requestCommand': {
      const s = sessions.get(p.session);
      s.items = s.all; s.hasMore = false;
      return answer(m.id, { count: s.items.length, hasMore: false });
    }
    case 'loadImage': {
      const s = sessions.get(p.session);
      s.cached.add(s.items[p.index].imageURL);
      return answer(m.id, { url: s.items[p.index].imageURL });
    }
    case 'willDisplay': {
      const s = sessions.get(p.session);
      if (s === undefined) return failure(m.id, -32001, 'unknown session');
      const index = p.index;
      if (!Number.isInteger(index) || index < 0 || index >= s.items.length) return failure(m.id, -32602, 'index out of range');
      const url = s.items[index].imageURL;
      const image = url !== undefined && !s.loading.has(index) && !s.cached.has(url);
      const loadMore = index >= s.items.length - s.prefetchDistance && s.hasMore;
      return answer(m.id, { loadMore, image });
    }
    default:
      return failure(m.id, -32601, 'method not found');
  }
}
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  let out = '';
  for (const line of lines) if (line.trim()) out += serve(JSON.parse(line));
  if (out && !process.stdout.write(out)) {
    process.stdin.pause();
    process.stdout.once('drain', () => process.stdin.resume());
  }
});
"""


def set_up(server):
    """The one session every contender serves: a whole list, every image loaded; its id."""
    session = server.call("transform", {"input": {"source": "stub", "total": LIST_LENGTH, "pageSize": LIST_LENGTH,
                                                  "stubDelayMs": 0, "hud": False}})["session"]
    result = server.call("requestCommand", {"session": session, "reload": True})
    if result["count"] != LIST_LENGTH or result["hasMore"]:
        raise RuntimeError(f"set-up: {result}")
    for answer in server.wait_for(server.write_many(
            [("loadImage", {"session": session, "index": index, "inline": False}) for index in range(LIST_LENGTH)])).values():
        if "error" in answer.message:
            raise RuntimeError(f"set-up loadImage: {answer.message['error']}")
    server.notifications.clear()
    return session


class CountingServer:
    """A contender driven by raw pipes: set up line by line, then timed by newline counts."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""

    def call(self, method, params):
        """Sends one request and returns its answer's result, skipping notifications."""
        request = {"jsonrpc": "2.0", "id": 0, "method": method, "params": params}
        self.process.stdin.write(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        while True:
            while b"\n" not in self.pending:
                chunk = os.read(self.process.stdout.fileno(), 1 << 16)
                if not chunk:
                    raise RuntimeError(f"the contender ended during {method}")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\n", 1)
            message = json.loads(line)
            if "method" in message:
                continue
            if "error" in message:
                raise RuntimeError(f"{method}: {message['error']}")
            return message["result"]

    def pipelined_seconds(self, payload, count):
        """Seconds from just before ``payload`` is written to the arrival of its ``count``th answer."""
        writer = threading.Thread(target=self.process.stdin.write, args=(payload,), daemon=True)
        descriptor = self.process.stdout.fileno()
        seen = self.pending.count(b"\n")
        last = b""
        start = time.perf_counter()
        writer.start()
        while seen < count:
            chunk = os.read(descriptor, 1 << 20)
            if not chunk:
                raise RuntimeError(f"the contender ended after {seen} of {count} answers")
            seen += chunk.count(b"\n")
            last = chunk
        elapsed = time.perf_counter() - start
        writer.join()
        self.last_line = last.rstrip(b"\n").rsplit(b"\n", 1)[-1]
        return elapsed

    def close(self):
        self.process.stdin.close()
        self.process.stdout.close()
        self.process.wait(10)


def willdisplay_payload(session, count):
    """``count`` pipelined `willDisplay` lines, walking the list."""
    return b"".join(b'{"jsonrpc":"2.0","id":%d,"method":"willDisplay","params":{"session":"%s","index":%d}}\n'
                    % (number + 1, session.encode(), number % LIST_LENGTH) for number in range(count))


def throughput_once(command, count):
    """Seconds for ``count`` pipelined `willDisplay` answers from one fresh contender."""
    contender = CountingServer(command)
    try:
        session = _set_up_counting(contender)
        seconds = contender.pipelined_seconds(willdisplay_payload(session, count), count)
        if b'"loadMore":false' not in contender.last_line or b'"image":false' not in contender.last_line:
            raise RuntimeError(f"unexpected answer: {contender.last_line[:200]!r}")
        return seconds
    finally:
        contender.close()


def _set_up_counting(contender):
    session = contender.call("transform", {"input": {"source": "stub", "total": LIST_LENGTH, "pageSize": LIST_LENGTH,
                                                     "stubDelayMs": 0, "hud": False}})["session"]
    contender.call("requestCommand", {"session": session, "reload": True})
    for index in range(LIST_LENGTH):
        contender.call("loadImage", {"session": session, "index": index, "inline": False})
    return session


def round_trips(server, session, count):
    """Median round trips of `willDisplay`, a cached `loadImage` and `ping`, interleaved."""
    samples = {"willDisplay": [], "loadImage": [], "ping": []}
    calls = (("willDisplay", {"session": session, "index": 0}),
             ("loadImage", {"session": session, "index": 0, "inline": False}), ("ping", None))
    for _ in range(count):
        for method, params in calls:
            request_id = server.write(method, params)
            sent = server.last_sent
            answer = server.wait_for([request_id])[request_id]
            if "error" in answer.message:
                raise RuntimeError(f"{method}: {answer.message['error']}")
            samples[method].append(answer.arrived - sent)
    server.notifications.clear()
    return {method: median(values) for method, values in samples.items()}


def fill_cache(directory, files):
    """``files`` cache files of 1 KiB named as the disk cache names them (64 hex digits)."""
    os.makedirs(directory, exist_ok=True)
    block = bytes(1024)
    for number in range(files):
        with open(os.path.join(directory, f"{number:064x}"), "wb") as file:
            file.write(block)


def stalled_ping(feedvm, cache, rounds):
    """Per round (a fresh feedvm each), the round trip of a `ping` written together with a
    `willDisplay` that lists the cache on first use and a `loadImage` of the same session."""
    times = []
    for _ in range(rounds):
        with RawServer([feedvm, "--cache-dir", cache]) as server:
            session = server.call("transform", {"input": {"source": "stub", "total": LIST_LENGTH,
                                                          "pageSize": LIST_LENGTH, "stubDelayMs": 0, "hud": False}})["session"]
            server.call("requestCommand", {"session": session, "reload": True})
            first = server.write("willDisplay", {"session": session, "index": 0})
            time.sleep(0.001)  # the session's queue is listing the cache by now
            ids = server.write_many([("loadImage", {"session": session, "index": 1, "inline": False}), ("ping", None)])
            sent = server.last_sent
            answers = server.wait_for([first, *ids])
            times.append(answers[ids[1]].arrived - sent)
    return times


def run(context):
    """Pipelined `willDisplay` against node; round trips against `ping`; a ping beside a cold cache."""
    count = context.size(200_000, 500)
    rounds = context.size(5, 1)
    contenders = [("feedvm", context.feedvm_command())]
    node = shutil.which("node")
    if node:
        contenders.append(("node", [node, "-e", NODE_PEER]))
    times = {name: [] for name, _ in contenders}
    for round_index in range(rounds):
        shift = round_index % len(contenders)
        for name, command in contenders[shift:] + contenders[:shift]:
            times[name].append(throughput_once(command, count))
    ours = times["feedvm"]
    rows = [Row(SECTION, f"{count:,} pipelined willDisplay on one {LIST_LENGTH}-item session, median of {rounds} rounds",
                f"{count / median(ours):,.0f} requests/s", "", "", "", spread([count / t / 1e3 for t in ours], " k/s", 0))]
    if node:
        speedups = [theirs / mine for theirs, mine in zip(times["node"], ours)]
        rows.append(Row(SECTION, f"{count:,} pipelined willDisplay: speed vs the method written in node",
                        f"{median(ours):.3f} s", "node", f"{median(times['node']):.3f} s", ratio(median(speedups)),
                        spread(speedups), ">= 1.0x", None if context.smoke else median(speedups) >= 1.0,
                        headline=f"{count:,} pipelined willDisplay: speed against node doing the same"))
    else:
        rows.append(Row(SECTION, "pipelined willDisplay: speed vs node", "", "node", "not available"))

    trip_rounds = context.size(5, 1)
    per_round = {"willDisplay": [], "loadImage": [], "ping": []}
    with RawServer(context.feedvm_command()) as server:
        session = set_up(server)
        for _ in range(trip_rounds):
            for method, value in round_trips(server, session, context.size(200, 5)).items():
                per_round[method].append(value)
    for method, label in (("willDisplay", "willDisplay round trip"),
                          ("loadImage", "memory-cache hit loadImage (inline: false) round trip")):
        ratios = [mine / ping for mine, ping in zip(per_round[method], per_round["ping"])]
        rows.append(Row(SECTION, f"{label}, median of {trip_rounds} rounds", milliseconds(median(per_round[method])),
                        "ping round trip", milliseconds(median(per_round["ping"])), ratio(median(ratios)),
                        spread(ratios), "<= 3.00x", None if context.smoke else median(ratios) <= 3.0,
                        headline=f"{label} against a ping's"))

    files = context.size(5000, 50)
    cache = os.path.join(context.scratch, "cache-5000")
    fill_cache(cache, files)
    stalls = stalled_ping(context.feedvm, cache, context.size(5, 1))
    rows.append(Row(SECTION, f"ping written with willDisplay + loadImage, {files:,}-file disk cache listed on first use, "
                             f"worst of {len(stalls)} fresh processes", milliseconds(max(stalls)), "", "", "",
                    f"{min(stalls) * 1000:.2f}-{max(stalls) * 1000:.2f} ms", "<= 5 ms",
                    None if context.smoke else max(stalls) <= 0.005))
    shutil.rmtree(cache, ignore_errors=True)
    return rows
