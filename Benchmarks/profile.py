#!/usr/bin/env python3
"""Profiles one benchmark scenario of feedvm with callgrind and prints where the instructions go.

    python3 Benchmarks/profile.py paging            # startup | ping | paging | endtoend | images |
                                                    # reload | transport-images
    python3 Benchmarks/profile.py images --top 30 --keep
    python3 Benchmarks/profile.py paging-scale      # instructions per load-more, pages 2-26 vs 476-500

Prints the total instruction count, the top functions by exclusive share and the top functions
of this project (Sources/) by inclusive share. Needs valgrind and a release build; expect the
scenario to run 20-50x slower than natively. `--keep` leaves the callgrind.out file for
`callgrind_annotate` / kcachegrind.
"""

import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from suite.paths import BUILD_COMMAND, release_product  # noqa: E402
from suite.profiling import SCENARIOS, ProfiledContext, annotate, paging_scale, shorten  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenario", choices=sorted(SCENARIOS) + ["paging-scale"])
    parser.add_argument("--top", type=int, default=20, help="rows per list (default 20)")
    parser.add_argument("--keep", action="store_true", help="keep the callgrind output file")
    parser.add_argument("--feedvm", help="the feedvm binary (default: .build/release/feedvm)")
    arguments = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed")
    feedvm = arguments.feedvm or release_product("feedvm")
    if feedvm is None:
        sys.exit(f"feedvm is not built: run `{BUILD_COMMAND}`")
    context = ProfiledContext(feedvm=feedvm, bench=None)
    if arguments.scenario == "paging-scale":
        try:
            early, late = paging_scale(context).items()
        finally:
            context.cleanup()
        for pages, count in (early, late):
            print(f"pages {pages.start}-{pages.stop - 1}: {count:,.0f} instructions per load-more")
        print(f"late / early: {late[1] / early[1]:.2f}x ({feedvm})")
        return
    try:
        SCENARIOS[arguments.scenario](context)
        profile = context.profiles()[-1]
        total, exclusive, ours = annotate(profile, arguments.top)
        print(f"{arguments.scenario}: {total:,} instructions ({feedvm})")
        print("\nexclusive (the function itself):")
        for (count, share, _), name in zip(exclusive, shorten([row[2] for row in exclusive])):
            print(f"  {share:5.1f}%  {name}")
        print("\ninclusive, this project's functions (with what they call):")
        for (count, share, _), name in zip(ours, shorten([row[2] for row in ours])):
            print(f"  {share:5.1f}%  {name}")
        if arguments.keep:
            kept = os.path.join(os.getcwd(), f"callgrind.out.{arguments.scenario}")
            shutil.copy(profile, kept)
            print(f"\nprofile kept: {kept}")
    finally:
        context.cleanup()


if __name__ == "__main__":
    main()
