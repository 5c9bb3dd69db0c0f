#!/usr/bin/env python3
"""Writes the ``TypedDict`` s of protocol/feedvm.openrpc.json into the feedvm package.

    clients/python/scripts/generate_protocol_types.py          # rewrite the modules
    clients/python/scripts/generate_protocol_types.py --check  # exit 1 if one is stale

Every component schema becomes a ``TypedDict`` (an object with properties) or an alias (strings,
unions, enums as ``Literal``); every method's and notification's params object becomes
``<Method>Params``; registries map wire names to params and result types and error codes to
their ``data``. Three modules: ``input_types.py`` (``Input`` and every schema it uses: the custom
source's language), ``error_types.py`` (``RpcError`` and each code's ``data``) and
``protocol_types.py`` (the rest). ``tests/test_protocol_types.py`` renders the document again
and compares, so a change to the document without the types fails. Standard library only; the
output passes ``mypy --strict`` on Python 3.9 (no ``NotRequired``: optional members go in a
``total=False`` subclass of the required ones).
"""

from __future__ import annotations

import argparse
import json
import keyword
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Optional, Set

PACKAGE = Path(__file__).resolve().parents[1] / "feedvm"
DOCUMENT = Path(__file__).resolve().parents[3] / "protocol" / "feedvm.openrpc.json"
JSON_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}
TYPING_NAMES = ("Any", "Dict", "List", "Literal", "Optional", "Union")
WIDTH = 100

HEADER = '''"""%s

GENERATED from protocol/feedvm.openrpc.json by clients/python/scripts/generate_protocol_types.py:
do not edit; run the script after changing the document (tests/test_protocol_types.py fails
until then). Optional members sit in a ``total=False`` subclass of the required ones.
"""

from typing import %s
%s
'''


def _wrapped(text: str, indent: str = "", prefix: str = "") -> List[str]:
    """``text`` wrapped at ``WIDTH`` columns, each line starting with ``indent + prefix``."""
    width = WIDTH - len(indent) - len(prefix)
    return [indent + prefix + line for line in textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)]


def _docstring(text: str, indent: str) -> List[str]:
    text = " ".join(text.replace('"""', "'''").replace("\\", "\\\\").split())
    if len(indent) + len(text) + 6 <= WIDTH:
        return [f'{indent}"""{text}"""']
    return _wrapped('"""' + text, indent) + [f'{indent}"""']


def _literal(value: Any) -> str:
    """``value`` as a ``Literal`` argument: Python's ``True``/``False``, JSON's text otherwise."""
    return repr(value) if isinstance(value, bool) else json.dumps(value)


def _member(name: str, expression: str, indent: str = "    ", separator: str = ": ") -> str:
    """``name: expression``, its bracketed list broken after commas when the line is too long."""
    line = f"{indent}{name}{separator}{expression}"
    if len(line) <= WIDTH or "[" not in expression:
        return line
    head, _, rest = expression.partition("[")
    opening = f"{indent}{name}{separator}{head}["
    parts = textwrap.wrap(rest[:-1], WIDTH - len(opening), break_long_words=False, break_on_hyphens=False)
    return "\n".join([opening + parts[0]] + [" " * len(opening) + part for part in parts[1:]]) + "]"


def _import_line(module: str, names: List[str]) -> str:
    line = "from .%s import %s" % (module, ", ".join(names))
    if len(line) <= WIDTH:
        return line
    return "from .%s import (\n%s\n)" % (module, "\n".join(_wrapped(", ".join(names) + ",", "    ")))


def _table(name: str, key: str, doc: str, rows: List[str]) -> str:
    return "#: %s\n%s: Dict[%s, Any] = {\n%s\n}" % (doc, name, key, "\n".join("    %s," % row for row in rows))


def _capitalized(name: str) -> str:
    return name[:1].upper() + name[1:]


def _params_name(method: str) -> str:
    """``requestCommand`` -> ``RequestCommandParams``; ``$/cancelRequest`` -> ``CancelRequestParams``."""
    return "".join(_capitalized(part) for part in method.replace("$/", "").split(".")) + "Params"


def _ref_name(holder: Dict[str, Any]) -> str:
    """The schema name of ``{"$ref": "#/components/schemas/X"}`` or ``{"schema": "#/..."}``."""
    return str(holder.get("$ref") or holder.get("schema") or "").rsplit("/", 1)[-1]


class Module:
    """The definitions of one generated module, in dependency order."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.doc = doc
        self.blocks: List[str] = []
        self.names: List[str] = []
        self.typing: Set[str] = set()
        self.imports: Dict[str, Set[str]] = {}

    def text(self) -> str:
        imports = "".join(_import_line(module, sorted(names)) + "\n" for module, names in sorted(self.imports.items()))
        exports = ["__all__ = ["] + _wrapped(", ".join(f'"{name}"' for name in self.names) + ",", "    ") + ["]"]
        return (HEADER % (self.doc, ", ".join(sorted(self.typing)), imports) + "\n".join(exports) + "\n\n\n"
                + "\n\n\n".join(self.blocks) + "\n")


class Renderer:
    """Turns schemas into Python type expressions, defining what they need on the way."""

    def __init__(self, document: Dict[str, Any]) -> None:
        self.schemas: Dict[str, Any] = document["components"]["schemas"]
        self.methods: List[Dict[str, Any]] = document["methods"]
        self.errors = [error for error in document["components"].get("errors", {}).values() if "data" in error]
        self.inputs = Module("input_types", "The session input of feedvm (``transform``, ``updateInput``), as "
                                            "``TypedDict`` s.")
        self.failures = Module("error_types", "The ``error`` member of feedvm's error responses and its ``data`` "
                                              "per code, as ``TypedDict`` s.")
        self.protocol = Module("protocol_types", "The params and results of every feedvm method and notification, "
                                                 "as ``TypedDict`` s.")
        self.home: Dict[str, Module] = {}
        self.defining: Set[str] = set()
        self.docs: Dict[str, str] = {}
        results: Dict[str, List[str]] = {}
        for method in self.methods:
            results.setdefault(_ref_name(method.get("result", {}).get("schema", {})), []).append(method["name"])
        for name, methods in results.items():
            self.docs[name] = "The result of %s." % ", ".join("``%s``" % method for method in methods)
        for error in self.errors:
            self.docs[_ref_name(error["data"])] = "The ``data`` of error %d (%s)." % (error["code"], error["message"])

    def render(self) -> Dict[str, str]:
        self.component("Input", self.inputs)
        for error in self.errors:
            self.component(_ref_name(error["data"]), self.failures)
        self.component("RpcError", self.failures)
        for name in self.schemas:
            if name not in self.home:
                self.component(name, self.protocol)
        for method in self.methods:
            if method["params"]:
                properties = {param["name"]: param["schema"] for param in method["params"]}
                required = [param["name"] for param in method["params"] if param.get("required")]
                self.typed_dict(self.protocol, _params_name(method["name"]), properties, required,
                                "The params of ``%s``: %s" % (method["name"], method.get("summary", "")))
        self.registries()
        return {module.name + ".py": module.text() for module in (self.inputs, self.failures, self.protocol)}

    def component(self, name: str, module: Module) -> str:
        """The name of component ``name``, defining it (and what it uses) in its module first."""
        home = self.home.get(name)
        if home is not None:
            if home is not module:
                module.imports.setdefault(home.name, set()).add(name)
            return name
        if name in self.defining:
            return "Any"  # a recursive schema (BodyTemplate): a Python alias cannot say it
        self.defining.add(name)
        schema = self.schemas[name]
        doc = self.docs.get(name) or schema.get("description")
        if schema.get("type") == "object" and ("properties" in schema or schema.get("maxProperties") == 0):
            self.typed_dict(module, name, schema.get("properties", {}), schema.get("required", []), doc)
        else:
            comment = _wrapped(doc, prefix="#: ") if doc else []
            module.blocks.append("\n".join(comment + [_member(name, self.expression(schema, name, module), "", " = ")]))
            module.names.append(name)
        self.defining.discard(name)
        self.home[name] = module
        return name

    def typed_dict(self, module: Module, name: str, properties: Dict[str, Any], required: List[str],
                   doc: Optional[str]) -> None:
        members = {key: self.expression(schema, name + _capitalized(key), module) for key, schema in properties.items()}
        needed = {key: value for key, value in members.items() if key in required}
        optional = {key: value for key, value in members.items() if key not in required}
        module.names.append(name)
        module.typing.add("TypedDict")
        if any(not key.isidentifier() or keyword.iskeyword(key) for key in members):
            fields = ", ".join("%s: %s" % (json.dumps(key), value) for key, value in members.items())
            module.blocks.append('%s = TypedDict("%s", {%s})' % (name, name, fields))
        elif needed and optional:
            module.blocks.append(self.class_block("_%sRequired" % name, "TypedDict", needed, None))
            module.blocks.append(self.class_block(name, "_%sRequired, total=False" % name, optional, doc))
        else:
            bases = "TypedDict" if needed or not members else "TypedDict, total=False"
            module.blocks.append(self.class_block(name, bases, members, doc))

    @staticmethod
    def class_block(name: str, bases: str, members: Dict[str, str], doc: Optional[str]) -> str:
        lines = ["class %s(%s):" % (name, bases)]
        lines += _docstring(doc, "    ") if doc else []
        lines += [_member(key, value) for key, value in members.items()]
        return "\n".join(lines if len(lines) > 1 else lines + ["    pass"])

    def expression(self, schema: Any, context: str, module: Module) -> str:
        """A Python type for ``schema``; an inline object with properties becomes ``context``."""
        text = self.type_of(schema, context, module)
        head = text.split("[", 1)[0]
        if head in TYPING_NAMES:
            module.typing.add(head)
        return text

    def type_of(self, schema: Any, context: str, module: Module) -> str:
        if not isinstance(schema, dict):
            return "Any"
        if "$ref" in schema:
            return self.component(_ref_name(schema), module)
        if "const" in schema:
            return "Literal[%s]" % _literal(schema["const"])
        if "enum" in schema:
            return "Literal[%s]" % ", ".join(_literal(value) for value in schema["enum"])
        if "oneOf" in schema or "anyOf" in schema or isinstance(schema.get("type"), list):
            return self.union(self.alternatives(schema, context, module))
        if "allOf" in schema:  # the first typed member; the others only add constraints
            typed = [part for part in schema["allOf"] if "$ref" in part or "type" in part]
            return self.expression(typed[0], context, module) if typed else "Any"
        kind = schema.get("type")
        if kind == "array":
            return "List[%s]" % self.expression(schema.get("items"), context + "Item", module)
        if kind == "object":
            if schema.get("properties"):
                self.typed_dict(module, context, schema["properties"], schema.get("required", []),
                                schema.get("description"))
                return context
            extra = schema.get("additionalProperties")
            module.typing.add("Any")
            return "Dict[str, %s]" % (self.expression(extra, context + "Value", module) if isinstance(extra, dict) else "Any")
        return JSON_TYPES.get(kind, "Any") if isinstance(kind, str) else "Any"

    def alternatives(self, schema: Dict[str, Any], context: str, module: Module) -> List[str]:
        """The flat list of types a ``oneOf``/``anyOf``/type-list schema allows."""
        if isinstance(schema.get("type"), list):
            options = [dict(schema, type=one) for one in schema["type"]]
        else:
            options = schema.get("oneOf") or schema["anyOf"]
        flat: List[str] = []
        for option in options:
            nested = isinstance(option, dict) and ("oneOf" in option or "anyOf" in option
                                                   or isinstance(option.get("type"), list))
            flat += self.alternatives(option, context, module) if nested else [self.expression(option, context, module)]
        for name in TYPING_NAMES:  # an alternative's own typing names (List[...] inside a Union)
            if any(option.startswith(name + "[") for option in flat):
                module.typing.add(name)
        return flat

    @staticmethod
    def union(options: List[str]) -> str:
        unique = list(dict.fromkeys(options))
        if "Any" in unique:
            return "Any"
        if "None" in unique and len(unique) == 2:
            return "Optional[%s]" % next(option for option in unique if option != "None")
        return unique[0] if len(unique) == 1 else "Union[%s]" % ", ".join(unique)

    def registries(self) -> None:
        requests = [m for m in self.methods if m.get("x-direction") != "serverToClient"]
        notifications = [m for m in self.methods if m.get("x-direction") == "serverToClient"]
        self.protocol.blocks.append("\n\n".join([
            _table("METHOD_PARAMS", "str", "The params type of each client-to-server method that takes params.",
                   ['"%s": %s' % (m["name"], _params_name(m["name"])) for m in requests if m["params"]]),
            _table("METHOD_RESULTS", "str", "The result type of each request.",
                   ['"%s": %s' % (m["name"], _ref_name(m["result"]["schema"])) for m in requests if "result" in m]),
            _table("NOTIFICATION_PARAMS", "str", "The params type of each server-to-client notification.",
                   ['"%s": %s' % (m["name"], _params_name(m["name"])) for m in notifications])]))
        self.protocol.names += ["METHOD_PARAMS", "METHOD_RESULTS", "NOTIFICATION_PARAMS"]
        self.failures.blocks.append(_table("ERROR_DATA", "int", "The type of the ``data`` of each error code that has one.",
                                           ["%d: %s" % (e["code"], _ref_name(e["data"])) for e in self.errors]))
        self.failures.names.append("ERROR_DATA")
        for module in (self.protocol, self.failures):
            module.typing.update({"Any", "Dict"})


def render(document: Dict[str, Any]) -> Dict[str, str]:
    """The text of each generated module (by file name) for ``document``."""
    return Renderer(document).render()


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a module is stale")
    options = parser.parse_args(argv)
    stale = 0
    for name, text in render(json.loads(DOCUMENT.read_text(encoding="utf-8"))).items():
        target = PACKAGE / name
        if not options.check:
            target.write_text(text, encoding="utf-8")
            print("wrote %s" % target)
        elif not target.is_file() or target.read_text(encoding="utf-8") != text:
            stale += 1
            print("%s is stale: run %s" % (target, Path(__file__).name))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
