#!/usr/bin/env python3
"""Section 1 of `run.py` alone: pipelined `ping` throughput of feedvm against node, a Python
`json` loop and `cat`, with its own sizes (see suite/ping.py for how it is measured).

Usage: Benchmarks/ping_bench.py [--count N] [--repeats R] [--feedvm PATH] [--smoke]
       (--smoke: tiny sizes, checks every contender answers every line; no timing claims)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from suite.context import Context  # noqa: E402
from suite.paths import BUILD_COMMAND, release_product  # noqa: E402
from suite.ping import measure  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--feedvm")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, correctness only")
    args = parser.parse_args()
    if args.smoke:
        args.count, args.repeats = 200, 1
    feedvm = args.feedvm or release_product("feedvm")
    if feedvm is None:
        sys.exit(f"feedvm not built: run `{BUILD_COMMAND}` first")
    context = Context(feedvm=feedvm, bench=None, smoke=args.smoke)
    try:
        medians = measure(feedvm, args.count, args.repeats, context.scratch)
    finally:
        context.cleanup()
    print(f"ping throughput: {args.count} pipelined pings, median of {args.repeats} ({feedvm})")
    print(f"{'contender':<10} {'median s':>9} {'lines/s':>12} {'feedvm speed-up':>16}")
    for name, seconds in medians.items():
        print(f"{name:<10} {seconds:>9.4f} {args.count / seconds:>12,.0f} {seconds / medians['feedvm']:>15.2f}x")
    if not args.smoke:
        for peer, target in (("node", 2.0), ("python", 5.0)):
            if peer in medians:
                speedup = medians[peer] / medians["feedvm"]
                print(f"target feedvm >= {target:.1f}x {peer}: {speedup:.2f}x ({'holds' if speedup >= target else 'MISSED'})")
        print(f"feedvm reaches {medians['cat'] / medians['feedvm'] * 100:.0f}% of the cat limit")
        framed = medians["feedvm framed"] / medians["feedvm"]
        print(f"target framed <= 1.10x newline: {framed:.2f}x ({'holds' if framed <= 1.10 else 'MISSED'})")


if __name__ == "__main__":
    main()
