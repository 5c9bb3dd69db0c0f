"""The client's TypedDicts are those of protocol/feedvm.openrpc.json, and its typed methods use them.

``feedvm/input_types.py``, ``error_types.py`` and ``protocol_types.py`` are generated from the
document by ``scripts/generate_protocol_types.py``; a document changed without running it fails
here. Every typed request builder (:mod:`feedvm.requests`) sends params the document accepts
and is declared to return the document's result type.
"""

import copy
import importlib.util
import inspect
import json
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Dict, List, Tuple

import pytest

import feedvm
from feedvm import protocol_types, requests
from feedvm.error_types import ERROR_DATA
from feedvm.input_types import Input

HERE = Path(__file__).resolve().parent
DOCUMENT_PATH = HERE.parents[2] / "protocol" / "feedvm.openrpc.json"
DOCUMENT: Dict[str, Any] = json.loads(DOCUMENT_PATH.read_text(encoding="utf-8"))
METHODS = {method["name"]: method for method in DOCUMENT["methods"]}
#: Client methods without a typed method, and why.
UNTYPED = {
    "exit": "a notification: client.notify('exit')",
    "$/cancelRequest": "a notification: client.cancel(request_id)",
    "rpc.discover": "the document itself: client.call('rpc.discover')",
}


def generator() -> ModuleType:
    path = HERE.parent / "scripts" / "generate_protocol_types.py"
    spec = importlib.util.spec_from_file_location("generate_protocol_types", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def rendered(document: Dict[str, Any]) -> Dict[str, str]:
    texts: Dict[str, str] = generator().render(document)
    return texts


def test_the_generated_modules_are_those_of_the_document() -> None:
    for name, text in rendered(DOCUMENT).items():
        on_disk = (HERE.parent / "feedvm" / name).read_text(encoding="utf-8")
        assert on_disk == text, f"feedvm/{name} is stale: run clients/python/scripts/generate_protocol_types.py"


def test_a_changed_document_changes_the_generated_modules() -> None:
    changed = copy.deepcopy(DOCUMENT)
    changed["components"]["schemas"]["LoadResult"]["properties"]["elapsedMs"] = {"type": "integer"}
    changed["methods"][0]["params"].append({"name": "locale", "schema": {"type": "string"}})
    text = rendered(changed)["protocol_types.py"]
    assert text != rendered(DOCUMENT)["protocol_types.py"]
    assert "    elapsedMs: int\n" in text and "    locale: str\n" in text


def test_the_registries_name_every_method_notification_and_error_of_the_document() -> None:
    requests_ = {name for name, m in METHODS.items() if m.get("x-direction") != "serverToClient"}
    assert set(protocol_types.METHOD_RESULTS) == {name for name in requests_ if "result" in METHODS[name]}
    assert set(protocol_types.METHOD_PARAMS) == {name for name in requests_ if METHODS[name]["params"]}
    assert set(protocol_types.NOTIFICATION_PARAMS) == set(METHODS) - requests_
    assert feedvm.NOTIFICATION_PARAMS is protocol_types.NOTIFICATION_PARAMS
    codes = {error["code"] for error in DOCUMENT["components"]["errors"].values() if "data" in error}
    assert set(ERROR_DATA) == codes


PARAMS_TYPES = {**protocol_types.METHOD_PARAMS, **protocol_types.NOTIFICATION_PARAMS}


@pytest.mark.parametrize("method", sorted(PARAMS_TYPES))
def test_each_params_type_has_the_documented_members(method: str) -> None:
    typed = PARAMS_TYPES[method]
    params = METHODS[method]["params"]
    assert set(typed.__annotations__) == {param["name"] for param in params}
    assert set(typed.__required_keys__) == {param["name"] for param in params if param.get("required")}


def builders() -> List[Tuple[str, Callable[..., "requests.Request[Any]"]]]:
    return [(name, getattr(requests, name)) for name in requests.__all__ if name not in ("PROTOCOL_VERSION", "Request")]


SAMPLES: Dict[Any, Any] = {str: "s1", bool: True, int: 0, Input: {"source": "stub"}, Dict[str, Any]: {"liked": True}}


def sample_call(build: Callable[..., "requests.Request[Any]"]) -> "requests.Request[Any]":
    """``build`` called with a sample value for each parameter without a default."""
    hints = typing.get_type_hints(build)
    arguments = [SAMPLES[hints[name]] for name, parameter in inspect.signature(build).parameters.items()
                 if parameter.default is inspect.Parameter.empty]
    return build(*arguments)


def test_every_documented_request_has_a_typed_method_on_both_clients() -> None:
    built = {sample_call(build).method for _, build in builders()}
    assert built == set(protocol_types.METHOD_RESULTS) - set(UNTYPED)
    for name, _ in builders():
        assert callable(getattr(feedvm.Client, name)) and callable(getattr(feedvm.AsyncClient, name))


@pytest.mark.parametrize("name, build", builders(), ids=[name for name, _ in builders()])
def test_a_typed_method_sends_documented_params_and_returns_the_documented_result(
        name: str, build: Callable[..., "requests.Request[Any]"]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    request = sample_call(build)
    declared = typing.get_type_hints(build)["return"]
    documented = protocol_types.METHOD_RESULTS[request.method]
    # A method whose result is a union (requestCommand's load result, or retry's answer) may
    # have builders that each return one of its members.
    assert typing.get_args(declared)[0] in (documented, *typing.get_args(documented)), name
    method = METHODS[request.method]
    schema = {"type": "object", "components": DOCUMENT["components"],
              "properties": {param["name"]: param["schema"] for param in method["params"]},
              "required": [param["name"] for param in method["params"] if param.get("required")],
              "additionalProperties": False}
    jsonschema.Draft7Validator(schema).validate(request.params if request.params is not None else {})
