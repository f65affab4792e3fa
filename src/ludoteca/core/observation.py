"""Observation tensors with named entries (issue 21): what entry 137 means.

A game writes its tensor once, in `State.observe`, section by section through an `Observation`; the same
code gives the numbers (`State.observation_tensor`, fast: no names are kept) and the name of every entry
(`State.observation_names`, for a researcher reading a policy's weights or an adapter's documentation).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Observation:
    """A tensor being written: its values, and the names of its entries when asked for (`named`)."""

    __slots__ = ("names", "values")

    def __init__(self, named: bool = False) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if named else None

    def add(self, name: str, value: float) -> None:
        """One entry, in [0, 1]."""
        self.values.append(value)
        if self.names is not None:
            self.names.append(name)

    def each(self, name: str, labels: Sequence[object], values: Iterable[float]) -> None:
        """One entry per label, named ``name[label]``."""
        before = len(self.values)
        self.values.extend(values)
        if len(self.values) - before != len(labels):
            raise ValueError(f"{name}: {len(labels)} labels for {len(self.values) - before} values")
        if self.names is not None:
            self.names.extend(f"{name}[{label}]" for label in labels)

    def entries(self, names: Sequence[str], values: Sequence[float]) -> None:
        """One entry per value, named in full by `names`: for a game's hot loop, whose names are made
        once, when its module loads, rather than at every observation."""
        if len(names) != len(values):
            raise ValueError(f"{len(names)} names for {len(values)} values, from {names[:1]}")
        self.values.extend(values)
        if self.names is not None:
            self.names.extend(names)

    def one_hot(self, name: str, labels: Sequence[object], chosen: object) -> None:
        """One entry per label, 1.0 where the label is `chosen` (none where it is absent)."""
        self.each(name, labels, (float(label == chosen) for label in labels))
