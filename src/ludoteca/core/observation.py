"""Observation tensors with named entries (issue 21): what entry 137 means.

A game writes its tensor once, in `State.observe`, section by section through an `Observation`; the same
code gives the numbers (`State.observation_tensor`, fast: no names are kept) and the name of every entry
(`State.observation_names`, for a researcher reading a policy's weights or an adapter's documentation).

The hot paths (issue 26: an observation is most of a PettingZoo turn) are here, in a few named places:

- `one_hot` extends the tensor by a row made once per label sequence (`_code`), not label by label;
- `members` (a multi-hot over many labels) starts from a row of zeros and sets only the labels present,
  by a position map made once per label sequence: it costs what is present, not what could be;
- without names (`named=False`, the tensor's path) no name is built or kept: the name arguments are
  ignored, so a caller whose names are costly to build gives them precomputed (`entries`);
- a section that is mostly zeros (a map, a card's whereabouts) is written as the few entries that are not
  (`sparse`, and `members` over many labels); with ``holes=True`` (the adapters' path,
  `State.observation_sections`) its zeros are never written out as Python floats: the section is kept
  as a hole in `values`, for a float32 buffer of zeros to take (`adapters.common.ObservationWriter`);
- a sparse section that most turns leave as it was (a map, where the cards are) is computed once for its
  inputs (`SectionMemo`): an observation then costs the sections that changed, and the inputs' JSON; an
  environment that writes each observation over its last (`adapters.common.ObservationWriter`) leaves
  such a section where it is when the next observation shows the same entries.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

if TYPE_CHECKING:
    from ludoteca.core.game import Game
    from ludoteca.core.hooks import StateHooks


class _Code:
    """How a label sequence encodes: the row of zeros, each label's positions (a label may appear twice),
    and each label's one-hot row, made when first chosen."""

    __slots__ = ("labels", "positions", "rows", "zeros")

    def __init__(self, labels: Sequence[object]) -> None:
        self.labels = labels  # kept, so that its id is not reused while this code is cached
        self.zeros = (0.0,) * len(labels)
        self.rows: dict[object, tuple[float, ...]] = {}
        self.positions: dict[object, list[int]] | None = {}
        try:
            for at, label in enumerate(labels):
                self.positions.setdefault(label, []).append(at)
        except TypeError:  # an unhashable label: such a sequence is encoded label by label
            self.positions = None

    def row(self, chosen: object) -> tuple[float, ...]:
        """The one-hot row of `chosen` (zeros where it is no label); raises TypeError where `chosen` or
        a label is unhashable, for the caller to compare label by label."""
        if self.positions is None:
            raise TypeError("unhashable labels")
        at = self.positions.get(chosen)
        if at is None:
            return self.zeros
        row = list(self.zeros)
        for index in at:
            row[index] = 1.0
        found = self.rows[chosen] = tuple(row)
        return found


_CODES: dict[int, _Code] = {}
"""Label sequences seen, by identity: the games pass module constants, made once. A label sequence must
not change once observed through; a sequence made anew at each call (a temporary) is coded anew, and
the cache is emptied when it grows past `_CODES_MAX`, so temporaries cost time, never memory."""
_CODES_MAX = 4096
SPARSE_FROM = 64
"""`members` over at least this many labels is a sparse section (a hole, on the adapters' path)."""


def _code(labels: Sequence[object]) -> _Code:
    code = _CODES.get(id(labels))
    if code is None or code.labels is not labels:
        if len(_CODES) >= _CODES_MAX:
            _CODES.clear()
        code = _CODES[id(labels)] = _Code(labels)
    return code


def one_hot_row(labels: Sequence[object], chosen: object) -> tuple[float, ...]:
    """One entry per label, 1.0 where the label is `chosen`: the row `Observation.one_hot` writes, for a
    game's hot loop that writes a section's values at once (`Observation.entries`)."""
    code = _code(labels)
    try:
        return code.rows.get(chosen) or code.row(chosen)
    except TypeError:  # unhashable labels, or choice: compare label by label
        return tuple(float(label == chosen) for label in labels)


class Observation:
    """A tensor being written: its values, and the names of its entries when asked for (`named`).

    With `holes`, the sparse sections are not in `values`: each is a hole ``(where, size, patch)``, at
    index `where` of `values` (before the value there), `size` entries, zero but at the offsets of
    `patch`; `tensor()` gives the whole tensor either way."""

    __slots__ = ("holes", "names", "values")

    def __init__(self, named: bool = False, holes: bool = False) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if named else None
        self.holes: list[tuple[int, int, Mapping[int, float]]] | None = [] if holes else None

    def tensor(self) -> list[float]:
        """Every entry, the holes' filled in."""
        if not self.holes:
            return self.values
        values, done = [], 0
        for where, size, patch in self.holes:
            values += self.values[done:where]
            values += _filled(size, patch)
            done = where
        values += self.values[done:]
        return values

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

    def sparse(self, names: Sequence[str], patch: Mapping[int, float]) -> None:
        """One entry per name, 0.0 but where `patch` (an offset among them → its value) says: a section
        that costs its non-zero entries (a hole on the adapters' path)."""
        if self.holes is None:
            self.values += _filled(len(names), patch)
        else:
            self.holes.append((len(self.values), len(names), patch))
        if self.names is not None:
            self.names.extend(names)

    def one_hot(self, name: str, labels: Sequence[object], chosen: object) -> None:
        """One entry per label, 1.0 where the label is `chosen` (none where it is absent)."""
        self.values.extend(one_hot_row(labels, chosen))
        if self.names is not None:
            self.names.extend(f"{name}[{label}]" for label in labels)

    def members(self, name: str, labels: Sequence[object], present: Collection[object]) -> None:
        """One entry per label, 1.0 where the label is in `present`: ``each(name, labels, (float(label in
        present) for label in labels))``, at the cost of the labels present rather than of all labels."""
        code = _code(labels)
        ones: dict[int, float] = {}
        try:
            for item in present:
                for at in code.positions.get(item, ()):  # type: ignore[union-attr]
                    ones[at] = 1.0
        except (AttributeError, TypeError):  # unhashable labels, or items: ask `present` label by label
            ones = {at: 1.0 for at, label in enumerate(labels) if label in present}
        if self.holes is None or len(labels) < SPARSE_FROM:
            self.values += _filled(len(labels), ones)
        else:
            self.holes.append((len(self.values), len(labels), ones))
        if self.names is not None:
            self.names.extend(f"{name}[{label}]" for label in labels)


def _filled(size: int, patch: Mapping[int, float]) -> list[float]:
    """`size` zeros but at the offsets of `patch`."""
    row = [0.0] * size
    for at, value in patch.items():
        if not 0 <= at < size:
            raise IndexError(f"offset {at} outside a section of {size} entries")
        row[at] = value
    return row


class SharedEntries(dict[int, float]):
    """A sparse section's non-zero entries (offset → value) that a `SectionMemo` hands to every observation
    with the same inputs: never changed once made, so that an adapter that wrote them in its last array
    may leave them there (`adapters.common.ObservationWriter`)."""

    __slots__ = ()


class SectionMemo:
    """A sparse section's entries (offset → value) by its inputs: ``memo(*inputs)`` is ``build(*inputs)``,
    computed once for inputs whose JSON form is among the last `SECTION_MEMO_MAX` seen (issue 26: most
    turns leave a game's map or its cards as they were, so an observation costs the sections that changed,
    and the inputs' JSON, not every section). `build` must read nothing but its inputs; equal JSON means
    equal inputs, so equal entries. The entries (`SharedEntries`) are shared by every observation with
    these inputs. Inputs that JSON cannot hold (a key that is not a string) are built every time."""

    __slots__ = ("build", "found")

    def __init__(self, build: Callable[..., Mapping[int, float]]) -> None:
        self.build = build
        self.found: dict[bytes, SharedEntries] = {}

    def __call__(self, *inputs: Any) -> Mapping[int, float]:
        try:
            key = orjson.dumps(inputs)
        except TypeError:  # orjson.JSONEncodeError
            return self.build(*inputs)
        entries = self.found.get(key)
        if entries is None:
            if len(self.found) >= SECTION_MEMO_MAX:
                self.found.clear()
            entries = self.found[key] = SharedEntries(self.build(*inputs))
        return entries


SECTION_MEMO_MAX = 256
"""Inputs a `SectionMemo` keeps (then it starts afresh): a few games played side by side (a vector
environment) each find their last position's sections."""


class Observed:
    """`State`'s observation methods: what a role knows as numbers, their names, and the features a
    learned evaluation weighs (a part of `State`)."""

    __slots__ = ()

    if TYPE_CHECKING:
        game: Game
        hooks: ClassVar[StateHooks]

    def observe(self, role: int, out: Observation) -> None:
        """Write what `role` knows as numbers into `out`, section by section, each entry named: every
        value in [0, 1], and as many for every state of a game with the same options (research adapters
        rely on the fixed shape and the bounds). Games give it as `hooks.observe` (view.py)."""
        hook = self.hooks.observe
        if hook is None:
            raise NotImplementedError(f"{self.game.id}: no observe (State.hooks)")
        hook(self, role, out)

    def observation_tensor(self, role: int) -> list[float]:
        """What `role` knows as numbers (`observe`)."""
        out = Observation()
        self.observe(role, out)
        return out.values

    def observation_sections(self, role: int) -> Observation:
        """`observation_tensor(role)` as written, its sparse sections left as holes (`Observation.holes`):
        for an adapter that fills a buffer of zeros (`adapters.common.ObservationWriter`). A state whose class
        gives `observation_tensor` itself (rather than `observe`) gives that tensor, without holes."""
        out = Observation(holes=True)
        if type(self).observation_tensor is not Observed.observation_tensor:
            out.values = self.observation_tensor(role)
        else:
            self.observe(role, out)
        return out

    def observation_names(self, role: int) -> list[str]:
        """The name of each entry of `observation_tensor(role)`: ``"morale"``, ``"phase[night]"``."""
        out = Observation(named=True)
        self.observe(role, out)
        assert out.names is not None
        return out.names

    def evaluation_features(self, role: int) -> dict[str, float]:
        """What a learned evaluation of an unfinished position may weigh for `role` (`ludoteca train`,
        `core.learned`): by default the named observation tensor, which holds only what `role` may know. A
        game may give instead the terms of its own evaluation, computed from what the search already sees."""
        return dict(zip(self.observation_names(role), self.observation_tensor(role), strict=True))
