"""Sphinx configuration for the pokerrules documentation."""

project = "pokerrules"
author = "The pokerrules developers"
copyright = "2026, The pokerrules developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.doctest"]
# NumPy-style sections only: a first line such as "Symbol: the card's letter" is prose
napoleon_google_docstring = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
exclude_patterns = ["_build", "_generated"]
html_theme = "alabaster"
suppress_warnings = ["ref.python"]
