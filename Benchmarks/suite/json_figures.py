"""Figure 7: JSON parse/serialize MB/s against Foundation's JSONSerialization on the same
bytes. The measuring is done in Swift by `feedvm-bench json` (owned with the JSON target; each
of its figures is already a median of repeats, ours and Foundation's interleaved); this module
runs it in several rounds (processes) and reports each figure's median ratio and spread."""

import re
import subprocess

from .report import Row
from .stats import median, spread

SECTION = "7 json"
LINE = re.compile(r"^(?P<input>.+?)\s+(?P<bytes>\d+)\s+(?P<op>\S.*?)\s+(?P<ours>[\d.]+)\s+"
                  r"(?P<theirs>[\d.]+)\s+(?P<ratio>[\d.]+)x\s+(?P<calls>\d+)\s*$")


def parse_table(text):
    """The measurement lines of `feedvm-bench json` as dicts (header lines are skipped)."""
    return [match.groupdict() for match in map(LINE.match, text.splitlines()) if match]


def run(context):
    """One row per input and operation; the full-size run uses the bench's own defaults."""
    if context.bench is None:
        return [Row(SECTION, "feedvm-bench not built", "")]
    command = [context.bench, "json"] + (["--smoke"] if context.smoke else [])
    rounds = context.size(3, 1)
    tables = []
    for _ in range(rounds):
        output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=600).stdout
        tables.append(parse_table(output))
    if not tables[0]:
        raise RuntimeError(f"no figures in the output of {' '.join(command)}")
    rows = []
    for position, line in enumerate(tables[0]):
        measured = [table[position] for table in tables]
        ratios = [float(entry["ours"]) / float(entry["theirs"]) for entry in measured]
        operation = line["op"]
        rows.append(Row(SECTION, f"{line['input']}, {line['bytes']} B: {operation}, median of {rounds} rounds",
                        f"{median([float(entry['ours']) for entry in measured]):.1f} MB/s", "JSONSerialization",
                        f"{median([float(entry['theirs']) for entry in measured]):.1f} MB/s",
                        f"{median(ratios):.1f}x", spread(ratios, digits=1),
                        headline=f"JSON {operation}, {line['input']}" if line["input"].startswith("unsplash")
                        and operation in ("parse", "serialize") else None))
    return rows
