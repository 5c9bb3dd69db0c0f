"""One parser per test runner: the log's text -> :class:`Counts`, and the failures to show.

Counts come from the per-test result lines, never from a per-suite total (XCTest prints one
"Executed N tests" line per class, and its "failures" count assertions, not tests). The
runner's own grand total is only checked: a log that ends before it (a crash) is incomplete.
"""

import re
from typing import Callable, Dict, List

from counts import Counts

__all__ = ["PARSERS", "FAILURE_EXCERPTS", "parse_swift", "parse_pytest", "parse_node", "parse_summary_line"]

# XCTest, Linux and macOS spellings: Test Case 'Suite.test' passed (0.1 seconds)
#                                    Test Case '-[Module.Suite test]' failed (0.1 seconds).
_XCTEST_CASE = re.compile(r"^Test Case '(.+)' (passed|failed|skipped) \(", re.MULTILINE)
_XCTEST_STARTED = re.compile(r"^Test Case '(.+)' started", re.MULTILINE)
_XCTEST_TOTAL = re.compile(
    r"^Test Suite '(?:All|Selected) tests' (?:passed|failed) at .*\n\s*Executed (\d+) tests?", re.MULTILINE)
# Swift Testing: "✔ Test name() passed after ...", "✘ Test name() failed after ...",
# "➜ Test name() skipped: ...", and the closing "Test run with N tests ..."; not the
# "✘ Test name() recorded an issue at ...: Expectation failed: ..." lines.
_TESTING_CASE = re.compile(
    r"^[✔✘➜] Test (?!run with )(.+?) (passed(?= after )|failed(?= after )|skipped(?=:|$))", re.MULTILINE)
_TESTING_RUN = re.compile(r"^\S+ Test run with (\d+) tests?", re.MULTILINE)


def parse_swift(text: str) -> Counts:
    """``swift test``: XCTest's per-case lines plus Swift Testing's per-test lines.

    An XCTest case that started and never ended crashed the run: it counts as failed.
    """
    ended = _XCTEST_CASE.findall(text)
    outcomes = [outcome for _, outcome in ended]
    crashed = set(_XCTEST_STARTED.findall(text)) - {name for name, _ in ended}
    xctest = Counts(outcomes.count("passed"), outcomes.count("failed") + len(crashed), outcomes.count("skipped"))
    totals = [int(total) for total in _XCTEST_TOTAL.findall(text)]
    xctest_complete = bool(totals) and not crashed and totals[-1] == xctest.passed + xctest.failed + xctest.skipped
    results = [outcome for _, outcome in _TESTING_CASE.findall(text)]
    testing = Counts(results.count("passed"), results.count("failed"), results.count("skipped"))
    runs = [int(total) for total in _TESTING_RUN.findall(text)]
    # Swift Testing only runs (and prints its total) after XCTest ended normally.
    testing_complete = bool(runs) and runs[-1] == testing.passed + testing.failed + testing.skipped
    return Counts(xctest.passed + testing.passed, xctest.failed + testing.failed,
                  xctest.skipped + testing.skipped, xctest_complete and testing_complete)


# pytest's last line: "1 failed, 3 passed, 2 skipped, 1 xfailed, 1 error in 1.83s" (-q) or the
# same between "=" signs; "no tests ran in 0.01s" when nothing was collected.
_PYTEST_FINAL = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+|no tests ran) in [\d.]+s", re.MULTILINE)


def parse_pytest(text: str) -> Counts:
    """pytest: errors count as failures, xfailed as skipped, xpassed as passed."""
    finals = _PYTEST_FINAL.findall(text)
    if not finals:
        return Counts(complete=False)
    tally = {word: int(number) for number, word in re.findall(r"(\d+) ([a-z]+)", finals[-1])}
    return Counts(tally.get("passed", 0) + tally.get("xpassed", 0),
                  tally.get("failed", 0) + tally.get("error", 0) + tally.get("errors", 0),
                  tally.get("skipped", 0) + tally.get("xfailed", 0))


_NODE_TOTAL = re.compile(r"^(?:#|ℹ) (tests|pass|fail|cancelled|skipped|todo) (\d+)$", re.MULTILINE)


def parse_node(text: str) -> Counts:
    """node:test, TAP (``# pass 3``) or spec (``ℹ pass 3``): cancelled fails, todo is skipped."""
    tally = {name: int(number) for name, number in _NODE_TOTAL.findall(text)}
    if "tests" not in tally:
        return Counts(complete=False)
    return Counts(tally.get("pass", 0), tally.get("fail", 0) + tally.get("cancelled", 0),
                  tally.get("skipped", 0) + tally.get("todo", 0))


_SUMMARY_LINE = re.compile(r"^summary: (\d+) passed, (\d+) failed, (\d+) skipped$", re.MULTILINE)


def parse_summary_line(text: str) -> Counts:
    """Any runner that prints ``summary: N passed, N failed, N skipped`` (the last one counts)."""
    lines = _SUMMARY_LINE.findall(text)
    if not lines:
        return Counts(complete=False)
    passed, failed, skipped = (int(number) for number in lines[-1])
    return Counts(passed, failed, skipped)


def swift_failures(text: str) -> List[str]:
    """Every error line and failed case; the log's tail when it ended early (a crash)."""
    lines = text.splitlines()
    picked = [line for line in lines if ": error: " in line or "Fatal error" in line
              or re.match(r"^(Test Case '.+' failed|✘ )", line)]
    if not parse_swift(text).complete:
        picked += ["--- the log ends before the runner's total (a crash?); its last lines:"] + lines[-30:]
    return picked


def pytest_failures(text: str) -> List[str]:
    """From pytest's first section header (FAILURES, ERRORS) to the end."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if re.match(r"^={3,} (FAILURES|ERRORS) ={3,}$", line):
            return lines[index:]
    return lines[-40:]


def node_failures(text: str) -> List[str]:
    """Each ``not ok`` block (TAP) or the ``failing tests`` section (spec)."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("✖ failing tests"):
            return lines[index:]
    picked: List[str] = []
    inside = False
    for line in lines:
        if re.match(r"^\s*(ok|not ok) \d+", line):
            inside = bool(re.match(r"^\s*not ok", line))
        if inside:
            picked.append(line)
    return picked or lines[-40:]


Parser = Callable[[str], Counts]
PARSERS: Dict[str, Parser] = {"swift": parse_swift, "pytest": parse_pytest, "node": parse_node,
                              "summary": parse_summary_line}
FAILURE_EXCERPTS: Dict[str, Callable[[str], List[str]]] = {
    "swift": swift_failures, "pytest": pytest_failures, "node": node_failures,
    "summary": lambda text: text.splitlines()}
