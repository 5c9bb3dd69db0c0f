#!/usr/bin/env python3
"""Pipelined `ping` throughput of feedvm against peers measured in the same run.

Each contender gets the same input file of N ping requests on stdin (one per line) and the
script reads its stdout through a pipe until EOF, counting answer lines. Time is wall clock
from spawn to the end of the output, so start-up is included for everyone. Medians over
--repeats runs; ratios are against the peers measured here, never against absolute numbers.

Peers:
  node    readline + JSON.parse + JSON.stringify, one process.stdout.write per answer
  python  for line in sys.stdin: json.loads / json.dumps, buffered sys.stdout
  cat     the pipe's own limit (echoes the requests: same line count, no work)

Usage: Benchmarks/ping_bench.py [--count N] [--repeats R] [--feedvm PATH] [--smoke]
       (--smoke: tiny sizes, checks every contender answers every line; no timing claims)
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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


def find_feedvm(explicit):
    if explicit:
        return explicit
    for config in ("release", "debug"):
        path = os.path.join(ROOT, ".build", config, "feedvm")
        if os.path.exists(path):
            return path
    sys.exit("feedvm not built: run `swift build -c release --product feedvm` first")


def run_once(command, input_path, expected_lines):
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines = 0
        read = process.stdout.read1 if hasattr(process.stdout, "read1") else process.stdout.read
        while True:
            chunk = read(1 << 20)
            if not chunk:
                break
            lines += chunk.count(b"\n")
        process.wait()
        elapsed = time.perf_counter() - start
    if lines != expected_lines:
        raise SystemExit(f"{command[0]}: {lines} answer lines for {expected_lines} requests")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--feedvm")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, correctness only")
    args = parser.parse_args()
    if args.smoke:
        args.count, args.repeats = 200, 1

    feedvm = find_feedvm(args.feedvm)
    contenders = [("feedvm", [feedvm])]
    if shutil.which("node"):
        contenders.append(("node", ["node", "-e", NODE_PEER]))
    contenders.append(("python", [sys.executable, "-c", PYTHON_PEER]))
    contenders.append(("cat", ["cat"]))

    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as requests:
        for index in range(args.count):
            requests.write(b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % index)
        input_path = requests.name
    try:
        times = {name: [] for name, _ in contenders}
        for _ in range(args.repeats):
            for name, command in contenders:  # interleaved, so load drifts hit everyone alike
                times[name].append(run_once(command, input_path, args.count))
    finally:
        os.unlink(input_path)

    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"ping throughput: {args.count} pipelined pings, median of {args.repeats} ({feedvm})")
    print(f"{'contender':<10} {'median s':>9} {'lines/s':>12} {'feedvm speed-up':>16}")
    for name, _ in contenders:
        rate = args.count / medians[name]
        speedup = medians[name] / medians["feedvm"]
        print(f"{name:<10} {medians[name]:>9.4f} {rate:>12,.0f} {speedup:>15.2f}x")
    if not args.smoke:
        targets = []
        if "node" in medians:
            targets.append(("node", 2.0))
        targets.append(("python", 5.0))
        for peer, target in targets:
            ratio = medians[peer] / medians["feedvm"]
            verdict = "holds" if ratio >= target else "MISSED"
            print(f"target feedvm >= {target:.1f}x {peer}: {ratio:.2f}x ({verdict})")
        print(f"feedvm reaches {medians['cat'] / medians['feedvm'] * 100:.0f}% of the cat limit")


if __name__ == "__main__":
    main()
