"""``python3 scripts/testsummary record|total|count ...`` (see ``__init__.py``).

    record RESULTS NAME RUNNER LOG STATUS [SECONDS]   one suite: its line, its failures in full
    total RESULTS                                       the closing line; exit 1 unless all passed
                                                        and nothing was left out
    count RUNNER LOG                                    print "passed failed skipped" of one log
    missing PYTHON                                      the Debian packages the run lacks, one line
    plan RESULTS PACKAGE...                             without them: the install command and what
                                                        is not run or skips, recorded in RESULTS
    runs RESULTS NAME                                   exit 1 when RESULTS says NAME is not run
    complete RESULTS                                    whether every part can run; exit 1 if not
"""

import sys
from pathlib import Path
from typing import List

from counts import Incomplete, SuiteResult, append_incomplete, append_result, closing_line, read_incomplete, read_results
from parsers import FAILURE_EXCERPTS, PARSERS
from requirements import install_command, missing_packages, plan_lines


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


def plan(results: Path, missing: List[str]) -> int:
    """Says what the missing packages leave out, and records it for the closing line."""
    command = install_command(missing)
    print(f"missing tools, not installed: {' '.join(missing)}")
    print(f"     install them with: {command}")
    for kind, part, packages in plan_lines(missing):
        print(f"     {part}: {'not run, needs' if kind == 'not run' else 'runs; tests that need these skip:'} {packages}")
        append_incomplete(results, Incomplete(kind, part, packages, command))
    return 0


def main(arguments: List[str]) -> int:
    if arguments[:1] == ["record"] and len(arguments) in (6, 7):
        _, results, name, runner, log, status, *seconds = arguments
        return record(Path(results), name, runner, Path(log), int(status), "".join(seconds))
    if arguments[:1] == ["total"] and len(arguments) == 2:
        line, passed = closing_line(read_results(Path(arguments[1])), read_incomplete(Path(arguments[1])))
        print(line)
        return 0 if passed else 1
    if arguments[:1] == ["missing"] and len(arguments) == 2:
        print(" ".join(missing_packages(arguments[1])))
        return 0
    if arguments[:1] == ["plan"] and len(arguments) >= 3:
        return plan(Path(arguments[1]), arguments[2:])
    if arguments[:1] == ["complete"] and len(arguments) == 2:
        incomplete = read_incomplete(Path(arguments[1]))
        print(closing_line([], incomplete)[0].split("; ", 2)[-1] if incomplete else "every part of the run has what it needs")
        return 1 if incomplete else 0
    if arguments[:1] == ["runs"] and len(arguments) == 3:
        return 1 if any(entry.kind == "not run" and entry.part == arguments[2]
                        for entry in read_incomplete(Path(arguments[1]))) else 0
    if arguments[:1] == ["count"] and len(arguments) == 3:
        counts = PARSERS[arguments[1]](Path(arguments[2]).read_text(encoding="utf-8", errors="replace"))
        print(counts.passed, counts.failed, counts.skipped)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
