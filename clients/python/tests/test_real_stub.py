"""The client against the real feedvm binary on the embedded stub source.

Skipped (with the reason) while the binary is not built or does not speak the
feed methods yet. Expectations come from protocol/README.md.
"""

import base64
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, cast

import pytest

import feedvm
from client_support import SpawnClient, session_events
from feedvm import transcript
from feedvm.errors import InvalidParams
from feedvm.input_types import Input
from feedvm.methods import PROTOCOL_VERSION
from feedvm.protocol_types import LoadResult
from imagecheck import dimensions

HERE = Path(__file__).resolve().parent
MIME = {"png": "image/png", "gif": "image/gif", "jpg": "image/jpeg"}


def new_session(client: feedvm.Client, bind: bool = True, **input_members: Any) -> str:
    session = client.transform(cast(Input, {"source": "stub", **input_members}))["session"]
    if bind:
        client.bind_refresh_status(session)
    return session


def test_initialize_reports_the_protocol_and_server(real: feedvm.Client) -> None:
    result = real.initialize({"name": "pytest"}, {"sections": {"incremental": True}})
    assert result["protocolVersion"] == PROTOCOL_VERSION
    assert result["serverInfo"]["name"] == "feedvm"


def test_initialize_refuses_another_major_version_naming_the_supported_one(real: feedvm.Client) -> None:
    with pytest.raises(InvalidParams) as refused:
        real.initialize({"name": "pytest"}, protocol_version="2.0")
    assert refused.value.data["field"] == "protocolVersion" and refused.value.data["supported"] == PROTOCOL_VERSION
    assert PROTOCOL_VERSION in refused.value.message


def test_rpc_discover_answers_the_protocols_openrpc_document(real: feedvm.Client) -> None:
    document = real.call("rpc.discover")
    assert document == json.loads((transcript.repo_root() / "protocol" / "feedvm.openrpc.json").read_text(encoding="utf-8"))


def test_transform_answers_the_initial_output(real: feedvm.Client) -> None:
    result = real.transform({"source": "stub"})
    assert isinstance(result["session"], str)
    assert result["output"] == {"sections": [{"items": []}], "refreshStatus": {"status": "none"}}


def test_bind_before_any_load_replays_none(real: feedvm.Client) -> None:
    session = new_session(real, bind=False)
    assert real.bind_refresh_status(session) == {"status": "none", "refresh": {"state": "idle"}, "append": {"state": "idle"}}


def test_reload_sends_its_notifications_in_order_before_the_answer(real_framed: feedvm.Client) -> None:
    session = new_session(real_framed)
    result = real_framed.request_command(session, reload=True)
    assert (result["count"], result["page"], result["hasMore"]) == (10, 1, True)
    assert session_events(real_framed, session) == [
        ("refreshStatus", "beingHeaderRefresh"), ("sections", None), ("hud", "success"),
        ("refreshStatus", "endHeaderRefresh"), ("refreshStatus", "footerStatus")]


def test_paging_to_the_end_then_a_reload_clears_no_more_data(real_framed: feedvm.Client) -> None:
    session = new_session(real_framed, total=25)
    real_framed.request_command(session, reload=True)
    assert real_framed.request_command(session, reload=False)["count"] == 20
    list(real_framed.notifications(timeout=0))  # forget the second page's notifications
    last = real_framed.request_command(session, reload=False)
    assert (last["count"], last["page"], last["hasMore"]) == (25, 3, False)
    assert session_events(real_framed, session) == [
        ("refreshStatus", "beingFooterRefresh"), ("sections", None), ("hud", "success"),
        ("refreshStatus", "noMoreData"), ("refreshStatus", "footerStatus")]
    after_end = real_framed.request_command(session, reload=False)
    assert (after_end["count"], after_end["hasMore"]) == (25, False)
    assert session_events(real_framed, session) == []  # answered at once, nothing changed
    real_framed.request_command(session, reload=True)
    footer = [n for n in real_framed.notifications("refreshStatus", timeout=0)
              if n.params["status"] == "footerStatus"]
    assert footer[-1].params["isNoMoreData"] is False


def test_the_sections_snapshot_matches_the_answer(real: feedvm.Client) -> None:
    session = new_session(real)
    result = real.request_command(session, reload=True)
    mirror = feedvm.FeedMirror(session)
    for note in real.notifications("sections", timeout=0):
        mirror.apply(note.params)
    assert mirror.revision == result["revision"] and len(mirror.items) == result["count"]
    item = mirror.items[0]
    assert {"id", "title", "imageURL"} <= set(item)


def test_an_incremental_mirror_equals_the_snapshots_of_another_client(real: feedvm.Client, spawn_real: SpawnClient) -> None:
    other = spawn_real()
    real.initialize(capabilities={"sections": {"incremental": True}})
    incremental, snapshot = feedvm.FeedMirror(), feedvm.FeedMirror()
    a, b = new_session(real, total=35), new_session(other, total=35)
    incremental.session, snapshot.session = a, b
    incremental.attach(real)
    snapshot.attach(other)
    for step, reload in enumerate((True, False, False, True, False)):
        real.request_command(a, reload=reload)
        other.request_command(b, reload=reload)
        assert incremental.items == snapshot.items, f"step {step}"
        assert incremental.revision == snapshot.revision == step + 1
    assert len(incremental.items) == 20


def test_load_image_metadata_matches_the_bytes(real_framed: feedvm.Client) -> None:
    session = new_session(real_framed)
    real_framed.request_command(session, reload=True)
    image = real_framed.load_image(session, 0, inline=True)
    data = Path(image["path"]).read_bytes()
    assert len(data) == image["byteCount"] and base64.b64decode(image["data"]) == data
    kind, width, height = dimensions(data)
    assert (MIME[kind], width, height) == (image["mimeType"], image["width"], image["height"])
    notes = list(real_framed.notifications("imageDownloaded", timeout=0))
    assert notes[-1].params["index"] == 0 and notes[-1].params["image"]["path"] == image["path"]


def test_the_thumbnail_variant_loads_the_items_smaller_picture(real: feedvm.Client) -> None:
    session = new_session(real)
    real.request_command(session, reload=True)
    item = list(real.notifications("sections", timeout=0))[-1].params["sections"][0]["items"][1]
    thumbnail = real.load_image(session, 1, variant="thumbnail")
    full = real.load_image(session, 1)
    assert thumbnail["url"] == item["thumbnailURL"] and full["url"] == item["imageURL"]
    assert (thumbnail["width"], thumbnail["height"]) == (item["width"] // 2, item["height"] // 2)
    notes = list(real.notifications("imageDownloaded", timeout=0))
    assert [note.params["variant"] for note in notes] == ["thumbnail", "full"]
    assert real.will_display(session, 2, variant="thumbnail") == {"loadMore": False, "image": True, "ready": False}
    assert real.will_display(session, 2, variant="thumbnail") == {"loadMore": False, "image": False, "ready": True}


def test_will_display_near_the_end_loads_more(real_framed: feedvm.Client) -> None:
    session = new_session(real_framed)
    real_framed.request_command(session, reload=True)
    result = real_framed.will_display(session, 8)
    assert result["loadMore"] is True
    sections = list(real_framed.notifications("sections", timeout=0))
    assert len(sections[-1].params["sections"][0]["items"]) == 20


def test_update_input_clears_the_list(real: feedvm.Client) -> None:
    session = new_session(real)
    real.request_command(session, reload=True)
    list(real.notifications(timeout=0))
    real.update_input(session, {"category": "iOS"})
    sections = list(real.notifications("sections", timeout=0))
    assert sections[-1].params["sections"] == [{"items": []}]
    assert real.request_command(session, reload=True)["count"] > 0


def test_dispose_then_the_session_is_unknown(real: feedvm.Client) -> None:
    session = new_session(real)
    assert real.dispose(session) == {}
    with pytest.raises(feedvm.UnknownSession) as raised:
        real.request_command(session, reload=True)
    assert session in raised.value.message


@pytest.mark.parametrize("method,params,field", [
    ("transform", {"input": {"pageSize": 0}}, "pageSize"),
    ("transform", {"input": {"source": "nope"}}, "source"),
    ("transform", {}, "input"),
    ("requestCommand", {"reload": True}, "session"),
    ("requestCommand", {"session": "s", "reload": "yes"}, "reload"),
    ("loadImage", {"session": "s"}, "index"),
])
def test_each_bad_param_is_invalid_params_naming_the_field(real: feedvm.Client, method: str, params: Dict[str, Any], field: str) -> None:
    if "session" in params:
        params = dict(params, session=new_session(real, bind=False))
    with pytest.raises(feedvm.InvalidParams) as raised:
        real.call(method, params)
    assert field in raised.value.message


def test_an_index_outside_the_list_is_invalid_params(real: feedvm.Client) -> None:
    session = new_session(real)
    real.request_command(session, reload=True)
    with pytest.raises(feedvm.InvalidParams) as raised:
        real.load_image(session, 10)
    assert raised.value.data.get("field") == "index"


def test_an_unknown_method(real: feedvm.Client) -> None:
    with pytest.raises(feedvm.MethodNotFound):
        real.call("noSuchMethod", {})


@pytest.mark.parametrize("method,extra", [
    ("requestCommand", {"reload": True}), ("loadImage", {"index": 0}),
    ("bindRefreshStatus", {}), ("willDisplay", {"index": 0}), ("cancelImage", {"index": 0}),
    ("didEndDisplaying", {"index": 0}), ("updateInput", {"input": {}}), ("dispose", {}),
])
def test_every_session_method_names_an_unknown_session(real: feedvm.Client, method: str, extra: Dict[str, Any]) -> None:
    with pytest.raises(feedvm.UnknownSession) as raised:
        real.call(method, {"session": "no-such-session", **extra})
    assert "no-such-session" in raised.value.message
    assert raised.value.data == {"session": "no-such-session"}


@pytest.mark.parametrize("method,params,field", [
    ("willDisplay", {"index": 99}, "index"),
    ("bindRefreshStatus", {"header": "yes"}, "header"),
    ("updateInput", {"input": {"pageSize": 500}}, "pageSize"),
])
def test_bad_params_on_a_live_session(real: feedvm.Client, method: str, params: Dict[str, Any], field: str) -> None:
    session = new_session(real, bind=False)
    real.request_command(session, reload=True)
    with pytest.raises(feedvm.InvalidParams) as raised:
        real.call(method, {"session": session, **params})
    assert field in raised.value.message


def test_a_refused_url_scheme(real: feedvm.Client) -> None:
    with pytest.raises(feedvm.SchemeRefused):
        real.transform({"source": "gank", "baseURL": "ftp://127.0.0.1/gank/"})


def test_a_timeout_cancels_the_load_on_the_server(spawn_real: SpawnClient, framing: str) -> None:
    client = spawn_real("--stub-delay-ms", "30000", framing=framing)  # answered only if not cancelled
    session = new_session(client)
    with pytest.raises(feedvm.RpcTimeout):
        client.request_command(session, reload=True, timeout=0.3)
    # The cancelled load ends its header spinner and changes nothing.
    statuses = []
    for note in client.notifications("refreshStatus", timeout=10):
        statuses.append(note.params["status"])
        if statuses[-1] == "footerStatus":
            break
    assert statuses == ["beingHeaderRefresh", "endHeaderRefresh", "footerStatus"]
    assert list(client.notifications("sections", timeout=0)) == []
    assert client.ping() == {}


def test_an_explicit_cancel_answers_request_cancelled(spawn_real: SpawnClient) -> None:
    client = spawn_real("--stub-delay-ms", "3000")
    session = new_session(client)
    request_id, future = client.send("requestCommand", {"session": session, "reload": True})
    client.cancel(request_id)
    with pytest.raises(feedvm.RequestCancelled) as raised:
        future.result(10)
    assert raised.value.data == {"reason": "clientCancelled"}


def test_a_reload_supersedes_an_in_flight_load_more(spawn_real: SpawnClient) -> None:
    client = spawn_real("--stub-delay-ms", "500")
    session = new_session(client)
    client.request_command(session, reload=True)
    _, load_more = client.send("requestCommand", {"session": session, "reload": False})
    reload = client.request_command(session, reload=True)
    with pytest.raises(feedvm.RequestCancelled) as raised:
        load_more.result(10)
    assert raised.value.data == {"reason": "superseded"}
    assert (reload["count"], reload["page"]) == (10, 1)


def test_a_slow_load_does_not_block_ping(spawn_real: SpawnClient) -> None:
    client = spawn_real("--stub-delay-ms", "3000")
    session = new_session(client)
    _, slow = client.send("requestCommand", {"session": session, "reload": True})
    assert client.ping() == {}
    assert not slow.done()


def test_the_async_client_drives_a_session(feedvm_binary: str, tmp_path: Path, framing: str) -> None:
    import asyncio

    async def scenario() -> Tuple[LoadResult, List[str], Optional[int]]:
        async with feedvm.AsyncClient(binary=feedvm_binary, args=["--cache-dir", str(tmp_path)],
                                      timeout=30, framing=framing) as client:
            session = (await client.transform({"source": "stub"}))["session"]
            result = await client.request_command(session, reload=True)
            notes = [n.method async for n in client.notifications("sections", timeout=0)]
            return result, notes, await client.close()

    result, notes, code = asyncio.run(scenario())
    assert result["count"] == 10 and notes == ["sections"] and code == 0


def test_close_ends_the_server_with_status_zero(real: feedvm.Client) -> None:
    assert real.close() == 0


def test_sigterm_ends_the_server_with_status_zero(real: feedvm.Client) -> None:
    real.ping()  # the server is up, its signal handling installed
    real.process.send_signal(signal.SIGTERM)
    assert real.process.wait(5) == 0


def test_a_killed_parent_leaves_no_feedvm_behind(feedvm_binary: str) -> None:
    script = ("import sys; sys.path[:0] = [%r]\n"
              "import feedvm\n"
              "client = feedvm.Client(binary=%r)\n"
              "print(client.pid, flush=True)\n"
              "import time; time.sleep(60)\n" % (str(HERE.parent), feedvm_binary))
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)  # polling the kernel, not ordering test steps
    pytest.fail(f"feedvm {child} outlived its killed parent")


def test_the_server_dying_mid_call_raises_server_exited(spawn_real: SpawnClient) -> None:
    client = spawn_real("--stub-delay-ms", "3000")
    session = new_session(client)
    _, pending = client.send("requestCommand", {"session": session, "reload": True})
    os.kill(client.pid, signal.SIGKILL)
    with pytest.raises(feedvm.ServerExited) as raised:
        pending.result(10)
    assert raised.value.returncode == -signal.SIGKILL
    with pytest.raises(feedvm.ServerExited):
        client.ping()


def test_trace_logging_never_blocks_the_server(spawn_real: SpawnClient) -> None:
    client = spawn_real("--log-level", "trace")
    session = new_session(client, total=200)
    client.request_command(session, reload=True)
    for _ in range(19):
        client.request_command(session, reload=False)
    assert client.ping() == {}
    assert client.stderr_tail.text() != ""


def test_too_many_sessions(spawn_real: SpawnClient) -> None:
    client = spawn_real("--max-sessions", "2")
    new_session(client, bind=False)
    new_session(client, bind=False)
    with pytest.raises(feedvm.TooManySessions) as raised:
        new_session(client, bind=False)
    assert raised.value.data == {"limit": 2}
