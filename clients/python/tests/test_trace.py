"""``feedvm --trace FILE``: every message read and written is appended in the
transcript format, secrets redacted, and the file replays with ``python -m feedvm.transcript check``."""

import json
from pathlib import Path

import pytest

import feedvm
from feedvm import transcript
from feedvm.input_types import Input

SECRETS: Input = {"accessKey": "s3cr3t-key-42", "headers": {"X-Token": 'tok"en/9', "uid": "user-77"}}


def session_with_trace(binary: str, trace: Path, cache: Path, framing: str) -> None:
    with feedvm.Client(binary=binary, args=["--cache-dir", str(cache), "--trace", str(trace), "--stub-delay-ms", "0"],
                       timeout=30, framing=framing) as client:
        client.initialize({"name": "pytest"})
        session = client.transform({"source": "stub", "pageSize": 5, "total": 12, **SECRETS})["session"]
        client.bind_refresh_status(session)
        client.request_command(session, reload=True)
        client.request_command(session, reload=False)
        client.load_image(session, 0, inline=True)
        client.write_raw(feedvm.wire.frame(b"{not json", framing))
        client.ping()
        client.update_input(session, {"source": "stub", "category": "iOS", **SECRETS})
        client.dispose(session)


@pytest.mark.parametrize("framing", feedvm.FRAMINGS)
def test_a_trace_replays_against_the_binary_and_holds_no_secret(feedvm_binary: str, tmp_path: Path, framing: str) -> None:
    trace = tmp_path / "session.trace.jsonl"
    session_with_trace(feedvm_binary, trace, tmp_path / "cache", framing)
    text = trace.read_text(encoding="utf-8")
    for secret in ("s3cr3t-key-42", "tok", "en/9", "user-77"):
        assert secret not in text, f"{secret!r} leaked into the trace"
    assert "REDACTED" in text
    args, lines, recorded_framing = transcript.load(trace)
    assert recorded_framing == framing and args == ["--stub-delay-ms", "0"]
    kinds = {(line.dir, "raw" if line.raw is not None else "msg") for line in lines}
    assert kinds == {(">", "msg"), (">", "raw"), ("<", "msg")}
    assert any(line.dir == "<" and isinstance(line.msg, dict) and line.msg.get("method") == "sections" for line in lines)
    assert str(tmp_path / "cache") not in text, "cache paths are written as $path"
    transcript.run(trace, feedvm_binary)


def test_a_trace_file_is_appended_to(feedvm_binary: str, tmp_path: Path) -> None:
    trace = tmp_path / "t.jsonl"
    for _ in range(2):
        with feedvm.Client(binary=feedvm_binary, args=["--trace", str(trace)], timeout=30) as client:
            client.ping()
    comments = [json.loads(line) for line in trace.read_text().splitlines() if '"comment"' in line]
    assert len(comments) == 2
