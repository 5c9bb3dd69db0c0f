"""AsyncClient mechanics against the TEST DOUBLE tests/fake_feedvm.py (not feedvm)."""

import asyncio
import os
import sys

import pytest

import feedvm
from client_support import FAKE_SERVER


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def async_fake(*args, **kwargs):
    return feedvm.AsyncClient(binary=sys.executable, args=[str(FAKE_SERVER), *args], **kwargs)


def test_calls_run_concurrently_and_keep_their_ids(framing):
    async def scenario():
        async with async_fake(framing=framing) as client:
            slow = asyncio.ensure_future(client.call("test/sleep", {"seconds": 0.3}))
            echoes = await asyncio.gather(*(client.call("test/echo", {"n": n}) for n in range(20)))
            assert echoes == [{"n": n} for n in range(20)]
            assert not slow.done()
            assert await slow == {}
    run(scenario())


def test_errors_map_to_their_classes():
    async def scenario():
        async with async_fake() as client:
            with pytest.raises(feedvm.UnknownSession):
                await client.call("test/error", {"code": -32001, "message": "unknown session s9"})
    run(scenario())


def test_a_timeout_cancels_and_the_client_stays_usable():
    async def scenario():
        async with async_fake() as client:
            with pytest.raises(feedvm.RpcTimeout) as raised:
                await client.call("test/sleep", {"seconds": 30}, timeout=0.2)
            assert await client.call("test/cancels") == {"ids": [raised.value.request_id]}
            assert await client.ping() == {}
    run(scenario())


def test_notifications_arrive_before_the_answer_and_reach_callbacks(framing):
    async def scenario():
        async with async_fake(framing=framing) as client:
            seen = []
            client.on("hud", lambda note: seen.append(note.params["n"]))
            await client.call("test/notify", {"method": "hud", "count": 3})
            buffered = [note.params["n"] async for note in client.notifications("hud")]
            assert seen == buffered == [0, 1, 2]
            assert [note async for note in client.notifications()] == []  # returns, not waits
    run(scenario())


def test_the_server_dying_raises_server_exited_with_the_tail():
    async def scenario():
        async with async_fake() as client:
            with pytest.raises(feedvm.ServerExited) as raised:
                await client.call("test/exit", {"code": 4, "message": "bye now"})
            assert raised.value.returncode == 4
            assert "bye now" in raised.value.stderr_tail
    run(scenario())


def test_leaving_the_context_reaps_the_process():
    async def scenario():
        async with async_fake() as client:
            pid = (await client.call("test/pid"))["pid"]
        return pid, client
    pid, client = run(scenario())
    assert client.process.returncode == 0
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
