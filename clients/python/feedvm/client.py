"""``feedvm.Client``: the synchronous client.

A reader thread turns stdout lines into answers (a ``Future`` per request id)
and notifications; a second thread drains stderr continuously so the server
can never block on its logs. Calls may come from any thread.

    with feedvm.Client() as client:
        session = client.transform({"source": "stub"})["session"]
        client.request_command(session, reload=True)
        for note in client.notifications("sections", timeout=0):
            print(note.params["revision"])
"""

import itertools
import subprocess
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Sequence

from .discovery import PathLike, find_binary
from .errors import FeedVMError, RpcTimeout, ServerExited, error_from_wire
from .methods import FeedMethods
from .notifications import Callback, NotificationHub
from .process import StderrTail, death_signal_hook, server_command
from .wire import NEWLINE, MessageSplitter, Notification, Response, ServerRequest, encode_request

__all__ = ["Client"]


class Client(FeedMethods[Dict[str, Any]]):
    """Spawns ``feedvm`` and talks JSON-RPC to it; a context manager.

    :param binary: path of the executable; default: see :func:`feedvm.find_binary`.
    :param args: extra command-line arguments (``["--stub-delay-ms", "50"]``).
    :param env: environment for the server (default: inherited).
    :param timeout: default per-call timeout in seconds (``None``: wait forever).
    :param close_timeout: how long ``close()`` waits at each step before escalating.
    :param framing: ``"newline"`` (one JSON text per line) or ``"content-length"``
        (LSP base-protocol headers); the server answers in the framing it is spoken to.
    """

    def __init__(self, binary: Optional[PathLike] = None, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, timeout: Optional[float] = None,
                 close_timeout: float = 3.0, stderr_tail_lines: int = 200,
                 framing: str = NEWLINE) -> None:
        self._splitter = MessageSplitter(framing)  # refuses an unknown framing before spawning
        self.framing = framing
        self.binary = find_binary(binary)
        self.default_timeout = timeout
        self.close_timeout = close_timeout
        self.stderr_tail = StderrTail(stderr_tail_lines)
        self._hub = NotificationHub()
        self._ids = itertools.count(1)
        self._pending: Dict[int, "Future[Any]"] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._exited: Optional[ServerExited] = None
        self._closed = False
        self.process = subprocess.Popen(
            server_command(self.binary, list(args)),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            preexec_fn=death_signal_hook(), close_fds=True)
        self._stderr_thread = threading.Thread(
            target=self._drain_stderr, name="feedvm-stderr", daemon=True)
        self._reader_thread = threading.Thread(
            target=self._read_stdout, name="feedvm-reader", daemon=True)
        self._stderr_thread.start()
        self._reader_thread.start()

    # -- context manager -------------------------------------------------

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
        limit = self.default_timeout if timeout is None else timeout
        try:
            result: Dict[str, Any] = future.result(limit)
            return result
        except FutureTimeout:
            with self._lock:
                self._pending.pop(request_id, None)
            self._cancel_quietly(request_id)
            raise RpcTimeout(method, request_id, float(limit or 0)) from None

    def send(self, method: str, params: Optional[Any] = None) -> "tuple[int, Future[Any]]":
        """Send a request without waiting: returns its id and the ``Future`` of its result."""
        future: "Future[Any]" = Future()
        with self._lock:
            if self._exited is not None:
                raise self._exited
            request_id = next(self._ids)
            self._pending[request_id] = future
        try:
            self._write(encode_request(request_id, method, params, self.framing))
        except ServerExited:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return request_id, future

    def _cancel_quietly(self, request_id: int) -> None:
        try:
            self.cancel(request_id)
        except FeedVMError:
            pass

    def _write(self, line: bytes) -> None:
        with self._write_lock:
            stdin = self.process.stdin
            try:
                if stdin is None or stdin.closed:
                    raise BrokenPipeError
                stdin.write(line)
                stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                raise self._exit_error() from None

    # -- notifications -----------------------------------------------------

    def on(self, method: str, callback: Callback) -> Callable[[], None]:
        """Call ``callback(notification)`` for each ``method`` notification (``"*"``: all).

        Callbacks run on the reader thread, in arrival order: keep them short.
        Returns a function that unsubscribes.
        """
        return self._hub.on(method, callback)

    def notifications(self, method: Optional[str] = None,
                      timeout: Optional[float] = 0) -> Iterator[Notification]:
        """Consume notifications (of ``method``, or all) in arrival order.

        Includes those that arrived before the call (the buffer keeps the latest
        100,000). By default (``timeout=0``) only what is already queued, without
        waiting; with ``timeout`` seconds it also waits that long for each next one;
        ``None`` follows the stream until the server exits.
        """
        return self._hub.iterate(method, timeout)

    # -- reader threads ------------------------------------------------------

    def _drain_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for raw in iter(stream.readline, b""):
            self.stderr_tail.feed(raw)

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        for chunk in iter(lambda: stream.read1(1 << 16), b""):
            self._receive(chunk)
        self._on_stdout_closed()

    def _dispatch(self, message: Any) -> None:
        if isinstance(message, Notification):
            self._hub.publish(message)
        elif isinstance(message, Response):
            with self._lock:
                future = self._pending.pop(message.id, None) if isinstance(message.id, int) else None
            if future is None:
                return  # an answer to a request we gave up on (timed out)
            if message.error is not None:
                future.set_exception(error_from_wire(message.error))
            else:
                future.set_result(message.result)
        elif isinstance(message, ServerRequest):
            self._refuse(message.id, message.method)

    def _on_stdout_closed(self) -> None:
        try:
            self.process.wait(self.close_timeout)
        except subprocess.TimeoutExpired:
            pass  # stdout closed but still running: report what we know
        self._stderr_thread.join(self.close_timeout)
        error = self._exit_error()
        with self._lock:
            pending = list(self._pending.values())
            self._pending.clear()
        for future in pending:
            future.set_exception(error)
        self._hub.close()

    def _exit_error(self) -> ServerExited:
        with self._lock:
            if self._exited is None or self._exited.returncode is None:
                self._exited = ServerExited(self.process.poll(), self.stderr_tail.text())
            return self._exited

    # -- shutdown ------------------------------------------------------------

    def close(self) -> Optional[int]:
        """Stop the server: close stdin, wait, terminate, kill. Returns its exit code.

        Idempotent. Pending calls fail with :class:`~feedvm.errors.ServerExited`.
        """
        if self._closed:
            return self.process.returncode
        self._closed = True
        with self._write_lock:
            try:
                if self.process.stdin is not None:
                    self.process.stdin.close()
            except OSError:
                pass
        for step in (None, self.process.terminate, self.process.kill):
            if step is not None:
                try:
                    step()
                except ProcessLookupError:
                    pass
            try:
                self.process.wait(self.close_timeout)
                break
            except subprocess.TimeoutExpired:
                continue
        self.process.wait()
        self._reader_thread.join(self.close_timeout)
        self._stderr_thread.join(self.close_timeout)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        return self.process.returncode
