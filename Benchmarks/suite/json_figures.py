"""Figure 7: JSON parse/serialize MB/s against Foundation's JSONSerialization on the same
bytes. The measuring is done in Swift by `feedvm-bench json` (owned with the JSON target);
this module runs it and turns its table into rows."""

import re
import subprocess

from .report import Row

SECTION = "7 json"
LINE = re.compile(r"^(?P<input>.+?)\s+(?P<bytes>\d+)\s+(?P<op>\S.*?)\s+(?P<ours>[\d.]+)\s+"
                  r"(?P<theirs>[\d.]+)\s+(?P<ratio>[\d.]+)x\s+(?P<calls>\d+)\s*$")


def parse_table(text):
    """The measurement lines of `feedvm-bench json` as dicts (header lines are skipped)."""
    return [match.groupdict() for match in map(LINE.match, text.splitlines()) if match]


def run(context):
    """One row per input and operation; the full-size run uses the bench's own defaults."""
    if context.bench is None:
        return [Row(SECTION, "feedvm-bench not built", "", "", "", "", "", None)]
    command = [context.bench, "json"] + (["--smoke"] if context.smoke else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True, timeout=600).stdout
    rows = []
    for line in parse_table(output):
        rows.append(Row(SECTION, f"{line['input']}, {line['bytes']} B: {line['op']}", f"{line['ours']} MB/s",
                        "JSONSerialization", f"{line['theirs']} MB/s", f"{line['ratio']}x"))
    if not rows:
        raise RuntimeError(f"no figures in the output of {' '.join(command)}:\n{output}")
    return rows
