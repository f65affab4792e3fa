"""The Maquis state: the position (position.py) and what every chapter of the rules asks of it: the
difficulty's settings, the resources and their supply, Morale, the workers, the missions in play."""

from __future__ import annotations

import math
import random
from typing import Any

from ludoteca.core.hooks import StateHooks
from ludoteca.core.learned import evaluation_for
from ludoteca.core.state import State
from ludoteca.games.maquis import action_phase, evaluation, maintenance, missions, placement, setup
from ludoteca.games.maquis.board import BOARD, Difficulty
from ludoteca.games.maquis.options import MaquisOptions
from ludoteca.games.maquis.position import MissionInPlay, Position
from ludoteca.games.maquis.procs import PROCS
from ludoteca.games.maquis.view import board_view, observe

CHAPTERS = (setup, placement, action_phase, maintenance, missions)
"""The rulebook's chapters, each of which registers its procedures in `PROCS`."""
SCORE_SPREAD = 15.0
"""How far from an even margin (0) the score moves to make a position clearly won or lost, for `evaluate`."""


class MaquisState(State[Position]):
    """One game of Maquis; `d` is its `Position` (position.py)."""

    __slots__ = ()
    procedures = PROCS
    hooks = StateHooks(board_view=board_view, observe=observe, invariants=setup.broken_invariants)
    """Everything on the table, as a view and as numbers (view.py); four tokens of each resource, five
    workers in all, the rulebook's track limits (§Componentes, setup.py)."""
    options: MaquisOptions

    @classmethod
    def new(cls, game: Any, options: MaquisOptions) -> MaquisState:
        """§Preparar: the set-up of the rulebook (and of the difficulty mode)."""
        state = cls(game, options, setup.initial_position(options))
        state.start("game")
        return state

    # ------------------------------------------------------------------------------ settings
    @property
    def difficulty(self) -> Difficulty:
        """§Modos de dificultad: the mode's departures from the rules, typed (`board.Difficulty`)."""
        return BOARD.difficulty[self.options.difficulty]

    def orange_days(self) -> list[int]:
        """The orange spaces of the day track, as the `orange-days` option prints them."""
        return BOARD.components["days"]["orange"][self.options.orange_days]

    def morale_days(self) -> list[int]:
        """§3.2: the day spaces that cost a Morale: the orange ones, or the triangles in the hard modes."""
        if self.difficulty.triangle_morale:
            return BOARD.components["days"]["triangle"]
        return self.orange_days()

    def last_day(self) -> int:
        """The box of the day track that ends the game: End, or box 12 in tricky and harder modes."""
        return int(BOARD.components["days"]["end_short" if self.difficulty.short_game else "end"])

    def mission(self, mission_id: str) -> MissionInPlay | None:
        """The mission card in play with this id."""
        for card in self.d["missions"]:
            if card["id"] == mission_id:
                return card
        return None

    # ---------------------------------------------------------------------------- resources
    def supply(self, kind: str) -> int:
        """Tokens of `kind` left in the supply: four of each, less those held and those on Fields."""
        position = self.d
        on_fields = sum(tokens.get(kind, 0) for tokens in position["fields"].values())
        return BOARD.per_kind - position["res"][kind] - on_fields

    def can_pay(self, cost: dict[str, int]) -> bool:
        held = self.d["res"]
        return all(held[kind] >= n for kind, n in cost.items())

    def pay(self, cost: dict[str, int]) -> None:
        for kind, n in cost.items():
            self.d["res"][kind] -= n

    def gain(self, kind: str, n: int) -> None:
        """Take up to `n` tokens from the supply; they stay pending until the worker is home safe."""
        got = min(n, self.supply(kind))
        if got:
            self.d["res"][kind] += got
            pending = self.d["pending"]["gain"]
            pending[kind] = pending.get(kind, 0) + got

    def change_morale(self, delta: int, reason: str) -> None:
        """Morale moves within 0..7; at 0 (Fail) the game is lost (§Fin del juego)."""
        position = self.d
        position["morale"] = max(0, min(BOARD.components["morale"]["max"], position["morale"] + delta))
        self.log(reason, morale=position["morale"], rule="tracks")
        if position["morale"] == 0:
            self.end_game("outcome.morale", [-1.0])

    # ------------------------------------------------------------------------------ workers
    def available_workers(self) -> int:
        """Workers in a safe house, on the board, or staying on a mission card (§Compruebe la moral)."""
        position = self.d
        on_board = sum(1 for pawn in position["board"].values() if pawn == "w")
        keepers = sum(1 for m in position["missions"] if m["keeper"])
        return position["home"] + on_board + keepers

    def worker_lost(self, arrest: bool) -> None:
        """A worker leaves the game for good. Very hard: an arrest costs a morale. No worker left: lost
        (§Fin del juego)."""
        self.d["gone"] += 1
        if arrest and self.difficulty.arrest_morale:
            self.change_morale(-1, "log.morale_arrest")
            if self.is_terminal():
                return
        if self.available_workers() == 0:
            self.end_game("outcome.no_workers", [-1.0])

    # --------------------------------------------------------------------------------- views
    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """Labels that tell the player what an action does and costs, and warn of a certain arrest."""
        view = super().action_view(action, lang)
        text = self.game.catalog.text
        group, target = view["group"], view["target"]
        frame = self.running_frame()
        loc = frame.get("loc") if frame else None
        if group == "do":
            cost = self._mission_cost(loc, lang) if target == "mission" else ""
            view["label"] = text(f"do.{target}", lang) + (f" ({cost})" if cost else "")
            view["target"] = loc
        elif group == "drop":
            n = self.difficulty.airdrop[target]
            view["label"] = text("action.drop_n", lang, {"n": n, "kind": f"@res.{target}"})
        elif group == "build":
            view["label"] += " — " + text(f"tile.{target}", lang)
        elif group == "home" and loc and not action_phase.route_home(self, loc):
            view["label"] += " " + text("action.arrest_ahead", lang)
        if group in ("place", "activate") and target != (name := self.place_name(target, lang)):
            view["label"] = text(f"action.{group}", lang, {"target": name})
        if group == "place" and missions.idle_today(self, target):
            view["label"] += " " + text("action.idle_today", lang)
        if group == "activate" and not action_phase.route_home(self, target):
            view["label"] += " " + text("action.cut_off", lang)
        return view

    def place_name(self, loc: str, lang: str) -> str:
        """A location as the player knows it: a built room by its tile, a mission rectangle by its card."""
        text = self.game.catalog.text
        tile = self.d["tiles"].get(loc)
        card = next((m["id"] for m in self.d["missions"] if m["slot"] == loc), None)
        if tile or card:
            return text(f"target.{tile or card}", lang)
        return loc

    def _mission_cost(self, slot: str | None, lang: str) -> str:
        """What the next success box of the card in `slot` asks to deliver, e.g. "2 intel"."""
        card = next((m for m in self.d["missions"] if m["slot"] == slot), None)
        steps = BOARD.missions[card["id"]].steps if card else []
        if not card or card["boxes"] >= len(steps):
            return ""
        text = self.game.catalog.text
        return ", ".join(f"{text(f'res.{kind}', lang)} ×{n}" for kind, n in steps[card["boxes"]].items())

    def score(self, patrol_risk: bool = False) -> float:
        """The Resistance's prospects: ±100 once the game is over; before, `evaluation.margin`, the
        worker-actions the days left allow beyond those the two missions still need (README §6)."""
        if self.is_terminal():
            return 100.0 * self.returns()[0]
        return evaluation.margin(self, patrol_risk)

    def evaluate(self) -> list[float]:
        """`score` on the scale of `returns()` (±1), for search cut short: tanh keeps every unfinished
        position strictly between a loss and a win. The placed workers are weighed by the chance that the
        patrols still to come today catch them (`patrol_risk`): the search stops at this evaluation without
        playing the day out (`Maquis.search`: no rollout), so the estimate is its only view of those draws.

        With learned weights (`evaluation.learned.toml` where shipped, or a file `LUDOTECA_EVALUATION` names;
        `core.learned`; README §6), the value is instead the learned chance of winning, ``2p − 1``, from the
        same terms (`evaluation_features`). None are shipped today: the hand-written terms won more."""
        if self.is_terminal():
            return self.returns()
        learned = evaluation_for(self.game.id, self.game.learned_weights)
        if learned is not None:
            return [learned.value(self.evaluation_features(0))]
        return [math.tanh(self.score(patrol_risk=True) / SCORE_SPREAD)]

    def evaluation_features(self, role: int) -> dict[str, float]:
        """What the learned evaluation weighs: the hand-written margin's terms, patrol risk included, and
        the days left, Morale and workers (`evaluation.features`). The player sees everything the state
        stores, so none of them tells it more than its view."""
        return evaluation.features(self)

    def resample_from_infostate(self, role: int, rng: random.Random) -> MaquisState:
        """The player sees everything that the state stores (the deck order is not stored)."""
        return self.clone()
