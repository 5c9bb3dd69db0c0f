"""scripts/testsummary counts real runner outputs truthfully (captured/README.md says how each was made)."""

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts" / "testsummary"))

from counts import Counts, SuiteResult, append_result, closing_line, read_results  # noqa: E402
from parsers import FAILURE_EXCERPTS, PARSERS  # noqa: E402

CAPTURED = Path(__file__).resolve().parent / "captured"


def captured(name: str) -> str:
    return (CAPTURED / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name, runner, expected", [
    ("swift-feedvm-all-pass.txt", "swift", Counts(402, 0, 0)),
    # XCTest 3/3/2 (its "4 failures" counts assertions) + Swift Testing 2/1/1.
    ("swift-xctest-and-testing-mixed.txt", "swift", Counts(5, 4, 3)),
    # XCTest stops at the crash (3/3/2 before it, the crashed case fails), Swift Testing 2/1/1.
    ("swift-xctest-crash.txt", "swift", Counts(5, 5, 3, complete=False)),
    ("pytest-mixed.txt", "pytest", Counts(3, 2, 3)),  # the error fails, the xfail skips
    ("pytest-feedvm-client.txt", "pytest", Counts(371, 0, 35)),  # figures printed after the tests
    ("node-tap-mixed.txt", "node", Counts(3, 2, 2)),  # todo counts as skipped
    ("node-spec-mixed.txt", "node", Counts(3, 2, 2)),
])
def test_each_parser_counts_a_real_output(name, runner, expected):
    assert PARSERS[runner](captured(name)) == expected


def test_a_truncated_log_is_incomplete_for_every_runner():
    for name, runner in [("pytest-mixed.txt", "pytest"), ("node-tap-mixed.txt", "node"),
                         ("swift-feedvm-all-pass.txt", "swift")]:
        text = captured(name)
        assert not PARSERS[runner](text[: len(text) // 2]).complete, name


def test_the_summary_line_parser_takes_the_last_line():
    text = "summary: 1 passed, 0 failed, 0 skipped\nmore\nsummary: 7 passed, 1 failed, 2 skipped\n"
    assert PARSERS["summary"](text) == Counts(7, 1, 2)
    assert not PARSERS["summary"]("no summary here").complete


def test_failure_excerpts_hold_the_failures_and_not_the_passes():
    swift = "\n".join(FAILURE_EXCERPTS["swift"](captured("swift-xctest-and-testing-mixed.txt")))
    assert "MixedTests.testFails : XCTAssertEqual failed" in swift and "oneFails() failed" in swift
    assert "passed" not in swift.replace("failed", "")
    crash = "\n".join(FAILURE_EXCERPTS["swift"](captured("swift-xctest-crash.txt")))
    assert "Fatal error: Index out of range" in crash
    pytest_text = "\n".join(FAILURE_EXCERPTS["pytest"](captured("pytest-mixed.txt")))
    assert pytest_text.startswith("=") and "assert 3 < 3" in pytest_text and "fixture broke" in pytest_text
    node = "\n".join(FAILURE_EXCERPTS["node"](captured("node-tap-mixed.txt")))
    assert "not ok 5 - fails" in node and "ok 1 - passes" not in node


def test_the_closing_line_sums_every_suite_and_names_the_broken_ones(tmp_path):
    results = tmp_path / "results.tsv"
    append_result(results, SuiteResult("swift test", Counts(402, 0, 0), 0))
    append_result(results, SuiteResult("python client", Counts(359, 0, 40), 0))
    line, passed = closing_line(read_results(results))
    assert passed
    assert line == ("tests: 761 passed, 0 failed, 40 skipped in 2 suites "
                    "(swift test 402, python client 359); all passed")
    append_result(results, SuiteResult("node", Counts(3, 0, 0), 1))  # exited 1 with no failed test
    append_result(results, SuiteResult("crashed", Counts(7, 0, 0, complete=False), 0))
    line, passed = closing_line(read_results(results))
    assert not passed and line.endswith("FAILED: node, crashed") and "771 passed" in line


def test_the_command_line_records_a_suite_and_prints_its_failures(tmp_path):
    results = tmp_path / "results.tsv"
    tool = [sys.executable, str(ROOT / "scripts" / "testsummary")]
    done = subprocess.run([*tool, "record", str(results), "swift test", "swift",
                           str(CAPTURED / "swift-xctest-and-testing-mixed.txt"), "1", "12"],
                          capture_output=True, text=True, check=True)
    first, *excerpt = done.stdout.splitlines()
    assert first == "FAIL swift test: 5 passed, 4 failed, 3 skipped (12 s; exit status 1)"
    assert any("MixedTests.testFails" in line for line in excerpt)
    total = subprocess.run([*tool, "total", str(results)], capture_output=True, text=True)
    assert total.returncode == 1 and total.stdout.startswith("tests: 5 passed, 4 failed, 3 skipped")
