"""Figures the reliability runs measured (lines fuzzed, steps checked, sessions held, ...).

Tests add to them; the suite's ``conftest.py`` prints them in pytest's terminal summary, so a
large run's numbers can be copied into a report.
"""

from __future__ import annotations

from typing import Dict, Union

FIGURES: Dict[str, Union[int, float, str]] = {}


def add_figure(name: str, amount: int) -> None:
    """Adds ``amount`` to a counted figure."""
    FIGURES[name] = int(FIGURES.get(name, 0)) + amount


def set_figure(name: str, value: Union[int, float, str]) -> None:
    """Sets a measured figure."""
    FIGURES[name] = value
