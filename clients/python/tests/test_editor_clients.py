"""A framed session from the editors' own JSON-RPC clients: it works from Neovim's, Emacs's and a
Python LSP library's stock JSON-RPC clients.

Each client spawns ``feedvm --stdio`` itself, speaks the LSP base protocol as it would to a
language server, and does transform, bindRefreshStatus, a reload and one load-more, then
shutdown and exit. Neovim (``vim.lsp.rpc``) and Emacs (``jsonrpc.el``) run their scripts in
``editors/`` headless; python-lsp-jsonrpc (a test-time dependency from PyPI) runs in-process.
The test command installs all three (``scripts/install-test-deps.sh``).
"""

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest

EDITORS = Path(__file__).resolve().parent / "editors"

#: The refresh statuses of a reload then a load-more of 10 out of 25 items.
STATUSES = ["none",
            "beingHeaderRefresh", "endHeaderRefresh", "footerStatus",
            "beingFooterRefresh", "endFooterRefresh", "footerStatus"]


def check_session(notifications: List[Dict[str, Any]], answers: List[Dict[str, Any]]) -> None:
    """What every client must have seen: the answers and the session's notifications in order."""
    methods = [answer["method"] for answer in answers]
    assert methods == ["transform", "bindRefreshStatus", "requestCommand", "requestCommand", "shutdown"]
    reload, load_more = answers[2]["result"], answers[3]["result"]
    assert (reload["count"], reload["page"], reload["hasMore"]) == (10, 1, True)
    assert (load_more["count"], load_more["page"], load_more["hasMore"]) == (20, 2, True)
    statuses = [note["status"] for note in notifications if note["method"] == "refreshStatus"]
    assert statuses == STATUSES[1:], statuses
    revisions = [note["revision"] for note in notifications if note["method"] == "sections"]
    assert revisions == [1, 2]


def run_editor(command: List[str], feedvm_binary: str, tmp_path: Path) -> Dict[str, Any]:
    out = tmp_path / "result.json"
    env = dict(os.environ, FEEDVM_BIN=feedvm_binary, FEEDVM_CACHE=str(tmp_path / "cache"), FEEDVM_OUT=str(out))
    done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    assert out.exists(), f"{command[0]} wrote no result (status {done.returncode}): {done.stderr[-2000:]!r}"
    result: Dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert result.get("failure") is None, result["failure"]
    return result


@pytest.mark.skipif(shutil.which("nvim") is None, reason="nvim not installed (scripts/install-test-deps.sh installs it)")
def test_neovim_vim_lsp_rpc_drives_a_framed_session(feedvm_binary: str, tmp_path: Path) -> None:
    result = run_editor(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c",
                         f"luafile {EDITORS / 'vim_lsp_rpc_session.lua'}"], feedvm_binary, tmp_path)
    check_session(result["notifications"], result["answers"])
    assert result["exit"] == 0


@pytest.mark.skipif(shutil.which("emacs") is None, reason="emacs not installed (scripts/install-test-deps.sh installs it)")
def test_emacs_jsonrpc_el_drives_a_framed_session(feedvm_binary: str, tmp_path: Path) -> None:
    result = run_editor(["emacs", "--batch", "-Q", "-l", str(EDITORS / "jsonrpc_el_session.el")], feedvm_binary, tmp_path)
    check_session(result["notifications"], result["answers"])
    assert result["exit"] == 0


def test_python_lsp_jsonrpc_drives_a_framed_session(feedvm_binary: str, tmp_path: Path) -> None:
    endpoint_module = pytest.importorskip("pylsp_jsonrpc.endpoint", reason="pip install python-lsp-jsonrpc")
    from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

    notifications: List[Dict[str, Any]] = []

    class Recorder(Dict[str, Any]):
        """The endpoint's dispatcher: records every notification the server sends."""

        def __getitem__(self, method: str) -> Callable[[Dict[str, Any]], None]:
            return lambda params: notifications.append(
                {"method": method, "status": params.get("status"), "revision": params.get("revision")})

    process = subprocess.Popen([feedvm_binary, "--stdio", "--cache-dir", str(tmp_path / "cache")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    writer = JsonRpcStreamWriter(process.stdin)
    endpoint = endpoint_module.Endpoint(Recorder(), writer.write)
    reader = threading.Thread(target=JsonRpcStreamReader(process.stdout).listen, args=(endpoint.consume,), daemon=True)
    reader.start()
    answers: List[Dict[str, Any]] = []
    try:
        def call(method: str, params: Dict[str, Any]) -> Any:
            answer = endpoint.request(method, params).result(timeout=20)
            answers.append({"method": method, "result": answer})
            return answer

        session = call("transform", {"input": {"source": "stub", "pageSize": 10, "total": 25}})["session"]
        call("bindRefreshStatus", {"session": session})
        call("requestCommand", {"session": session, "reload": True})
        call("requestCommand", {"session": session, "reload": False})
        call("shutdown", {})
        endpoint.notify("exit")
        assert process.wait(timeout=5) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(5)
    check_session(notifications, answers)
