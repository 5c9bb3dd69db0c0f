"""``feedvm.AsyncClient``: the asyncio client.

Same methods, errors and notification model as :class:`feedvm.Client`, with
``await``: a reader task resolves an ``asyncio.Future`` per request id and a
second task drains stderr.

    async with feedvm.AsyncClient() as client:
        session = (await client.transform({"source": "stub"}))["session"]
        await client.request_command(session, reload=True)
        async for note in client.notifications("sections", timeout=0):
            ...
"""

import asyncio
import itertools
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Mapping, Optional, Sequence

from .discovery import PathLike, find_binary
from .errors import FeedVMError, RpcTimeout, ServerExited, error_from_wire
from .methods import FeedMethods
from .notifications import Callback, NotificationHub
from .process import StderrTail, death_signal_hook, server_command
from .wire import NEWLINE, MessageSplitter, Notification, Response, ServerRequest, encode_request

__all__ = ["AsyncClient"]

#: Longest stderr line the reader accepts.
MAX_LINE_BYTES = 256 * 1024 * 1024


class AsyncClient(FeedMethods[Awaitable[Dict[str, Any]]]):
    """Spawns ``feedvm`` from the running loop; use ``async with``.

    Parameters are those of :class:`feedvm.Client`.
    """

    def __init__(self, binary: Optional[PathLike] = None, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None,
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200,
                 framing: str = NEWLINE) -> None:
        self._splitter = MessageSplitter(framing)
        self.framing = framing
        self.binary = find_binary(binary)
        self.args = list(args)
        self.env = dict(env) if env is not None else None
        self.default_timeout = timeout
        self.close_timeout = close_timeout
        self.stderr_tail = StderrTail(stderr_tail_lines)
        self._hub = NotificationHub()
        self._ids = itertools.count(1)
        self._pending: Dict[int, "asyncio.Future[Any]"] = {}
        self._exited: Optional[ServerExited] = None
        self._closed = False
        self.process: Optional[asyncio.subprocess.Process] = None
        self._tasks: "list[asyncio.Task[None]]" = []

    async def start(self) -> "AsyncClient":
        """Spawn the server (``async with`` does this)."""
        if self.process is None:
            self.process = await asyncio.create_subprocess_exec(
                *server_command(self.binary, self.args),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=self.env, limit=MAX_LINE_BYTES,
                preexec_fn=death_signal_hook())
            self._tasks = [asyncio.ensure_future(self._drain_stderr()),
                           asyncio.ensure_future(self._read_stdout())]
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
        limit = self.default_timeout if timeout is None else timeout
        try:
            result: Dict[str, Any] = await asyncio.wait_for(asyncio.shield(future), limit)
            return result
        except asyncio.TimeoutError:
            self._pending.pop(request_id, None)
            try:
                self.cancel(request_id)
            except FeedVMError:
                pass
            raise RpcTimeout(method, request_id, float(limit or 0)) from None

    def send(self, method: str, params: Optional[Any] = None) -> "tuple[int, asyncio.Future[Any]]":
        """Send a request without waiting: its id and the future of its result."""
        if self._exited is not None:
            raise self._exited
        request_id = next(self._ids)
        future: "asyncio.Future[Any]" = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            self._write(encode_request(request_id, method, params, self.framing))
        except ServerExited:
            self._pending.pop(request_id, None)
            raise
        return request_id, future

    def _write(self, line: bytes) -> None:
        # StreamWriter.write buffers without blocking; the transport flushes in order.
        stdin = self._process().stdin
        if stdin is None or stdin.is_closing():
            raise self._exit_error()
        stdin.write(line)

    # -- notifications -----------------------------------------------------

    def on(self, method: str, callback: Callback) -> Callable[[], None]:
        """Call ``callback(notification)`` on the loop for each ``method`` notification."""
        return self._hub.on(method, callback)

    async def notifications(self, method: Optional[str] = None,
                            timeout: Optional[float] = 0) -> AsyncIterator[Notification]:
        """Async-iterate notifications; same rules as :meth:`feedvm.Client.notifications`."""
        arrived = asyncio.Event()
        remove = self._hub.add_wakeup(arrived.set)  # publish runs on this loop
        try:
            while True:
                found = self._hub.take(method)
                if found is not None:
                    yield found
                    continue
                if self._hub.closed:
                    return
                arrived.clear()
                try:
                    await asyncio.wait_for(arrived.wait(), timeout)
                except asyncio.TimeoutError:
                    found = self._hub.take(method)
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
            try:
                raw = await stream.readline()
            except ValueError:  # an over-long log line: keep draining
                continue
            if not raw:
                return
            self.stderr_tail.feed(raw)

    async def _read_stdout(self) -> None:
        stream = self._process().stdout
        assert stream is not None
        while True:
            chunk = await stream.read(1 << 16)
            if not chunk:
                break
            self._receive(chunk)
        await self._on_stdout_closed()

    def _dispatch(self, message: Any) -> None:
        if isinstance(message, Notification):
            self._hub.publish(message)
        elif isinstance(message, Response):
            future = self._pending.pop(message.id, None) if isinstance(message.id, int) else None
            if future is None or future.done():
                return
            if message.error is not None:
                future.set_exception(error_from_wire(message.error))
            else:
                future.set_result(message.result)
        elif isinstance(message, ServerRequest):
            self._refuse(message.id, message.method)

    async def _on_stdout_closed(self) -> None:
        process = self._process()
        try:
            await asyncio.wait_for(process.wait(), self.close_timeout)
        except asyncio.TimeoutError:
            pass
        try:
            await asyncio.wait_for(asyncio.shield(self._tasks[0]), self.close_timeout)
        except asyncio.TimeoutError:
            pass
        error = self._exit_error()
        pending = list(self._pending.values())
        self._pending.clear()
        for future in pending:
            if not future.done():
                future.set_exception(error)
        self._hub.close()

    def _exit_error(self) -> ServerExited:
        if self._exited is None or self._exited.returncode is None:
            self._exited = ServerExited(self._process().returncode, self.stderr_tail.text())
        return self._exited

    # -- shutdown ------------------------------------------------------------

    async def close(self) -> Optional[int]:
        """Close stdin, wait, terminate, kill; idempotent; returns the exit code."""
        if self.process is None or self._closed:
            return None if self.process is None else self.process.returncode
        self._closed = True
        process = self.process
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        for step in (None, process.terminate, process.kill):
            if step is not None:
                try:
                    step()
                except ProcessLookupError:
                    pass
            try:
                await asyncio.wait_for(process.wait(), self.close_timeout)
                break
            except asyncio.TimeoutError:
                continue
        await process.wait()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        return process.returncode
