"""The reliability suite (issue 6); a package so its conftest.py never shadows tests/conftest.py."""
