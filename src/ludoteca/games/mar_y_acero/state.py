"""The Mar y Acero position (§4.1) and what each role may see of it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludoteca.core.game import CHANCE
from ludoteca.core.hooks import StateHooks
from ludoteca.core.state import State
from ludoteca.games.mar_y_acero import (  # noqa: F401  (the procedures)
    activation,
    combat,
    deploy,
    destinies,
    dice,
    effects,
    end,
    events,
    nitayno,
    setup,
    turns,
)
from ludoteca.games.mar_y_acero.actions import act
from ludoteca.games.mar_y_acero.board import BAGS, BOARD
from ludoteca.games.mar_y_acero.evaluation import evaluation
from ludoteca.games.mar_y_acero.options import MyaOptions
from ludoteca.games.mar_y_acero.pieces import FACTION_OF_ROLE, ROLE, broken_invariants
from ludoteca.games.mar_y_acero.position import Position
from ludoteca.games.mar_y_acero.procs import BOTS, EFFECTS, PROCS
from ludoteca.games.mar_y_acero.view import board_view, observe

PROCS.check()
for _id, _effects in [
    *((c.id, c.effects) for c in BOARD.events.values()),
    *((c.id, c.effects) for c in BOARD.destinies.values()),
]:
    EFFECTS.check(_effects, f"data/cards.toml, card {_id}")
DEAL_TO = {act(f"deal {c}"): event.faction for c, event in BOARD.events.items()}
"""Whose event card each deal gives: a side's hand, or in solo the Nitayno's draw from its deck (§5.3.3)."""
CARDS = {act(f"card {c}") for c in BOARD.events}


def _named(params: dict[str, Any]) -> dict[str, Any]:
    area, to = params.get("area"), params.get("to")
    if isinstance(area, int):
        params["area"] = f"@area.{area}"
    if isinstance(to, int):
        params["to"] = f"@area.{to}"
    return params


class MyaState(State[Position]):
    """One game of Mar y Acero. `d` is a `Position` (position.py)."""

    __slots__ = ()
    shared_keys = (*State.shared_keys, "options", "before", "destinies", "played", "scroll")
    """What the rules replace, never change in place (the control before an action, the destinies left,
    the events played, the scrolls left): clones share them (`State.clone`)."""
    procedures = PROCS
    hooks = StateHooks(
        board_view=board_view, observe=observe, invariants=broken_invariants, evaluate=evaluation
    )
    options: MyaOptions

    @classmethod
    def new(cls, game: Any, options: MyaOptions) -> MyaState:
        """§4.1: every counter in its bag, the tracks at their start, the decks shuffled (never stored)."""
        solo = options.mode == "solo"
        state = cls(
            game,
            options,
            {
                "turn": 0,
                "phase": "setup",
                "vp": 0,
                "rs": BOARD.tracks["royal_support_start"],
                "imp": {"ind": 0, "es": 0},
                "map": [{"es": [], "ind": []} for _ in range(15)],
                "ctrl": ["ind"] * 15,
                "before": ["ind"] * 15,
                "bags": {bag: {k: BOARD.kinds[k].count for k in BOARD.bag_kinds[bag]} for bag in BAGS},
                "pal": [],
                "cit": [],
                "scroll": list(BOARD.tracks["scroll_areas"]),
                "grace": {"face": "es", "box": "unused", "turn_used": False},
                "ships": [],
                "colon": "ships",
                "caonabo": "off",
                "hijos": False,
                "guaca": "off",
                "guaca_flipped": False,
                "anacaona": "off",
                "destiny": None,
                "destinies": sorted(c for c, spec in BOARD.destinies.items() if spec.deck == 2),
                "flags": {"naval": False, "conflict": False, "land_only": False, "shipworm": False},
                "mixed": [],
                "hands": {
                    "es": [],
                    "ind": sorted(c for c, event in BOARD.events.items() if event.faction == "ind")
                    if solo
                    else [],
                },
                "played": {"es": [], "ind": []},
                "commit": {"es": None, "ind": None},
                "event": {"es": None, "ind": None},
                "limit": {"es": BOARD.stack_limit, "ind": BOARD.stack_limit},
                "act": [],
                "testament": None,
                "testament_due": False,
                **({"nitayno": {}} if solo else {}),
            },
        )
        state.start("game")
        return state

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
        """As the core asks, naming the areas of the prompt by number and name in the reader's language."""
        super().ask(role, actions, then=then, prompt=prompt, secret=secret, private=private, **_named(params))

    def running_rule(self) -> str | None:
        """Inside a card's effect, the card (``card.N``, the rules reference's anchor): an effect kind
        serves many cards, and what it logs, asks and rolls cites the card. Elsewhere the procedure's
        section."""
        frame = self.running_frame()
        if frame is not None and "card" in frame and frame["p"].startswith("effect."):
            return f"card.{frame['card']}"
        return super().running_rule()

    def bot_for(self, role: int, kind: str) -> str | None:
        """§5: in solo mode the Nitayno's procedure ``nitayno.<kind>`` takes the indigenous decisions it
        knows; any other is asked of the indigenous role, so the game stays playable."""
        if role == ROLE["ind"] and self.options.mode == "solo" and kind in BOTS:
            return f"nitayno.{kind}"
        return None

    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """Labels that name areas, pieces and cards as the player knows them."""
        view = super().action_view(action, lang)
        text = self.game.catalog.text
        group, target = view["group"], view["target"] or ""
        if target.isdigit() and group not in ("card", "die", "destiny", "deal", "nitayno"):
            name = f"{target} {BOARD.areas[int(target)].name}"
        elif group in ("card", "destiny", "deal"):
            name = f"{target} · {text(f'card.{target}', lang)}"
        elif target in BOARD.piece_keys:
            kind, _, reduced = target.partition(".")
            name = text(f"kind.{kind}", lang)
            name = text("kind.reduced", lang, {"kind": name}) if reduced else name
        elif group == "draw":
            name = text(f"bag.{target}", lang)
        elif group == "unit":
            name = text(f"kind.{target}", lang)
        elif group == "grace":
            verb_, _, n = target.partition(" ")
            name = text(f"target.{verb_ or target}", lang, {"n": n})
        else:
            return view
        view["label"] = text(f"action.{group}", lang, {"target": name})
        return view

    def resample_from_infostate(self, role: int, rng: random.Random) -> MyaState:
        """The opponent's hand and committed card are redrawn from the cards `role` has not seen played
        (its own eight-card deck less the cards revealed); everything else is public."""
        twin = self.clone()
        if self.options.mode == "solo" and role == 0:
            return twin  # the Nitayno holds no hand: its deck is drawn at random when it plays (§5.3.3)
        other = FACTION_OF_ROLE[1 - role]
        position = twin.d
        unseen = [
            c
            for c, event in BOARD.events.items()
            if event.faction == other and c not in position["played"][other]
        ]
        rng.shuffle(unseen)
        n = len(position["hands"][other])
        position["hands"][other] = sorted(unseen[:n])
        if position["commit"][other] is not None:
            position["commit"][other] = unseen[n]
        wait = position["wait"]
        if wait is not None and wait["role"] == 1 - role and set(wait["actions"]) <= CARDS:
            position["wait"] = {**wait, "actions": sorted(act(f"card {c}") for c in position["hands"][other])}
        elif (
            wait is not None
            and wait["role"] == CHANCE
            and DEAL_TO.get(wait["actions"][0]) == other  # a deal to the hand redrawn, not the Nitayno's
            and position["hands"][other]
        ):
            pool = [
                act(f"deal {c}")
                for c in unseen
                if c not in position["hands"][other] and BOARD.events[c].faction == other
            ]
            position["wait"] = {**wait, "actions": sorted(pool), "weights": [1] * len(pool)}
        twin.logs = [line for line in self.logs if line[2] is None or role in line[2]]  # what `role` saw
        self._share_log_digest(twin, role)
        return twin
