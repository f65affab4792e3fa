"""Ludoteca: a rules engine and play platform for five historical board games published in Spanish."""

__version__ = "0.1.0"
