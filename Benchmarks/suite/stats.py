"""Medians and percentiles of samples (nearest-rank, so p99 is a real sample)."""

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
