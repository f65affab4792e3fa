"""What a role may know of a state, JSON-ready (DESIGN §2): the view, its log lines rendered once and
shared, how each legal action is shown, and the view of a connection that has the earlier log lines. A
part of `State`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.game import CHANCE, TERMINAL
from ludoteca.core.i18n import DEFAULT_LANGUAGE, LogLine
from ludoteca.core.infostate import InformationState

if TYPE_CHECKING:
    from ludoteca.core.game import Game

LineMemo = tuple[list[list[Any]], dict[tuple[int | None, str], tuple[int, Any, int, tuple[LogLine, ...]]]]
"""A state's rendered log lines (`State._log_lines`): the log list they were rendered from, and for each
role (None: a spectator) and language the entries read, the last of them (held, as in `LogMemo`), the
catalog's version they were rendered with (`Catalog.version`) and the lines `role` may see."""


class Views(InformationState):
    """`State`'s view methods, and the memo of rendered log lines (the information state is a view
    too: its methods come with these)."""

    __slots__ = ("_line_memo",)

    _line_memo: LineMemo | None

    label_messages: ClassVar[str] = "action"
    """The message table of the actions' labels: ``<table>.<verb>``, its ``{target}`` the thing the action
    names (``action.patrol = "Carta de patrulla {target}"``). Companion mode reads a chance outcome's
    printed name out of its label by it (`core.table.printed_name`)."""

    if TYPE_CHECKING:
        d: dict[str, Any]
        game: Game
        logs: list[list[Any]]

        def current_player(self) -> int: ...

        def is_terminal(self) -> bool: ...

        def result(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any] | None: ...

    def view(self, role: int | None, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Everything `role` may know, JSON-ready (DESIGN §2). `role=None` is a spectator. The view and its
        lists are the caller's own, except the log's lines, `LogLine`s shared with later views
        (`_log_lines`), and the parts of the board a game works out once and shares (Guerra a Muerte's
        places): read-only (`core.frozen`)."""
        view = self._view(role, lang)
        view["log"] = list(self._log_lines(role, lang))
        view["actions"] = [self.action_view(a, lang) for a in view["actions"]]
        return view

    def _view(self, role: int | None, lang: str) -> dict[str, Any]:
        """The view without its log, the legal actions of `role` as bare ids."""
        wait = self.d["wait"]
        view: dict[str, Any] = {
            "game": self.game.id,
            "role": None if role is None else self.game.roles[role],
            "options": dict(self.d["options"]),
            "move": self.d["moves"],
            "current_player": self.current_player(),
            "current_role": self._role_name(self.current_player()),
            "terminal": self.is_terminal(),
            "result": self.result(lang),
            "board": self.board_view(role, lang),
            "log": [],
            "prompt": None,
            "rule": None,
            "actions": [],
        }
        if wait is not None and wait["role"] != CHANCE:
            view["rule"] = wait["rule"]
            if not wait.get("private") or wait["role"] == role:
                view["prompt"] = self.game.catalog.text(wait["prompt"], lang, wait["params"])
            if role is not None and wait["role"] == role:
                view["actions"] = list(wait["actions"])
        return view

    def _log_lines(self, role: int | None, lang: str) -> tuple[LogLine, ...]:
        """The log lines `role` may see, rendered in `lang`. They go on from the memo of the lines already
        rendered while the log is the same list, appended to (or cut back past them, by undo, or rendered
        by another version of the catalog: then they start over), so a view renders only the new lines."""
        logs = self.logs
        catalog = self.game.catalog
        memo: LineMemo | None = getattr(self, "_line_memo", None)
        known = memo[1] if memo is not None and memo[0] is logs else {}
        read, last, version, lines = known.get((role, lang), (0, None, catalog.version, ()))
        if read > len(logs) or (read and logs[read - 1] is not last) or version != catalog.version:
            read, lines = 0, ()
        if read == len(logs):
            return lines
        seen = [entry for entry in logs[read:] if entry[2] is None or (role is not None and role in entry[2])]
        lines += tuple([catalog.log_line(entry, lang) for entry in seen])
        self._line_memo = (logs, {**known, (role, lang): (len(logs), logs[-1], catalog.version, lines)})
        return lines

    def visible_log(self, role: int | None) -> list[tuple[str, dict[str, Any], str | None]]:
        """The log lines `role` may see (None: a spectator), as (message key, parameters, rule)."""
        return [
            (key, params, rule)
            for key, params, visible, rule in self.logs
            if visible is None or (role is not None and role in visible)
        ]

    def _role_name(self, player: int) -> str:
        if player == TERMINAL:
            return "terminal"
        if player == CHANCE:
            return "chance"
        return self.game.roles[player]

    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """How the UI shows one legal action: notation, label, group and board target (the caller's own
        copy of what `_plain_action_view` worked out once per action and language)."""
        derived = self.game.catalog.derived
        known = derived.get(("action_view", action, lang))
        if known is None:
            known = derived["action_view", action, lang] = self._plain_action_view(action, lang)
        return dict(known)

    def _plain_action_view(self, action: int, lang: str) -> dict[str, Any]:
        """`action_view` worked out: it reads nothing of the position, only the action and the messages. A
        game whose labels read only the action too refines this (and so shares the memo); one whose labels
        read the position refines `action_view`."""
        notation = self.game.actions.names[action]
        verb, _, target = notation.partition(" ")
        catalog = self.game.catalog
        named = f"@target.{target}" if catalog.has(f"target.{target}") else target  # a die's face: "6"
        return {
            "id": action,
            "notation": notation,
            "label": catalog.text(f"{self.label_messages}.{verb}", lang, {"target": named}),
            "group": verb,
            "target": target or None,
        }

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        """The game's own part of the view: board, counters, hands that `role` may see."""
        raise NotImplementedError
