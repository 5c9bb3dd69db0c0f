"""Matching server messages against expected ones (placeholders, ``$var`` bindings, batches)."""

from __future__ import annotations

from typing import Any, Dict, Optional

from .format import TYPE_PLACEHOLDERS, TranscriptError, shortened_json

__all__ = ["Bindings", "match", "match_message"]


class Bindings(Dict[str, Any]):
    """Values captured by ``$var:NAME`` placeholders."""

    def substitute(self, value: Any) -> Any:
        """``value`` with every bound ``$var:NAME`` string replaced by its value."""
        if isinstance(value, str) and value.startswith("$var:"):
            name = value[5:]
            if name not in self:
                raise TranscriptError("$var:%s is used before a server message bound it" % name)
            return self[name]
        if isinstance(value, list):
            return [self.substitute(item) for item in value]
        if isinstance(value, dict):
            return {key: self.substitute(item) for key, item in value.items()}
        return value


def match(expected: Any, actual: Any, bindings: Bindings, where: str = "$") -> Optional[str]:
    """``None`` when ``actual`` matches ``expected`` (binding new ``$var``s), else why not."""
    if isinstance(expected, str) and expected.startswith("$"):
        if expected in TYPE_PLACEHOLDERS:
            return None if TYPE_PLACEHOLDERS[expected](actual) else "%s: %s is not %s" % (
                where, shortened_json(actual), expected)
        if expected == "$ignore":
            return None
        if expected.startswith("$contains:"):
            needle = expected[len("$contains:"):]
            if isinstance(actual, str) and needle.lower() in actual.lower():
                return None
            return "%s: %s does not contain %r" % (where, shortened_json(actual), needle)
        if expected.startswith("$var:"):
            name = expected[5:]
            if name in bindings:
                return None if bindings[name] == actual else "%s: %s is not $var:%s = %s" % (
                    where, shortened_json(actual), name, shortened_json(bindings[name]))
            if any(value == actual for value in bindings.values()):
                return "%s: %s is already bound to another $var" % (where, shortened_json(actual))
            bindings[name] = actual
            return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return "%s: expected an object, got %s" % (where, shortened_json(actual))
        partial = expected.get("$partial") is True
        for key, value in expected.items():
            if key == "$partial":
                continue
            if key not in actual:
                if value == "$ignore":
                    continue
                return "%s: member %r is missing" % (where, key)
            problem = match(value, actual[key], bindings, "%s.%s" % (where, key))
            if problem:
                return problem
        if not partial:
            extra = [key for key in actual if key not in expected]
            if extra:
                return "%s: unexpected member(s) %s" % (where, ", ".join(map(repr, extra)))
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return "%s: expected an array, got %s" % (where, shortened_json(actual))
        if len(expected) != len(actual):
            return "%s: expected %d elements, got %d" % (where, len(expected), len(actual))
        for index, (want, got) in enumerate(zip(expected, actual)):
            problem = match(want, got, bindings, "%s[%d]" % (where, index))
            if problem:
                return problem
        return None
    if type(expected) is not type(actual) and not (_is_number(expected) and _is_number(actual)):
        return "%s: expected %s, got %s" % (where, shortened_json(expected), shortened_json(actual))
    return None if expected == actual else "%s: expected %s, got %s" % (
        where, shortened_json(expected), shortened_json(actual))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def match_message(expected: Any, actual: Any, bindings: Bindings) -> Optional[str]:
    """Matches one server message; a batch (array) matches its responses in any order."""
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return "batch: expected %d responses, got %d" % (len(expected), len(actual))
        remaining = list(actual)
        for want in expected:
            for candidate in remaining:
                trial = Bindings(bindings)
                if match(want, candidate, trial) is None:
                    bindings.update(trial)
                    remaining.remove(candidate)
                    break
            else:
                return "batch: no response matches %s" % shortened_json(want)
        return None
    return match(expected, actual, bindings)
