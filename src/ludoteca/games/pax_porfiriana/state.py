"""The Pax Porfiriana position and the queries every rule shares: seats, cubes, connections, standing
abilities, prestige. The layout of `d` is `position.Position`; the set-up is `PaxState.new` (its
parts without chance) and the procedure "game" of `turn.py` (its chance nodes)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.game import Game
from ludoteca.core.hooks import StateHooks
from ludoteca.core.state import State
from ludoteca.games.pax_porfiriana.board import (
    CARDS,
    COMPONENTS,
    CUBES,
    HACENDADOS,
    PRESTIGE_TYPES,
    PUBLIC_CARDS,
    REGIMES,
    Card,
    Effect,
    Prestige,
    pile_sizes,
)
from ludoteca.games.pax_porfiriana.conservation import broken_invariants
from ludoteca.games.pax_porfiriana.options import PaxOptions
from ludoteca.games.pax_porfiriana.position import InPlay, Position
from ludoteca.games.pax_porfiriana.procs import PROCS
from ludoteca.games.pax_porfiriana.topple import evaluate
from ludoteca.games.pax_porfiriana.view import board_view, observe

ENTERPRISES = frozenset(c for c in CARDS if CARDS[c].type == "enterprise")
"""The enterprise cards, looked up once: every query over the enterprises in play asks."""
ABILITIES = {c: CARDS[c].effects_when("in_play") for c in CARDS}
"""Each card's standing abilities (`when = "in_play"`), looked up once: the action menu asks often."""
DIAZ = 1
"""Díaz's seat in the solitaire (Part L: set up as a two-player game, you go first)."""


class PaxState(State[Position]):
    """One game of Pax Porfiriana; `d` is its `Position` (position.py)."""

    __slots__ = ()
    shared_keys = (*State.shared_keys, "options", "seen")
    """`seen` (the cards drawn so far, which grows by one at a draw, the longest list of the position) and
    the options are replaced, never changed in place: clones share them (`State.clone`)."""
    procedures = PROCS
    hooks = StateHooks(
        board_view=board_view, observe=observe, invariants=broken_invariants, evaluate=evaluate
    )
    """What each seat sees (view.py), the conservation of cards and cubes (conservation.py), a search's
    evaluation from the Topple's tally (topple.py)."""
    label_messages = "act"
    options: PaxOptions

    @classmethod
    def new(cls, game: Game, options: PaxOptions) -> PaxState:
        """§PREPARACIÓN, the parts without chance: six piles of 50 + 10 per player cards, a Topple in four
        of them and the two clean piles on top (`piles`: [market cards left, Topple left]), the regimes
        with the Pax on top, the two public cards; the first player, the Hacendados and the market are
        chance nodes of the procedure "setup"."""
        n = options.players
        piles = pile_sizes(n)
        clean = int(COMPONENTS.deck["clean_piles_on_top"])
        state = cls(
            game,
            options,
            {
                "first": 0,
                "turn": 0,
                "left": 0,
                "buys": 0,
                "banned": [],
                "extra": [],
                "gold": [0] * n,
                "hands": [[] for _ in range(n)],
                "play": [[] for _ in range(n)],
                "hac": [{"id": "", "side": -1, "dead": False, "army": [], "income": 0} for _ in range(n)],
                "pile": [[] for _ in range(n)],
                "jail": [False] * n,
                "public": dict.fromkeys(PUBLIC_CARDS),
                "market": [[None] * 6, [None] * 6],
                "spec": {},
                "piles": [[size, 0 if i < clean else 1] for i, size in enumerate(piles)],
                "seen": [],
                "topples_out": [],
                "topples_done": 0,
                "discard": [],
                "regime": str(COMPONENTS.setup["first_regime"]),
                "depression": False,
                "run": ["", 0],
                "diaz": {},
                "mod": 0,
                "moved": False,
                "still": 0,
            },
        )
        state.start("game")
        return state

    # ------------------------------------------------------------------------------------ seats
    @property
    def n(self) -> int:
        """The seats in play: the `players` option."""
        return self.options.players

    def solo(self) -> bool:
        """The solitaire against Díaz (Part L): the `solo` option."""
        return self.options.solo == "diaz"

    def humans(self) -> list[int]:
        """The seats played by people (every seat, or the one facing Díaz)."""
        return [0] if self.solo() else list(range(self.n))

    def clockwise(self, p: int, include: bool = False) -> list[int]:
        """The seats from the one at `p`'s left, clockwise (§TITULARES), ending with `p` if `include`."""
        seats = [(p + k) % self.n for k in range(1, self.n + 1)]
        return seats if include else seats[:-1]

    # ------------------------------------------------------------------------------------ cards in play
    def row(self, p: int) -> list[InPlay]:
        return list(self.d["play"][p])

    def enterprises(self) -> Iterator[tuple[int, InPlay]]:
        """Every enterprise in play with its owner."""
        for p, row in enumerate(self.d["play"]):
            for e in row:
                if e["id"] in ENTERPRISES:
                    yield p, e

    def find(self, card: str) -> tuple[int, InPlay] | None:
        """The owner and the entry of a card in someone's row."""
        for p in range(self.n):
            for e in self.d["play"][p]:
                if e["id"] == card:
                    return p, e
        return None

    def troop_at(self, troop: str) -> tuple[int, InPlay | None] | None:
        """Where a troop in play stands: (enterprise owner, entry), or (army owner, None) for a private
        army."""
        for p, e in self.enterprises():
            if e["troop"] is not None and e["troop"]["id"] == troop:
                return p, e
        for p in range(self.n):
            if troop in self.d["hac"][p]["army"]:
                return p, None
        return None

    def troops_of(self, p: int) -> list[str]:
        """The player's troops in play: on enterprises, and in their private army."""
        on = [e["troop"]["id"] for _, e in self.enterprises() if e["troop"] and e["troop"]["owner"] == p]
        return on + list(self.d["hac"][p]["army"])

    def cubes_free(self, p: int) -> int:
        """§PREPARACIÓN: 15 cubes a player; those not on a card are in the reserve."""
        d = self.d
        used: int = d["hac"][p]["income"] + list(d["spec"].values()).count(p)
        for e in d["play"][p]:  # Income and Prestige cubes sit on one's own cards
            used += e["income"] + e["pcube"]
        for row in d["play"]:  # Connection and Extortion cubes on anyone's
            for e in row:
                troop = e["troop"]
                used += (e["conn"] == p) + (troop is not None and troop["owner"] == p and troop["extort"])
        return CUBES - used

    def connection(self, e: InPlay) -> int:
        """§MEJORAR CONEXIÓN: the upgraded connection replaces the base one, unless the enterprise has
        unrest."""
        card = CARDS[e["id"]]
        if e["conn"] is not None and not e["unrest"] and card.upgrade is not None:
            return card.upgrade.connection
        return card.connection

    # ---------------------------------------------------------------------------------- abilities
    def standing(self, p: int) -> list[Effect]:
        """The standing abilities of player `p` (partners and enterprises in play without unrest, the
        Loyalist side of the Hacendado) and of the current regime."""
        found: list[Effect] = []
        for e in self.d["play"][p]:
            if e["id"] in ABILITIES and not e["unrest"]:
                found += ABILITIES[e["id"]]
        hac = self.d["hac"][p]
        if hac["id"] and hac["side"] < 0:
            found += [x for x in HACENDADOS[hac["id"]].effects if x.when == "in_play"]
        found += REGIMES[self.d["regime"]].effects
        return found

    def discount(self, p: int, action: str, jurisdiction: str = "") -> int:
        """§POLICÍA and the `discount` effect: the largest discount on `action` (in `jurisdiction`)."""
        best = 0
        for e in self.standing(p):
            if (
                e.kind == "discount"
                and e.get("action") == action
                and e.get("jurisdiction") in (None, jurisdiction)
            ):
                best = max(best, e.number("n"))
        return best

    def extra_actions(self, p: int) -> list[str]:
        """The `extra_action` abilities: one action a turn of each named kind, at no action cost."""
        return sorted({str(e.get("action")) for e in self.standing(p) if e.kind == "extra_action"})

    def immune(self, p: int) -> bool:
        """A federal court: black cards cannot be played against its owner (`immune`)."""
        return any(e.kind == "immune" for e in self.standing(p))

    def deploy_anywhere(self, p: int, faction: str) -> bool:
        """§CARTA DE TROPA, Anarchy and U.S. Intervention: troops (of a faction) outside their
        jurisdiction."""
        return any(
            e.kind == "deploy_anywhere" and e.get("faction") in (None, faction) for e in self.standing(p)
        )

    def railroad_chain(self) -> bool:
        """§MEJORAR CONEXIÓN: an upgraded railroad chain without unrest lets federal troops ride to Sonora
        and Chihuahua."""
        return any(
            CARDS[e["id"]].railroad_chain and e["conn"] is not None and not e["unrest"]
            for _, e in self.enterprises()
        )

    # ---------------------------------------------------------------------------------- prestige
    def prestige_icons(self, p: int) -> list[Prestige]:
        """§DERROCANDO 4: the prestige of the player's cards in play without unrest (troops on an
        enterprise with unrest give none), of the flipped Hacendado and private army, of the public cards
        and of the prestige pile."""
        d = self.d
        icons: list[Prestige] = []
        for e in d["play"][p]:
            if e["unrest"]:
                continue
            if e["id"] in PUBLIC_CARDS:
                icons += PUBLIC_CARDS[e["id"]].faces[("front", "back")[e["side"]]]
                continue
            played = CARDS[e["id"]]
            icons += played.orientations[e["side"]] if played.orientations else played.prestige
        for row in d["play"]:  # `enterprises`, written out: only enterprises hold troops
            for e in row:
                troop = e["troop"]
                if troop is not None and troop["owner"] == p and not e["unrest"] and e["id"] in ENTERPRISES:
                    icons += CARDS[troop["id"]].prestige
        hac = d["hac"][p]
        if hac["side"] >= 0:
            icons += HACENDADOS[hac["id"]].orientations[hac["side"]].prestige
        for army_troop in hac["army"]:
            icons += CARDS[army_troop].prestige
        for card in d["pile"][p]:
            icons += pile_prestige(card)
        return icons

    def prestige(self, p: int, kind: str) -> int:
        return sum(i.n for i in self.prestige_icons(p) if i.type == kind)

    def prestige_by_kind(self, p: int) -> dict[str, int]:
        """`prestige(p, kind)` of every kind of `PRESTIGE_TYPES`, from one reading of the icons (views)."""
        tally = dict.fromkeys(PRESTIGE_TYPES, 0)
        for icon in self.prestige_icons(p):
            if icon.type in tally:
                tally[icon.type] += icon.n
        return tally

    # ---------------------------------------------------------------------------------- gold
    def gain(self, p: int, n: int) -> None:
        if n > 0:
            self.d["gold"][p] += n

    def pay(self, p: int, n: int) -> int:
        """Pay up to `n` gold to the bank; what was paid."""
        paid: int = max(0, min(n, self.d["gold"][p]))
        self.d["gold"][p] -= paid
        return paid

    # ---------------------------------------------------------------------------------- hooks
    def bot_for(self, role: int, kind: str) -> str | None:
        """Part L: every decision of Díaz's seat is taken by the Díaz procedure (diaz.py)."""
        return "diaz.decide" if self.solo() and role == DIAZ else None

    def _plain_action_view(self, action: int, lang: str) -> dict[str, Any]:
        """The action's label names its card, Hacendado, role or faction in the reader's language (it reads
        only the action and the messages)."""
        from ludoteca.games.pax_porfiriana.view import action_label

        view = super()._plain_action_view(action, lang)
        view["label"] = action_label(self, action, lang)
        return view

    def _view(self, role: int | None, lang: str) -> dict[str, Any]:
        """The core's view, its prompt refined where it reads the position (`view.situated_prompt`)."""
        from ludoteca.games.pax_porfiriana.view import situated_prompt

        view = super()._view(role, lang)
        prompt: str | None = view["prompt"]
        if prompt is not None:
            view["prompt"] = situated_prompt(self, lang) or prompt
        return view

    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """The plain view, its label refined where it reads the position: a buy's price, an action's cost
        in actions, the Depression's bill (`view.situated_label`)."""
        from ludoteca.games.pax_porfiriana.view import situated_label

        view = super().action_view(action, lang)
        label = situated_label(self, action, lang)
        if label is not None:
            view["label"] = label
        return view

    def resample_from_infostate(self, role: int, rng: random.Random) -> PaxState:
        """The deck is never stored (every draw is a chance node over the unseen cards), so the piles and
        their Topples need no redeal. The other players' hands hold only cards bought from the face-up
        market or returned there in sight of all (a looted enterprise), and the log says who took each:
        with perfect recall their contents are known, so the only state consistent with `role`'s
        information keeps them (README, ambiguity "hands")."""
        return self.clone()


def pile_prestige(card: str) -> tuple[Prestige, ...]:
    """The prestige a card gives from a prestige pile: an orange or black card's icons, a liberated
    plantation's liberator prestige (§CARTA NARANJA)."""
    c: Card = CARDS[card]
    return c.liberator if c.slave else c.prestige
