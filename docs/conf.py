"""Sphinx configuration for the pokerrules documentation."""

project = "pokerrules"
author = "The pokerrules developers"
copyright = "2026, The pokerrules developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.doctest"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
exclude_patterns = ["_build", "_generated"]
html_theme = "alabaster"
suppress_warnings = ["ref.python"]
