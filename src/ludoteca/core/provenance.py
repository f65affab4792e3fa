"""Where component data comes from (DESIGN §6): every data item names its `source` — "rulebook §…",
"public: …" or "reconstructed" — and `ludoteca info` counts the items of each kind. An owner of the
printed game who replaces a reconstructed item with the printed one says so: "printed: <which copy>"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

KINDS = ("rulebook", "public", "printed", "reconstructed")


def kind(source: str) -> str:
    """The kind of a `source`: "rulebook", "public", "printed" (an owner's copy) or "reconstructed"."""
    for name in KINDS[:3]:
        if source.startswith(name):
            return name
    return "reconstructed"


def items(tree: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every data item of a loaded TOML file (a table with a `source`); raises `ValueError` if a table
    holds facts but names no source."""
    if "source" in tree:
        yield tree
        return
    for key, value in tree.items():
        for child in value if isinstance(value, list) else [value]:
            if not isinstance(child, Mapping):
                raise ValueError(f"data {key!r} carries no source")
            yield from items(child)


def count(sources: Iterable[str]) -> dict[str, int]:
    """How many of `sources` are of each kind."""
    return dict(Counter(kind(s) for s in sources))
