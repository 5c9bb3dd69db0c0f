"""protocol/feedvm.openrpc.json is a valid OpenRPC document, every transcript message conforms
to it, and it lists exactly the methods of the transcripts and of the binary's dispatch table.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

import pytest

jsonschema = pytest.importorskip("jsonschema")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from feedvm import transcript  # noqa: E402
from client_support import real_binary_path  # noqa: E402

ROOT = transcript.repo_root()
DOCUMENT = json.loads((ROOT / "protocol" / "feedvm.openrpc.json").read_text(encoding="utf-8"))
TRANSCRIPTS = sorted((ROOT / "protocol" / "transcripts").glob("*.jsonl"))
METHODS = {method["name"]: method for method in DOCUMENT["methods"]}
CLIENT_METHODS = {name for name, m in METHODS.items() if m.get("x-direction") != "serverToClient"}
SERVER_NOTIFICATIONS = {name for name, m in METHODS.items() if m.get("x-direction") == "serverToClient"}
#: Notifications the stub source of the transcripts never causes: ``tokenRefreshed`` needs an
#: HTTP backend that renews tokens (reliability/test_security.py checks it against the fixtures),
#: ``newItems`` one whose list changes under a background reload (test_living_feeds.py).
NEEDS_HTTP_BACKEND = {"tokenRefreshed", "newItems"}
#: Requests answered with these codes are bad on purpose: their params are not checked.
BAD_INPUT_CODES = {-32700, -32600, -32601, -32602}


#: The OpenRPC meta-schema, vendored with its licence and provenance (Tests/Fixtures/OpenRPC).
META_SCHEMA = ROOT / "Tests" / "Fixtures" / "OpenRPC" / "meta-schema.json"


def validator(schema: Dict[str, Any]) -> Any:
    """A Draft 7 validator for ``schema`` whose ``#/components/...`` refs resolve in the document."""
    root = {"allOf": [schema], "components": DOCUMENT["components"]}
    return jsonschema.Draft7Validator(root)


def params_schema(method: Dict[str, Any]) -> Dict[str, Any]:
    """The by-name params object a method takes, as one JSON Schema."""
    return {
        "type": "object",
        "properties": {param["name"]: param["schema"] for param in method["params"]},
        "required": [param["name"] for param in method["params"] if param.get("required")],
    }


def concrete(value: Any) -> Any:
    """A transcript value with placeholders replaced by representative values, for validation."""
    if isinstance(value, dict):
        return {key: concrete(item) for key, item in value.items()
                if key != "$partial" and item not in ("$ignore", "$any")}
    if isinstance(value, list):
        return [concrete(item) for item in value]
    if isinstance(value, str) and value.startswith("$"):
        if value.startswith("$var:"):
            return "var-" + value[5:]
        if value.startswith("$contains:"):
            return value[len("$contains:"):]
        samples = {"$string": "text", "$integer": 1, "$number": 1, "$boolean": False, "$object": {},
                   "$array": [], "$path": "/tmp/feedvm/cache/file", "$base64": "aGk="}
        return copy.deepcopy(samples.get(value, value))
    return value


def conversation(path: Path) -> List[Tuple[str, Any]]:
    """The (direction, message) pairs of a transcript, placeholders made concrete; raw lines left out."""
    _, lines, framing = transcript.load(path)
    pairs = []
    for line in lines:
        if line.msg is not None:
            pairs.append((line.dir or "", concrete(line.msg)))
        elif isinstance(line.raw, str):  # raw text lines (or framed bodies) that are well-formed JSON
            texts = line.raw.split("\r\n\r\n")[1:] if framing == "content-length" else line.raw.split("\n")
            for text in texts:
                try:
                    pairs.append((">", json.loads(text.rstrip("\r"))))
                except ValueError:
                    pass
    return pairs


def elements(message: Any) -> List[Any]:
    return message if isinstance(message, list) else [message]


def errors_of(schema: Dict[str, Any], instance: Any) -> List[str]:
    return ["%s at %s" % (error.message, "/".join(map(str, error.absolute_path)))
            for error in validator(schema).iter_errors(instance)]


def test_the_document_validates_against_the_openrpc_meta_schema() -> None:
    meta = json.loads(META_SCHEMA.read_text(encoding="utf-8"))
    problems = ["%s at %s" % (e.message[:200], list(e.absolute_path))
                for e in jsonschema.Draft7Validator(meta).iter_errors(DOCUMENT)]
    assert not problems, problems


def test_every_schema_in_the_document_is_a_valid_draft7_schema() -> None:
    for name, schema in DOCUMENT["components"]["schemas"].items():
        jsonschema.Draft7Validator.check_schema(schema)
    for method in DOCUMENT["methods"]:
        jsonschema.Draft7Validator.check_schema(params_schema(method))


def test_notifications_are_marked_server_to_client_and_have_no_result() -> None:
    assert SERVER_NOTIFICATIONS == {"sections", "refreshStatus", "imageDownloaded", "hud", "tokenRefreshed", "newItems"}
    for name in SERVER_NOTIFICATIONS:
        assert "result" not in METHODS[name], name
    for name in CLIENT_METHODS - {"exit", "$/cancelRequest"}:
        assert "result" in METHODS[name], name


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_every_message_of_the_transcript_conforms_to_the_document(path: Path) -> None:
    pairs = conversation(path)
    requests: Dict[str, Dict[str, Any]] = {}
    answered: Dict[str, int] = {}
    for direction, message in pairs:
        for element in elements(message):
            if direction == "<" and isinstance(element, dict) and "error" in element:
                answered.setdefault(json.dumps(element.get("id")), element["error"].get("code"))
    problems: List[str] = []
    for direction, message in pairs:
        for element in elements(message):
            if not isinstance(element, dict):
                continue
            where = "%s %s %s" % (path.name, direction, json.dumps(element)[:160])
            if direction == ">":
                problems += [where + ": " + p for p in check_client_message(element, requests, answered)]
            else:
                problems += [where + ": " + p for p in check_server_message(element, requests)]
    assert not problems, "\n".join(problems)


def check_client_message(element: Dict[str, Any], requests: Dict[str, Dict[str, Any]],
                         answered: Dict[str, int]) -> List[str]:
    method = element.get("method")
    if "id" in element:
        requests[json.dumps(element["id"])] = element
        if answered.get(json.dumps(element["id"])) in BAD_INPUT_CODES:
            return []  # bad on purpose
    elif not (isinstance(method, str) and METHODS.get(method, {}).get("x-notification")):
        return []  # a notification the server must ignore (the bad-input transcript sends some)
    if element.get("jsonrpc") != "2.0" or method not in CLIENT_METHODS:
        return ["not a request of a documented method"]
    return errors_of(params_schema(METHODS[method]), element.get("params", {}))


def check_server_message(element: Dict[str, Any], requests: Dict[str, Dict[str, Any]]) -> List[str]:
    if element.get("jsonrpc") != "2.0":
        return ["jsonrpc is not 2.0"]
    if "method" in element:
        if element["method"] not in SERVER_NOTIFICATIONS or "id" in element:
            return ["not a documented server notification"]
        problems = errors_of(params_schema(METHODS[element["method"]]), element.get("params"))
        if element["method"] == "sections" and ("sections" in element["params"]) == ("changes" in element["params"]):
            problems.append("exactly one of sections and changes must be present")
        return problems
    if ("result" in element) == ("error" in element):
        return ["a response has exactly one of result and error"]
    if "error" in element:
        return errors_of({"$ref": "#/components/schemas/RpcError"}, element["error"])
    request = requests.get(json.dumps(element.get("id")))
    if request is None:
        return ["a result without a request"]
    result = METHODS[request["method"]].get("result")
    if result is None:
        return [] if element["result"] == {} else ["a notification-only method answered with a result"]
    return errors_of(result["schema"], element["result"])


def transcript_methods() -> Tuple[Set[str], Set[str]]:
    """Client methods the transcripts call successfully, and notifications the server sends."""
    client: Set[str] = set()
    server: Set[str] = set()
    for path in TRANSCRIPTS:
        pairs = conversation(path)
        unknown = {json.dumps(e.get("id")) for d, m in pairs if d == "<" for e in elements(m)
                   if isinstance(e, dict) and (e.get("error") or {}).get("code") == -32601}
        for direction, message in pairs:
            for element in elements(message):
                if not isinstance(element, dict) or not isinstance(element.get("method"), str):
                    continue
                if direction == "<":
                    server.add(element["method"])
                elif json.dumps(element.get("id")) not in unknown and "id" in element or element["method"] in METHODS:
                    client.add(element["method"])
    return client, server


def test_the_document_lists_exactly_the_methods_of_the_transcripts() -> None:
    client, server = transcript_methods()
    assert client == CLIENT_METHODS, "in transcripts only: %s; in the document only: %s" % (
        sorted(client - CLIENT_METHODS), sorted(CLIENT_METHODS - client))
    assert server == SERVER_NOTIFICATIONS - NEEDS_HTTP_BACKEND


def listed_methods(binary: Optional[str]) -> List[str]:
    """The binary's dispatch table from ``feedvm --list-methods`` (JSON array or one per line)."""
    if not binary:
        pytest.skip("no feedvm binary: set FEEDVM_BIN or run `swift build`")
    try:
        done = subprocess.run([binary, "--list-methods"], capture_output=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        pytest.skip("%s --list-methods failed: %s" % (binary, error))
    text = done.stdout.decode("utf-8", "replace").strip()
    if done.returncode != 0 or not text:
        pytest.skip("%s has no --list-methods flag yet (exit status %s)" % (binary, done.returncode))
    try:
        listed = json.loads(text)
    except ValueError:
        listed = [line.strip() for line in text.splitlines() if line.strip()]
    if isinstance(listed, dict):
        listed = listed.get("methods", [])
    return [entry["name"] if isinstance(entry, dict) else entry for entry in listed]


def test_the_dispatch_table_and_the_document_agree_both_ways() -> None:
    listed = set(listed_methods(real_binary_path()))
    assert listed == CLIENT_METHODS, "undocumented: %s; documented but not dispatched: %s" % (
        sorted(listed - CLIENT_METHODS), sorted(CLIENT_METHODS - listed))
