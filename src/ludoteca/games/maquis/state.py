"""The Maquis position and the rule helpers the procedures share (resources, routes, arrests, morale)."""

from __future__ import annotations

import math
import random
from typing import Any

from ludoteca.core.i18n import DEFAULT_LANGUAGE
from ludoteca.core.state import State
from ludoteca.games.maquis import evaluation, missions
from ludoteca.games.maquis.actions import DO, SHOOT
from ludoteca.games.maquis.board import BOARD, Option
from ludoteca.games.maquis.options import MaquisOptions
from ludoteca.games.maquis.rules import PROCS
from ludoteca.games.maquis.view import board_view, broken_invariants, observation

KINDS = BOARD.resources
SCORE_SPREAD = 15.0
"""How far from an even margin (0) the score moves to make a position clearly won or lost, for `evaluate`."""


class MaquisState(State):
    """One game of Maquis. `d` holds, besides the core's keys:

    day (box 0 = Start … 15 = End), turn (days played), pass (very easy's second pass), morale, soldiers,
    res (resources held), fields (airdropped tokens), board (location → "w" worker, "m" Milice,
    "s" Soldier), home / cafe / gone (workers in a safe house, waiting at the Café, lost), tiles
    (spare room → tile), deck / discard / peek (patrol cards: the deck's order is never stored),
    missions, bridges (destroyed), blow (bridges to blow tonight), shot (a Milice shot today),
    ready (workers not yet activated), pending (the current activation's gains), phase.
    """

    __slots__ = ()
    procedures = PROCS

    @classmethod
    def new(cls, game: Any, options: MaquisOptions) -> MaquisState:
        """§Preparar: the set-up of the rulebook (and of the difficulty mode)."""
        settings = BOARD.components["difficulty"][options.difficulty]
        workers = BOARD.components["workers"]
        state = cls(
            game,
            options,
            {
                "phase": "setup",
                "day": 0,
                "turn": 0,
                "pass": 1,
                "morale": BOARD.components["morale"]["start"],
                "soldiers": 0,
                "res": dict.fromkeys(KINDS, 0),
                "fields": {"field_west": {}, "field_east": {}},
                "board": {},
                "home": settings.get("workers_at_start", workers["at_start"]),
                "cafe": settings.get("workers_at_cafe", workers["at_cafe"]),
                "gone": 0,
                "tiles": {},
                "deck": sorted(BOARD.patrol_cards),
                "discard": [],
                "peek": None,
                "missions": [],
                "bridges": [],
                "blow": 0,
                "shot": False,
                "ready": [],
                "pending": {"gain": {}, "recruit": 0, "drop": None},
            },
        )
        state.start("game")
        return state

    # ------------------------------------------------------------------------------ settings
    def settings(self) -> dict[str, Any]:
        return BOARD.components["difficulty"][self.d["options"]["difficulty"]]  # type: ignore[no-any-return]

    def orange_days(self) -> list[int]:
        return BOARD.components["days"]["orange"][self.d["options"]["orange-days"]]  # type: ignore[no-any-return]

    def named_missions(self) -> list[str]:
        choice = self.d["options"]["missions"]
        return choice.split("+") if "+" in choice else []

    def mission(self, mission_id: str) -> dict[str, Any] | None:
        return next((m for m in self.d["missions"] if m["id"] == mission_id), None)

    def add_mission(self, mission_id: str) -> None:
        slot = f"mission_{len(self.d['missions']) + 1}"
        self.d["missions"].append(
            {
                "id": mission_id,
                "slot": slot,
                "boxes": 0,
                "done": False,
                "marks": [],
                "last": -1,
                "keeper": False,
                "lady": None,
            }
        )
        self.log("log.mission_dealt", mission=f"@target.{mission_id}", slot=slot[-1])

    # ---------------------------------------------------------------------------- resources
    def supply(self, kind: str) -> int:
        """Tokens of `kind` left in the supply: four of each, less those held and those on Fields."""
        on_fields = sum(tokens.get(kind, 0) for tokens in self.d["fields"].values())
        return int(BOARD.per_kind - self.d["res"][kind] - on_fields)

    def can_pay(self, cost: dict[str, int]) -> bool:
        res = self.d["res"]
        return all(res[k] >= n for k, n in cost.items())

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
        d = self.d
        d["morale"] = max(0, min(BOARD.components["morale"]["max"], d["morale"] + delta))
        self.log(reason, morale=d["morale"], rule="tracks")
        if d["morale"] == 0:
            self.end_game("outcome.morale", [-1.0])

    # ------------------------------------------------------------------------------ workers
    def available_workers(self) -> int:
        """Workers in a safe house, on the board, or staying on a mission card (§Compruebe la moral)."""
        d = self.d
        on_board = sum(1 for pawn in d["board"].values() if pawn == "w")
        keepers = sum(1 for m in d["missions"] if m["keeper"])
        return int(d["home"] + on_board + keepers)

    def worker_lost(self, arrest: bool) -> None:
        """A worker leaves the game for good. Very hard: an arrest costs a morale. No worker left: lost."""
        self.d["gone"] += 1
        if arrest and self.settings().get("arrest_morale"):
            self.change_morale(-1, "log.morale_arrest")
            if self.is_terminal():
                return
        if self.available_workers() == 0:
            self.end_game("outcome.no_workers", [-1.0])

    def placeable_locations(self) -> list[str]:
        """§Colocación de resistencia: one pawn per location; a Field only if it holds tokens; a mission
        rectangle only while usable; never a safe house."""
        d = self.d
        closed = missions.closed_locations(self) | self.safe_houses()
        spots = []
        for loc in BOARD.placeable:
            if loc in d["board"] or loc in closed:
                continue
            kind = BOARD.locations[loc].kind
            if kind == "field" and not d["fields"][loc]:
                continue
            if kind == "mission_slot" and not missions.placeable_slot(self, loc):
                continue
            spots.append(loc)
        return spots

    def safe_houses(self) -> set[str]:
        return {"safe_house"} | {loc for loc, tile in self.d["tiles"].items() if BOARD.tiles[tile].safe_house}

    def route_home(self, start: str) -> bool:
        """§Verificar ruta de escape: a road path through empty or worker-held locations to a safe house."""
        board = self.d["board"]
        closed = missions.closed_roads(self)
        goals = self.safe_houses()
        seen, frontier = {start}, [start]
        while frontier:
            here = frontier.pop()
            if here in goals:
                return True
            for there in BOARD.neighbours[here]:
                if there in seen or board.get(there, "w") != "w" or frozenset((here, there)) in closed:
                    continue
                seen.add(there)
                frontier.append(there)
        return False

    def send_home_or_arrest(self, loc: str, keep: bool) -> None:
        """After an activation: home by the escape route, or arrested (§Ser arrestado). Unless the
        location has the star shield (`keep`), the action's gains are lost with the worker."""
        d = self.d
        del d["board"][loc]
        if self.route_home(loc):
            d["home"] += 1
            d["pending"] = {"gain": {}, "recruit": 0, "drop": None}
            self.log("log.home", loc=f"@target.{loc}", rule="action.escape")
            return
        self.log("log.arrested", loc=f"@target.{loc}", rule="action.arrest")
        if not keep:
            self._forfeit()
        self.worker_lost(arrest=True)

    def release_mole(self, slot: str) -> None:
        """Infiltration done: the mole leaves the card by the route of the worker who freed it, traced
        after that worker's (same exit, same patrols). No route: arrested (§Ser arrestado), like any
        worker; mission actions keep their reward, so nothing is forfeited."""
        if self.route_home(slot):
            self.log("log.mole_home", rule="missions.infiltration")
            return
        self.d["home"] -= 1  # counted at home since the delivery
        self.log("log.mole_arrested", rule="action.arrest")
        self.worker_lost(arrest=True)

    def _forfeit(self) -> None:
        d, pending = self.d, self.d["pending"]
        for kind, n in pending["gain"].items():
            d["res"][kind] -= min(n, d["res"][kind])
        if pending["recruit"]:
            d["home"] -= pending["recruit"]
            d["cafe"] += pending["recruit"]
        if pending["drop"]:
            d["fields"][pending["drop"]] = {}
        d["pending"] = {"gain": {}, "recruit": 0, "drop": None}
        self.log("log.forfeit", rule="action.arrest")

    # ------------------------------------------------------------------------------- actions
    def option_at(self, loc: str, option: str) -> Option:
        tile = self.d["tiles"].get(loc)
        options = BOARD.tiles[tile].options if tile else BOARD.locations[loc].options
        return next(o for o in options if o.id == option)

    def star_at(self, loc: str) -> bool:
        tile = self.d["tiles"].get(loc)
        return BOARD.tiles[tile].star if tile else BOARD.locations[loc].star

    def airdrop_fields(self) -> list[str]:
        closed = missions.closed_locations(self)
        return [f for f, tokens in self.d["fields"].items() if not tokens and f not in closed]

    def location_choices(self, loc: str) -> list[int]:
        """§Acciones de ubicación: the choices of the location (or of the tile built on it) that can be
        paid for now."""
        d = self.d
        tile = d["tiles"].get(loc)
        options = BOARD.tiles[tile].options if tile else BOARD.locations[loc].options
        found = []
        for o in options:
            if not self.can_pay(o.pay):
                continue
            if o.special == "airdrop" and not self.airdrop_fields():
                continue
            if o.special == "recruit" and not d["cafe"]:
                continue
            if o.special == "pickup" and not d["fields"][loc]:
                continue
            if o.special == "build" and len(d["tiles"]) >= len(BOARD.tiles):
                continue
            found.append(DO[o.id])
        return found

    def perform(self, frame: dict[str, Any], loc: str, option: Option) -> None:
        """Pay, gain, move morale, and run the option's special part (airdrop, recruit, pickup, build)."""
        d = self.d
        self.pay(option.pay)
        for kind, n in option.gain.items():
            self.gain(kind, n)
        self.log("log.did", option=f"@do.{option.id}", loc=f"@target.{loc}")
        if option.special == "recruit":
            d["cafe"] -= 1
            d["home"] += 1
            d["pending"]["recruit"] += 1
            self.log("log.recruit")
        elif option.special == "pickup":
            tokens, d["fields"][loc] = d["fields"][loc], {}
            for kind, n in tokens.items():
                d["res"][kind] += n
                pending = d["pending"]["gain"]
                pending[kind] = pending.get(kind, 0) + n
        elif option.special == "airdrop":
            self.call("airdrop", then="after")
        elif option.special == "build":
            self.call("build", then="after", loc=loc)
        if option.morale:
            self.change_morale(option.morale, "log.morale_action")

    def shoot_actions(self) -> list[int]:
        """§Milicia de tiro: once a day, with a Weapon, a Milice on the board (never a Soldier)."""
        d = self.d
        if d["shot"] or not d["res"]["weapon"] or missions.shooting_forbidden(self):
            return []
        return [SHOOT[loc] for loc, pawn in d["board"].items() if pawn == "m"]

    def shoot(self, loc: str) -> None:
        """§Milicia de tiro: «Un Trabajador que recolecta un Recurso de Arma puede usar esa misma Arma para
        disparar». A Weapon the activated worker has just gained is the one fired, so it is no longer part
        of the reward that an arrest takes away (§Ser arrestado; README §4.9: only what of the gain is
        still held goes back), and a Weapon held from before stays."""
        d = self.d
        d["res"]["weapon"] -= 1
        pending = d["pending"]["gain"]
        if pending.get("weapon"):
            pending["weapon"] -= 1
        del d["board"][loc]
        d["shot"] = True
        d["soldiers"] = min(BOARD.components["soldiers"]["max"], d["soldiers"] + 1)
        self.log("log.shot", loc=f"@target.{loc}", soldiers=d["soldiers"], rule="action.shoot")
        self.change_morale(-1, "log.morale_shot")
        if not self.is_terminal():
            missions.check_assassination(self)

    # --------------------------------------------------------------------------------- views
    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """Labels that tell the player what an action does and costs, and warn of a certain arrest."""
        view = super().action_view(action, lang)
        text = self.game.catalog.text
        group, target = view["group"], view["target"]
        loc = self.d["stack"][-1].get("loc") if self.d["stack"] else None
        if group == "do":
            cost = self._mission_cost(loc, lang) if target == "mission" else ""
            view["label"] = text(f"do.{target}", lang) + (f" ({cost})" if cost else "")
            view["target"] = loc
        elif group == "drop":
            n = self.settings()["airdrop"][target]
            view["label"] = text("action.drop_n", lang, {"n": n, "kind": f"@res.{target}"})
        elif group == "build":
            view["label"] += " — " + text(f"tile.{target}", lang)
        elif group == "home" and loc and not self.route_home(loc):
            view["label"] += " " + text("action.arrest_ahead", lang)
        if group in ("place", "activate") and target != (name := self.place_name(target, lang)):
            view["label"] = text(f"action.{group}", lang, {"target": name})
        if group == "activate" and not self.route_home(target):
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
        m = next((m for m in self.d["missions"] if m["slot"] == slot), None)
        steps = BOARD.missions[m["id"]].steps if m else []
        if not m or m["boxes"] >= len(steps):
            return ""
        text = self.game.catalog.text
        return ", ".join(f"{text(f'res.{kind}', lang)} ×{n}" for kind, n in steps[m["boxes"]].items())

    def board_view(self, role: int | None, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """Everything on the table: nothing in Maquis is hidden but the deck order, never stored."""
        return board_view(self, lang)

    def observation_tensor(self, role: int) -> list[float]:
        return observation(self)

    def invariants(self) -> list[str]:
        """Four tokens of each resource; five workers in all; the rulebook's track limits."""
        return broken_invariants(self)

    def score(self, patrol_risk: bool = False) -> float:
        """The Resistance's prospects: ±100 once the game is over; before, `evaluation.margin`, the
        worker-actions the days left allow beyond those the two missions still need (README §6)."""
        if self.is_terminal():
            return 100.0 * self.returns()[0]
        return evaluation.margin(self, patrol_risk)

    def evaluate(self) -> list[float]:
        """`score` on the scale of `returns()` (±1), for search cut short: tanh keeps every unfinished
        position strictly between a loss and a win."""
        if self.is_terminal():
            return self.returns()
        return [math.tanh(self.score() / SCORE_SPREAD)]

    def resample_from_infostate(self, role: int, rng: random.Random) -> MaquisState:
        """The player sees everything that the state stores (the deck order is not stored)."""
        return self.clone()
