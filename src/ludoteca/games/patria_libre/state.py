"""The Patria Libre position and the rule helpers every procedure shares: force, control, presence,
domination, coins, victory points, the market's visible cards; and the invariants the rulebook's
components impose. The layout of `d` is `position.Position`."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ludoteca.core.hooks import StateHooks
from ludoteca.core.state import State
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.cards import SYMBOLS
from ludoteca.games.patria_libre.evaluation import evaluate
from ludoteca.games.patria_libre.options import PatriaOptions
from ludoteca.games.patria_libre.position import Position
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.view import board_view, observe

SEATS: dict[int, list[str] | None] = {
    2: None,  # the two chosen leaders (options insurgent / royalist)
    3: None,
    4: ["hidalgo", "calleja", "morelos", "venegas"],  # §Comienza la partida: alternate the sides
}


UNKNOWN = object()
"""A question not yet answered inside `PatriaState.still` (its answer may be None)."""


class Still:
    """`PatriaState.still`'s block: the memo exists from its start to its end (a class, not a generator:
    the search enters one at every menu and every choice of the personality deck)."""

    __slots__ = ("state",)

    def __init__(self, state: PatriaState) -> None:
        self.state = state

    def __enter__(self) -> None:
        self.state._still = {}

    def __exit__(self, *exc: object) -> None:
        self.state._still = None


class PatriaState(State[Position]):
    """One game of Patria Libre. `d` is a `Position` (position.py), typed through `position`."""

    __slots__ = ("_still",)
    shared_keys = (*State.shared_keys, "options", "seen")
    """`seen` (the cards drawn so far, which grows by one at a draw) and the options are replaced, never
    changed in place: clones share them (`State.clone`)."""
    _still: dict[Any, Any] | None
    procedures = PROCS
    hooks = StateHooks(board_view=board_view, observe=observe, evaluate=evaluate)
    options: PatriaOptions
    """The options, typed (the core keeps them as `Options`)."""

    @classmethod
    def new(cls, game: Any, options: PatriaOptions) -> PatriaState:
        """§Configuración de partida, the parts without chance (the cards are turned up by chance nodes)."""
        seats = SEATS[options.players] or [options.insurgent, options.royalist]
        if options.players == 3:
            seats = [*seats, "iturbide"]
        state = cls(
            game,
            options,
            {
                "seats": seats,
                "turn": 0,
                "side": {r: BOARD.leaders[r]["side"] for r in seats},
                "troops": {p: {} for p in BOARD.ids},
                "leaders": {r: BOARD.leaders[r]["start"] for r in seats},
                "forts": {},
                "forts_built": 0,
                "placed": {p: [] for p in BOARD.ids},
                "tokens": {r: [[0, None] for _ in BOARD.tokens] for r in seats},
                "area": {r: [] for r in seats},
                "coins": dict.fromkeys(seats, BOARD.pieces["start_coins"]),
                "vp": {"insurgent": 0, "royalist": 0},
                "pop": {r: {c: [0, 0] for c in COLUMNS} for r in seats},
                "market": [],
                "line": [],
                "seen": [],
                "spv_done": [],
                "discard": [],
                "dominated": {},
                "wiped": dict.fromkeys(seats, False),
                "last_reorg": dict.fromkeys(seats, False),
                "captured_from": {},
            },
        )
        for r in seats:
            start, second = BOARD.leaders[r]["start"], BOARD.leaders[r]["second"]
            state.d["troops"][start][r] = 1
            state.d["troops"][second][r] = 1
            if r in BOARD.cards_by_leader:
                state.d["area"][r].append(BOARD.cards_by_leader[r])
        state.start("game")
        return state

    # ------------------------------------------------------------------------------------- seats
    def idx(self, r: str) -> int:
        return ROLES.index(r)

    def bot_for(self, role: int, kind: str) -> str | None:
        """§Modo solitario: the personality deck takes every decision of its seat (the procedure
        `persona`, personality/procedure.py)."""
        return "persona" if ROLES[role] == self.solo_seat() else None

    def solo_seat(self) -> str | None:
        """§Modo solitario: the leader whose seat the personality deck plays — the insurgent or the royalist
        chosen in the options (solo is played by two, `PatriaOptions.check`) — or None."""
        solo = self.options.solo
        if solo == "off":
            return None
        return self.options.insurgent if solo == "insurgentes" else self.options.royalist

    def seated(self) -> list[str]:
        return list(self.d["seats"])

    def side(self, r: str) -> str:
        return str(self.d["side"][r])

    def opponents(self, r: str) -> list[str]:
        """The seated players of the other sides (allies of the same side are not opponents)."""
        mine = self.d["side"][r]
        return [o for o in self.d["seats"] if self.d["side"][o] != mine]

    def others(self, r: str) -> list[str]:
        return [o for o in self.d["seats"] if o != r]

    # --------------------------------------------------------------------------- force and control
    def force(self, r: str, prov: str) -> int:
        """§Fuerza: the troop's level, +1 for the leader token, +1 for a complete fort the player holds."""
        d = self.d
        f: int = d["troops"][prov].get(r, 0)
        if d["leaders"].get(r) == prov:
            f += 1
        fort = d["forts"].get(prov)
        if fort and fort[0] == 2 and fort[1] == r:
            f += 1
        return f

    def present(self, r: str, prov: str) -> bool:
        """§Terminología «Presencia»: a troop or the leader token."""
        return r in self.d["troops"][prov] or self.d["leaders"].get(r) == prov

    def players_in(self, prov: str) -> list[str]:
        return [r for r in self.d["seats"] if self.present(r, prov)]

    def controller(self, prov: str) -> str | None:
        """§Control: the single strongest player there, who must have a troop; a tie controls nothing.
        (`force` inlined, and remembered inside `still`: the search asks this a million times a game.)"""
        d = self.d
        troops = d["troops"][prov]
        if not troops:  # the strongest must have a troop: an empty province is nobody's
            return None
        memo = getattr(self, "_still", None)
        if memo is not None:
            known = memo.get(("controller", prov), UNKNOWN)
            if known is not UNKNOWN:
                return known  # type: ignore[no-any-return]
        leaders = d["leaders"]
        fort = d["forts"].get(prov)
        holder = fort[1] if fort and fort[0] == 2 else None
        best, who, tie = 0, "", False
        for r in d["seats"]:
            f = troops.get(r, 0) + (leaders.get(r) == prov) + (holder == r)
            if f > best:
                best, who, tie = f, r, False
            elif f == best and f > 0:
                tie = True
        found = None if tie or not who or who not in troops else str(who)
        if memo is not None:
            memo["controller", prov] = found
        return found

    def dominates(self, r: str, region: str) -> bool:
        """§Dominio de región: the player controls every province of the region, alone."""
        return all(self.controller(p) == r for p in BOARD.regions[region])

    def orders_at(self, r: str, prov: str) -> int:
        return sum(1 for item in self.d["placed"][prov] if item[0] == r)

    def room(self, r: str, prov: str) -> bool:
        """§Órdenes: as many orders in a province as the force there (a lone leader token places one)."""
        return self.present(r, prov) and self.orders_at(r, prov) < self.force(r, prov)

    def rooms(self, r: str) -> list[str]:
        """The provinces (in map order) where the player may place one more order (`room`); only those
        with the player's troop or leader are looked at."""
        memo = self.memo()
        if memo is not None and ("rooms", r) in memo:
            return list(memo["rooms", r])
        d = self.d
        troops, placed, forts, leader = d["troops"], d["placed"], d["forts"], d["leaders"].get(r)
        found = []
        for p in BOARD.ids:
            here = troops[p]
            if r not in here and leader != p:
                continue
            spare = here.get(r, 0) + (leader == p)  # `force`, less the orders already there
            fort = forts.get(p)
            if fort and fort[0] == 2 and fort[1] == r:
                spare += 1
            for item in placed[p]:
                if item[0] == r:
                    spare -= 1
            if spare > 0:
                found.append(p)
        if memo is not None:
            memo["rooms", r] = found
        return list(found)

    # ------------------------------------------------------------------ questions on a still position
    def still(self) -> Still:
        """A block that only asks questions of the position and changes nothing (a turn's menu: which
        orders and cards would do something where, what the personality deck would choose): inside it,
        `memo` remembers answers (`orders.feasible`, `rooms`, `controller`, `pieces`), which hold as long
        as the position does not change."""
        return Still(self)

    def memo(self) -> dict[Any, Any] | None:
        """The answers remembered inside `still`; None outside it."""
        return getattr(self, "_still", None)

    def on_map(self, r: str) -> bool:
        return self.d["leaders"].get(r) is not None or any(r in t for t in self.d["troops"].values())

    def pieces(self, r: str, level: int) -> int:
        """How many of the player's troops of `level` stand on the map (counted once inside `still`)."""
        memo = self.memo()
        if memo is not None and ("pieces", r, level) in memo:
            return memo["pieces", r, level]  # type: ignore[no-any-return]
        count = sum(1 for t in self.d["troops"].values() if r in t and t[r] == level)
        if memo is not None:
            memo["pieces", r, level] = count
        return count

    def piece_free(self, r: str, level: int) -> bool:
        """Whether a troop of `level` is left in the player's supply (§Componentes: 10/4/2 a colour)."""
        limit = int(BOARD.pieces[("", "infantry", "cavalry", "artillery")[level]])
        return self.pieces(r, level) < limit

    # ------------------------------------------------------------------------------ coins and VP
    def bank(self) -> int:
        return int(BOARD.pieces["coins"]) - int(sum(self.d["coins"].values()))

    def give(self, r: str, n: int) -> None:
        got = min(n, self.bank())
        self.d["coins"][r] += got
        if got:
            self.log("log.coins", who=f"@role.{r}", n=got)

    def take(self, r: str, n: int) -> None:
        self.d["coins"][r] -= n

    def add_vp(self, r: str, n: int) -> None:
        """Victory points go to the player's side (§Puntuación: four players share two markers); the
        military faction's points are handled by military.py."""
        side = self.side(r)
        if side == "military":
            self.d["mil_vp_pending"] = self.d.get("mil_vp_pending", 0) + n
        else:
            self.d["vp"][side] += n
        if n:
            self.log("log.vp", who=f"@role.{r}", n=n)

    def rank(self, r: str, column: str) -> int:
        return int(self.d["pop"][r][column][0])

    # ----------------------------------------------------------------------------------- cards
    def visible_cards(self, r: str) -> list[str]:
        """§Comprar carta: the player's cards in the area and those on the map with no order above them."""
        cards = list(self.d["area"][r])
        for stack in self.d["placed"].values():
            if stack and stack[-1][0] == r and stack[-1][2]:
                cards.append(stack[-1][2])
        return cards

    def symbols(self, r: str, card: str) -> frozenset[Any]:
        """The matching symbols a card offers its buyer: numbers for insurgents, letters for royalists."""
        return SYMBOLS[self.d["side"][r]][card]

    # ------------------------------------------------------------------------------------ hooks
    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """The action's label names its province, card, role, column or face in the reader's language."""
        from ludoteca.games.patria_libre.view import action_label

        view = super().action_view(action, lang)
        view["label"] = action_label(self, action, lang)
        return view

    def invariants(self) -> list[str]:
        return broken_invariants(self)

    def resample_from_infostate(self, role: int, rng: random.Random) -> PatriaState:
        """Everything in Patria Libre is public (§Configuración: «todos los elementos de los jugadores son
        públicos»); the supply line's hidden cards are never stored — each is drawn by chance when it
        turns up — so the state holds nothing to resample."""
        return self.clone()


def broken_invariants(state: PatriaState) -> list[str]:
    """Piece and card conservation and the rulebook's limits (§Componentes: 10/4/2 troops a colour, twelve
    forts, the bank's coins; §Comprar carta: four market spaces; §Tablero de popularidad)."""
    d = state.d
    problems = []
    seen: Counter[str] = Counter()
    for c in d["market"] + d["discard"] + d["spv_done"]:
        seen[c] += 1
    for item in d["line"]:
        seen[item[1] if item[0] == "spv" else item[3] or ""] += 1
    for stack in d["placed"].values():
        for _, _, c in stack:
            seen[c or ""] += 1
    for cards in d["area"].values():
        for c in cards:
            seen[c] += 1
    seen.pop("", None)
    problems += [f"card {c} is in {n} places" for c, n in seen.items() if n > 1]
    if len(d["market"]) > len(BOARD.pieces["market"]):
        problems.append("the market has more than four cards")
    if sum(d["coins"].values()) > BOARD.pieces["coins"] or min(d["coins"].values()) < 0:
        problems.append("coins out of bounds")
    if d["forts_built"] > BOARD.pieces["forts"] or len(d["forts"]) > d["forts_built"]:
        problems.append("more forts than the twelve allowed")
    for r in d["seats"]:
        levels = Counter(t[r] for t in d["troops"].values() if r in t)
        if (
            levels[1] > BOARD.pieces["infantry"]
            or levels[2] > BOARD.pieces["cavalry"]
            or levels[3] > BOARD.pieces["artillery"]
        ):
            problems.append(f"{r} has more troops than pieces")
        if any(not BOARD.bottom < cell[0] < BOARD.top for cell in d["pop"][r].values()):
            problems.append(f"{r}'s popularity marker is off the board")
        for k, (_, where) in enumerate(d["tokens"][r]):
            count = sum(1 for stack in d["placed"].values() for who, kk, _ in stack if who == r and kk == k)
            if count != (1 if where else 0):
                problems.append(f"{r}'s order token {k + 1} is misplaced")
    for t in d["troops"].values():
        if any(not 1 <= lvl <= 3 for lvl in t.values()):
            problems.append("a troop of an impossible level")
    return problems
