"""§En mi turno: one action a turn — A an order, B a card on an order token, C recover the orders, D
reorganise — with cards sold, prisoners eliminated or offered back at any moment of one's turn; a player
wiped off the map first re-enters (§¿Se puede eliminar a un jugador?)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import activate_card, military, orders, popularity, prisoners, scoring
from ludoteca.games.patria_libre.actions import ID, target, verb
from ludoteca.games.patria_libre.activate_card import CardPlay
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.cards import new_owner
from ludoteca.games.patria_libre.popularity import Shift
from ludoteca.games.patria_libre.prisoners import Prisoner
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

FACE_TOKEN = {face: (k, side) for k, faces in enumerate(BOARD.tokens) for side, face in enumerate(faces)}


# ---------------------------------------------------------------------------------------- a turn
turn = PROCS.proc("turn", rule="turn")


def usable_cards(state: PatriaState, r: str) -> dict[str, list[str]]:
    """§B- Activar carta: the cards the player may activate now, with the provinces where: the player's
    colour (violet for both; the military seat per military.py), room for one more order there, a token
    in the area, a leader card only where its token stands, and the card's own requirements (cards.py)."""
    if all(t[1] is not None for t in state.d["tokens"][r]):
        return {}
    result = {}
    rooms = state.rooms(r)
    for card in state.d["area"][r]:
        data = BOARD.cards[card]
        if not may_use(state, r, card):
            continue
        places = [state.d["leaders"][r]] if data["type"] in ("leader", "iturbide") else rooms
        places = [p for p in places if p in rooms and activate_card.usable(state, r, card, p)]
        if places:
            result[card] = places
    return result


def may_use(state: PatriaState, r: str, card: str) -> bool:
    """The card's colour allows the player to activate it (§B- Activar carta)."""
    data = BOARD.cards[card]
    if data["type"] == "spv":
        return False
    if data["type"] in ("leader", "iturbide"):
        return data.get("leader") == r
    side = state.side(r)
    if side == "military":
        return bool(military.may_use_colour(state, r, data["colour"]))
    return data["colour"] in ("violet", {"insurgent": "yellow", "royalist": "blue"}[side])


def playable_orders(state: PatriaState, r: str) -> dict[str, list[str]]:
    """§A: faces showing on the tokens in the area, with the provinces where they would do something."""
    result = {}
    rooms = state.rooms(r)
    for k, (up, where) in enumerate(state.d["tokens"][r]):
        face = BOARD.tokens[k][up]
        if where is None:
            places = [p for p in rooms if orders.feasible(state, r, face, p)]
            if places:
                result[face] = places
    return result


@turn.step()
def _turn(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§¿Se puede eliminar a un jugador?: a player with nothing on the map first recruits an infantry in a
    friendly flag province, without an order."""
    r = frame["r"]
    if state.d["wiped"][r] and not state.on_map(r):
        home = military.home(state) if state.side(r) == "military" else BOARD.flags[state.side(r)]
        places = [ID[f"at {p}"] for p in home if r not in state.d["troops"][p]]
        if places:
            state.decide(state.idx(r), "at", places, then="reentered", prompt="prompt.reenter")
            return
    state.goto("menu")


@turn.step("reentered")
def _turn_reentered(state: PatriaState, frame: Frame, action: int) -> None:
    state.d["troops"][target(action)][frame["r"]] = 1
    state.d["wiped"][frame["r"]] = False
    state.log("log.recruit", who=f"@role.{frame['r']}", prov=f"@province.{target(action)}")
    state.goto("menu")


@turn.step("menu")
def _turn_menu(state: PatriaState, frame: Frame, action: int | None) -> None:
    r = frame["r"]
    with state.still():  # the same questions asked by both: answered once (state.memo)
        frame["orders"] = playable_orders(state, r)
        frame["cards"] = usable_cards(state, r)
    options = [ID[f"order {face}"] for face in frame["orders"]]
    options += [ID[f"card {c}"] for c in frame["cards"]]
    options.append(ID["recover"])
    if not state.d["last_reorg"][r] and any(t[1] is None for t in state.d["tokens"][r]):
        options.append(ID["reorganize"])
    options += [ID[f"sell {c}"] for c in scoring.sellable(state, r)]
    for card, owner in state.d["captured_from"].items():
        if card in state.d["area"][r]:
            options.append(ID[f"eliminate {card}"])
            if owner in state.d["seats"] and card not in frame.setdefault("offered", []):
                options.append(ID[f"ransom {card}"])
    state.decide(state.idx(r), "action", options, then="chosen", prompt="prompt.action", who=f"@role.{r}")


@turn.step("chosen")
def _turn_chosen(state: PatriaState, frame: Frame, action: int) -> None:
    r, kind, what = frame["r"], verb(action), target(action)
    frame["did"] = kind
    if kind == "order":
        frame["face"] = what
        state.decide(
            state.idx(r),
            "order_at",
            [ID[f"at {p}"] for p in frame["orders"][what]],
            then="order_at",
            prompt="prompt.order_at",
            face=f"@face.{what}",
        )
    elif kind == "card":
        frame["card"] = what
        state.decide(
            state.idx(r),
            "card_at",
            [ID[f"at {p}"] for p in frame["cards"][what]],
            then="card_at",
            prompt="prompt.card_at",
            card=f"@card.{what}.name",
        )
    elif kind == "recover":
        state.call("recover", then="end", r=r)
    elif kind == "reorganize":
        state.log("log.reorganize", who=f"@role.{r}")
        state.call("reorganize", then="end", r=r)
    elif kind == "sell":
        scoring.sell(state, r, what)
        state.goto("menu")
    elif kind == "eliminate":
        state.call(prisoners.eliminate, Prisoner(r=r, card=what), then="menu")
    else:
        frame["offered"].append(what)
        state.call(prisoners.ransom, Prisoner(r=r, card=what), then="menu")


def place(state: PatriaState, r: str, k: int, prov: str, card: str | None) -> None:
    state.d["tokens"][r][k][1] = prov
    state.d["placed"][prov].append([r, k, card])


@turn.step("order_at")
def _turn_order_at(state: PatriaState, frame: Frame, action: int) -> None:
    """§A- Activar una orden: the token goes onto the province and its order is carried out."""
    r, face, prov = frame["r"], frame["face"], target(action)
    k, _ = FACE_TOKEN[face]
    place(state, r, k, prov, None)
    state.log("log.order", who=f"@role.{r}", face=f"@face.{face}", prov=f"@province.{prov}")
    state.call(face, then="end", r=r, prov=prov)


@turn.step("card_at")
def _turn_card_at(state: PatriaState, frame: Frame, action: int) -> None:
    frame["prov"] = target(action)
    free = [ID[f"token {k + 1}"] for k, t in enumerate(state.d["tokens"][frame["r"]]) if t[1] is None]
    state.decide(state.idx(frame["r"]), "token", free, then="card_token", prompt="prompt.token")


@turn.step("card_token")
def _turn_card_token(state: PatriaState, frame: Frame, action: int) -> None:
    """§B- Activar carta: any token (its order is not carried out) with the card on top of it."""
    r, card, prov = frame["r"], frame["card"], frame["prov"]
    place(state, r, int(target(action)) - 1, prov, card)
    state.d["area"][r].remove(card)
    state.d["captured_from"].pop(card, None)  # §Capturas: a violet prisoner used becomes the captor's own
    state.log("log.card", who=f"@role.{r}", card=f"@card.{card}.name", prov=f"@province.{prov}")
    state.call(activate_card.card_proc, CardPlay(r=r, prov=prov, card=card), then="card_done")


@turn.step("card_done")
def _turn_card_done(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Events are discarded after use; leaders and characters stay on their order until recovered."""
    card = frame["card"]
    if BOARD.cards[card]["type"] == "event":
        for item in state.d["placed"][frame["prov"]]:
            if item[2] == card:
                item[2] = None
        state.d["discard"].append(card)
    state.goto("end")


@turn.step("end")
def _turn_end(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.d["last_reorg"][frame["r"]] = frame["did"] == "reorganize"
    state.call("settle", then="over")


@turn.step("over")
def _turn_over(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.ret(frame["did"])


# ------------------------------------------------------------------------- C- Recuperar órdenes
recover = PROCS.proc("recover.orders", rule="C")


def could_play(state: PatriaState, r: str) -> bool:
    """Whether `playable_orders` or `usable_cards` would offer anything (it stops at the first order)."""
    with state.still():
        rooms = state.rooms(r)
        for k, (up, where) in enumerate(state.d["tokens"][r]):
            if where is None and any(orders.feasible(state, r, BOARD.tokens[k][up], p) for p in rooms):
                return True
        return bool(usable_cards(state, r))


@recover.step()
def _recover(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§C- Recuperar órdenes: a level lost per order still playable in the area; every order on the map
    comes back turned over, with the cards on them; violet characters may change sides."""
    r = frame["r"]
    penalty = sum(1 for t in state.d["tokens"][r] if t[1] is None) if could_play(state, r) else 0
    for token in state.d["tokens"][r]:
        if token[1] is not None:
            token[0], token[1] = 1 - token[0], None
    back = []
    for prov, stack in state.d["placed"].items():
        back += [c for who, _, c in stack if who == r and c]
        state.d["placed"][prov] = [item for item in stack if item[0] != r]
    state.log("log.recover", who=f"@role.{r}")
    for card in back:
        owner = new_owner(state, r, card)
        if owner != r:
            state.log("log.changes_side", card=f"@card.{card}.name", who=f"@role.{owner}")
        state.d["area"][owner].append(card)
    state.replace(popularity.lose, Shift(r=r, n=penalty))


PROCS.sequence("recover", "C", "recover.orders", "push")
"""§C- Recuperar órdenes: the orders come back (a level lost for each one still playable), then the
leftmost market card is pushed out (market.py)."""


# ------------------------------------------------------------------------------- D- Reorganizar
faces = PROCS.proc("faces", rule="D")


@faces.step()
def _faces(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Turn each token in `todo` to the face the player wants up (set-up, §D- Reorganizar)."""
    if not frame["todo"]:
        state.ret()
        return
    k = frame["todo"][0]
    options = [ID[f"face {face}"] for face in BOARD.tokens[k]]
    state.decide(state.idx(frame["r"]), "face", options, then="chosen", prompt="prompt.face", token=k + 1)


@faces.step("chosen")
def _faces_chosen(state: PatriaState, frame: Frame, action: int) -> None:
    k = frame["todo"].pop(0)
    state.d["tokens"][frame["r"]][k][0] = BOARD.tokens[k].index(target(action))
    state.goto("start")


reorganize = PROCS.proc("reorganize", rule="D")


@reorganize.step()
def _reorganize(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§D- Reorganizar: the player turns the orders still in the area to the faces wanted."""
    r = frame["r"]
    state.replace("faces", r=r, todo=[k for k, t in enumerate(state.d["tokens"][r]) if t[1] is None])
