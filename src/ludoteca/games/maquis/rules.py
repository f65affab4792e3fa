"""The Maquis day, as procedures on the frame stack (DESIGN §3). Each names its rulebook section.

A game is: deal two missions (§Preparar 8), then days until it ends — placement (§1), action (§2),
maintenance (§3). Mission cards add their own steps from missions.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame, ProcedureSet
from ludoteca.games.maquis import missions
from ludoteca.games.maquis.actions import (
    ACTIVATE,
    BUILD,
    DESTROY,
    DROP,
    HOME,
    MISSION,
    ONTO,
    PASS,
    PATROL,
    PLACE,
    target,
)
from ludoteca.games.maquis.board import BOARD

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState as St

PROCS = ProcedureSet()
A = int | None

# --------------------------------------------------------------------------------------- the game
game = PROCS.proc("game", rule="setup")


@game.step()
def _game_start(st: St, f: Frame, a: A) -> None:
    st.call("deal", then="days")


@game.step("days")
def _game_days(st: St, f: Frame, a: A) -> None:
    st.call("day", then="days")  # days follow each other until a rule ends the game


deal = PROCS.proc("deal", rule="setup")


@deal.step()
def _deal(st: St, f: Frame, a: A) -> None:
    """§Preparar 8: two mission cards, at random unless the `missions` option chooses them."""
    slot = len(st.d["missions"])
    if slot == 2:
        st.ret()
        return
    named = st.named_missions()
    if named:
        st.add_mission(named[slot])
        return
    pool = [m for m in missions.candidates(st.d["options"]["missions"], slot) if not st.mission(m)]
    st.chance({MISSION[m]: 1 for m in pool}, then="dealt")


@deal.step("dealt")
def _dealt(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.add_mission(target(a))
    st.goto("start")


day = PROCS.proc("day", rule="day")


@day.step()
def _day(st: St, f: Frame, a: A) -> None:
    st.call("placement", then="action")


@day.step("action")
def _day_action(st: St, f: Frame, a: A) -> None:
    st.call("action_phase", then="maintenance")


@day.step("maintenance")
def _day_maintenance(st: St, f: Frame, a: A) -> None:
    st.call("maintenance", then="done")


@day.step("done")
def _day_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ---------------------------------------------------------------------------- 1. placement phase
placement = PROCS.proc("placement", rule="placement")


@placement.step()
def _placement(st: St, f: Frame, a: A) -> None:
    """Infiltration: while the mole is in place, the top patrol card is seen before placement."""
    st.d["phase"] = "placement"
    if missions.mole_in_place(st) and st.d["peek"] is None:
        st.call("draw", then="peeked")
    else:
        st.goto("count")


@placement.step("peeked")
def _peeked(st: St, f: Frame, a: A) -> None:
    st.d["peek"] = f.pop("ret")
    st.reveal()
    st.log("log.peek", card=st.d["peek"], first=f"@target.{BOARD.patrol_cards[st.d['peek']][0]}")
    st.goto("count")


@placement.step("count")
def _count(st: St, f: Frame, a: A) -> None:
    """§Compruebe la moral: patrols = the larger of available workers and the red number; the last
    `soldiers` of them are Soldiers (§Peones de patrulla soldado)."""
    d = st.d
    available = st.available_workers()
    red = BOARD.morale_red[d["morale"]]
    patrols = max(available, red)
    f["patrols"] = patrols
    f["placed"] = 0
    f["first_soldier"] = patrols - min(d["soldiers"], patrols)
    f["workers"] = d["home"]
    f["worker_turn"] = True
    st.log(
        "log.patrol_count",
        patrols=patrols,
        available=available,
        red=red,
        morale=d["morale"],
        rule="placement.morale",
    )
    st.goto("next")


@placement.step("next")
def _next(st: St, f: Frame, a: A) -> None:
    """§Fase de colocación: worker and patrol alternately, the player first; then the remaining patrols."""
    if f["workers"] and f["worker_turn"]:
        spots = st.placeable_locations()
        if spots:
            st.ask(
                0,
                [PLACE[loc] for loc in spots],
                then="placed",
                prompt="prompt.place",
                workers=f["workers"],
                rule="placement.resistance",
            )
            return
        st.log("log.nowhere", workers=f["workers"], rule="placement.resistance")
        f["workers"] = 0
    if f["placed"] < f["patrols"]:
        pawn = "s" if f["placed"] >= f["first_soldier"] else "m"
        f["placed"] += 1
        f["worker_turn"] = True
        st.call("patrol", then="next", pawn=pawn)
        return
    st.ret()


@placement.step("placed")
def _placed(st: St, f: Frame, a: A) -> None:
    assert a is not None
    loc = target(a)
    st.d["board"][loc] = "w"
    st.d["home"] -= 1
    f["workers"] -= 1
    f["worker_turn"] = False
    st.log("log.placed", loc=f"@target.{loc}", rule="placement.resistance")
    st.goto("next")


patrol = PROCS.proc("patrol", rule="placement.patrol")


@patrol.step()
def _patrol(st: St, f: Frame, a: A) -> None:
    st.call("draw", then="drawn")


@patrol.step("drawn")
def _patrol_drawn(st: St, f: Frame, a: A) -> None:
    """§Colocación de patrulla: the first empty location of the card; if none, an arrest at the first
    location holding a worker; if all three hold patrols, no patrol this day. The card is discarded."""
    card = f.pop("ret")
    d = st.d
    board = d["board"]
    locations = BOARD.patrol_cards[card]
    d["discard"].append(card)
    pawn = f["pawn"]
    free = next((loc for loc in locations if loc not in board), None)
    if free is not None:
        board[free] = pawn
        st.log(f"log.patrol_{pawn}", card=card, loc=f"@target.{free}")
    else:
        raid = next((loc for loc in locations if board[loc] == "w"), None)
        if raid is None:
            st.log("log.patrol_none", card=card)
        else:
            board[raid] = pawn
            st.log("log.patrol_arrest", card=card, loc=f"@target.{raid}")
            st.worker_lost(arrest=True)
            if st.is_terminal():
                return
    st.ret()


draw = PROCS.proc("draw", rule="placement.patrol")


@draw.step()
def _draw(st: St, f: Frame, a: A) -> None:
    """Draw the top patrol card: the card already seen (the mole's), or a chance draw. An empty deck is
    first rebuilt from the discard pile (§Colocación de patrulla, last paragraph)."""
    d = st.d
    if d["peek"] is not None:
        card, d["peek"] = d["peek"], None
        st.ret(card)
        return
    if not d["deck"]:
        d["deck"], d["discard"] = sorted(d["discard"]), []
        st.log("log.reshuffle")
    st.chance({PATROL[c]: 1 for c in d["deck"]}, then="got")


@draw.step("got")
def _draw_got(st: St, f: Frame, a: A) -> None:
    assert a is not None
    card = int(target(a))
    st.d["deck"].remove(card)
    st.ret(card)


# ------------------------------------------------------------------------------- 2. action phase
action_phase = PROCS.proc("action_phase", rule="action")


@action_phase.step()
def _action_phase(st: St, f: Frame, a: A) -> None:
    d = st.d
    d["phase"] = "action"
    d["shot"] = False
    d["ready"] = sorted(loc for loc, pawn in d["board"].items() if pawn == "w")
    st.goto("choose")


@action_phase.step("choose")
def _choose(st: St, f: Frame, a: A) -> None:
    """§Activar trabajadores: each worker once, in the order the player likes (shooting a Milice may
    come first: §Milicia de tiro)."""
    ready = st.d["ready"]
    if not ready:
        st.ret()
        return
    shots = st.shoot_actions()
    st.ask(
        0,
        [ACTIVATE[loc] for loc in ready] + shots,
        then="chosen",
        prompt="prompt.activate_or_shoot" if shots else "prompt.activate",
    )


@action_phase.step("chosen")
def _chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    loc = target(a)
    if st.game.actions.names[a].startswith("shoot"):
        st.shoot(loc)
        if not st.is_terminal():
            st.goto("choose")
        return
    st.d["ready"].remove(loc)
    st.d["pending"] = {"gain": {}, "recruit": 0, "drop": None}
    st.log("log.activate", loc=f"@target.{loc}", rule="action")
    st.call("activation", then="choose", loc=loc)


activation = PROCS.proc("activation", rule="action.locations")


@activation.step()
def _activation(st: St, f: Frame, a: A) -> None:
    loc = f["loc"]
    choices = st.location_choices(loc) + missions.choices(st, loc)
    st.ask(0, [*choices, PASS], then="act", prompt="prompt.action", loc=f"@target.{loc}")


@activation.step("act")
def _act(st: St, f: Frame, a: A) -> None:
    """Take the chosen action; then the optional shot and the escape-route check."""
    assert a is not None
    loc = f["loc"]
    st.goto("after")
    if a == PASS:
        st.log("log.pass", loc=f"@target.{loc}")
        f["star"] = True
        return
    option = target(a)
    if option in missions.OPTIONS:
        f["star"] = True  # mission actions keep their reward (facts A7)
        missions.perform(st, f, loc, option)
        return
    spec = st.option_at(loc, option)
    f["star"] = st.star_at(loc) or spec.special == "build"
    st.perform(f, loc, spec)


@activation.step("after")
def _after(st: St, f: Frame, a: A) -> None:
    """§Milicia de tiro: a shot may come between the action and the escape check."""
    if st.is_terminal():
        return
    shots = st.shoot_actions() if st.d["board"].get(f["loc"]) == "w" else []
    if shots:
        st.ask(0, [*shots, HOME], then="shot", prompt="prompt.after", rule="action.shoot")
    else:
        st.goto("escape")


@activation.step("shot")
def _shot(st: St, f: Frame, a: A) -> None:
    if a == HOME:
        st.goto("escape")
        return
    assert a is not None
    st.shoot(target(a))
    if not st.is_terminal():
        st.goto("after")


@activation.step("escape")
def _escape(st: St, f: Frame, a: A) -> None:
    """§Verificar ruta de escape / §Ser arrestado."""
    loc = f["loc"]
    if st.d["board"].get(loc) == "w":  # a worker kept on a mission card has already left the board
        st.send_home_or_arrest(loc, keep=f.get("star", False))
    if f.get("mole") and not st.is_terminal():
        st.release_mole(loc)  # Infiltration: the released mole takes the same way home
    if not st.is_terminal():
        st.ret()


airdrop = PROCS.proc("airdrop", rule="action.airdrop")


@airdrop.step()
def _airdrop(st: St, f: Frame, a: A) -> None:
    """§Airdrop: a package by difficulty (§Modos de dificultad) onto a Field that holds nothing."""
    packages = st.settings()["airdrop"]
    st.ask(0, [DROP[k] for k in packages], then="package", prompt="prompt.package")


@airdrop.step("package")
def _package(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["kind"] = target(a)
    fields = st.airdrop_fields()
    if len(fields) == 1:
        _drop(st, f, fields[0])
    else:
        st.ask(0, [ONTO[x] for x in fields], then="field", prompt="prompt.field")


@airdrop.step("field")
def _field(st: St, f: Frame, a: A) -> None:
    assert a is not None
    _drop(st, f, target(a))


def _drop(st: St, f: Frame, field: str) -> None:
    kind = f["kind"]
    count = min(st.settings()["airdrop"][kind], st.supply(kind))
    if count:
        st.d["fields"][field] = {kind: count}
        st.d["pending"]["drop"] = field
    st.log("log.airdrop", n=count, kind=f"@res.{kind}", field=f"@target.{field}")
    st.ret()


build = PROCS.proc("build", rule="action.spare_room")


@build.step()
def _build(st: St, f: Frame, a: A) -> None:
    used = set(st.d["tiles"].values())
    st.ask(0, [BUILD[t] for t in BOARD.tiles if t not in used], then="built", prompt="prompt.build")


@build.step("built")
def _built(st: St, f: Frame, a: A) -> None:
    assert a is not None
    tile = target(a)
    st.d["tiles"][f["loc"]] = tile
    st.log("log.built", tile=f"@target.{tile}", loc=f"@target.{f['loc']}")
    st.ret()


# --------------------------------------------------------------------------- 3. maintenance phase
maintenance = PROCS.proc("maintenance", rule="maintenance")


@maintenance.step()
def _maintenance(st: St, f: Frame, a: A) -> None:
    """§3.1: every patrol leaves the board; then the missions' end-of-day effects."""
    d = st.d
    d["phase"] = "maintenance"
    d["board"] = {loc: pawn for loc, pawn in d["board"].items() if pawn == "w"}
    st.log("log.patrols_removed")
    if d["blow"]:
        st.call("bridges", then="coded")
    else:
        st.goto("coded")


@maintenance.step("coded")
def _coded(st: St, f: Frame, a: A) -> None:
    missions.end_of_day(st)
    if not st.is_terminal():
        st.goto("advance")


@maintenance.step("advance")
def _advance(st: St, f: Frame, a: A) -> None:
    """§3.2: the day marker moves on; an orange space (a triangle in hard modes) costs a morale. Reaching
    End (box 12 in tricky and harder modes) ends the game unless very easy grants a second pass."""
    d = st.d
    settings = st.settings()
    d["day"] += 1
    d["turn"] += 1
    marks = BOARD.components["days"]["triangle"] if settings.get("triangle_morale") else st.orange_days()
    st.log("log.day", day=d["day"])
    if d["day"] in marks:
        st.change_morale(-1, "log.morale_day")
        if st.is_terminal():
            return
    last = BOARD.components["days"]["end_short" if settings.get("short_game") else "end"]
    if d["day"] >= last:
        missions.at_end(st)
        if st.is_terminal():
            return
        if d["pass"] < settings.get("passes", 1):
            d["pass"] += 1
            d["day"] = 0
            st.log("log.second_pass", rule="difficulty.very-easy")
        else:
            st.end_game("outcome.out_of_time", [-1.0])
            return
    st.ret()


bridges = PROCS.proc("bridges", rule="missions.take-out-the-bridges")


@bridges.step()
def _bridges(st: St, f: Frame, a: A) -> None:
    standing = [b for b in sorted(BOARD.bridges) if b not in st.d["bridges"]]
    if not st.d["blow"] or not standing:
        st.ret()
    elif len(standing) == 1:
        missions.destroy_bridge(st, standing[0])
    else:
        st.ask(0, [DESTROY[b] for b in standing], then="chosen", prompt="prompt.bridge")


@bridges.step("chosen")
def _bridge_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    missions.destroy_bridge(st, target(a))
    if not st.is_terminal():
        st.goto("start")


# A mission step that reveals the top patrol card (Double Agent).
lady = PROCS.proc("dark_lady", rule="missions.double-agent")


@lady.step()
def _lady(st: St, f: Frame, a: A) -> None:
    st.call("draw", then="seen")


@lady.step("seen")
def _lady_seen(st: St, f: Frame, a: A) -> None:
    card = f.pop("ret")
    st.d["discard"].append(card)
    missions.reveal_lady(st, card)
    st.ret()
