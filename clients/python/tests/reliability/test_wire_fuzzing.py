"""Wire fuzzing: hostile bytes on stdin never crash feedvm, lose or duplicate a response.

Oracle (``reliability_oracle``): every request with a readable id is answered exactly once with
that id, notifications never, unreadable lines once with ``id: null``; every stdout line is a
valid JSON-RPC 2.0 response, batch or notification; the process stays alive, ``ping`` works
after each run, and at stdin EOF it exits 0 without a partial line.
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from typing import Callable, Iterator, List

import pytest
from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
from hypothesis import strategies as st

from reliability_figures import add_figure, set_figure
from reliability_corpus import HostileLines, encode, wire_lines
from reliability_oracle import NULL_ID
from reliability_wire import DEFAULT_MAX_MESSAGE_BYTES, FeedvmProcess

FUZZ_CAP = 4 * 1024 * 1024
"""``--max-message-bytes`` of the bulk fuzz process: multi-megabyte strings fit, oversized lines stay cheap."""


def assert_healthy(process: FeedvmProcess, what: str, timeout: float = 60.0) -> None:
    """Every required reply arrived, none too many so far, every line valid, and ping still answers.

    A reply too many that is still to come is caught by ``assert_clean_exit``: requests are not
    ordered (protocol/ s. 2), so no answer, not even ping's, proves that none is pending; only
    stdin EOF does, after which feedvm writes what it has and exits.
    """
    process.wait_until(lambda: process.ledger.outstanding() == 0, timeout, f"every reply to {what}")
    assert process.call("ping", timeout=timeout) == {}
    assert process.violations == [], process.violations[:5]
    assert process.ledger.problems(final=False) == []
    assert process.is_alive(), process.describe()


def assert_clean_exit(process: FeedvmProcess) -> None:
    """stdin EOF: exit 0, every reply written, no partial line, no reply too many or missing."""
    assert process.finish(timeout=10) == 0, process.describe()
    assert process.partial_tail == b"", f"partial stdout line: {process.partial_tail[:200]!r}"
    assert process.violations == [], process.violations[:5]
    assert process.ledger.problems(final=True) == []


# ---------------------------------------------------------------------------------------------
# one rule per test


def test_oversized_line_gets_parse_error_with_reason_and_the_next_line_works(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn("--max-message-bytes", "4096")
    request = {"jsonrpc": "2.0", "id": "too-big", "method": "ping", "params": {"pad": "p" * 10_000}}
    process.send_lines([encode(request)], max_message_bytes=4096)
    assert_healthy(process, "an oversized line")
    [answer] = process.responses(None)
    assert answer["error"]["code"] == -32700
    assert isinstance(answer["error"].get("data", {}).get("reason"), str)
    assert process.responses("too-big") == []
    assert_clean_exit(process)


def test_default_cap_is_16_mib(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    fits = encode({"jsonrpc": "2.0", "id": "fits", "method": "ping", "params": {"pad": "p" * (DEFAULT_MAX_MESSAGE_BYTES // 2)}})
    too_big = encode({"jsonrpc": "2.0", "id": "too-big", "method": "ping", "params": {"pad": "p" * DEFAULT_MAX_MESSAGE_BYTES}})
    process.send_lines([fits, too_big], max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "a line over the default cap")
    assert "result" in process.responses("fits")[0]
    assert process.responses("too-big") == []
    assert_clean_exit(process)


def test_a_line_exactly_at_the_cap_whose_crlf_arrives_in_two_reads_is_served(spawn: Callable[..., FeedvmProcess]) -> None:
    """One limit whichever read the line end falls in."""
    process = spawn()
    head = b'{"jsonrpc":"2.0","id":"exact","method":"ping","params":{"pad":"'
    line = head + b"p" * (DEFAULT_MAX_MESSAGE_BYTES - len(head) - 3) + b'"}}'
    assert len(line) == DEFAULT_MAX_MESSAGE_BYTES
    process.write(line + b"\r")
    process.wait_until_read()  # feedvm has read the line up to its \r: the \n is not there yet
    process.write(b"\n" + encode({"jsonrpc": "2.0", "id": "next", "method": "ping"}) + b"\n")
    process.wait_until(lambda: bool(process.responses("next")), 60, "the ping after the line")
    assert process.responses("exact") and "result" in process.responses("exact")[0], process.responses(None)
    assert process.responses(None) == []


@pytest.mark.parametrize("depth", [511, 512, 513, 514])
def test_nesting_at_the_limit_gets_one_answer_whichever_parser_path_reads_it(spawn: Callable[..., FeedvmProcess], depth: int) -> None:
    """The fast request path and the general parser agree at the depth limit."""
    process = spawn()
    params = b'{"a":' * (depth - 1) + b"1" + b"}" * (depth - 1)  # named params, depth - 1 deep
    fast = b'{"jsonrpc":"2.0","id":"fast","method":"ping","params":' + params + b"}"
    general = b'{"jsonrpc":"2.0","\\u0069d":"general","method":"ping","params":' + params + b"}"  # an escaped name
    process.write(fast + b"\n" + general + b"\n" + encode({"jsonrpc": "2.0", "id": "done", "method": "ping"}) + b"\n")
    process.wait_until(lambda: bool(process.responses("done")), 30, "the closing ping")
    fast_answer, general_answer = process.responses("fast"), process.responses("general")
    if depth <= 512:
        assert "result" in fast_answer[0] and "result" in general_answer[0]
    else:
        assert fast_answer == general_answer == []
        assert [answer["error"]["code"] for answer in process.responses(None)] == [-32700, -32700]


@pytest.mark.parametrize("bomb", [b"[" * 100_000, b"[" * 100_000 + b"]" * 100_000,
                                  b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
                                  b'{"jsonrpc":"2.0","id":"deep","method":"ping","params":' + b"[" * 100_000 + b"]" * 100_000 + b"}"],
                         ids=["open-brackets", "balanced-brackets", "nested-objects", "request-with-deep-params"])
def test_depth_bomb_is_one_parse_error(spawn: Callable[..., FeedvmProcess], bomb: bytes) -> None:
    process = spawn()
    process.send_lines([bomb], max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "a depth bomb")
    [answer] = process.responses(None)
    assert answer["error"]["code"] == -32700
    assert process.responses("deep") == []
    assert_clean_exit(process)


@pytest.mark.parametrize("bad", [b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"],
                         ids=["ff", "overlong", "utf8-surrogate", "truncated", "lone-continuation"])
def test_invalid_utf8_is_a_parse_error_and_the_connection_lives(spawn: Callable[..., FeedvmProcess], bad: bytes) -> None:
    process = spawn()
    line = b'{"jsonrpc":"2.0","id":"bad-utf8","method":"ping","params":{"text":"a' + bad + b'z"}}'
    process.send_lines([line], max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "invalid UTF-8")
    [answer] = process.responses(None)
    assert answer["error"]["code"] == -32700
    assert_clean_exit(process)


def test_crlf_line_ends_and_u2028_inside_strings_are_not_line_breaks(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    identifier = "a\u2028b\u2029c\r\nd"
    lines = [encode({"jsonrpc": "2.0", "id": identifier, "method": "ping"}, crlf=True),
             encode({"jsonrpc": "2.0", "id": "raw\u2028", "method": "ping", "params": {"x": "\u2028\u2029"}}),
             b"", b"\r"]
    process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "CRLF and U+2028 lines")
    assert process.responses(identifier)[0]["id"] == identifier
    assert process.responses("raw\u2028")[0]["result"] == {}
    assert process.responses(None) == []  # blank lines are ignored
    assert_clean_exit(process)


def test_ids_are_echoed_exactly(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    ids = ["1", 1, -7, 0, 2 ** 53 - 1, 1.5, "", "é😀\u2028", None, "null"]
    process.send_lines([encode({"jsonrpc": "2.0", "id": ident, "method": "ping"}) for ident in ids],
                       max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "ids of every readable type")
    for ident in ids:
        [answer] = process.responses(ident)
        assert answer["id"] == ident and type(answer["id"]) is type(ident), (ident, answer)
    assert_clean_exit(process)


EXOTIC_IDS = [rb'"\ud800"', rb'"\udc00\ud800"', b"-0", b"1E2", b"2E-0", b"1e-400", b"9223372036854775808",
              b"-9223372036854775809", b"1.50", rb'"\u0061"', rb'"\/"']
"""Ids whose parsed value loses how they were written."""


def test_ids_are_echoed_byte_for_byte(feedvm_bin: str) -> None:
    lines = b"".join(b'{"jsonrpc":"2.0","id":%s,"method":"ping"}\n' % ident for ident in EXOTIC_IDS)
    done = subprocess.run([feedvm_bin], input=lines, capture_output=True, timeout=30)
    answers = done.stdout.split(b"\n")[:-1]
    assert answers == [b'{"jsonrpc":"2.0","id":%s,"result":{}}' % ident for ident in EXOTIC_IDS]


def test_ids_that_parse_alike_never_collide_when_cancelled(feed_methods: str) -> None:
    """Two lone surrogates both read as U+FFFD: cancelling one must leave the other running."""
    with FeedvmProcess(feed_methods) as process:
        sessions = [process.call("transform", {"input": {"source": "stub", "stubDelayMs": 30_000}})["session"]
                    for _ in range(2)]
        for ident, session in zip((rb'"\ud800"', rb'"\udbff"'), sessions):
            process.write(b'{"jsonrpc":"2.0","id":%s,"method":"requestCommand","params":{"session":"%s","reload":true}}\n'
                          % (ident, session.encode()))
        process.write(rb'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"\ud800"}}' + b"\n")
        process.wait_until(lambda: bool(process.responses("\ud800")), 10, "the cancelled request's answer")
        assert process.responses("\ud800")[0]["error"]["data"] == {"reason": "clientCancelled"}
        assert process.call("ping") == {}
        assert process.responses("\udbff") == [], "the other request was cancelled too"
        process.close_stdin()
        assert process.wait_exit(5) == 0
        process.finish()
        assert process.responses("\udbff")[0]["error"]["data"] == {"reason": "shutdown"}


def test_unreadable_ids_and_malformed_objects_get_invalid_request_with_null_id(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    lines = [encode({"jsonrpc": "2.0", "id": [1], "method": "ping"}),
             encode({"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}),
             encode({"jsonrpc": "2.0", "id": True, "method": "ping"}),
             encode({"jsonrpc": "2.0", "method": 1}),
             encode({"method": "ping"}),
             encode(5), encode("ping")]
    process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "invalid requests")
    answers = process.responses(None)
    assert [answer["error"]["code"] for answer in answers] == [-32600] * len(lines)
    assert_clean_exit(process)


def test_notifications_are_never_answered(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    lines = [encode({"jsonrpc": "2.0", "method": "fuzz/unknown"}),
             encode({"jsonrpc": "2.0", "method": "ping", "params": [1, 2]}),
             encode({"jsonrpc": "2.0", "method": "requestCommand", "params": {"session": "nope"}}),
             encode({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "never-sent"}}),
             encode([{"jsonrpc": "2.0", "method": "a"}, {"jsonrpc": "2.0", "method": "b"}])]
    process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "notifications")
    assert process.responses(None) == []
    assert_clean_exit(process)


def test_batches_empty_mixed_and_all_notifications(spawn: Callable[..., FeedvmProcess]) -> None:
    process = spawn()
    lines = [b"[]",
             encode([{"jsonrpc": "2.0", "id": "b1", "method": "ping"}, 1,
                     {"jsonrpc": "2.0", "method": "ping"}, {"jsonrpc": "2.0", "id": "b2", "method": "fuzz/unknown"}]),
             encode([{"jsonrpc": "2.0", "method": "ping"}])]
    process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
    assert_healthy(process, "batches")
    assert process.responses("b1")[0]["result"] == {}
    assert process.responses("b2")[0]["error"]["code"] == -32601
    assert sorted(answer["error"]["code"] for answer in process.responses(None)) == [-32600, -32600]
    assert_clean_exit(process)


def test_ten_thousand_pipelined_requests_written_before_reading(feedvm_bin: str) -> None:
    """A client that writes 10,000 requests before reading anything gets every answer."""
    with FeedvmProcess(feedvm_bin, defer_reading=True) as process:
        lines = [encode({"jsonrpc": "2.0", "id": n, "method": "ping"}) for n in range(10_000)]
        process.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
        process.start_reading()
        assert_healthy(process, "10,000 pipelined pings")
        assert_clean_exit(process)


# ---------------------------------------------------------------------------------------------
# random runs


@pytest.fixture(scope="module")
def fuzz_target(feedvm_bin: str) -> Iterator[FeedvmProcess]:
    """One long-lived process that every hypothesis example talks to."""
    with FeedvmProcess(feedvm_bin) as process:
        yield process
        assert_clean_exit(process)


def test_hypothesis_structured_json_rpc(fuzz_target: FeedvmProcess, large: bool, seed: int) -> None:
    examples = 1500 if large else 100

    @hypothesis_seed(seed)
    @settings(max_examples=examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(wire_lines(), min_size=1, max_size=12))
    def run(lines: List[bytes]) -> None:
        fuzz_target.send_lines(lines, max_message_bytes=DEFAULT_MAX_MESSAGE_BYTES)
        assert_healthy(fuzz_target, "a hypothesis example")
        add_figure("hypothesis lines fuzzed", len(lines))

    run()


def test_seeded_hostile_bulk(feedvm_bin: str, large: bool, seed: int) -> None:
    total_lines = 60_000 if large else 10_000
    rng = random.Random(seed)
    generator = HostileLines(rng, max_message_bytes=FUZZ_CAP, big_string_bytes=3 * 1024 * 1024)
    started = time.monotonic()
    sent = 0
    with FeedvmProcess(feedvm_bin, ["--max-message-bytes", str(FUZZ_CAP)]) as process:
        sent += process.send_lines(generator.kinds_once(), max_message_bytes=FUZZ_CAP)
        stream = iter(generator)
        while sent < total_lines:
            chunk = [next(stream) for _ in range(min(1000, total_lines - sent))]
            sent += process.send_lines(chunk, max_message_bytes=FUZZ_CAP)
            assert_healthy(process, f"bulk lines up to {sent}")
        assert_clean_exit(process)
        replies = process.ledger.count(NULL_ID)
    elapsed = time.monotonic() - started
    add_figure("bulk lines fuzzed", sent)
    set_figure("bulk fuzz kinds", json.dumps(generator.produced))
    set_figure("bulk fuzz null-id errors", replies)
    set_figure("bulk fuzz seconds", round(elapsed, 1))
