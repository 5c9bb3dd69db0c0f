"""Figure 1: pipelined `ping` throughput through stdin/stdout against peers in the same run.

Each contender gets the same file of N ping requests on stdin (one per line); its stdout is
read through a pipe until EOF, counting answer lines. Time is wall clock from spawn to the end
of the output, so start-up is included for everyone. Peers:

- node: readline + JSON.parse + JSON.stringify, one process.stdout.write per answer
- python: ``for line in sys.stdin``: json.loads / json.dumps, buffered stdout
- cat: the pipe's own limit (echoes the requests: same line count, no work)

feedvm also runs a second time with the same pings framed as editors send them (LSP base
protocol, ``Content-Length`` headers), answering framed: the framed figure, which must stay
within 10% of the newline one (issue 15).
"""

import os
import shutil
import subprocess
import sys
import time

from .report import Row, ratio
from .stats import median

NODE_PEER = r"""
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line) return;
  const m = JSON.parse(line);
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\n');
});
"""

PYTHON_PEER = r"""
import json, sys
out = sys.stdout
for line in sys.stdin:
    if not line.strip():
        continue
    m = json.loads(line)
    out.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {}}) + "\n")
out.flush()
"""

SECTION = "1 ping"


FRAMED = "feedvm framed"
"""The contender that speaks Content-Length framing."""


def contenders(feedvm):
    """``(name, command)`` of feedvm, feedvm framed and the peers available on this machine."""
    found = [("feedvm", [feedvm]), (FRAMED, [feedvm])]
    if shutil.which("node"):
        found.append(("node", ["node", "-e", NODE_PEER]))
    found.append(("python", [sys.executable, "-c", PYTHON_PEER]))
    found.append(("cat", ["cat"]))
    return found


def write_requests(path, count, framed=False):
    """Writes ``count`` ping requests to ``path``: lines, or Content-Length framed messages."""
    bodies = (b'{"jsonrpc":"2.0","id":%d,"method":"ping"}' % index for index in range(count))
    with open(path, "wb") as requests:
        if framed:
            requests.write(b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in bodies))
        else:
            requests.write(b"".join(body + b"\n" for body in bodies))


def count_messages(descriptor, marker):
    """Reads ``descriptor`` to EOF counting ``marker`` (a line end, or the framed header)."""
    count = 0
    tail = b""
    while True:
        chunk = os.read(descriptor, 1 << 20)
        if not chunk:
            return count
        joined = tail + chunk
        count += joined.count(marker)
        tail = joined[-(len(marker) - 1):] if len(marker) > 1 else b""


def time_once(command, input_path, expected_lines, marker=b"\n"):
    """Seconds from spawn to EOF of ``command``'s answers to the requests in ``input_path``."""
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        lines = count_messages(process.stdout.fileno(), marker)
        process.wait()
        elapsed = time.perf_counter() - start
        process.stdout.close()
    if lines != expected_lines:
        raise RuntimeError(f"{command[0]}: {lines} answer lines for {expected_lines} requests")
    return elapsed


def measure(feedvm, count, repeats, scratch):
    """Median seconds per contender, runs interleaved so load drifts hit everyone alike."""
    input_path = os.path.join(scratch, "pings.jsonl")
    framed_path = os.path.join(scratch, "pings.framed")
    write_requests(input_path, count)
    write_requests(framed_path, count, framed=True)
    found = contenders(feedvm)
    times = {name: [] for name, _ in found}
    for _ in range(repeats):
        for name, command in found:
            if name == FRAMED:
                times[name].append(time_once(command, framed_path, count, b"Content-Length: "))
            else:
                times[name].append(time_once(command, input_path, count))
    os.unlink(input_path)
    os.unlink(framed_path)
    return {name: median(values) for name, values in times.items()}


def run(context):
    """The ping rows: feedvm's rate, the speed-up over each peer, the fraction of `cat`."""
    count = context.size(100_000, 200)
    repeats = context.size(5, 1)
    medians = measure(context.feedvm, count, repeats, context.scratch)
    ours = medians["feedvm"]
    rows = [Row(SECTION, f"{count:,} pipelined pings, median of {repeats}",
                f"{count / ours:,.0f} pings/s")]
    targets = {"node": 2.0, "python": 5.0}
    for peer in ("node", "python"):
        if peer not in medians:
            rows.append(Row(SECTION, "speed-up vs node", "", "node", "not installed"))
            continue
        speedup = medians[peer] / ours
        rows.append(Row(SECTION, f"speed-up vs {peer}", f"{ours:.3f} s", peer,
                        f"{medians[peer]:.3f} s", ratio(speedup), f">= {targets[peer]:.1f}x",
                        None if context.smoke else speedup >= targets[peer]))
    framed = medians[FRAMED]
    rows.append(Row(SECTION, "Content-Length framed pings", f"{framed:.3f} s", "feedvm newline", f"{ours:.3f} s",
                    ratio(framed / ours), "<= 1.10x", None if context.smoke else framed / ours <= 1.10))
    rows.append(Row(SECTION, "fraction of the cat limit", f"{ours:.3f} s", "cat",
                    f"{medians['cat']:.3f} s", f"{medians['cat'] / ours * 100:.0f}%"))
    return rows
