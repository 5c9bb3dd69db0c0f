#!/usr/bin/env python3
"""TEST DOUBLE: a tiny stand-in server speaking the feedvm wire mechanics.

It is NOT feedvm and knows no feed methods (they answer -32601). It exists only
so the client's mechanics (ids, concurrency, timeouts and ``$/cancelRequest``,
error mapping, notifications, stderr draining, process death and clean-up) can
be tested without the Swift binary. Methods:

- ``ping`` -> ``{}``; ``initialize`` -> a minimal server info.
- ``test/echo {…}`` -> its params.
- ``test/error {code, message, data?}`` -> that error.
- ``test/sleep {seconds}`` -> ``{}`` after sleeping; ``$/cancelRequest`` ends it with -32800.
- ``test/notify {method, count}`` -> sends ``count`` notifications ``method`` with
  ``{"n": i}`` before answering ``{"sent": count}``.
- ``test/stderr {bytes}`` -> writes that many bytes of log to stderr, then ``{}``.
- ``test/exit {code, message}`` -> writes ``message`` to stderr and exits at once.
- ``test/pid`` -> ``{"pid": os.getpid()}``.
- ``test/cancels`` -> ``{"ids": [...]}``, every id named by a ``$/cancelRequest`` so far.
- ``test/ask`` -> sends the client a request ``client/hello`` and answers with
  the client's reply to it.

Framing as feedvm's: ``Content-Length`` framed when the first bytes are such a
header (and then answered framed), else one message per line.
"""

import json
import os
import sys
import threading

out_lock = threading.Lock()
framed = False
cancelled = {}
cancelled_lock = threading.Lock()
cancel_requests = []
client_replies = {}
client_replied = threading.Condition()


def write(message):
    body = json.dumps(message, separators=(",", ":")).encode()
    data = b"Content-Length: %d\r\n\r\n%s" % (len(body), body) if framed else body + b"\n"
    with out_lock:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def answer(request_id, result=None, error=None):
    message = {"jsonrpc": "2.0", "id": request_id}
    if error is not None:
        message["error"] = error
    else:
        message["result"] = result
    write(message)


def sleep(request_id, params):
    event = threading.Event()
    with cancelled_lock:
        cancelled[request_id] = event
    if event.wait(float(params.get("seconds", 1))):
        answer(request_id, error={"code": -32800, "message": "request cancelled"})
    else:
        answer(request_id, {})
    with cancelled_lock:
        cancelled.pop(request_id, None)


def ask(request_id):
    write({"jsonrpc": "2.0", "id": "srv-1", "method": "client/hello"})
    with client_replied:
        client_replied.wait_for(lambda: "srv-1" in client_replies, timeout=10)
        answer(request_id, client_replies.pop("srv-1", None))


def handle(message):
    if isinstance(message, list):
        for element in message:
            handle(element)
        return
    if "method" not in message:  # the client's reply to test/ask
        with client_replied:
            client_replies[message.get("id")] = message
            client_replied.notify_all()
        return
    method, params, request_id = message.get("method"), message.get("params") or {}, message.get("id")
    if method == "$/cancelRequest":
        with cancelled_lock:
            cancel_requests.append(params.get("id"))
            event = cancelled.get(params.get("id"))
        if event:
            event.set()
        return
    if "id" not in message:
        return
    if method == "ping":
        answer(request_id, {})
    elif method == "initialize":
        answer(request_id, {"protocolVersion": "fake", "serverInfo": {"name": "fake_feedvm",
                                                                       "version": "0"},
                            "capabilities": {}})
    elif method == "test/echo":
        answer(request_id, params)
    elif method == "test/error":
        error = {"code": params["code"], "message": params["message"]}
        if "data" in params:
            error["data"] = params["data"]
        answer(request_id, error=error)
    elif method == "test/sleep":
        threading.Thread(target=sleep, args=(request_id, params), daemon=True).start()
    elif method == "test/notify":
        for n in range(params["count"]):
            write({"jsonrpc": "2.0", "method": params["method"], "params": {"n": n}})
        answer(request_id, {"sent": params["count"]})
    elif method == "test/stderr":
        remaining = int(params["bytes"])
        chunk = "log line from the fake server, padding padding padding\n"
        while remaining > 0:
            sys.stderr.write(chunk)
            remaining -= len(chunk)
        sys.stderr.flush()
        answer(request_id, {})
    elif method == "test/exit":
        sys.stderr.write(params.get("message", "") + "\n")
        sys.stderr.flush()
        os._exit(int(params.get("code", 3)))
    elif method == "test/ask":
        threading.Thread(target=ask, args=(request_id,), daemon=True).start()
    elif method == "test/cancels":
        with cancelled_lock:
            answer(request_id, {"ids": list(cancel_requests)})
    elif method == "test/pid":
        answer(request_id, {"pid": os.getpid()})
    else:
        answer(request_id, error={"code": -32601, "message": f"method not found: {method}"})


def messages(stream):
    """The bodies read from ``stream``: lines, or Content-Length framed bodies."""
    global framed
    first = stream.readline()
    framed = first.lower().startswith((b"content-length:", b"content-type:"))
    line = first
    while line:
        if not framed:
            yield line
        else:
            length = 0
            while line.strip():
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
                line = stream.readline()
            yield stream.read(length)
        line = stream.readline()


def main():
    if "--ignore-eof" in sys.argv:  # to test close() escalating to terminate/kill
        import signal
        signal.signal(signal.SIGTERM, signal.SIG_IGN if "--ignore-term" in sys.argv else signal.SIG_DFL)
    for body in messages(sys.stdin.buffer):
        if body.strip():
            handle(json.loads(body))
    if "--ignore-eof" in sys.argv:
        threading.Event().wait()
    sys.exit(0)


if __name__ == "__main__":
    main()
