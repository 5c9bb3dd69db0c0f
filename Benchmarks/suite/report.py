"""The rows of the benchmark table and how they are printed (plain text or Markdown)."""

from dataclasses import dataclass
from typing import Optional

HEADERS = ("section", "figure", "feedvm", "peer or limit", "peer value", "ratio", "spread", "target", "verdict")


@dataclass
class Row:
    """One figure: feedvm's value, the peer or limit measured in the same run, their ratio, and
    how far the ratio moved between the run's interleaved rounds.

    ``ratio`` is preformatted (``"2.31x"``) because its direction depends on the figure:
    speed-ups read peer time / feedvm time, costs read feedvm / peer. ``holds`` is ``None``
    when the figure has no target. ``headline`` names the row in README.md's table.
    """

    section: str
    figure: str
    feedvm: str
    peer: str = ""
    peer_value: str = ""
    ratio: str = ""
    spread: str = ""
    target: str = ""
    holds: Optional[bool] = None
    headline: Optional[str] = None

    @property
    def verdict(self) -> str:
        """``holds``, ``MISSED`` or nothing."""
        if self.holds is None:
            return ""
        return "holds" if self.holds else "MISSED"

    def cells(self):
        """The row as strings in ``HEADERS`` order."""
        return (self.section, self.figure, self.feedvm, self.peer, self.peer_value, self.ratio,
                self.spread, self.target, self.verdict)


def ratio(value: float) -> str:
    """A ratio as the table shows it."""
    return f"{value:.2f}x"


def milliseconds(seconds: float) -> str:
    """Seconds shown in milliseconds, three significant digits."""
    value = seconds * 1000
    return f"{value:.3g} ms" if value < 100 else f"{value:.0f} ms"


def mebibytes(byte_count: float) -> str:
    """Bytes shown in MiB."""
    return f"{byte_count / (1 << 20):.1f} MiB"


def plain_table(rows) -> str:
    """Aligned columns for a terminal."""
    table = [HEADERS] + [row.cells() for row in rows]
    widths = [max(len(line[column]) for line in table) for column in range(len(HEADERS))]
    lines = []
    for index, line in enumerate(table):
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _escape(cell):
    return cell.replace("|", "\\|")


def markdown_table(rows) -> str:
    """A GitHub Markdown table (for Benchmarks/README.md)."""
    lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    for row in rows:
        lines.append("| " + " | ".join(_escape(cell) for cell in row.cells()) + " |")
    return "\n".join(lines)


def headline_table(rows) -> str:
    """README.md's short table: the rows marked ``headline``, each with its peer, target and verdict."""
    lines = ["| figure | FeedVM | against | ratio (spread) | target | verdict |", "| --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        if row.headline is None:
            continue
        against = f"{row.peer} {row.peer_value}".strip()
        measured = f"{row.ratio} ({row.spread})" if row.spread and row.ratio else row.ratio
        lines.append("| " + " | ".join(_escape(cell) for cell in (
            row.headline, row.feedvm, against, measured, row.target, row.verdict)) + " |")
    return "\n".join(lines)
