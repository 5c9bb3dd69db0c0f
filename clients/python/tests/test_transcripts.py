"""Every protocol transcript replays against the built binary (protocol/transcripts/README.md).

Skipped, with the reason, when there is no binary or it does not have the feed methods yet.
Select the binary with FEEDVM_BIN; by default the repository's .build/release or .build/debug.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from feedvm import transcript  # noqa: E402
from client_support import real_binary_path  # noqa: E402

TRANSCRIPTS = sorted((transcript.repo_root() / "protocol" / "transcripts").glob("*.jsonl"))


@pytest.fixture(scope="module")
def binary() -> str:
    path = real_binary_path()
    reason = transcript.missing_feed_methods(path)
    if reason:
        pytest.skip(reason)
    assert path is not None
    return path


def test_there_are_at_least_eight_transcripts() -> None:
    assert len(TRANSCRIPTS) >= 8, TRANSCRIPTS


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_transcript_replays_against_the_binary(binary: str, path: Path) -> None:
    transcript.run(path, binary)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_recording_an_up_to_date_transcript_changes_nothing(binary: str, path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    notes = transcript.record(copy, binary)
    assert notes == []
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_recording_rewrites_a_stale_expectation_and_keeps_placeholders(binary: str, tmp_path: Path) -> None:
    original = (transcript.repo_root() / "protocol" / "transcripts" / "10-lifecycle.jsonl").read_text(encoding="utf-8")
    stale = original.replace('"id": 2, "result": {}', '"id": 2, "result": {"stale": true}')
    assert stale != original
    copy = tmp_path / "stale.jsonl"
    copy.write_text(stale, encoding="utf-8")
    notes = transcript.record(copy, binary)
    assert any("dropped" in note for note in notes) and any("new" in note for note in notes)
    assert '"id": 2, "result": {}' in copy.read_text(encoding="utf-8")
    assert '"version": "$string"' in copy.read_text(encoding="utf-8"), "placeholders that matched are kept"
    transcript.run(copy, binary)


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_transcript_is_well_formed(path: Path) -> None:
    args, lines, _ = transcript.load(path)
    assert all(isinstance(arg, str) for arg in args)
    assert lines and lines[0].dir == ">", "a conversation starts with the client"
    for line in lines:
        assert (line.msg is None) != (line.raw is None) or line.dir == "<", line
        if line.dir == "<":
            assert line.raw is None and line.msg is not None, line


class TestMatchingRules:
    """The placeholder rules of protocol/transcripts/README.md."""

    def matches(self, expected, actual, bindings=None) -> bool:
        return transcript.match(expected, actual, bindings if bindings is not None else transcript.Bindings()) is None

    def test_type_placeholders_match_only_their_type(self) -> None:
        assert self.matches("$string", "x") and not self.matches("$string", 1)
        assert self.matches("$integer", 3) and not self.matches("$integer", True)
        assert self.matches("$number", 1.5) and not self.matches("$number", "1")
        assert self.matches("$path", "/tmp/a") and not self.matches("$path", "tmp/a")
        assert self.matches("$base64", "aGk=") and not self.matches("$base64", "not base64!")

    def test_objects_match_exactly_unless_partial(self) -> None:
        assert not self.matches({"a": 1}, {"a": 1, "b": 2})
        assert self.matches({"a": 1, "$partial": True}, {"a": 1, "b": 2})
        assert not self.matches({"a": 1, "b": 2}, {"a": 1})
        assert self.matches({"a": 1, "b": "$ignore"}, {"a": 1})

    def test_a_variable_binds_once_and_then_must_repeat(self) -> None:
        bindings = transcript.Bindings()
        assert self.matches("$var:s", "abc", bindings)
        assert self.matches("$var:s", "abc", bindings)
        assert not self.matches("$var:s", "xyz", bindings)
        assert not self.matches("$var:t", "abc", bindings), "two variables never share a value"

    def test_contains_is_case_insensitive(self) -> None:
        assert self.matches("$contains:index", "Invalid params: Index is out of range")
        assert not self.matches("$contains:index", "Invalid params")

    def test_other_dollar_strings_are_literals(self) -> None:
        assert self.matches("$/cancelRequest", "$/cancelRequest")
        assert not self.matches("$/cancelRequest", "x")

    def test_numbers_compare_by_value_but_booleans_are_not_numbers(self) -> None:
        assert self.matches(1, 1.0)
        assert not self.matches(1, True)

    def test_a_batch_matches_in_any_order(self) -> None:
        bindings = transcript.Bindings()
        assert transcript.match_message([{"id": 1}, {"id": 2}], [{"id": 2}, {"id": 1}], bindings) is None
        assert transcript.match_message([{"id": 1}, {"id": 2}], [{"id": 2}, {"id": 2}], bindings) is not None
