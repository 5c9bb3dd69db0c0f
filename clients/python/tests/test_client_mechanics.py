"""Client mechanics against the TEST DOUBLE tests/fake_feedvm.py (not feedvm).

These pin what the client itself does — ids, concurrency, error mapping,
timeouts with $/cancelRequest, notifications, stderr draining, process death
and clean-up — independently of the Swift server.
"""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import feedvm
from client_support import fake_client

HERE = Path(__file__).resolve().parent


def test_ping_answers_an_empty_object(fake_framed):
    assert fake_framed.ping() == {}


def test_concurrent_calls_from_many_threads_each_get_their_own_answer(fake_framed):
    results = {}

    def worker(n):
        results[n] = fake_framed.call("test/echo", {"n": n})

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {n: {"n": n} for n in range(50)}


def test_a_slow_call_does_not_block_a_later_one(fake):
    _, slow = fake.send("test/sleep", {"seconds": 5})
    assert fake.ping() == {}
    assert not slow.done()


@pytest.mark.parametrize("code,cls", [
    (-32700, feedvm.ParseError), (-32600, feedvm.InvalidRequest),
    (-32601, feedvm.MethodNotFound), (-32602, feedvm.InvalidParams),
    (-32603, feedvm.InternalError), (-32800, feedvm.RequestCancelled),
    (-32001, feedvm.UnknownSession), (-32002, feedvm.LoadFailed),
    (-32003, feedvm.ImageLoadFailed), (-32004, feedvm.SchemeRefused),
    (-32005, feedvm.TooManySessions), (-32006, feedvm.ServerShuttingDown),
    (-32042, feedvm.ApplicationError),
    (-1, feedvm.RpcError),
])
def test_each_error_family_maps_to_its_class(fake, code, cls):
    with pytest.raises(cls) as raised:
        fake.call("test/error", {"code": code, "message": "boom", "data": {"status": 500}})
    assert type(raised.value) is cls
    assert (raised.value.code, raised.value.message, raised.value.data) == (code, "boom", {"status": 500})


def test_unknown_session_is_an_application_error():
    assert issubclass(feedvm.UnknownSession, feedvm.ApplicationError)


def test_a_timeout_sends_cancel_and_the_server_cancels_the_request(fake_framed):
    with pytest.raises(feedvm.RpcTimeout) as raised:
        fake_framed.call("test/sleep", {"seconds": 30}, timeout=0.2)
    assert raised.value.method == "test/sleep"
    assert fake_framed.call("test/cancels") == {"ids": [raised.value.request_id]}
    # The double answers -32800 for a cancelled sleep; the client drops that late
    # answer and stays usable.
    assert fake_framed.ping() == {}


def test_explicit_cancel_raises_request_cancelled(fake_framed):
    request_id, future = fake_framed.send("test/sleep", {"seconds": 30})
    fake_framed.cancel(request_id)
    with pytest.raises(feedvm.RequestCancelled):
        future.result(10)


def test_notifications_precede_the_answer_of_the_request_that_caused_them(fake_framed):
    fake_framed.call("test/notify", {"method": "hud", "count": 5})
    got = [note.params["n"] for note in fake_framed.notifications("hud", timeout=0)]
    assert got == [0, 1, 2, 3, 4]


def test_callbacks_see_notifications_in_order_and_can_unsubscribe(fake):
    seen = []
    unsubscribe = fake.on("sections", lambda note: seen.append(note.params["n"]))
    fake.call("test/notify", {"method": "sections", "count": 3})
    unsubscribe()
    fake.call("test/notify", {"method": "sections", "count": 2})
    assert seen == [0, 1, 2]


def test_a_failing_callback_does_not_stop_the_reader(fake):
    fake.on("hud", lambda note: 1 / 0)
    fake.call("test/notify", {"method": "hud", "count": 2})
    assert fake.ping() == {}


def test_notifications_filter_by_method_and_leave_others_buffered(fake):
    fake.call("test/notify", {"method": "a", "count": 2})
    fake.call("test/notify", {"method": "b", "count": 1})
    assert [n.method for n in fake.notifications("b", timeout=0)] == ["b"]
    assert [n.method for n in fake.notifications(timeout=0)] == ["a", "a"]


def test_by_default_the_iterator_returns_what_is_queued_without_waiting(fake):
    fake.call("test/notify", {"method": "a", "count": 2})
    drained = []
    reader = threading.Thread(target=lambda: drained.extend(fake.notifications()), daemon=True)
    reader.start()
    reader.join(10)  # the server stays alive: a blocking default would still be waiting
    assert not reader.is_alive() and [n.method for n in drained] == ["a", "a"]


def test_the_notification_iterator_waits_for_late_arrivals(fake):
    fake.send("test/notify", {"method": "late", "count": 1})
    first = next(fake.notifications("late", timeout=10))
    assert first.params == {"n": 0}


def test_a_chatty_stderr_never_blocks_the_server(fake):
    # 4 MiB is far beyond a pipe buffer: without draining, the double would block.
    assert fake.call("test/stderr", {"bytes": 4 * 1024 * 1024}, timeout=30) == {}
    assert "log line from the fake server" in fake.stderr_tail.text()


def test_the_server_dying_fails_pending_and_later_calls_with_its_stderr_tail(fake):
    _, pending = fake.send("test/sleep", {"seconds": 30})
    with pytest.raises(feedvm.ServerExited) as raised:
        fake.call("test/exit", {"code": 3, "message": "fatal: disk on fire"})
    assert raised.value.returncode == 3
    assert "disk on fire" in raised.value.stderr_tail
    with pytest.raises(feedvm.ServerExited):
        pending.result(10)
    with pytest.raises(feedvm.ServerExited):
        fake.ping()
    assert list(fake.notifications(timeout=None)) == []  # ends instead of hanging


def test_close_closes_stdin_and_the_server_exits_cleanly():
    client = fake_client()
    assert client.close() == 0
    assert client.close() == 0  # idempotent
    with pytest.raises(feedvm.ServerExited):
        client.ping()


def test_close_escalates_to_terminate_when_stdin_eof_is_ignored():
    client = fake_client("--ignore-eof", close_timeout=0.5)
    client.ping()
    assert client.close() == -15  # SIGTERM


def test_close_escalates_to_kill_when_sigterm_is_ignored():
    client = fake_client("--ignore-eof", "--ignore-term", close_timeout=0.5)
    client.ping()
    assert client.close() == -9  # SIGKILL


def test_context_manager_leaves_no_process_behind():
    with fake_client() as client:
        pid = client.call("test/pid")["pid"]
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_missing_binary_gives_a_clear_error(tmp_path):
    with pytest.raises(feedvm.BinaryNotFound, match="not an executable file"):
        feedvm.Client(binary=tmp_path / "nope")


def test_a_server_request_is_refused_with_method_not_found(fake_framed):
    reply = fake_framed.call("test/ask")
    assert reply["id"] == "srv-1"
    assert reply["error"]["code"] == -32601
    assert fake_framed.ping() == {}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux-only")
def test_killing_the_parent_with_sigkill_leaves_no_orphan():
    parent_script = (
        "import sys; sys.path[:0] = [%r, %r]\n"
        "from client_support import fake_client\n"
        # The double ignores stdin EOF and SIGTERM, so only the death signal can end it.
        "client = fake_client('--ignore-eof', '--ignore-term')\n"
        "print(client.call('test/pid')['pid'], flush=True)\n"
        "import time; time.sleep(60)\n" % (str(HERE.parent), str(HERE)))
    parent = subprocess.Popen([sys.executable, "-c", parent_script], stdout=subprocess.PIPE)
    child_pid = int(parent.stdout.readline())
    os.kill(child_pid, 0)  # alive while the parent lives
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(child_pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)  # polling the kernel, not ordering test steps
    pytest.fail(f"server {child_pid} outlived its SIGKILLed parent")
