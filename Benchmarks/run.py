#!/usr/bin/env python3
"""Runs every FeedVM benchmark and prints one table of figures, peers or
limits, ratios with their spread over interleaved rounds, targets and verdicts.

    swift build -c release            # or pass --build
    python3 Benchmarks/run.py          # the full run (a few minutes)
    python3 Benchmarks/run.py --smoke  # tiny sizes, no verdicts: checks that nothing rotted

Sections: 1 ping, 2 start-up, 3 paging, 4 end to end, 5 memory, 6 images, 7 json, 8 transport,
9 resize, 10 store, 11 prefetch (ready on display), 12 disk cache at scale, 13 scroll.
Standard library only (and `cc` for the ping limit and the C HTTP server, `node` and `curl` for
their peers, when present). Ratios compare against peers measured in the same run; absolute
times on a shared machine are noise. See Benchmarks/README.md.
"""

import argparse
import dataclasses
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from suite import (disk_cache, endtoend, images, json_figures, machine, memory, paging, ping, prefetch, resize,  # noqa: E402
                   scroll, startup, store, transport)
from suite.context import Context  # noqa: E402
from suite.paths import BUILD_COMMAND, ROOT, release_product  # noqa: E402
from suite.report import headline_table, markdown_table, plain_table  # noqa: E402

SECTIONS = {"1": ping, "2": startup, "3": paging, "4": endtoend, "5": memory, "6": images, "7": json_figures,
            "8": transport, "9": resize, "10": store, "11": prefetch, "12": disk_cache, "13": scroll}
README = os.path.join(ROOT, "Benchmarks", "README.md")
TABLE_START, TABLE_END = "<!-- table:start -->", "<!-- table:end -->"
FRONT_README = os.path.join(ROOT, "README.md")
HEADLINE_START, HEADLINE_END = "<!-- benchmarks:start -->", "<!-- benchmarks:end -->"


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, one repeat, no verdicts (falls back to a debug build)")
    parser.add_argument("--only", default="", help="comma-separated section numbers, e.g. 1,3")
    parser.add_argument("--build", action="store_true", help=f"run `{BUILD_COMMAND}` first")
    parser.add_argument("--feedvm", help="the feedvm binary (default: .build/release/feedvm)")
    parser.add_argument("--readme", action="store_true",
                        help="write the table into Benchmarks/README.md and its headline rows into README.md")
    return parser.parse_args()


def find_binaries(arguments):
    """(feedvm, feedvm-bench) paths; smoke runs accept a debug build."""
    def product(name):
        path = release_product(name)
        if path is None and arguments.smoke:
            debug = os.path.join(ROOT, ".build", "debug", name)
            path = debug if os.access(debug, os.X_OK) else None
        return path
    feedvm = arguments.feedvm or product("feedvm")
    if feedvm is None:
        sys.exit(f"feedvm is not built: run `{BUILD_COMMAND}` (or pass --build)")
    bench = product("feedvm-bench")
    if bench is None:
        print("note: feedvm-bench is not built, sections 7 and 9 are skipped", file=sys.stderr)
    return feedvm, bench


def warn_if_stale(binary):
    """Warns when a source file is newer than ``binary`` (a forgotten rebuild)."""
    built = os.path.getmtime(binary)
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        if any(name.endswith(".swift") and os.path.getmtime(os.path.join(folder, name)) > built for name in files):
            print(f"warning: {binary} is older than Sources/ (rebuild: {BUILD_COMMAND})", file=sys.stderr)
            return


def replace_between(path, start_marker, end_marker, content):
    """Replaces what lies between the two markers of the file at ``path``."""
    with open(path) as document:
        text = document.read()
    start, end = text.index(start_marker) + len(start_marker), text.index(end_marker)
    with open(path, "w") as document:
        document.write(text[:start] + f"\n{content}\n" + text[end:])


def update_readmes(rows, description, full_run):
    """Benchmarks/README.md gets the whole table; README.md the headline rows (full runs only)."""
    replace_between(README, TABLE_START, TABLE_END, f"Measured {description}.\n\n{markdown_table(rows)}")
    if full_run:
        replace_between(FRONT_README, HEADLINE_START, HEADLINE_END,
                        f"Measured {description} (`python3 Benchmarks/run.py --readme`):\n\n{headline_table(rows)}")


def main():
    arguments = parse_arguments()
    if arguments.build:
        subprocess.run(BUILD_COMMAND, shell=True, check=True, cwd=ROOT)
    feedvm, bench = find_binaries(arguments)
    warn_if_stale(feedvm)
    context = Context(feedvm=feedvm, bench=bench, smoke=arguments.smoke)
    chosen = [number.strip() for number in arguments.only.split(",") if number.strip()] or list(SECTIONS)
    description = machine.describe()
    smoke_note = " (smoke: tiny sizes, figures meaningless, targets not checked)"
    print(f"FeedVM benchmarks{smoke_note if context.smoke else ''}: {description}")
    print(f"binary: {feedvm}", flush=True)
    rows = []
    try:
        for number in chosen:
            started = time.perf_counter()
            section_rows = SECTIONS[number].run(context)
            rows.extend(section_rows)
            print(f"  section {number} done in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    finally:
        context.cleanup()
    description = description.replace(" at the start;", f" at the start, {machine.load_average()} at the end;")
    if context.smoke:  # a target beside a meaningless figure would read as a missed target
        rows = [dataclasses.replace(row, target="", holds=None) for row in rows]
    print(plain_table(rows))
    missed = [row for row in rows if row.holds is False]
    if not context.smoke:
        print(f"\ntargets: {sum(row.holds is True for row in rows)} hold, {len(missed)} missed")
    if arguments.readme:
        update_readmes(rows, description, full_run=len(chosen) == len(SECTIONS) and not context.smoke)


if __name__ == "__main__":
    main()
