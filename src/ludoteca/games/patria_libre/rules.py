"""The game and its turns as procedures (DESIGN §3): set-up (§Configuración de partida), then turns in
seat order, each one action — A an order, B a card on an order, C recover, D reorganise (§En mi turno) —
with cards sold, prisoners eliminated or offered back at any moment of one's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import cards, market, military, orders, personality, popularity, scoring
from ludoteca.games.patria_libre.actions import ID, target, verb
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.cards import new_owner
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.seats import seat_decides

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState as St

A = int | None
__all__ = ["PROCS", "cards", "market", "military", "orders", "personality", "popularity", "scoring"]
FACE_TOKEN = {face: (k, side) for k, faces in enumerate(BOARD.tokens) for side, face in enumerate(faces)}


# ------------------------------------------------------------------------------------- set-up
game = PROCS.proc("game", rule="setup")


@game.step()
def _game(st: St, f: Frame, a: A) -> None:
    """§Configuración 6–7: the five S/PV cards at random into the line, four stage-I cards into the
    market, and the top card of each pile turned up — one chance node per card."""
    f.setdefault("spv", [])
    if len(f["spv"]) < len(BOARD.spv):
        st.chance({ID[f"draw {c}"]: 1 for c in BOARD.spv if c not in f["spv"]}, then="spv")
        return
    if len(st.d["market"]) < len(market.PRICES):
        st.chance({ID[f"draw {c}"]: 1 for c in market.pool(st, BOARD.piles["market_stage"])}, then="market")
        return
    if not st.d["line"]:
        spvs = iter(f["spv"])
        st.d["line"] = [
            ["spv", next(spvs)] if name == "spv" else ["pile", name, BOARD.piles["size"][name], None]
            for name in BOARD.piles["order"]
        ]
    pile = next((item for item in st.d["line"] if item[0] == "pile" and item[3] is None), None)
    if pile is not None:
        st.chance({ID[f"draw {c}"]: 1 for c in market.pool(st, pile[1])}, then="top")
        return
    st.goto("faces")


@game.step("spv")
def _game_spv(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["spv"].append(target(a))
    st.goto("start")


@game.step("market")
def _game_market(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.d["market"].append(target(a))
    st.d["seen"].append(target(a))
    st.goto("start")


@game.step("top")
def _game_top(st: St, f: Frame, a: A) -> None:
    assert a is not None
    pile = next(item for item in st.d["line"] if item[0] == "pile" and item[3] is None)
    pile[3] = target(a)
    st.d["seen"].append(target(a))
    st.goto("start")


@game.step("faces")
def _game_faces(st: St, f: Frame, a: A) -> None:
    """§Configuración: each player chooses the faces of the orders; «clonar orden» starts face down —
    except for the personality deck's seat (§Modo solitario)."""
    f["i"] = f.get("i", -1) + 1
    if f["i"] == len(st.d["seats"]):
        if military.active(st):
            st.call("mil_setup", then="turns")
        else:
            st.goto("turns")
        return
    r = st.d["seats"][f["i"]]
    if st.d["solo"] == r:
        st.d["tokens"][r][3][0] = 1
    st.call("faces", then="faces", r=r, todo=[0, 1, 2])


@game.step("turns")
def _game_turns(st: St, f: Frame, a: A) -> None:
    st.call("turn", then="next", r=st.d["seats"][st.d["turn"]])


@game.step("next")
def _game_next(st: St, f: Frame, a: A) -> None:
    """§Comienza la partida: the turn passes to the next seat (alternating sides). The personality deck's
    seat takes a new turn at once after recovering its orders (§Modo solitario)."""
    if not (f.get("ret") == "recover" and st.d["solo"] == st.d["seats"][st.d["turn"]]):
        st.d["turn"] = (st.d["turn"] + 1) % len(st.d["seats"])
    st.goto("turns")


faces = PROCS.proc("faces", rule="D")


@faces.step()
def _faces(st: St, f: Frame, a: A) -> None:
    """Turn each token in `todo` to the face the player wants up (set-up, §D- Reorganizar)."""
    if not f["todo"]:
        st.ret()
        return
    k = f["todo"][0]
    options = [ID[f"face {face}"] for face in BOARD.tokens[k]]
    seat_decides(st, f["r"], "face", options, "chosen", "prompt.face", token=k + 1)


@faces.step("chosen")
def _faces_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    k = f["todo"].pop(0)
    st.d["tokens"][f["r"]][k][0] = BOARD.tokens[k].index(target(a))
    st.goto("start")


# -------------------------------------------------------------------------------------- a turn
turn = PROCS.proc("turn", rule="turn")


def usable_cards(st: St, r: str) -> dict[str, list[str]]:
    """§B- Activar carta: the cards the player may activate now, with the provinces where: the player's
    colour (violet for both; the military seat per military.py), room for one more order there, a token
    in the area, a leader card only where its token stands, and the card's own requirements (cards.py)."""
    if all(t[1] is not None for t in st.d["tokens"][r]):
        return {}
    result = {}
    rooms = [p for p in BOARD.ids if st.room(r, p)]
    for card in st.d["area"][r]:
        data = BOARD.cards[card]
        if not may_use(st, r, card):
            continue
        places = [st.d["leaders"][r]] if data["type"] in ("leader", "iturbide") else rooms
        places = [p for p in places if p in rooms and cards.usable(st, r, card, p)]
        if places:
            result[card] = places
    return result


def may_use(st: St, r: str, card: str) -> bool:
    """The card's colour allows the player to activate it (§B- Activar carta)."""
    data = BOARD.cards[card]
    if data["type"] == "spv":
        return False
    if data["type"] in ("leader", "iturbide"):
        return data.get("leader") == r
    side = st.side(r)
    if side == "military":
        return bool(military.may_use_colour(st, r, data["colour"]))
    return data["colour"] in ("violet", {"insurgent": "yellow", "royalist": "blue"}[side])


def playable_orders(st: St, r: str) -> dict[str, list[str]]:
    """§A: faces showing on the tokens in the area, with the provinces where they would do something."""
    result = {}
    rooms = [p for p in BOARD.ids if st.room(r, p)]
    for k, (up, where) in enumerate(st.d["tokens"][r]):
        face = BOARD.tokens[k][up]
        if where is None:
            places = [p for p in rooms if orders.feasible(st, r, face, p)]
            if places:
                result[face] = places
    return result


@turn.step()
def _turn(st: St, f: Frame, a: A) -> None:
    """§¿Se puede eliminar a un jugador?: a player with nothing on the map first recruits an infantry in a
    friendly flag province, without an order."""
    r = f["r"]
    if st.d["wiped"][r] and not st.on_map(r):
        home = military.home(st) if st.side(r) == "military" else BOARD.flags[st.side(r)]
        places = [ID[f"at {p}"] for p in home if r not in st.d["troops"][p]]
        if places:
            seat_decides(st, r, "at", places, "reentered", "prompt.reenter")
            return
    st.goto("menu")


@turn.step("reentered")
def _turn_reentered(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.d["troops"][target(a)][f["r"]] = 1
    st.d["wiped"][f["r"]] = False
    st.log("log.recruit", who=f"@role.{f['r']}", prov=f"@province.{target(a)}")
    st.goto("menu")


@turn.step("menu")
def _turn_menu(st: St, f: Frame, a: A) -> None:
    r = f["r"]
    f["orders"] = playable_orders(st, r)
    f["cards"] = usable_cards(st, r)
    options = [ID[f"order {face}"] for face in f["orders"]]
    options += [ID[f"card {c}"] for c in f["cards"]]
    options.append(ID["recover"])
    if not st.d["last_reorg"][r] and any(t[1] is None for t in st.d["tokens"][r]):
        options.append(ID["reorganize"])
    options += [ID[f"sell {c}"] for c in scoring.sellable(st, r)]
    for card, owner in st.d["captured_from"].items():
        if card in st.d["area"][r]:
            options.append(ID[f"eliminate {card}"])
            if owner in st.d["seats"] and card not in f.setdefault("offered", []):
                options.append(ID[f"ransom {card}"])
    seat_decides(st, r, "action", options, "chosen", "prompt.action", who=f"@role.{r}")


@turn.step("chosen")
def _turn_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    r, kind, what = f["r"], verb(a), target(a)
    f["did"] = kind
    if kind == "order":
        f["face"] = what
        seat_decides(
            st,
            r,
            "at",
            [ID[f"at {p}"] for p in f["orders"][what]],
            "order_at",
            "prompt.order_at",
            face=f"@face.{what}",
        )
    elif kind == "card":
        f["card"] = what
        seat_decides(
            st,
            r,
            "at",
            [ID[f"at {p}"] for p in f["cards"][what]],
            "card_at",
            "prompt.card_at",
            card=f"@card.{what}.name",
        )
    elif kind == "recover":
        st.call("recover", then="end", r=r)
    elif kind == "reorganize":
        st.log("log.reorganize", who=f"@role.{r}")
        st.call("faces", then="end", r=r, todo=[k for k, t in enumerate(st.d["tokens"][r]) if t[1] is None])
    elif kind == "sell":
        scoring.sell(st, r, what)
        st.goto("menu")
    elif kind == "eliminate":
        st.call("eliminate", then="menu", r=r, card=what)
    else:
        f["offered"].append(what)
        st.call("ransom", then="menu", r=r, card=what)


def place(st: St, r: str, k: int, prov: str, card: str | None) -> None:
    st.d["tokens"][r][k][1] = prov
    st.d["placed"][prov].append([r, k, card])


@turn.step("order_at")
def _turn_order_at(st: St, f: Frame, a: A) -> None:
    """§A- Activar una orden: the token goes onto the province and its order is carried out."""
    assert a is not None
    r, face, prov = f["r"], f["face"], target(a)
    k, _ = FACE_TOKEN[face]
    place(st, r, k, prov, None)
    st.log("log.order", who=f"@role.{r}", face=f"@face.{face}", prov=f"@province.{prov}")
    st.call(face, then="end", r=r, prov=prov)


@turn.step("card_at")
def _turn_card_at(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["prov"] = target(a)
    free = [ID[f"token {k + 1}"] for k, t in enumerate(st.d["tokens"][f["r"]]) if t[1] is None]
    seat_decides(st, f["r"], "token", free, "card_token", "prompt.token")


@turn.step("card_token")
def _turn_card_token(st: St, f: Frame, a: A) -> None:
    """§B- Activar carta: any token (its order is not carried out) with the card on top of it."""
    assert a is not None
    r, card, prov = f["r"], f["card"], f["prov"]
    place(st, r, int(target(a)) - 1, prov, card)
    st.d["area"][r].remove(card)
    st.d["captured_from"].pop(card, None)  # §Capturas: a violet prisoner used becomes the captor's own
    st.log("log.card", who=f"@role.{r}", card=f"@card.{card}.name", prov=f"@province.{prov}")
    st.call("card", then="card_done", r=r, prov=prov, card=card)


@turn.step("card_done")
def _turn_card_done(st: St, f: Frame, a: A) -> None:
    """Events are discarded after use; leaders and characters stay on their order until recovered."""
    card = f["card"]
    if BOARD.cards[card]["type"] == "event":
        for item in st.d["placed"][f["prov"]]:
            if item[2] == card:
                item[2] = None
        st.d["discard"].append(card)
    st.goto("end")


@turn.step("end")
def _turn_end(st: St, f: Frame, a: A) -> None:
    st.d["last_reorg"][f["r"]] = f["did"] == "reorganize"
    st.call("settle", then="over")


@turn.step("over")
def _turn_over(st: St, f: Frame, a: A) -> None:
    st.ret(f["did"])


# ------------------------------------------------------------------------------------- recover
recover = PROCS.proc("recover", rule="C")


def could_play(st: St, r: str) -> bool:
    return bool(playable_orders(st, r) or usable_cards(st, r))


@recover.step()
def _recover(st: St, f: Frame, a: A) -> None:
    """§C- Recuperar órdenes: a level lost per order still playable in the area; every order on the map
    comes back turned over, with the cards on them; violet characters may change sides; then the
    leftmost market card goes (maybe an S/PV card)."""
    r = f["r"]
    penalty = sum(1 for t in st.d["tokens"][r] if t[1] is None) if could_play(st, r) else 0
    for token in st.d["tokens"][r]:
        if token[1] is not None:
            token[0], token[1] = 1 - token[0], None
    back = []
    for prov, stack in st.d["placed"].items():
        back += [c for who, _, c in stack if who == r and c]
        st.d["placed"][prov] = [item for item in stack if item[0] != r]
    st.log("log.recover", who=f"@role.{r}")
    for card in back:
        owner = new_owner(st, r, card)
        if owner != r:
            st.log("log.changes_side", card=f"@card.{card}.name", who=f"@role.{owner}")
        st.d["area"][owner].append(card)
    st.call("lose", then="market", r=r, n=penalty)


@recover.step("market")
def _recover_market(st: St, f: Frame, a: A) -> None:
    st.replace("push", r=f["r"])


# ------------------------------------------------------------------------------------ prisoners
eliminate = PROCS.proc("eliminate", rule="A-capture")


@eliminate.step()
def _eliminate(st: St, f: Frame, a: A) -> None:
    """§Eliminando prisioneros: a character for a coin; a leader for 2 VP and a level of popularity."""
    r, card = f["r"], f["card"]
    st.d["area"][r].remove(card)
    del st.d["captured_from"][card]
    st.d["discard"].append(card)
    st.log("log.eliminate", who=f"@role.{r}", card=f"@card.{card}.name")
    if BOARD.cards[card]["type"] == "leader":
        st.add_vp(r, 2)
        st.replace("lose", r=r, n=1)
    else:
        st.give(r, 1)
        st.ret()


ransom = PROCS.proc("ransom", rule="A-capture")


@ransom.step()
def _ransom(st: St, f: Frame, a: A) -> None:
    """§Capturas: prisoners may be traded; here the captor offers the card back to the player it was
    taken from, for a price in coins, and that player accepts or refuses."""
    seat_decides(
        st,
        f["r"],
        "offer",
        [ID[f"price {n}"] for n in range(4)],
        "priced",
        "prompt.price",
        card=f"@card.{f['card']}.name",
    )


@ransom.step("priced")
def _ransom_priced(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["price"] = int(target(a))
    owner = st.d["captured_from"][f["card"]]
    options = [ID["refuse"]] + ([ID["accept"]] if st.d["coins"][owner] >= f["price"] else [])
    st.log("log.offer", who=f"@role.{f['r']}", card=f"@card.{f['card']}.name", n=f["price"])
    seat_decides(
        st,
        owner,
        "accept",
        options,
        "answered",
        "prompt.accept",
        card=f"@card.{f['card']}.name",
        n=f["price"],
    )


@ransom.step("answered")
def _ransom_answered(st: St, f: Frame, a: A) -> None:
    r, card = f["r"], f["card"]
    owner = st.d["captured_from"][card]
    if a == ID["accept"]:
        st.take(owner, f["price"])
        st.d["coins"][r] += f["price"]
        st.d["area"][r].remove(card)
        st.d["area"][owner].append(card)
        del st.d["captured_from"][card]
        st.log("log.ransomed", who=f"@role.{owner}", card=f"@card.{card}.name")
    st.ret()


PROCS.check()
