"""Figure 12: the disk image cache at scale (`feedvm-bench cache`): a store into a full cache of
100,000 entries, which evicts the least recently used one, against the same into a cache of
1,000 entries; a store that evicts nothing; and the background listing of 100,000 entries.
Eviction is O(1) (an LRU list threaded through arrays), so the two stores should cost the same;
what remains is the file system's own cost of a larger directory. 3 rounds, interleaved."""

import subprocess

from .report import Row, ratio
from .stats import median, spread

SECTION = "12 disk cache"


def figures(context):
    """{entries: (store, store + evict, listing)} seconds, from one `feedvm-bench cache` run."""
    command = [context.bench, "cache"] + (["--smoke"] if context.smoke else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=3600).stdout
    found = {}
    for line in output.splitlines():
        if line.startswith("cache "):
            values = dict(part.split("=") for part in line.split()[1:])
            found[int(values["entries"])] = (float(values["store"]), float(values["evict"]), float(values["listing"]))
    return found


def run(context):
    if context.bench is None:
        return [Row(SECTION, "feedvm-bench not built", "")]
    rounds = [figures(context) for _ in range(context.size(3, 1))]
    small, large = sorted(rounds[0])
    evict_ratios = [found[large][1] / found[small][1] for found in rounds]
    store = median([found[large][0] for found in rounds])
    evict_large = median([found[large][1] for found in rounds])
    evict_small = median([found[small][1] for found in rounds])
    listing = median([found[large][2] for found in rounds])
    return [
        Row(SECTION, f"store + evict into a full cache of {large:,} entries, median of {len(rounds)} runs",
            f"{evict_large * 1e6:.0f} us", f"the same, {small:,} entries", f"{evict_small * 1e6:.0f} us",
            ratio(median(evict_ratios)), spread(evict_ratios), "<= 1.50x",
            None if context.smoke else median(evict_ratios) <= 1.5),
        Row(SECTION, f"store that evicts nothing, {large:,} entries", f"{store * 1e6:.0f} us"),
        Row(SECTION, f"background listing of {large:,} entries (off every request path)", f"{listing * 1000:.0f} ms"),
    ]
