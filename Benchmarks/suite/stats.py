"""Medians, percentiles and spreads of samples (nearest-rank, so p99 is a real sample)."""

import math
import statistics


def median(samples):
    """The median of ``samples``."""
    return statistics.median(samples)


def percentile(samples, fraction):
    """The nearest-rank percentile: the smallest sample with ``fraction`` of samples at or below it."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def spread(values, unit="x", digits=2):
    """``"min-max"`` of one figure over the rounds of a run (one value: just that value)."""
    low, high = min(values), max(values)
    if len(values) == 1 or low == high:
        return f"{low:.{digits}f}{unit}"
    return f"{low:.{digits}f}-{high:.{digits}f}{unit}"
