"""``python3 scripts/testsummary record|total|count ...`` (see ``__init__.py``).

    record RESULTS NAME RUNNER LOG STATUS [SECONDS]   one suite: its line, its failures in full
    total RESULTS                                       the closing line; exit 1 unless all passed
    count RUNNER LOG                                    print "passed failed skipped" of one log
"""

import sys
from pathlib import Path
from typing import List

from counts import SuiteResult, append_result, closing_line, read_results
from parsers import FAILURE_EXCERPTS, PARSERS


def record(results: Path, name: str, runner: str, log: Path, status: int, seconds: str) -> int:
    text = log.read_text(encoding="utf-8", errors="replace")
    result = SuiteResult(name, PARSERS[runner](text), status)
    append_result(results, result)
    notes = [f"{seconds} s"] if seconds else []
    if not result.counts.complete:
        notes.append(f"no {runner} total in the log: it ended early")
    if status != 0:
        notes.append(f"exit status {status}")
    print(f"{'ok  ' if result.ok else 'FAIL'} {name}: {result.counts.describe()} ({'; '.join(notes)})")
    if not result.ok:
        for line in FAILURE_EXCERPTS[runner](text):
            print("     | " + line)
        print(f"     full log: {log}")
    return 0


def main(arguments: List[str]) -> int:
    if arguments[:1] == ["record"] and len(arguments) in (6, 7):
        _, results, name, runner, log, status, *seconds = arguments
        return record(Path(results), name, runner, Path(log), int(status), "".join(seconds))
    if arguments[:1] == ["total"] and len(arguments) == 2:
        line, passed = closing_line(read_results(Path(arguments[1])))
        print(line)
        return 0 if passed else 1
    if arguments[:1] == ["count"] and len(arguments) == 3:
        counts = PARSERS[arguments[1]](Path(arguments[2]).read_text(encoding="utf-8", errors="replace"))
        print(counts.passed, counts.failed, counts.skipped)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
