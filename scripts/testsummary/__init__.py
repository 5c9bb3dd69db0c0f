"""The test command's summary: one line per suite, failures in full, one true closing line.

Each suite step of ``scripts/test-all`` runs its command with the output in a log, then::

    python3 scripts/testsummary record RESULTS "NAME" RUNNER LOG STATUS

which reads the log with RUNNER's parser (:data:`parsers.PARSERS`: ``swift`` for XCTest plus
Swift Testing, ``pytest``, ``node`` for node:test, ``summary`` for any runner that prints
``summary: N passed, N failed, N skipped``), prints the suite's line (and its failures, in
full, when it failed) and appends ``NAME<TAB>passed<TAB>failed<TAB>skipped<TAB>status`` to
RESULTS. ``python3 scripts/testsummary total RESULTS`` prints the closing line, summing every
suite. A new kind of test plugs in with a parser (a function from the log's text to
:class:`counts.Counts`) or by printing the ``summary:`` line.
"""
