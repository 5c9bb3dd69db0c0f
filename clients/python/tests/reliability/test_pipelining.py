"""Pipelined commands of one session, with the real binary.

A session is a serial executor of its commands: ``loadImage``, ``willDisplay`` and ``cancelImage``
read the list, so they take effect after the loads that arrived before them. Each scenario is
written in one write, without waiting for any answer, with stub loads slow enough that every
command arrives while the first load is in flight.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

from reliability_corpus import encode
from reliability_wire import FeedvmProcess

SLOW = {"source": "stub", "stubDelayMs": 300, "pageSize": 10, "total": 95}


def pipeline(process: FeedvmProcess, session: str, commands: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Writes every command of ``session`` in one write; returns their responses, in order."""
    ids = [f"pipe-{session}-{n}" for n in range(len(commands))]
    lines = [encode({"jsonrpc": "2.0", "id": ident, "method": command.pop("method"),
                     "params": {"session": session, **command}})
             for ident, command in zip(ids, commands)]
    process.send_lines(lines, max_message_bytes=1 << 24)
    return [process.response(ident, timeout=30) for ident in ids]


def position(process: FeedvmProcess, predicate: Callable[[Dict[str, Any]], bool]) -> int:
    return next(n for n, message in enumerate(process.messages) if predicate(message))


def test_load_image_pipelined_after_the_first_reload_loads_the_reloaded_item(feed_methods: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        session = process.call("transform", {"input": SLOW})["session"]
        reload, image = pipeline(process, session, [{"method": "requestCommand", "reload": True},
                                                    {"method": "loadImage", "index": 0}])
        assert reload["result"]["count"] == 10, reload
        assert "result" in image, image  # not "-32602: outside the list of 0 items"
        [sections] = process.notifications("sections", session=session)
        assert image["result"]["url"] == sections["params"]["sections"][0]["items"][0]["imageURL"]
        [downloaded] = process.notifications("imageDownloaded", session=session)
        assert position(process, lambda m: m is sections) < position(process, lambda m: m is downloaded) \
            < position(process, lambda m: m is image)
        assert process.violations == []


def test_will_display_and_cancel_image_pipelined_after_a_reload_see_its_list(feed_methods: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        session = process.call("transform", {"input": SLOW})["session"]
        answers = pipeline(process, session, [
            {"method": "requestCommand", "reload": True},
            {"method": "willDisplay", "index": 8},   # near the end of the reloaded list: the next page
            {"method": "loadImage", "index": 2},
            {"method": "cancelImage", "index": 2},   # after the loadImage, in arrival order
        ])
        reload, display, image, cancel = answers
        assert reload["result"]["count"] == 10, reload
        assert display["result"]["loadMore"] is True, display
        assert image["error"]["code"] == -32800 and image["error"]["data"]["reason"] == "imageCancelled", image
        assert cancel["result"] == {"cancelled": True}, cancel
        assert process.call("requestCommand", {"session": session, "reload": False})["page"] == 3


def test_an_index_beyond_the_list_waits_for_the_load_more_in_flight(feed_methods: str) -> None:
    with FeedvmProcess(feed_methods) as process:
        session = process.call("transform", {"input": SLOW})["session"]
        process.call("requestCommand", {"session": session, "reload": True})
        more, image = pipeline(process, session, [{"method": "requestCommand", "reload": False},
                                                  {"method": "loadImage", "index": 15}])
        assert more["result"]["count"] == 20, more
        assert image["result"]["url"].startswith("stub://images/all/16.png"), image
