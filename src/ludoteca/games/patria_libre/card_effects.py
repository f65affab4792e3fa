"""The card effect vocabulary (the header of `data/cards.toml`; §Simbología de cartas especiales and the
cards the rulebook names): one procedure ``effect.<kind>`` each, run by the core's `EffectKinds` for the
card procedure (activate_card.py), each with the predicate saying whether it would change anything now.
Every effect procedure receives `card`, `r` (the owner), `prov` (where the card was activated) and the
effect's own fields; rival choices go to the owner, discards to the victim.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core.effects import EffectKinds
from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import popularity as popularity_track
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD
from ludoteca.games.patria_libre.cards import CARDS
from ludoteca.games.patria_libre.orders import feasible
from ludoteca.games.patria_libre.popularity import Shift
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

EFFECTS = EffectKinds(PROCS, rule="B", name="card.effects")
"""The card effect vocabulary; every effect procedure receives `card`, `r` (the owner), `prov` (where the
card was activated) and the effect's own fields."""


def effect_possible(state: PatriaState, r: str, card_id: str, prov: str, effect: Mapping[str, Any]) -> bool:
    """Whether carrying out `effect` of `card_id` from `prov` would change anything now."""
    possible = EFFECTS.possible.get(effect["kind"])
    return possible is None or possible(state, {**effect, "card": card_id, "r": r, "prov": prov})


def other_region_targets(state: PatriaState, r: str, prov: str) -> list[str]:
    """Evangelización: neighbours of `prov` with another region icon, where the player has no troop."""
    if not state.piece_free(r, 1):
        return []
    here = BOARD.provinces[prov].region
    return [
        p for p in BOARD.adjacent[prov] if BOARD.provinces[p].region != here and r not in state.d["troops"][p]
    ]


def conversions(state: PatriaState, r: str, prov: str) -> list[tuple[str, str]]:
    """convert_infantry: (province, adversary) whose infantry may become the player's — in `prov` or a
    neighbour, where the player has no troop of their own and an infantry piece is left."""
    if not state.piece_free(r, 1):
        return []
    return [
        (p, o)
        for p in (prov, *BOARD.adjacent[prov])
        if r not in state.d["troops"][p]
        for o in state.opponents(r)
        if state.d["troops"][p].get(o) == 1
    ]


def _choose_rival(state: PatriaState, frame: Frame, rivals: list[str], then: str) -> None:
    """The owner picks the rival an effect harms; a lone rival is picked at once."""
    if len(rivals) == 1:
        state.procedures[frame["p"]].steps[then](state, frame, ID[f"target {rivals[0]}"])
        return
    state.decide(
        state.idx(frame["r"]),
        "target",
        [ID[f"target {o}"] for o in rivals],
        then=then,
        prompt="cards.prompt.rival",
    )


# ------------------------------------------------------------------------------------------ order
def _order_possible(state: PatriaState, local: Mapping[str, Any]) -> bool:
    if local.get("target") == "other_region":
        return bool(other_region_targets(state, local["r"], local["prov"]))
    return feasible(state, local["r"], local["order"], local["prov"])


order = EFFECTS.kind("order", rule="B", possible=_order_possible)


@order.step()
def _order(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Carry out an order from the card's province, following that order's rules; `times` times while it
    can still act (Grito de Dolores recruits twice); Evangelización recruits into another region."""
    frame.setdefault("times", 1)
    r, prov = frame["r"], frame["prov"]
    if frame.get("target") == "other_region":
        state.decide(
            state.idx(r),
            "at",
            [ID[f"at {p}"] for p in other_region_targets(state, r, prov)],
            then="recruited",
            prompt="prompt.recruit",
        )
    else:
        state.call(frame["order"], then="again", r=r, prov=prov)


@order.step("recruited")
def _recruited(state: PatriaState, frame: Frame, action: int) -> None:
    where = target(action)
    state.d["troops"][where][frame["r"]] = 1
    state.log("log.recruit", who=f"@role.{frame['r']}", prov=f"@province.{where}")
    state.goto("again")


@order.step("again")
def _again(state: PatriaState, frame: Frame, action: int | None) -> None:
    frame["times"] -= 1
    if frame["times"] > 0 and _order_possible(state, frame):
        state.goto("start")
    else:
        state.ret()


# ------------------------------------------------------------------------------- popularity, VP, coins
popularity = EFFECTS.kind("popularity", rule="B")


@popularity.step()
def _popularity(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Gain `n` levels, in `column` or in columns of the owner's choice."""
    state.replace(popularity_track.gain, Shift(r=frame["r"], n=frame["n"], col=frame.get("column") or None))


vp = EFFECTS.kind("vp", rule="B")


@vp.step()
def _vp(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.add_vp(frame["r"], frame["n"])
    state.ret()


coins = EFFECTS.kind("coins", rule="B", possible=lambda state, local: state.bank() > 0)


@coins.step()
def _coins(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.give(frame["r"], frame["n"])
    state.ret()


buy_popularity = EFFECTS.kind(
    "buy_popularity", rule="B", possible=lambda state, local: state.d["coins"][local["r"]] >= local["coins"]
)


@buy_popularity.step()
def _buy_popularity(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Pay `coins` to gain `n` levels of the owner's choice."""
    state.take(frame["r"], frame["coins"])
    state.log("cards.log.paid", who=f"@role.{frame['r']}", n=frame["coins"])
    state.replace(popularity_track.gain, Shift(r=frame["r"], n=frame["n"], col=None))


# ---------------------------------------------------------------------------------------- rivals
rival_popularity = EFFECTS.kind(
    "rival_popularity", rule="B", possible=lambda state, local: bool(state.opponents(local["r"]))
)


@rival_popularity.step()
def _rival_popularity(state: PatriaState, frame: Frame, action: int | None) -> None:
    """A rival the owner chooses loses `n` levels, in columns of their choice."""
    _choose_rival(state, frame, state.opponents(frame["r"]), "chosen")


@rival_popularity.step("chosen")
def _rival_loses(state: PatriaState, frame: Frame, action: int) -> None:
    state.replace(popularity_track.lose, Shift(r=target(action), n=frame["n"]))


def _with_cards(state: PatriaState, r: str) -> list[str]:
    return [o for o in state.opponents(r) if state.d["area"][o]]


rival_discard = EFFECTS.kind(
    "rival_discard", rule="B", possible=lambda state, local: bool(_with_cards(state, local["r"]))
)


@rival_discard.step()
def _rival_discard(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Indultos: a rival the owner chooses gives up `n` cards of their own choice."""
    _choose_rival(state, frame, _with_cards(state, frame["r"]), "chosen")


@rival_discard.step("chosen")
def _rival_chosen(state: PatriaState, frame: Frame, action: int) -> None:
    frame["victim"], frame["count"] = target(action), frame["n"]
    _victim_discards(state, frame, None)


@rival_discard.step("given_up")
def _victim_discards(state: PatriaState, frame: Frame, action: int | None) -> None:
    area = state.d["area"][frame["victim"]]
    if action is not None:
        gone = target(action)
        area.remove(gone)
        state.d["discard"].append(gone)
        state.log("cards.log.discarded", who=f"@role.{frame['victim']}", card=f"@card.{gone}.name")
        frame["count"] -= 1
    if frame["count"] <= 0 or not area:
        state.ret()
        return
    state.decide(
        state.idx(frame["victim"]),
        "discard",
        [ID[f"discard {c}"] for c in area],
        then="given_up",
        prompt="cards.prompt.give_up",
    )


def _with_coins(state: PatriaState, r: str) -> list[str]:
    return [o for o in state.opponents(r) if state.d["coins"][o]]


steal_coins = EFFECTS.kind(
    "steal_coins", rule="B", possible=lambda state, local: bool(_with_coins(state, local["r"]))
)


@steal_coins.step()
def _steal_coins(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Take up to `n` coins from a rival the owner chooses."""
    _choose_rival(state, frame, _with_coins(state, frame["r"]), "chosen")


@steal_coins.step("chosen")
def _robbed(state: PatriaState, frame: Frame, action: int) -> None:
    victim = target(action)
    n = min(frame["n"], state.d["coins"][victim])
    state.d["coins"][victim] -= n
    state.d["coins"][frame["r"]] += n
    state.log("cards.log.robbed", who=f"@role.{frame['r']}", victim=f"@role.{victim}", n=n)
    state.ret()


convert_infantry = EFFECTS.kind(
    "convert_infantry",
    rule="B",
    possible=lambda state, local: bool(conversions(state, local["r"], local["prov"])),
)


@convert_infantry.step()
def _convert_infantry(state: PatriaState, frame: Frame, action: int | None) -> None:
    """An enemy infantry in the card's province or a neighbour, where the owner has no troop, becomes
    the owner's."""
    places = sorted({p for p, _ in conversions(state, frame["r"], frame["prov"])})
    state.decide(
        state.idx(frame["r"]),
        "at",
        [ID[f"at {p}"] for p in places],
        then="where",
        prompt="cards.prompt.convert",
    )


@convert_infantry.step("where")
def _convert_where(state: PatriaState, frame: Frame, action: int) -> None:
    frame["q"] = target(action)
    rivals = [o for p, o in conversions(state, frame["r"], frame["prov"]) if p == frame["q"]]
    _choose_rival(state, frame, rivals, "converted")


@convert_infantry.step("converted")
def _converted(state: PatriaState, frame: Frame, action: int) -> None:
    q, victim = frame["q"], target(action)
    del state.d["troops"][q][victim]
    state.d["troops"][q][frame["r"]] = 1
    state.log(
        "cards.log.converted", who=f"@role.{frame['r']}", victim=f"@role.{victim}", prov=f"@province.{q}"
    )
    state.ret()


for _card in CARDS.values():
    EFFECTS.check(_card.effects, f"card {_card.id}")
