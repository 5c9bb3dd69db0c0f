"""The client's TypedDicts are those of protocol/feedvm.openrpc.json.

``feedvm/input_types.py``, ``error_types.py`` and ``protocol_types.py`` are generated from the
document by ``scripts/generate_protocol_types.py``; a document changed without running it fails
here. """

import copy
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict

import pytest

import feedvm
from feedvm import protocol_types
from feedvm.error_types import ERROR_DATA

HERE = Path(__file__).resolve().parent
DOCUMENT_PATH = HERE.parents[2] / "protocol" / "feedvm.openrpc.json"
DOCUMENT: Dict[str, Any] = json.loads(DOCUMENT_PATH.read_text(encoding="utf-8"))
METHODS = {method["name"]: method for method in DOCUMENT["methods"]}


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
