"""The benchmark suite behind ``Benchmarks/run.py``: one module per figure of Benchmarks/README.md.

Every module exposes ``run(context) -> list[Row]``; ``run.py`` runs them in order and prints
one table. Standard library only, so the suite runs on a fresh machine.
"""
