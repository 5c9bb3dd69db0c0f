"""``feedvm.Client``: the synchronous client, a thread transport over the sans-IO core.

A reader thread feeds stdout to the :class:`~feedvm.connection.Connection`, which settles a
``concurrent.futures.Future`` per request id and publishes notifications; a second thread
drains stderr continuously so the server can never block on its logs; a writer thread
(:class:`~feedvm.outbox.Outbox`) writes what callers queue, so no caller blocks on a server
that stops reading; a fourth waits for the process, so its exit fails every pending call even
while something else holds its stdout open. Calls may come from any thread.

    with feedvm.Client() as client:
        session = client.transform({"source": "stub"})["session"]
        client.request_command(session, reload=True)
        for note in client.notifications("sections", timeout=0):
            print(note.params["revision"])
"""

import io
import subprocess
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Dict, Iterator, Mapping, Optional, Sequence, Tuple, TypeVar, cast

from .discovery import PathLike
from .methods import FeedMethods
from .outbox import Outbox, OutboxClosed
from .process import death_signal_hook, server_command, stop_steps
from .requests import Request
from .wire import NEWLINE, Notification

__all__ = ["Client"]

T = TypeVar("T")


class Client(FeedMethods):
    """Spawns ``feedvm`` and talks JSON-RPC to it; a context manager.

    :param binary: path of the executable; default: see :func:`feedvm.find_binary`.
    :param args: extra command-line arguments (``["--stub-delay-ms", "50"]``).
    :param env: environment for the server (default: inherited).
    :param timeout: default per-call timeout in seconds (``None``: wait forever).
    :param close_timeout: how long ``close()`` waits at each step before escalating.
    :param framing: ``"newline"`` (one JSON text per line) or ``"content-length"``
        (LSP base-protocol headers); the server answers in the framing it is spoken to.
    :param max_message_bytes: the longest message read from the server (default:
        :func:`feedvm.message_bound` of ``args``); a longer one is skipped and logged.
    """

    def __init__(self, binary: Optional[PathLike] = None, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None,
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200,
                 framing: str = NEWLINE, max_message_bytes: Optional[int] = None) -> None:
        super().__init__(binary, args, env, timeout, close_timeout, stderr_tail_lines, framing,
                         max_message_bytes)
        self._closed = False
        self._stdout_ended = threading.Event()
        self.process = subprocess.Popen(
            server_command(self.binary, self.args),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=self.env, preexec_fn=death_signal_hook(), close_fds=True)
        assert self.process.stdin is not None
        self._outbox = Outbox(self.process.stdin, log=self._log)
        self._threads = [threading.Thread(target=target, name=name, daemon=True) for target, name in (
            (self._drain_stderr, "feedvm-stderr"), (self._read_stdout, "feedvm-reader"),
            (self._watch_exit, "feedvm-exit"))]
        self._stderr_thread, self._reader_thread, self._exit_thread = self._threads
        for thread in self._threads:
            thread.start()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self.process.pid

    # -- requests ----------------------------------------------------------

    def call(self, method: str, params: Optional[Any] = None,
             timeout: Optional[float] = None) -> Dict[str, Any]:
        """Send ``method`` and wait for its result.

        Raises the matching :class:`~feedvm.errors.RpcError` subclass on an error
        answer, :class:`~feedvm.errors.RpcTimeout` (after sending
        ``$/cancelRequest``) when ``timeout`` (default: the client's) passes, and
        :class:`~feedvm.errors.ServerExited` when the process is gone.
        """
        request_id, future = self.send(method, params)
        limit = self._limit(timeout)
        try:
            result: Dict[str, Any] = future.result(limit)
            return result
        except FutureTimeout:
            raise self._timed_out(method, request_id, limit) from None

    def request(self, request: "Request[T]") -> T:
        """Send a typed request (:mod:`feedvm.requests`) and wait for its result."""
        return cast(T, self.call(request.method, request.params, request.timeout))

    def send(self, method: str, params: Optional[Any] = None) -> "Tuple[int, Future[Any]]":
        """Send a request without waiting: returns its id and the ``Future`` of its result."""
        future: "Future[Any]" = Future()
        return self._send(method, params, future), future

    def _write(self, data: bytes) -> None:
        try:
            self._outbox.put(data)
        except OutboxClosed:
            raise self._exit_error() from None

    def _write_request(self, request_id: int, data: bytes) -> None:
        try:
            self._outbox.put(data, request_id)
        except OutboxClosed:
            raise self._exit_error() from None

    def _withdraw(self, request_id: int) -> bool:
        return self._outbox.withdraw(request_id)

    def _write_reply(self, data: bytes) -> None:
        self._outbox.put_droppable(data)

    def _returncode(self) -> Optional[int]:
        return self.process.poll()

    # -- notifications -----------------------------------------------------

    def notifications(self, method: Optional[str] = None,
                      timeout: Optional[float] = 0) -> Iterator[Notification]:
        """Consume notifications (of ``method``, or all) in arrival order.

        Includes those that arrived before the call (the buffer keeps the latest
        100,000). By default (``timeout=0``) only what is already queued, without
        waiting; with ``timeout`` seconds it also waits that long for each next one;
        ``None`` follows the stream until the server exits.
        """
        return self._connection.hub.iterate(method, timeout)

    # -- reader threads ------------------------------------------------------

    def _drain_stderr(self) -> None:
        stream = cast(io.BufferedReader, self.process.stderr)
        for chunk in iter(lambda: stream.read1(1 << 16), b""):
            self.stderr_tail.feed_chunk(chunk)
        self.stderr_tail.flush()

    def _read_stdout(self) -> None:
        stream = cast(io.BufferedReader, self.process.stdout)  # read1: what is there, up to 64 KiB
        for chunk in iter(lambda: stream.read1(1 << 16), b""):
            self._received(chunk)
        self._stdout_ended.set()
        try:
            self.process.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            pass  # stdout closed but still running: report what we know
        self._stderr_thread.join(self.close_timeout)
        self._output_ended()

    def _watch_exit(self) -> None:
        self.process.wait()
        # Answers written before the exit are still being read: give the reader a moment.
        self._stdout_ended.wait(self.close_timeout)
        self._stderr_thread.join(self.close_timeout)
        self._output_ended()

    # -- shutdown ------------------------------------------------------------

    def close(self) -> Optional[int]:
        """Stop the server: close stdin, wait, terminate, kill. Returns its exit code.

        Idempotent. Pending calls fail with :class:`~feedvm.errors.ServerExited`.
        """
        if self._closed:
            return self.process.returncode
        self._closed = True
        self._outbox.close()
        for step in stop_steps(self.process):
            step()
            try:
                self.process.wait(self.close_timeout)
                break
            except subprocess.TimeoutExpired:
                continue
        self.process.wait()
        for thread in (self._exit_thread, self._reader_thread, self._stderr_thread):
            thread.join(self.close_timeout)
        self._outbox.join(self.close_timeout)
        for stream, thread in ((self.process.stdout, self._reader_thread),
                               (self.process.stderr, self._stderr_thread)):
            if stream is not None and not thread.is_alive():  # else a child of the server holds it open
                stream.close()
        return self.process.returncode
