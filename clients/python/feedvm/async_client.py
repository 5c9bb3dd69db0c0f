"""``feedvm.AsyncClient``: the asyncio client, an event-loop transport over the sans-IO core.

Same methods, errors and notification model as :class:`feedvm.Client`, with ``await``: a
reader task feeds stdout to the :class:`~feedvm.connection.Connection`, which resolves an
``asyncio.Future`` per request id, a second task drains stderr, and a third waits for the
process, so its exit fails every pending call even while something else holds its stdout.
Writes only fill the transport's buffer, never wait: a call's timeout holds whatever the server
does, and refusals of the server's requests are dropped while that buffer is over its bound.

    async with feedvm.AsyncClient() as client:
        session = (await client.transform({"source": "stub"}))["session"]
        await client.request_command(session, reload=True)
        async for note in client.notifications("sections", timeout=0):
            ...
"""

import asyncio
from typing import Any, AsyncIterator, Dict, List, Mapping, Optional, Sequence, Tuple, TypeVar, cast

from .discovery import PathLike
from .errors import FeedVMError
from .methods import FeedMethods
from .process import death_signal_hook, server_command, stop_steps
from .requests import Request
from .wire import NEWLINE, Notification

__all__ = ["AsyncClient"]

#: Bytes waiting in the transport's buffer above which refusals of the server's requests are dropped.
MAX_QUEUED_REPLY_BYTES = 1 << 20

T = TypeVar("T")


class AsyncClient(FeedMethods):
    """Spawns ``feedvm`` from the running loop; use ``async with``.

    Parameters are those of :class:`feedvm.Client`.
    """

    def __init__(self, binary: Optional[PathLike] = None, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None,
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200,
                 framing: str = NEWLINE, max_message_bytes: Optional[int] = None) -> None:
        super().__init__(binary, args, env, timeout, close_timeout, stderr_tail_lines, framing,
                         max_message_bytes)
        # Made in start(), on the running loop (Python 3.9 binds an Event to a loop when made).
        self._stdout_ended: asyncio.Event
        self._exited: asyncio.Event
        self._dropped_replies = 0
        self._closed = False
        self.process: Optional[asyncio.subprocess.Process] = None
        self._tasks: "List[asyncio.Task[None]]" = []

    async def start(self) -> "AsyncClient":
        """Spawn the server (``async with`` does this)."""
        if self.process is None:
            loop = asyncio.get_running_loop()
            self._stdout_ended = asyncio.Event()
            exited = self._exited = asyncio.Event()

            class Protocol(asyncio.subprocess.SubprocessStreamProtocol):
                def process_exited(self) -> None:
                    super().process_exited()
                    exited.set()  # Process.wait() also waits for the pipes to close

            transport, protocol = await loop.subprocess_exec(
                lambda: Protocol(limit=1 << 16, loop=loop), *server_command(self.binary, self.args),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=self.env, preexec_fn=death_signal_hook())
            self._transport = transport
            self.process = asyncio.subprocess.Process(transport, protocol, loop)
            self._tasks = [asyncio.ensure_future(self._drain_stderr()),
                           asyncio.ensure_future(self._read_stdout()),
                           asyncio.ensure_future(self._watch_exit())]
        return self

    async def __aenter__(self) -> "AsyncClient":
        return await self.start()

    async def __aexit__(self, *exc_info: Any) -> None:
        await self.close()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self._process().pid

    def _process(self) -> asyncio.subprocess.Process:
        if self.process is None:
            raise FeedVMError("AsyncClient not started: use `async with` or `await start()`")
        return self.process

    # -- requests ----------------------------------------------------------

    async def call(self, method: str, params: Optional[Any] = None,
                   timeout: Optional[float] = None) -> Dict[str, Any]:
        """Send ``method`` and await its result; errors as in :meth:`feedvm.Client.call`."""
        request_id, future = self.send(method, params)
        limit = self._limit(timeout)
        try:
            result: Dict[str, Any] = await asyncio.wait_for(asyncio.shield(future), limit)
            return result
        except asyncio.TimeoutError:
            raise self._timed_out(method, request_id, limit) from None

    async def request(self, request: "Request[T]") -> T:
        """Send a typed request (:mod:`feedvm.requests`) and await its result."""
        return cast(T, await self.call(request.method, request.params, request.timeout))

    def send(self, method: str, params: Optional[Any] = None) -> "Tuple[int, asyncio.Future[Any]]":
        """Send a request without waiting: its id and the future of its result."""
        future: "asyncio.Future[Any]" = asyncio.get_running_loop().create_future()
        return self._send(method, params, future), future

    def _write(self, data: bytes) -> None:
        # StreamWriter.write buffers without blocking; the transport flushes in order.
        stdin = self._process().stdin
        if stdin is None or stdin.is_closing():
            raise self._exit_error()
        stdin.write(data)

    def _write_reply(self, data: bytes) -> None:
        stdin = self._process().stdin
        if stdin is None or stdin.is_closing():
            return
        if stdin.transport.get_write_buffer_size() > MAX_QUEUED_REPLY_BYTES:
            self._dropped_replies += 1
            if self._dropped_replies == 1:
                self._log("feedvm client: the server is not reading; replies to its requests are dropped while "
                          f"more than {MAX_QUEUED_REPLY_BYTES} bytes wait to be written")
            return
        stdin.write(data)

    def _returncode(self) -> Optional[int]:
        return self._process().returncode

    # -- notifications -----------------------------------------------------

    async def notifications(self, method: Optional[str] = None,
                            timeout: Optional[float] = 0) -> AsyncIterator[Notification]:
        """Async-iterate notifications; same rules as :meth:`feedvm.Client.notifications`."""
        hub = self._connection.hub
        arrived = asyncio.Event()
        remove = hub.add_wakeup(arrived.set)  # publish runs on this loop
        try:
            while True:
                found = hub.take(method)
                if found is not None:
                    yield found
                    continue
                if hub.closed:
                    return
                arrived.clear()
                try:
                    await asyncio.wait_for(arrived.wait(), timeout)
                except asyncio.TimeoutError:
                    found = hub.take(method)
                    if found is None:
                        return
                    yield found
        finally:
            remove()

    # -- reader tasks --------------------------------------------------------

    async def _drain_stderr(self) -> None:
        stream = self._process().stderr
        assert stream is not None
        while True:
            chunk = await stream.read(1 << 16)
            if not chunk:
                self.stderr_tail.flush()
                return
            self.stderr_tail.feed_chunk(chunk)

    async def _read_stdout(self) -> None:
        process = self._process()
        assert process.stdout is not None
        while True:
            chunk = await process.stdout.read(1 << 16)
            if not chunk:
                break
            self._received(chunk)
        self._stdout_ended.set()
        for waited in (process.wait(), asyncio.shield(self._tasks[0])):
            try:
                await asyncio.wait_for(waited, self.close_timeout)
            except asyncio.TimeoutError:
                pass  # stdout closed but still running, or stderr still open: report what we know
        self._output_ended()

    async def _watch_exit(self) -> None:
        await self._exited.wait()
        # Answers written before the exit are still being read: give the reader a moment.
        for waited in (self._stdout_ended.wait(), asyncio.shield(self._tasks[0])):
            try:
                await asyncio.wait_for(waited, self.close_timeout)
            except asyncio.TimeoutError:
                pass  # a child of the server holds its stdout or stderr open
        self._output_ended()

    # -- shutdown ------------------------------------------------------------

    async def close(self) -> Optional[int]:
        """Close stdin, wait, terminate, kill; idempotent; returns the exit code."""
        if self.process is None or self._closed:
            return None if self.process is None else self.process.returncode
        self._closed = True
        process = self.process
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        for step in stop_steps(process):
            step()
            try:
                await asyncio.wait_for(process.wait(), self.close_timeout)
                break
            except asyncio.TimeoutError:
                continue
        await process.wait()
        done, running = await asyncio.wait(self._tasks, timeout=self.close_timeout)
        for task in running:  # a child of the server holds a pipe open
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._transport.close()  # the pipes a child of the server may still hold
        self._output_ended()
        return process.returncode
