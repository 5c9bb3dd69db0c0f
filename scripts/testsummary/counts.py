"""How many tests of a suite passed, failed and were skipped, and the results file."""

from dataclasses import dataclass
from pathlib import Path
from typing import List, Sequence, Tuple

__all__ = ["Counts", "SuiteResult", "Incomplete", "append_result", "append_incomplete", "read_results",
           "read_incomplete", "closing_line"]


@dataclass(frozen=True)
class Counts:
    """A suite's tally; ``complete`` is false when the log ended before the runner's own total."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    complete: bool = True

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(self.passed + other.passed, self.failed + other.failed,
                      self.skipped + other.skipped, self.complete and other.complete)

    def describe(self) -> str:
        """``"12 passed, 1 failed, 3 skipped"``."""
        return f"{self.passed} passed, {self.failed} failed, {self.skipped} skipped"


@dataclass(frozen=True)
class SuiteResult:
    """One line of the results file."""

    name: str
    counts: Counts
    status: int

    @property
    def ok(self) -> bool:
        """Whether the suite exited 0 with no failed test and its runner's total was seen."""
        return self.status == 0 and self.counts.failed == 0 and self.counts.complete


def append_result(results: Path, result: SuiteResult) -> None:
    """Add ``result`` to the results file (tab-separated, one suite per line)."""
    counts = result.counts
    with results.open("a", encoding="utf-8") as handle:
        handle.write(f"{result.name}\t{counts.passed}\t{counts.failed}\t{counts.skipped}\t"
                     f"{result.status}\t{int(counts.complete)}\n")


@dataclass(frozen=True)
class Incomplete:
    """A part of the run that a missing package keeps from running (``kind`` ``"not run"``) or
    makes skip some tests (``"skips"``), and the command that installs what is missing."""

    kind: str
    part: str
    packages: str
    install: str


def append_incomplete(results: Path, incomplete: Incomplete) -> None:
    """Add ``incomplete`` to the results file (a line starting with ``#``)."""
    with results.open("a", encoding="utf-8") as handle:
        handle.write(f"#incomplete\t{incomplete.kind}\t{incomplete.part}\t{incomplete.packages}\t{incomplete.install}\n")


def read_incomplete(results: Path) -> List[Incomplete]:
    """Every part recorded as not run or skipping, in order."""
    found = []
    if results.exists():
        for line in results.read_text(encoding="utf-8").splitlines():
            if line.startswith("#incomplete\t"):
                _, kind, part, packages, install = line.split("\t")
                found.append(Incomplete(kind, part, packages, install))
    return found


def read_results(results: Path) -> List[SuiteResult]:
    """Every suite recorded so far, in order."""
    suites = []
    if results.exists():
        for line in results.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            name, passed, failed, skipped, status, complete = line.split("\t")
            suites.append(SuiteResult(name, Counts(int(passed), int(failed), int(skipped), complete == "1"),
                                      int(status)))
    return suites


def closing_line(suites: List[SuiteResult], incomplete: Sequence[Incomplete] = ()) -> Tuple[str, bool]:
    """The last line of the test command, and whether everything passed and ran."""
    total = Counts()
    for suite in suites:
        total += suite.counts
    parts = ", ".join(f"{suite.name} {suite.counts.passed}" for suite in suites)
    broken = [suite.name for suite in suites if not suite.ok]
    verdict = "FAILED: " + ", ".join(broken) if broken else "all passed"
    line = (f"tests: {total.passed} passed, {total.failed} failed, {total.skipped} skipped "
            f"in {len(suites)} suites ({parts}); {verdict}")
    if incomplete:
        not_run = [entry.part for entry in incomplete if entry.kind == "not run"]
        skipping = [entry.part for entry in incomplete if entry.kind == "skips"]
        said = ([f"not run: {', '.join(not_run)}"] if not_run else []) + \
               ([f"tests skipped in: {', '.join(skipping)}"] if skipping else [])
        line += f"; INCOMPLETE for missing tools ({'; '.join(said)}): {incomplete[0].install}"
    return line, not broken and bool(suites) and not incomplete
