"""The version of pokerrules: the one place it is written (semantic versioning)."""

__version__ = "0.1.0"
