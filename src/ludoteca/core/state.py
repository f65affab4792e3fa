"""The state side of the game contract (DESIGN §2), with OpenSpiel's names.

A state is plain data: `d`, a JSON-ready dict holding the game's position, the frame stack (DESIGN §3) and
the pending decision; and `logs`, the append-only log kept apart from the hot data so that cloning for
search stays cheap. A state holds no random generator: chance outcomes come from whoever drives it.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import random
from bisect import bisect
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate
from typing import Any, ClassVar, Generic, TypedDict, overload

import orjson
from typing_extensions import TypeVar

from ludoteca.core.errors import IllegalActionError, RecordError
from ludoteca.core.game import CHANCE, TERMINAL, Game
from ludoteca.core.hooks import StateHooks
from ludoteca.core.i18n import DEFAULT_LANGUAGE
from ludoteca.core.infostate import LogMemo
from ludoteca.core.observation import Observed
from ludoteca.core.options import Options
from ludoteca.core.procedure import F, Frame, Procedure, ProcedureSet
from ludoteca.core.views import LineMemo, Views

STATE_FORMAT = "ludoteca-state/1"
S = TypeVar("S", bound="State[Any]")


class CorePosition(TypedDict):
    """The keys of `State.d` that the core writes, declared once: every game's position type extends it
    (``class Position(CorePosition): ...``) with the game's own keys."""

    options: dict[str, str]
    """The options' string form (`Options.as_strings`); rules read the typed `State.options`."""
    stack: list[Frame]
    """The frame stack (DESIGN §3): rules read it only through the core (`State.caller`)."""
    wait: dict[str, Any] | None
    """The pending decision or chance node (`ask`, `chance`), None while the engine runs or once over."""
    over: dict[str, Any] | None
    """The outcome once the game is over (`end_game`)."""
    moves: int
    """Actions applied."""
    reveals: int
    """Hidden information revealed so far (`reveal`): undo stops there."""


P = TypeVar("P", bound=CorePosition | dict[str, Any], default=dict[str, Any])
"""A state's position type, `d`'s: a game's `Position` (a `CorePosition`), or an untyped dict for a game
that declares none."""


def copy_data(data: Any) -> Any:
    """A deep copy of JSON-ready data (a position, or part of one): orjson's round trip, about twice as
    fast as `marshal`'s on our positions, which are JSON by contract (the fuzzer checks that the JSON round
    trip gives the position back; like JSON, this copy gives a tuple back as a list, and two places that
    held one list hold two equal lists). Data that JSON cannot hold (a key that is not a string, an int
    past 64 bits) goes through `marshal`, which copies it exactly."""
    try:
        return orjson.loads(orjson.dumps(data))
    except TypeError:  # orjson.JSONEncodeError
        return marshal.loads(marshal.dumps(data))


class State(Views, Observed, Generic[P]):
    """Base class of every game's state. Games add rules as procedures and implement the view hooks.

    A game names its position type, ``class MyState(State[Position])``, and its rules read ``state.d`` as
    that TypedDict: at run time it is the plain dict it always was (no wrapper, no copy, no cost), so
    clones, records, resampling and the fuzzer are as fast as before (issue 57)."""

    __slots__ = ("_own_log", "d", "game", "logs", "options")
    procedures: ClassVar[ProcedureSet]
    hooks: ClassVar[StateHooks] = StateHooks()
    """The game's module functions that `board_view`, `observe`, `invariants` and `evaluate` call
    (`core.hooks`)."""
    shared_keys: ClassVar[tuple[str, ...]] = ("wait",)
    """Keys of `d` whose values no rule changes in place (a rule that changes one puts a new value in its
    place), which a clone shares with its original instead of copying (`clone`): the pending decision
    (`ask` and `chance` put a new one; a resample that changes one puts a changed copy), and what a game
    adds (``(*State.shared_keys, ...)``). `tests/test_clone_games.py` plays every game, and resamples it,
    with them made read-only, so a write in place fails it."""

    def __init__(self, game: Game, options: Options, data: dict[str, Any]) -> None:
        self.game = game
        self.options = options
        """The game's options, typed (`core.options`); ``d["options"]`` holds their string form."""
        self.d: P = {  # type: ignore[assignment]  # the core's keys, then the game's: a `P`
            "options": options.as_strings(),
            "stack": [],
            "wait": None,
            "over": None,
            "moves": 0,
            "reveals": 0,
            **data,
        }
        self.logs: list[list[Any]] = []
        """The log, append-only: `log` adds a line. A clone shares it with its original until either adds
        one (copy on write, `_share_log`); nothing else changes it in place."""
        self._own_log: list[list[Any]] | None = self.logs
        """The log list this state may append to: its own, not one it shares with a clone (`log`)."""
        self._log_memo: LogMemo | None = None
        self._line_memo: LineMemo | None = None
        self._view_memo: dict[int, tuple[bytes, bytes]] = {}

    # ----------------------------------------------------------------- the procedure engine (DESIGN §3)
    @overload
    def start(self, procedure: Procedure[F], frame: F, /) -> None: ...

    @overload
    def start(self, procedure: str, /, **locals_: Any) -> None: ...

    def start(
        self, procedure: str | Procedure[Any], frame: Mapping[str, Any] | None = None, /, **locals_: Any
    ) -> None:
        """Push the first procedure of the game and run until the first decision."""
        name = procedure if procedure.__class__ is str else procedure.name  # type: ignore[union-attr]
        self.d["stack"].append({"p": name, "s": "start", **(locals_ if frame is None else frame)})
        self._run()

    def _run(self) -> None:
        d = self.d
        by_name = self.procedures.by_name
        while d["wait"] is None and d["over"] is None:
            stack = d["stack"]
            if not stack:
                raise RuntimeError(f"{self.game.id}: the procedure stack ran empty before the game ended")
            frame = stack[-1]
            by_name[frame["p"]].steps[frame["s"]](self, frame, None)

    def goto(self, step: str) -> None:
        """Continue the current procedure at `step`."""
        self.d["stack"][-1]["s"] = step

    @overload
    def call(self, procedure: Procedure[F], frame: F, /, *, then: str) -> None: ...

    @overload
    def call(self, procedure: str, /, *, then: str, **locals_: Any) -> None: ...

    def call(
        self,
        procedure: str | Procedure[Any],
        frame: Mapping[str, Any] | None = None,
        /,
        *,
        then: str,
        **locals_: Any,
    ) -> None:
        """Run `procedure` now; when it returns, the caller continues at step `then`. A procedure that
        declares its frame's type is called with that frame (``state.call(BATTLE, Battle(...),
        then=...)``, checked by mypy); one that does not, by name with its locals as keywords."""
        stack = self.d["stack"]
        stack[-1]["s"] = then
        name = procedure if procedure.__class__ is str else procedure.name  # type: ignore[union-attr]
        stack.append({"p": name, "s": "start", **(locals_ if frame is None else frame)})

    @overload
    def replace(self, procedure: Procedure[F], frame: F, /) -> None: ...

    @overload
    def replace(self, procedure: str, /, **locals_: Any) -> None: ...

    def replace(
        self, procedure: str | Procedure[Any], frame: Mapping[str, Any] | None = None, /, **locals_: Any
    ) -> None:
        """End the current procedure and start `procedure` in its place (a goto between procedures), with
        its frame typed as in `call`."""
        stack = self.d["stack"]
        name = procedure if procedure.__class__ is str else procedure.name  # type: ignore[union-attr]
        stack[-1] = {"p": name, "s": "start", **(locals_ if frame is None else frame)}

    def frame_of(self, procedure: Procedure[F]) -> F | None:
        """The frame of the innermost running call of `procedure`, typed as it declares, or None where it
        is not running (an evaluation reading how far the day's placement has gone)."""
        name = procedure.name
        for frame in reversed(self.d["stack"]):
            if frame["p"] == name:
                return frame  # type: ignore[return-value]  # `procedure`'s frame: its locals are an `F`
        return None

    def running_frame(self) -> Frame | None:
        """The running procedure's frame (None before the first and once over), for a view of what it asks."""
        return self.d["stack"][-1] if self.d["stack"] else None

    def frames(self) -> list[Frame]:
        """Every running procedure's frame, outermost first (the stack: a redraw renames in its twin's)."""
        return self.d["stack"]

    def caller(self) -> Frame:
        """The frame below the running one: the procedure that called it, for the few procedures that must
        read it (a rulebook bot reads the decision it takes for its caller). Nothing else reads the stack."""
        return self.d["stack"][-2]

    def ret(self, value: Any = None) -> None:
        """End the current procedure; the caller finds `value` in its frame under ``"ret"``."""
        stack = self.d["stack"]
        stack.pop()
        if stack:
            stack[-1]["ret"] = value

    def ask(
        self,
        role: int,
        actions: Sequence[int],
        /,
        then: str,
        prompt: str,
        secret: bool = False,
        private: bool = False,
        **params: Any,
    ) -> None:
        """Wait for `role` to choose one of `actions`; the choice goes to step `then`. `params` fill the
        prompt's message (``rule`` overrides the section cited). The prompt is shown to every role and to
        spectators, so its parameters never carry hidden information — unless the decision is `private`:
        then only `role` reads the prompt (it may name what only `role` knows, such as the counter it is
        placing under limited intelligence), and the others see only whose decision it is.

        A `secret` decision is a commitment the rulebook makes simultaneous and secret (DESIGN §2):
        interfaces show other roles that `role` chose, never what; the game logs the choice only for
        `role` until it reveals it."""
        if not actions:
            raise RuntimeError(f"{self.game.id}: decision {prompt!r} offered no legal action")
        frame = self.d["stack"][-1]
        frame["s"] = then
        wait = {
            "role": role,
            "actions": sorted(set(actions)),
            "prompt": prompt,
            "params": params,
            "rule": params.pop("rule", None) or self.running_rule(),
            "secret": secret,
        }
        if private:  # only where used: other games' positions (and records' digests) stay as they were
            wait["private"] = True
        self.d["wait"] = wait  # whole: a pending decision is replaced, never changed (`shared_keys`)

    def chance(self, weights: Mapping[int, int], then: str) -> None:
        """A chance node: outcome `a` has probability ``weights[a] / sum(weights)``."""
        actions = sorted([a for a, w in weights.items() if w > 0])
        if not actions:
            raise RuntimeError(f"{self.game.id}: chance node with no outcome")
        frame = self.d["stack"][-1]
        frame["s"] = then
        self.d["wait"] = {
            "role": CHANCE,
            "actions": actions,
            "weights": [weights[a] for a in actions],
            "rule": self.running_rule(),
        }

    def end_game(self, outcome: str, returns: Sequence[float], **params: Any) -> None:
        """The game is over with the rulebook's `outcome` (a message key) and per-role returns."""
        self.d["over"] = {"outcome": outcome, "returns": [float(r) for r in returns], "params": params}
        self.d["wait"] = None
        self.d["stack"] = []

    def reveal(self) -> None:
        """Mark that hidden information was revealed: undo may not go back past this point (DESIGN §5)."""
        self.d["reveals"] += 1

    def decide(
        self,
        role: int,
        kind: str,
        actions: Sequence[int],
        /,
        then: str,
        prompt: str,
        secret: bool = False,
        private: bool = False,
        **params: Any,
    ) -> None:
        """Who decides: role `role` chooses one of `actions` (a decision of `kind`), and the choice goes to
        step `then` — asked of the seat, or, where the game's rulebook bot decides for that role
        (`bot_for`), worked out by the bot's procedure, which answers with `answer`. Either way the step
        receives the action exactly as if a person had chosen it."""
        bot = self.bot_for(role, kind)
        if bot is None:
            self.ask(role, actions, then=then, prompt=prompt, secret=secret, private=private, **params)
            return
        if not actions:
            raise RuntimeError(f"{self.game.id}: decision {prompt!r} offered no legal action")
        self.call(bot, then=then, role=role, kind=kind, actions=sorted(set(actions)), **params)

    def answer(self, action: int) -> None:
        """A bot procedure's choice: end it and hand `action` to the step that waits for the decision,
        as `apply_action` hands a person's."""
        stack = self.d["stack"]
        stack.pop()
        frame: Frame = stack[-1]
        self.procedures.by_name[frame["p"]].steps[frame["s"]](self, frame, action)

    def bot_for(self, role: int, kind: str) -> str | None:
        """The procedure of the rulebook bot that takes decisions of `kind` for `role` (Mar y Acero's
        Nitayno, Patria Libre's personality deck), or None where the seat decides. Games override."""
        return None

    def log(
        self, key: str, /, visible_to: Sequence[int] | None = None, rule: str | None = None, **params: Any
    ) -> None:
        """Add a log line (a message key with parameters), for everyone or only for `visible_to`. It cites
        `rule`, by default the section of the running procedure."""
        if rule is None:
            rule = self.running_rule()
        logs = self.logs
        if logs is not getattr(self, "_own_log", None):
            logs = self._take_log()
        logs.append([key, params, None if visible_to is None else list(visible_to), rule])

    def _take_log(self) -> list[list[Any]]:
        """Make the log this state's own before it adds a line: a copy of the list it shares with a clone
        (or was handed), the memos going on from it (they read the same lines)."""
        shared = self.logs
        logs = self.logs = self._own_log = shared.copy()
        memo = getattr(self, "_log_memo", None)
        self._log_memo = (logs, memo[1]) if memo is not None and memo[0] is shared else None
        lines = getattr(self, "_line_memo", None)
        self._line_memo = (logs, lines[1]) if lines is not None and lines[0] is shared else None
        return logs

    def running_rule(self) -> str | None:
        """The section that a log line, a decision or a chance node cites unless told otherwise: the
        running procedure's `rule` (None before the first). A game whose effect procedures serve many
        cards refines it to cite the card (Mar y Acero)."""
        stack = self.d["stack"]
        return self.procedures.by_name[stack[-1]["p"]].rule if stack else None

    # ----------------------------------------------------------------------- the OpenSpiel-named API
    def current_player(self) -> int:
        wait = self.d["wait"]
        return TERMINAL if wait is None else int(wait["role"])

    def is_terminal(self) -> bool:
        return self.d["over"] is not None

    def is_secret_decision(self) -> bool:
        """Whether the pending decision is a secret commitment: its action must not be shown to other
        roles (see `ask`)."""
        wait = self.d["wait"]
        return wait is not None and bool(wait.get("secret"))

    def hides_its_choice(self, action: int | None = None) -> bool:
        """Whether the action chosen at the pending decision (`action`, if known) must not be shown to
        other roles: a secret commitment, or a private decision, whose prompt and options are the deciding
        role's only (a move list shows the others only that a choice was made) — unless the game says
        that choice may be shown (`choice_shown`)."""
        wait = self.d["wait"]
        if wait is None or wait.get("secret"):
            return wait is not None
        return bool(wait.get("private")) and (action is None or not self.choice_shown(action))

    def choice_shown(self, action: int) -> bool:
        """Whether `action`, chosen at a private decision, may be shown to every role in the move list: its
        label names nothing hidden and choosing it tells nothing the position does not show (passing,
        attacking, moving a force whose marker everyone sees). None, unless a game with private decisions
        says which."""
        return False

    def is_chance_node(self) -> bool:
        wait = self.d["wait"]
        return wait is not None and wait["role"] == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        wait = self.d["wait"]
        if wait is None or (player is not None and player != wait["role"]):
            return []
        return list(wait["actions"])

    def chance_rule(self) -> str | None:
        """The rule section of the pending chance node (the die or draw it rolls), None elsewhere."""
        wait = self.d["wait"]
        return str(wait["rule"]) if wait is not None and wait["role"] == CHANCE else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        wait = self.d["wait"]
        if wait is None or wait["role"] != CHANCE:
            return []
        total = sum(wait["weights"])
        return [(a, w / total) for a, w in zip(wait["actions"], wait["weights"], strict=True)]

    def sample_chance(self, rng: random.Random) -> int:
        """Draw a chance outcome with the driver's generator (the state holds none)."""
        wait: dict[str, Any] = self.d["wait"]  # type: ignore[assignment]  # a chance node's: not None
        cumulative = list(accumulate(wait["weights"]))
        # `rng.choices(actions, weights)[0]` written out (a third of every die roll's cost): the same one
        # draw from the generator, the same outcome
        return int(wait["actions"][bisect(cumulative, rng.random() * cumulative[-1], 0, len(cumulative) - 1)])

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises `IllegalActionError` and changes nothing."""
        wait = self.d["wait"]
        if wait is None:
            raise IllegalActionError(f"{self.game.id}: the game is over; no action is legal")
        if action not in wait["actions"]:
            shown = self._describe(action)
            legal = ", ".join(self.game.actions.names[a] for a in wait["actions"])
            raise IllegalActionError(f"{self.game.id}: {shown} is not legal now; legal actions: {legal}")
        self.d["wait"] = None
        self.d["moves"] += 1
        frame: Frame = self.d["stack"][-1]
        self.procedures.by_name[frame["p"]].steps[frame["s"]](self, frame, action)
        self._run()

    def apply_notation(self, text: str) -> int:
        """Parse `text` and apply it; returns the action id."""
        action = self.game.actions.parse(text)
        self.apply_action(action)
        return action

    def _describe(self, action: object) -> str:
        if isinstance(action, int) and 0 <= action < len(self.game.actions):
            return f"{self.game.actions.names[action]!r} ({action})"
        return f"action {action!r}"

    def action_to_string(self, action: int) -> str:
        return self.game.actions.format(action)

    def string_to_action(self, text: str) -> int:
        return self.game.actions.parse(text)

    def returns(self) -> list[float]:
        over = self.d["over"]
        if over is None:
            return [0.0] * len(self.game.roles)
        return list(over["returns"])

    def result(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any] | None:
        """The rulebook's own outcome, e.g. the victory or the way the game was lost."""
        over = self.d["over"]
        if over is None:
            return None
        text = self.game.catalog.text(over["outcome"], lang, over["params"])
        return {"outcome": over["outcome"], "text": text, "returns": list(over["returns"]), **over["params"]}

    def move_number(self) -> int:
        return int(self.d["moves"])

    # --------------------------------------------------------------------------- copies and records
    def clone(self: S) -> S:
        """A cheap independent copy: the hot data is copied through `copy_data`, but for the values of
        `shared_keys`, which both states hold; the log is shared until either adds a line (`_share_log`)."""
        twin = object.__new__(type(self))
        twin.game = self.game
        twin.options = self.options
        twin.d = self._copy_position()
        self._share_log(twin)
        return twin

    def _copy_position(self, apart: tuple[str, ...] = ()) -> P:
        """`d` for a clone, in its key order: copied through `copy_data` but for the values of `shared_keys`
        (the same objects) and of `apart` (None, for a game's clone to fill as it copies them itself)."""
        d: dict[str, Any] = self.d  # type: ignore[assignment]  # read by any key: a dict
        hot = dict(d)  # the places left out of the copy emptied first
        for key in (*self.shared_keys, *apart):
            if key in hot:
                hot[key] = None
        copied: dict[str, Any] = copy_data(hot)
        for key in self.shared_keys:
            if key in d:
                copied[key] = d[key]
        return copied  # type: ignore[return-value]  # a copy of `d`: a `P`

    def _share_log(self, twin: State[Any]) -> None:
        """Give `twin`, a clone, this state's log list itself: neither state owns it now, so the first to add
        a line copies it (`_take_log`) — a clone that never logs (an undo point, a probe, a determinization
        that rebuilds its log) never copies it. The twin goes on from this state's running log digests and
        rendered log lines (they are never changed in place, only replaced)."""
        logs = twin.logs = self.logs
        self._own_log = twin._own_log = None
        memo = getattr(self, "_log_memo", None)
        twin._log_memo = memo if memo is not None and memo[0] is logs else None
        lines = getattr(self, "_line_memo", None)
        twin._line_memo = lines if lines is not None and lines[0] is logs else None

    def _share_log_digest(self, twin: State[Any], role: int) -> None:
        """Let `twin`, whose log holds exactly the lines of this one's that `role` may see (a determinization
        that keeps only what `role` saw), go on from `role`'s running log digest, if it is up to date."""
        memo = getattr(self, "_log_memo", None)
        seen = memo[1].get(role) if memo is not None and memo[0] is self.logs else None
        if seen is None or seen[0] != len(self.logs) or (self.logs and self.logs[-1] is not seen[1]):
            return
        last = twin.logs[-1] if twin.logs else None
        twin._log_memo = (twin.logs, {role: (len(twin.logs), last, *seen[2:])})

    def view_since(self, role: int | None, lang: str, log_from: int) -> dict[str, Any]:
        """`view(role, lang)` with only the log lines from index `log_from` of `logs` on (a connection
        that already has the earlier ones). It is the view of a copy that shares this state's position
        and its memos of the position (a game's indexes), with the log cut: only the log's memos start
        over."""
        if log_from == 0:
            return self.view(role, lang)
        tail = object.__new__(type(self))
        for name in self._slot_names():
            setattr(tail, name, getattr(self, name))
        tail.logs = tail._own_log = self.logs[log_from:]
        tail._log_memo = tail._line_memo = None
        tail._view_memo = {}
        return tail.view(role, lang)

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """What pickling keeps (a search sent to a worker process): every slot but the information-state
        and view memos (a running hash cannot be pickled; the copy rebuilds them when first asked)."""
        memos = ("_line_memo", "_log_memo", "_own_log", "_view_memo")
        return None, {name: getattr(self, name) for name in self._slot_names() if name not in memos}

    def _slot_names(self) -> list[str]:
        """The slots this state has set, of its class and those above it."""
        return [
            name
            for cls in type(self).__mro__
            for name in getattr(cls, "__slots__", ())
            if hasattr(self, name)
        ]

    def child(self: S, action: int) -> S:
        twin = self.clone()
        twin.apply_action(action)
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "game": self.game.id,
            "data": json.loads(json.dumps(self.d)),
            "logs": json.loads(json.dumps(self.logs)),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State[Any]:
        """Rebuild a state saved by `to_json`; raises `RecordError` on malformed input."""
        from ludoteca.core.game import get_game

        if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
            raise RecordError(f"not a saved state: expected format {STATE_FORMAT!r}")
        game = get_game(str(data.get("game")))
        body, logs = data.get("data"), data.get("logs")
        if not isinstance(body, dict) or not isinstance(logs, list):
            raise RecordError("saved state needs 'data' (an object) and 'logs' (a list)")
        missing = {"options", "stack", "wait", "over", "moves", "reveals"} - set(body)
        if missing:
            raise RecordError(f"saved state lacks {', '.join(sorted(missing))}")
        state = game.new_initial_state(body["options"])
        if type(state) is not cls and cls is not State:
            raise RecordError(f"saved state is a {game.id} state, not {cls.__name__}")
        state.d = json.loads(json.dumps(body))
        state.logs = json.loads(json.dumps(logs))
        return state

    def digest(self) -> str:
        """A stable hash of the position (the log is not part of it)."""
        text = json.dumps(self.d, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.game.id == other.game.id and self.d == other.d

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.id} state, move {self.d['moves']}, player {self.current_player()}>"

    def board_view(self, role: int | None, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The game's own part of the view: its `hooks.board_view` (view.py)."""
        hook = self.hooks.board_view
        if hook is None:
            raise NotImplementedError(f"{self.game.id}: no board_view (State.hooks)")
        return hook(self, role, lang)  # type: ignore[return-value]  # a JSON object: a dict at run time

    def invariants(self) -> list[str]:
        """The game's own invariants (piece and card conservation, rulebook limits): what is broken, by its
        `hooks.invariants`; none without."""
        hook = self.hooks.invariants
        return [] if hook is None else hook(self)

    def evaluate(self) -> list[float]:
        """Each role's prospects where a search stops short of the end, on the scale of `returns()`.
        The game's own evaluation (`hooks.evaluate`) knows its victory conditions; without one, every
        unfinished position is even."""
        if self.is_terminal():
            return self.returns()
        hook = self.hooks.evaluate
        return [0.0] * len(self.game.roles) if hook is None else hook(self)

    def resample_from_infostate(self: S, role: int, rng: random.Random) -> S:
        """A full state consistent with all `role` knows. Games whose state holds no hidden information
        (the deck order is never stored: every draw is a chance node) return a copy."""
        return self.clone()

    def resampler(self: S, role: int) -> Callable[[random.Random], S]:
        """`resample_from_infostate(role, ·)` for a caller that draws many states while this one stays as
        it is (a search, at every iteration): a game whose draw has costly parts that read only the
        position and the role (Guerra a Muerte's) works them out once here."""
        return lambda rng: self.resample_from_infostate(role, rng)
