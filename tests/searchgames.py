"""Two tiny games built to test search agents, each with a known best move.

Showdown: chance deals a hidden card 1–3 to `dealer`; `caller`, who never sees it, calls (+1 if the card is
1, −1 otherwise) or folds (−0.25). Calling is worth −1/3 on average, so folding is right; only an agent that
peeked at the card would call on a 1.

Kingmaker(n), 1 to 6 players: the first player takes a sure 0.2 or risks it; after a risk a coin is
flipped, then the last player names the winner, the first player or themself (+1 to the winner, −1 to
everyone else). The last player names themself, so with two or more players risking loses; alone, the first
player is also the last and risking wins. A search that scored every node for the root player would risk.

Long odds: one player picks one of four moves worth −0.90, −0.91, −0.92 and −0.88 (the last is best): a
lost position where the moves differ by little, as in a game whose evaluation is near −1.

Armed: one player takes a sure 0.2 (`PLAIN`) or arms (`ARM`), after which the same player holsters (0.5)
or fires at one of four targets (−1 each): arming is best, but the follow-up it opens is mostly bad moves,
as a Weapon in hand offers a shot after every activation in Maquis.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.core.game import ActionTable, Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.procedure import ProcedureSet
from ludoteca.core.state import State

CALL, FOLD, CARD1, CARD2, CARD3 = range(5)
SAFE, RISK, HEADS, TAILS, ME, FIRST = range(6)

SHOWDOWN = ProcedureSet()
showdown = SHOWDOWN.proc("showdown", rule="showdown")


@showdown.step()
def _deal(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.chance({CARD1: 1, CARD2: 1, CARD3: 1}, then="dealt")


@showdown.step("dealt")
def _dealt(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.d["card"] = (action or 0) - CARD1 + 1
    s.ask(0, [CALL, FOLD], then="called", prompt="prompt.call")


@showdown.step("called")
def _called(s: State, frame: dict[str, Any], action: int | None) -> None:
    caller = 1.0 if s.d["card"] == 1 else -1.0
    caller = caller if action == CALL else -0.25
    s.end_game("result.over", [caller, -caller])


class ShowdownState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = SHOWDOWN

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {"card": self.d["card"] if role == 1 else None}

    def resample_from_infostate(self, role: int, rng: random.Random) -> ShowdownState:
        twin = self.clone()
        if role == 0 and self.d["card"] is not None:
            twin.d["card"] = rng.choice([1, 2, 3])
        return twin


class Showdown(Game):
    id = "showdown"
    title = "Showdown"
    roles = ("caller", "dealer")
    player_counts = (2,)
    rulebook = "tests/searchgames.py"
    actions = ActionTable(("call", "fold", "card 1", "card 2", "card 3"))
    catalog = Catalog()

    def new_initial_state(self, options: dict[str, str] | None = None) -> ShowdownState:
        state = ShowdownState(self, self.parse_options(options), {"card": None})
        state.start("showdown")
        return state

    def dealt(self, card: int) -> ShowdownState:
        """The caller's decision with `card` dealt."""
        state = self.new_initial_state()
        state.apply_action(CARD1 + card - 1)
        return state


KINGMAKER = ProcedureSet()
kingmaker = KINGMAKER.proc("kingmaker", rule="kingmaker")


@kingmaker.step()
def _choose(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(0, [SAFE, RISK], then="chosen", prompt="prompt.risk")


@kingmaker.step("chosen")
def _chosen(s: State, frame: dict[str, Any], action: int | None) -> None:
    players = len(s.game.roles)
    if action == SAFE:
        s.end_game("result.over", [0.2] + [0.0] * (players - 1))
    else:
        s.chance({HEADS: 1, TAILS: 1}, then="flipped")


@kingmaker.step("flipped")
def _flipped(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(len(s.game.roles) - 1, [ME, FIRST], then="named", prompt="prompt.name")


@kingmaker.step("named")
def _named(s: State, frame: dict[str, Any], action: int | None) -> None:
    players = len(s.game.roles)
    winner = players - 1 if action == ME else 0
    s.end_game("result.over", [1.0 if r == winner else -1.0 for r in range(players)])


class KingmakerState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = KINGMAKER

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {}


def kingmaker_game(players: int) -> Game:
    """Kingmaker for `players` players (1 to 6)."""

    class Kingmaker(Game):
        id = f"kingmaker-{players}"
        title = "Kingmaker"
        roles = tuple(f"p{i}" for i in range(players))
        player_counts = (players,)
        rulebook = "tests/searchgames.py"
        actions = ActionTable(("safe", "risk", "heads", "tails", "me", "first"))
        catalog = Catalog()

        def new_initial_state(self, options: dict[str, str] | None = None) -> KingmakerState:
            state = KingmakerState(self, self.parse_options(options), {})
            state.start("kingmaker")
            return state

    return Kingmaker()


LONG_ODDS = ProcedureSet()
long_odds = LONG_ODDS.proc("long_odds", rule="long odds")
LONG_ODDS_VALUES = (-0.90, -0.91, -0.92, -0.88)
LONG_ODDS_BEST = 3


@long_odds.step()
def _pick(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(0, list(range(len(LONG_ODDS_VALUES))), then="picked", prompt="prompt.pick")


@long_odds.step("picked")
def _picked(s: State, frame: dict[str, Any], action: int | None) -> None:
    value = LONG_ODDS_VALUES[action or 0]
    s.end_game("result.over", [value, -value])


class LongOddsState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = LONG_ODDS

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {}


class LongOdds(Game):
    id = "long-odds"
    title = "Long odds"
    roles = ("player", "other")
    player_counts = (2,)
    rulebook = "tests/searchgames.py"
    actions = ActionTable(("a", "b", "c", "d"))
    catalog = Catalog()

    def new_initial_state(self, options: dict[str, str] | None = None) -> LongOddsState:
        state = LongOddsState(self, self.parse_options(options), {})
        state.start("long_odds")
        return state


ARMED = ProcedureSet()
armed = ARMED.proc("armed", rule="armed")
PLAIN, ARM, HOLSTER = range(3)
FIRE = (3, 4, 5, 6)


@armed.step()
def _arm(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(0, [PLAIN, ARM], then="armed", prompt="prompt.arm")


@armed.step("armed")
def _armed(s: State, frame: dict[str, Any], action: int | None) -> None:
    if action == PLAIN:
        s.end_game("result.over", [0.2, -0.2])
    else:
        s.ask(0, [HOLSTER, *FIRE], then="fired", prompt="prompt.fire")


@armed.step("fired")
def _fired(s: State, frame: dict[str, Any], action: int | None) -> None:
    value = 0.5 if action == HOLSTER else -1.0
    s.end_game("result.over", [value, -value])


class ArmedState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = ARMED

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {}


class Armed(Game):
    id = "armed"
    title = "Armed"
    roles = ("player", "other")
    player_counts = (2,)
    rulebook = "tests/searchgames.py"
    actions = ActionTable(("plain", "arm", "holster", "fire a", "fire b", "fire c", "fire d"))
    catalog = Catalog()

    def new_initial_state(self, options: dict[str, str] | None = None) -> ArmedState:
        state = ArmedState(self, self.parse_options(options), {})
        state.start("armed")
        return state


GAMBLE = ProcedureSet()
gamble = GAMBLE.proc("gamble", rule="gamble")
STAY, BET, WON, LOST, CASH, DROP, *SORRY = range(8)


@gamble.step()
def _bet(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(0, [STAY, BET], then="bet", prompt="prompt.bet")


@gamble.step("bet")
def _flip(s: State, frame: dict[str, Any], action: int | None) -> None:
    if action == STAY:
        s.end_game("result.over", [0.2, -0.2])
    else:
        s.chance({WON: 1, LOST: 1}, then="flipped")


@gamble.step("flipped")
def _collect(s: State, frame: dict[str, Any], action: int | None) -> None:
    s.ask(0, [CASH, DROP] if action == WON else SORRY, then="collected", prompt="prompt.collect")


@gamble.step("collected")
def _collected(s: State, frame: dict[str, Any], action: int | None) -> None:
    value = 1.0 if action == CASH else -1.0
    s.end_game("result.over", [value, -value])


class GambleState(State):
    __slots__ = ()
    procedures: ClassVar[ProcedureSet] = GAMBLE

    def board_view(self, role: int | None, lang: str) -> dict[str, Any]:
        return {}


class Gamble(Game):
    """A sure 0.2, or a coin after which the same player decides again: on heads a choice of +1 or −1, on
    tails two moves of −1 (only heads offers the winning move). Worth 0 on average: stay."""

    id = "gamble"
    title = "Gamble"
    roles = ("player", "other")
    player_counts = (2,)
    rulebook = "tests/searchgames.py"
    actions = ActionTable(("stay", "bet", "won", "lost", "cash", "drop", "sorry a", "sorry b"))
    catalog = Catalog()

    def new_initial_state(self, options: dict[str, str] | None = None) -> GambleState:
        state = GambleState(self, self.parse_options(options), {})
        state.start("gamble")
        return state


SHOWDOWN.check()
KINGMAKER.check()
LONG_ODDS.check()
ARMED.check()
GAMBLE.check()
