#!/usr/bin/env python3
"""Section 1 of `run.py` alone: pipelined `ping` throughput of feedvm (newline and
Content-Length framed) against the C line responder (the limit), node (batched writes) and a
Python `json` loop, in interleaved rounds (see suite/ping.py for how it is measured).

Usage: Benchmarks/ping_bench.py [--count N] [--rounds R] [--feedvm PATH] [--smoke]
       (--smoke: tiny sizes, checks every contender answers every line; no timing claims)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from suite.context import Context  # noqa: E402
from suite.paths import BUILD_COMMAND, release_product  # noqa: E402
from suite.ping import FRAMED, measure  # noqa: E402
from suite.stats import median, spread  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--feedvm")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, correctness only")
    args = parser.parse_args()
    if args.smoke:
        args.count, args.rounds = 200, 1
    feedvm = args.feedvm or release_product("feedvm")
    if feedvm is None:
        sys.exit(f"feedvm not built: run `{BUILD_COMMAND}` first")
    context = Context(feedvm=feedvm, bench=None, smoke=args.smoke)
    try:
        times = measure(feedvm, args.count, args.rounds, context.scratch)
    finally:
        context.cleanup()
    ours = times["feedvm"]
    print(f"ping throughput: {args.count} pipelined pings, {args.rounds} interleaved rounds ({feedvm})")
    print(f"{'contender':<18} {'median s':>9} {'lines/s':>12} {'feedvm speed (spread)':>24}")
    for name, seconds in times.items():
        speeds = [theirs / mine for theirs, mine in zip(seconds, ours)]
        print(f"{name:<18} {median(seconds):>9.4f} {args.count / median(seconds):>12,.0f} "
              f"{median(speeds):>10.2f}x ({spread(speeds)})")
    if not args.smoke:
        framed = median([theirs / mine for theirs, mine in zip(times[FRAMED], ours)])
        print(f"framed / newline: {framed:.2f}x (information; the targets are in section 10, scroll)")

if __name__ == "__main__":
    main()
