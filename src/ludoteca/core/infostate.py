"""The information state (OpenSpiel's name): everything a role knows, as one short canonical string a
search keys its tree by, and as readable canonical JSON for people and tests. A part of `State`: the view
and the log it digests are the state's."""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import TYPE_CHECKING, Any

import orjson

CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
"""Canonical JSON: keys sorted, no spaces, ASCII only (so a line never holds a raw newline)."""
SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def canonical_bytes(value: Any) -> bytes:
    """`value` as canonical JSON bytes for a digest: orjson with its keys sorted (UTF-8, several times
    `CANONICAL`'s speed), `CANONICAL` for what orjson cannot write (an int past 64 bits). Equal values give
    equal bytes, as they give equal `CANONICAL` text; the bytes are only ever hashed."""
    try:
        return orjson.dumps(value, option=SORTED)
    except TypeError:  # orjson.JSONEncodeError
        return CANONICAL.encode(value).encode("ascii")


def position_key(d: dict[str, Any]) -> bytes:
    """Bytes that differ whenever the position `d` does, for the view memo: orjson's (faster than
    `marshal`'s on every game's positions; a tuple reads as the list it would be in JSON), `marshal`'s for
    data orjson cannot write."""
    try:
        return orjson.dumps(d, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return marshal.dumps(d)


LogMemo = tuple[list[list[Any]], dict[int, tuple[int, Any, Any, bytes]]]
"""A state's running log digests (`State._log_digest`): the log list they were read from, and for each
role the entries read, the last of them (held, so that its identity stays its own), the running hash and
its digest."""


class InformationState:
    """`State`'s information-state methods, and the memos that make them cheap."""

    __slots__ = ("_log_memo", "_view_memo")

    _log_memo: LogMemo | None
    _view_memo: dict[int, tuple[bytes, bytes]]

    if TYPE_CHECKING:
        d: dict[str, Any]
        logs: list[list[Any]]

        def _view(self, role: int | None, lang: str) -> dict[str, Any]: ...

        def visible_log(self, role: int | None) -> list[tuple[str, dict[str, Any], str | None]]: ...

    def information_state_json(self, role: int) -> str:
        """Everything `role` knows, readable, with perfect recall: the view (without the result), with the
        log lines it may see as message keys, parameters and rules (no text to render), canonical JSON.
        Tens of kilobytes in a long game: for people and tests; a search keys by the short form."""
        view = self._view(role, "en")
        view["log"] = self.visible_log(role)
        view.pop("result")
        return CANONICAL.encode(view)

    def information_state_string(self, role: int) -> str:
        """Everything `role` knows, short and canonical: 32 hex digits, a BLAKE2b digest of the canonical
        JSON of the view (without the result and the log) and of a running digest of the log lines `role`
        may see. Two states give `role` the same string exactly when they give the same
        `information_state_json` (barring a 128-bit collision), so it keeps perfect recall, and it is what
        OpenSpiel and our ISMCTS key their trees by. The log's part costs only the lines written since this
        state (or the state it was cloned from) last asked; the view's, nothing while the position (`d`, by
        its `position_key` bytes) is the one it was last built from (a search asks several times)."""
        return hashlib.blake2b(self._view_digest(role) + self._log_digest(role), digest_size=16).hexdigest()

    def _view_digest(self, role: int) -> bytes:
        """A digest of the canonical JSON of `role`'s view without the result and the log, built again only
        when the position changed since it was last built for `role` on this state."""
        position = position_key(self.d)
        memo: dict[int, tuple[bytes, bytes]] = getattr(self, "_view_memo", None) or {}
        known = memo.get(role)
        if known is not None and known[0] == position:
            return known[1]
        view = self._view(role, "en")
        del view["result"], view["log"]
        digest = hashlib.blake2b(canonical_bytes(view), digest_size=16).digest()
        self._view_memo = {**memo, role: (position, digest)}
        return digest

    def _log_digest(self, role: int) -> bytes:
        """A digest of the log lines `role` may see, each as the canonical JSON of [key, params, rule] and
        a newline, in order. It goes on from the memo of the lines already read while the log is the same
        list, appended to (or cut back past them: then it starts over)."""
        logs = self.logs
        memo: LogMemo | None = getattr(self, "_log_memo", None)
        known = memo[1] if memo is not None and memo[0] is logs else {}
        digest: bytes
        read, last, running, digest = known.get(role, (0, None, None, b""))
        if read > len(logs) or (read and logs[read - 1] is not last):
            read, running = 0, None
        if read == len(logs) and running is not None:
            return digest
        running = hashlib.blake2b(digest_size=16) if running is None else running.copy()
        for index in range(read, len(logs)):
            key, params, visible, rule = logs[index]
            if visible is None or role in visible:
                running.update(canonical_bytes([key, params, rule]) + b"\n")
        digest = running.digest()
        self._log_memo = (logs, {**known, role: (len(logs), logs[-1] if logs else None, running, digest)})
        return digest
