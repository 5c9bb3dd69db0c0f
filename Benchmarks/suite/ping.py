"""Figure 1: pipelined `ping` throughput through stdin/stdout against peers in the same run.

Each contender gets the same file of N ping requests on stdin (one per line); its stdout is
read through a pipe until EOF, counting answer lines. Time is wall clock from spawn to the end
of the output, so start-up is included for everyone. Peers:

- node: readline + JSON.parse + JSON.stringify, one process.stdout.write per answer
- python: ``for line in sys.stdin``: json.loads / json.dumps, buffered stdout
- cat: the pipe's own limit (echoes the requests: same line count, no work)
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


def contenders(feedvm):
    """``(name, command)`` of feedvm and the peers available on this machine."""
    found = [("feedvm", [feedvm])]
    if shutil.which("node"):
        found.append(("node", ["node", "-e", NODE_PEER]))
    found.append(("python", [sys.executable, "-c", PYTHON_PEER]))
    found.append(("cat", ["cat"]))
    return found


def write_requests(path, count):
    """Writes ``count`` ping request lines to ``path``."""
    with open(path, "wb") as requests:
        requests.write(b"".join(b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % index
                                for index in range(count)))


def time_once(command, input_path, expected_lines):
    """Seconds from spawn to EOF of ``command``'s answers to the requests in ``input_path``."""
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        lines = 0
        descriptor = process.stdout.fileno()
        while True:
            chunk = os.read(descriptor, 1 << 20)
            if not chunk:
                break
            lines += chunk.count(b"\n")
        process.wait()
        elapsed = time.perf_counter() - start
        process.stdout.close()
    if lines != expected_lines:
        raise RuntimeError(f"{command[0]}: {lines} answer lines for {expected_lines} requests")
    return elapsed


def measure(feedvm, count, repeats, scratch):
    """Median seconds per contender, runs interleaved so load drifts hit everyone alike."""
    input_path = os.path.join(scratch, "pings.jsonl")
    write_requests(input_path, count)
    found = contenders(feedvm)
    times = {name: [] for name, _ in found}
    for _ in range(repeats):
        for name, command in found:
            times[name].append(time_once(command, input_path, count))
    os.unlink(input_path)
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
    rows.append(Row(SECTION, "fraction of the cat limit", f"{ours:.3f} s", "cat",
                    f"{medians['cat']:.3f} s", f"{medians['cat'] / ours * 100:.0f}%"))
    return rows
