"""Read-only containers for the pieces of a view that are worked out once and shared by later views (a
log line, `i18n.LogLine`; a game's memoised part of its board, `freeze`). Changing a shared piece in place
would change it in every view that holds it, so they refuse changes. JSON encoders (json, orjson) write them
as the dicts and lists they are, they equal the plain dict or list of the same items, and `copy`,
`deepcopy` and `pickle` give plain ones, free to change."""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(self: object, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError("this part of a view is shared and read-only: change a copy (dict(part), list(part))")


class FrozenDict(dict[str, Any]):
    """A dict that refuses to be changed (see the module)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class FrozenList(list[Any]):
    """A list that refuses to be changed (see the module)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return list, (list(self),)


def freeze(value: Any) -> Any:
    """`value` (JSON-ready data) with every dict and list in it made read-only, to be shared."""
    if isinstance(value, dict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list):
        return FrozenList(freeze(item) for item in value)
    return value
