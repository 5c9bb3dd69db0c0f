"""The reliability suite; a package so its conftest.py never shadows tests/conftest.py."""
