"""The Guerra a Muerte position and the rule helpers every chapter shares: where counters are, control
(§1.1.1), forces, the scenario set-up (§2, §12) and the hooks of the state contract (`hooks`: the
functions of `view.py`, `invariants.py` and `victory.py`). `d` is a `position.Position`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from typing_extensions import Unpack

from ludoteca.core.game import Game
from ludoteca.core.hooks import StateHooks
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import SHOWN_VERBS, verb
from ludoteca.games.guerra_a_muerte.board import (
    BOARD,
    main_port,
    militia_count,
    militia_nationality,
    scenario_data,
    setup_id,
)
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, RANK, SIDES, militia_of
from ludoteca.games.guerra_a_muerte.invariants import broken_invariants
from ludoteca.games.guerra_a_muerte.options import GamOptions
from ludoteca.games.guerra_a_muerte.position import (
    DEAD,
    DUE,
    OUT,
    POOL,
    LeaderState,
    MoveFields,
    Position,
    UnitFields,
    UnitState,
)
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.victory import evaluate
from ludoteca.games.guerra_a_muerte.view import board_view, observe

SIDES_ROLE = {"patriot": 0, "royalist": 1}
RP_POOLS = ("royalist", "el_plata", "chile", "gran_colombia", "mexico", "peru")


LAND = {u: (c.side, not c.militia) for u, c in COUNTERS.items() if not c.naval}
"""Each land counter's side and whether it is a regular: what control (§1.1.1) reads of it."""
UNIT_FIELDS = frozenset(("at", "steps", "city", "guerrilla", "done", "turn", "port"))
NO_HOLDER: frozenset[str] = frozenset()
Where = tuple[dict[str, UnitState], dict[str, tuple[str, ...]]]
"""The index of counters by place and the records it was built from (`GamState._where`)."""
Control = tuple[dict[str, UnitState], dict[str, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]]]
"""Control by area and what decided it, with the records it was kept for (`GamState._control`)."""


class GamState(State[Position]):
    """One game of Guerra a Muerte (`position.Position` is the shape of `d`).

    Beside `d` the state keeps `_where`, an index of the counters by the place they are in, derived from
    the counters' `at` (never saved: rebuilt from `d` whenever `d["units"]` is another object, as after
    loading a saved state). Every move of a counter goes through `move`, which keeps it up to date.

    A clone shares the counter records with its original (copy on write): `set_unit` is the one way to
    write a record, and copies it first unless `_own` says this state copied it since the last clone.

    `_control` keeps, area by area, who controls it (§1.1.1) and what decided it: the area's tuple of the
    index `_where` (replaced, never changed, when a counter there comes, goes or is written, `set_units`:
    so its identity stands for its counters and their records) and its leaders. `holders` reads it while
    both are the same; a redraw keeps its original's (`keep_control`). Issue 26: worked out afresh at every
    call, control was nearly half an observation and a tenth of a search. The board view remembers each
    place's entry by the same tuple (`view._shown_place`)."""

    __slots__ = ("_control", "_own", "_where")
    shared_keys = (*State.shared_keys, "options", "slaves")
    """The options and the areas whose slave masses were raised (§4.9), replaced and never changed in
    place: clones share them (`clone`)."""
    _where: Where
    _own: tuple[dict[str, UnitState], set[str]]
    _control: Control
    procedures = PROCS
    hooks = StateHooks(
        board_view=board_view, observe=observe, invariants=broken_invariants, evaluate=evaluate
    )
    options: GamOptions

    @classmethod
    def new(cls, game: Game, options: GamOptions) -> GamState:
        """§2 and §12: the scenario's set-up. What the campaign's set-up codes leave to the players is
        asked in the deployment procedure (`deployment.py`), and so are a short scenario's placements "in
        any area of …" when the players choose them."""
        sid = options.scenario
        scen = scenario_data(sid)
        first = int(scen["first_turn"])
        units: dict[str, UnitState] = {
            u: {
                "at": POOL,
                "steps": c.steps,
                "city": False,
                "guerrilla": False,
                "done": False,
                "turn": 0,
                "port": "",
            }
            for u, c in COUNTERS.items()
        }
        leaders: dict[str, LeaderState] = {
            lid: {"at": OUT, "done": False, "turn": 0} for lid in BOARD.leaders
        }
        rp = dict.fromkeys(RP_POOLS, 0.0)
        for key, value in BOARD.rp.get(setup_id(sid), BOARD.rp["campaign"]).items():
            if key in rp:
                rp[key] = float(value)
        state = cls(
            game,
            options,
            {
                "turn": first,
                "phase": "setup",
                "units": units,
                "leaders": leaders,
                "rp": rp,
                "liberals": int(scen["subversion_turn"])
                if scen.get("liberals_in_power") and options.liberals_1820 == "in-power"
                else 0,
                "iguala": 0,
                "repression": [],
                "slaves": {"patriot": [], "royalist": []},
                "halved": [],
                "raided": {},
                "slave_turn": {"patriot": 0, "royalist": 0},
                "blockades": {},
                "sieged": {},
                "spl": False,
                "revealed": [],
            },
        )
        if setup_id(sid) == "campaign":
            state._campaign_fixed()
        else:
            state._scenario_placements(sid, first)
        for marker in BOARD.markers:
            if marker["scenario"] == setup_id(sid):
                if marker["kind"] == "repression":
                    state.d["repression"] += list(marker["areas"])
                else:
                    slaves, side = state.d["slaves"], marker["side"]  # replaced, never changed in place
                    state.d["slaves"] = {**slaves, side: slaves[side] + list(marker["areas"])}
        state.start("game")
        return state

    # ----------------------------------------------------------------------------------- set-up
    def _campaign_fixed(self) -> None:
        """§2.1–§2.3: everything the campaign set-up fixes; the choices are left to `deployment`."""
        d = self.d
        for uid, u in BOARD.units.items():
            if u.turn:
                self.move(uid, DUE, turn=u.turn)
            elif u.setup in BOARD.areas or u.setup in BOARD.boxes:
                self.move(uid, u.setup, steps=u.start_steps)
        for lid, ldr in BOARD.leaders.items():
            if ldr.setup in BOARD.areas:
                d["leaders"][lid]["at"] = ldr.setup
            elif ldr.turn:
                leader = d["leaders"][lid]
                leader["at"], leader["turn"] = DUE, ldr.turn
        for req in BOARD.requirements.values():
            if req["scenario"] != "campaign":
                continue
            where = req.get("at")
            areas = req.get("areas", [])
            area = BOARD.cities[where].area if where else areas[0] if len(areas) == 1 else ""
            for uid in req.get("units", []):
                self.move(uid, area, steps=BOARD.units[uid].start_steps)
            for lid in req.get("leaders", []):
                d["leaders"][lid]["at"] = area
            nat = militia_nationality(req)
            for arm in ("infantry", "cavalry"):
                for _ in range(req.get(f"militia_{arm}", 0)):
                    self.place_militia(nat, arm, area, city=bool(where))

    def _scenario_placements(self, sid: str, first: int) -> None:
        """§12.2.2–§12.3.3: the placements that fill the scenario's requirements (those "in any area of …"
        left to `deployment` when the players choose them); units due before its first turn wait in the
        recruit pool, later ones on the turn track (§12.2.3)."""
        d = self.d
        placed: set[str] = set()
        for pl in BOARD.placed(sid):
            req = BOARD.requirements[pl["requirement"]]
            if self.options.setup == "choose" and BOARD.area_left_open(req):
                placed.update(pl.get("units", []) + pl.get("leaders", []))  # `deployment` places them
                continue
            where = req.get("at", "")
            if where in BOARD.cities:
                area, city = BOARD.cities[where].area, True
            elif where:
                area, city = where, False
            else:
                area, city = pl["area"], False
            guerrilla = bool(req.get("guerrilla"))
            for uid in pl.get("units", []):
                steps = BOARD.placed_steps(pl, uid)
                self.move(uid, area, steps=steps, city=city)
                if COUNTERS[uid].naval:
                    self.place_unit(uid, where if where in BOARD.cities else area)
                placed.add(uid)
            for lid in pl.get("leaders", []):
                d["leaders"][lid]["at"] = area
            nat = militia_nationality(req)
            for arm in ("infantry", "cavalry"):
                for _ in range(militia_count(pl, arm)):
                    self.place_militia(nat, arm, area, city=city, guerrilla=guerrilla)
        for uid, u in BOARD.units.items():
            if uid in placed:
                continue
            if u.setup == "brasil":
                self.move(uid, "brasil")
            elif u.turn >= first:
                self.move(uid, DUE, turn=u.turn)
        extra = BOARD.scenario_leaders.get(sid, {})
        for lid, ldr in BOARD.leaders.items():
            if d["leaders"][lid]["at"] != OUT or lid in extra.get("out", []) or lid in placed:
                continue
            leader = d["leaders"][lid]
            if lid in extra.get("enter", []):
                leader["at"], leader["turn"] = DUE, first
            elif ldr.turn >= first:
                leader["at"], leader["turn"] = DUE, ldr.turn

    def place_unit(self, uid: str, place: str) -> None:
        """Put a counter in `place` (an area, a city, a sea or a box), ready to operate: a ship put in an
        area lies in its port (the city given, else the area's main port, §7.4); a land unit in the field."""
        naval = COUNTERS[uid].naval
        if place in BOARD.areas:  # an area first: Lima, Maracaibo… name a city too
            at, city, port = place, naval, main_port(place) if naval else ""
        elif place in BOARD.cities:
            at, city, port = BOARD.cities[place].area, True, place if naval else ""
        else:
            at, city, port = place, False, ""
        self.move(uid, at, done=False, guerrilla=False, city=city, port=port)

    def place_militia(
        self, nat: str, arm: str, area: str, city: bool = False, guerrilla: bool = False
    ) -> str:
        """Put a militia counter of the pool on the map; "" if the pool is empty (§9.3)."""
        uid = next((u for u in militia_of(nat, arm) if self.d["units"][u]["at"] == POOL), "")
        if uid:
            self.move(uid, area, steps=1, city=city, guerrilla=guerrilla, done=False)
        return uid

    # ------------------------------------------------------------------- where the counters are
    def move(self, uid: str, at: str, **fields: Unpack[MoveFields]) -> None:
        """Put counter `uid` in `at` (an area, a sea, a box, `pool`, `due`, `dead`, `out`), setting the
        other `fields` of its record as given: the one way a counter changes place, so that the index of
        counters by place stays true."""
        where = self.by_place()  # before the record changes: a fresh index reads the records
        was = self.d["units"][uid]["at"]
        self.set_unit(uid, at=at, **fields)
        if was != at:
            where[was] = tuple(u for u in where[was] if u != uid)
            where[at] = tuple(sorted((*where.get(at, ()), uid), key=RANK.__getitem__))

    def set_unit(self, uid: str, **fields: Unpack[UnitFields]) -> None:
        """Set `fields` of counter `uid`'s record: the one way to write one (a change of place goes through
        `move`, which comes here; `set_units` writes many)."""
        self.set_units({uid: fields})

    def set_units(self, fields_of: Mapping[str, UnitFields]) -> None:
        """Set the fields of each counter's record `fields_of` names. Clones share the records (see
        `clone`), so the first write to a record since the last clone writes a copy of it; the test
        `test_clone.py` proves no write goes round. A change of place goes through `move`, which keeps the
        index of counters by place; the resampler, which writes many at once, rebuilds it (`reindex`).

        A counter written where it stands gets its place a new tuple in the index, equal to the old one: a
        place's tuple is replaced whenever a counter there comes, goes or is written, so what is worked out
        from a place's counters (its control, §1.1.1, and what a view shows of it) is remembered by the
        tuple's identity (see the class)."""
        units = self.d["units"]
        own: tuple[dict[str, UnitState], set[str]] | None = getattr(self, "_own", None)
        if own is None or own[0] is not units:
            own = self._own = (units, set())
        copied = own[1]
        cache: Where | None = getattr(self, "_where", None)
        where = cache[1] if cache is not None and cache[0] is units else None
        for uid, fields in fields_of.items():
            if not fields.keys() <= UNIT_FIELDS:
                raise KeyError(f"a counter has no field {sorted(fields.keys() - UNIT_FIELDS)}")
            at = units[uid]["at"]
            if where is not None and fields.get("at", at) == at and at in where:
                where[at] = tuple(list(where[at]))  # a new tuple (`tuple(t)` would be `t` itself)
            if uid in copied:
                units[uid].update(fields)
            else:
                units[uid] = {**units[uid], **fields}
                copied.add(uid)

    def by_place(self) -> dict[str, tuple[str, ...]]:
        """The counters by place, each place's in the order of `d["units"]` (rebuilt when `d["units"]`
        is not the object it was built from)."""
        units = self.d["units"]
        cache: Where | None = getattr(self, "_where", None)
        if cache is not None and cache[0] is units:
            return cache[1]
        where = self.index_units()
        self._where = (units, where)
        return where

    def reindex(self, where: dict[str, tuple[str, ...]] | None = None) -> None:
        """Rebuild the index of counters by place from the records (after rewriting many at once), or
        take `where`, an index the caller built true to them (`invariants` checks it)."""
        self._where = (self.d["units"], self.index_units() if where is None else where)

    def index_units(self) -> dict[str, tuple[str, ...]]:
        """The counters by place, worked out afresh from the records (`invariants` compares it with the
        index kept)."""
        where: dict[str, list[str]] = {}
        for u, s in self.d["units"].items():
            where.setdefault(s["at"], []).append(u)
        return {place: tuple(units) for place, units in where.items()}

    def clone(self) -> GamState:
        """`State.clone`, cheaper: the twin shares the counter records (flat dicts of strings, numbers and
        booleans) with this state until either writes one (`set_unit` copies it first); the leader records
        are copied dict by dict, the values of `shared_keys` shared, the rest copied through `copy_data`;
        the index of counters by place comes along."""
        twin = object.__new__(GamState)
        twin.game = self.game
        twin.options = self.options
        units, leaders = self.d["units"], self.d["leaders"]
        twin.d = rest = self._copy_position(apart=("units", "leaders"))
        rest["units"] = shared = dict(units)
        rest["leaders"] = dict(zip(leaders, map(LeaderState.copy, leaders.values()), strict=True))
        self._own = (units, set())  # every record is shared now: both states copy one before writing it
        twin._own = (shared, set())
        self._share_log(twin)
        cache: Where | None = getattr(self, "_where", None)
        if cache is not None and cache[0] is units:
            twin._where = (shared, dict(cache[1]))
        control: Control | None = getattr(self, "_control", None)
        if control is not None and control[0] is units:
            twin._control = (shared, dict(control[1]))  # its entries are immutable: shared, never written
        return twin

    # ------------------------------------------------------------------ limited intelligence §5.1.3
    def hidden(self, side: str) -> bool:
        """Whether `side`'s forces are hidden from the other side: limited intelligence (§5.1.3), and
        never the El Plata rebels, whom both sides see (§9.5)."""
        return self.options.intelligence == "limited" and side in ("patriot", "royalist")

    def log_for(self, owner: str, key: str, /, **params: Any) -> None:
        """A log line that names what the side `owner` keeps in its force boxes (a counter and where it
        went): only `owner` reads it under limited intelligence, everyone in the open setting (§5.1.3). The
        line's own parameters may name a `side`."""
        self.log(key, visible_to=[SIDES_ROLE[owner]] if self.hidden(owner) else None, **params)

    # --------------------------------------------------------------------------------- queries
    @property
    def turn(self) -> int:
        return int(self.d["turn"])

    def side_of(self, uid: str) -> str:
        return COUNTERS[uid].side

    def units_at(self, area: str, side: str | None = None) -> list[str]:
        """The counters in `area` (of `side`), naval ones in its ports included."""
        here = self.by_place().get(area, ())
        if side is None:
            return list(here)
        return [u for u in here if COUNTERS[u].side == side]

    def land_at(self, area: str, side: str | None = None) -> list[str]:
        return [u for u in self.units_at(area, side) if not COUNTERS[u].naval]

    def leaders_at(self, area: str, side: str | None = None) -> list[str]:
        return [
            lid
            for lid, s in self.d["leaders"].items()
            if s["at"] == area and (side is None or BOARD.leaders[lid].side == side)
        ]

    def placed(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """Every counter and every leader by the place it is in (one pass, for views and counts over
        every area)."""
        units = {place: list(here) for place, here in self.by_place().items() if here}
        return units, self.leaders_by_place()

    def leaders_by_place(self) -> dict[str, list[str]]:
        """Every leader by the place it is in (one pass over the leaders)."""
        leaders: dict[str, list[str]] = {}
        for lid, s in self.d["leaders"].items():
            leaders.setdefault(s["at"], []).append(lid)
        return leaders

    def holders(self, area: str) -> frozenset[str]:
        """§1.1.1 and §10.1: the sides that control `area` (both: partial control)."""
        return self._held(area, self.by_place().get(area, ()), tuple(self.leaders_at(area)))

    def control(self) -> dict[str, frozenset[str]]:
        """`holders` of every area at once (an empty area has none)."""
        occupied = self.occupied_control()
        return {area: occupied.get(area, NO_HOLDER) for area in BOARD.areas}

    def occupied_control(self) -> dict[str, frozenset[str]]:
        """`holders` of each area where a counter or a leader stands, the others left out (they have
        none): `control()` at the cost of the occupied areas (the observation reads only these; issue 26).
        Each area's is the memo's where its counters and leaders are those it was worked out from."""
        where = self.by_place()
        leaders = self.leaders_by_place()
        known = self._known_control()
        out: dict[str, frozenset[str]] = {}
        for place, units in where.items():
            if units and place in BOARD.areas:
                chiefs = tuple(leaders.get(place, ()))
                memo = known.get(place)
                if memo is not None and memo[0] is units and memo[1] == chiefs:
                    out[place] = memo[2]
                else:
                    out[place] = self._held(place, units, chiefs)
        for place, alone in leaders.items():  # leaders with no counter beside them
            if place not in out and place in BOARD.areas:
                out[place] = self._held(place, where.get(place, ()), tuple(alone))
        return out

    def _held(self, area: str, units: tuple[str, ...], leaders: tuple[str, ...]) -> frozenset[str]:
        """`holders` of `area`, whose counters are `units` (its tuple of the index) and leaders `leaders`:
        the memo's while they are what it was worked out from (see the class), else worked out again."""
        known = self._known_control()
        memo = known.get(area)
        if memo is not None and memo[0] is units and memo[1] == leaders:
            return memo[2]
        held = self._holders(units, leaders)
        known[area] = (units, leaders, held)
        return held

    def _known_control(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]]:
        """The memo of control by area (see the class), started afresh when `d["units"]` is another
        object than the one it was kept for."""
        control: Control | None = getattr(self, "_control", None)
        if control is None or control[0] is not self.d["units"]:
            control = self._control = (self.d["units"], {})
        return control[1]

    def keep_control(self, original: GamState, places: set[str]) -> None:
        """Keep in `places` the control `original` has kept there: this state is a redraw of `original`
        (`redraw.resample`) that left in each place its counters' sides, regulars and guerrilla marks and
        its leaders' sides, all that control reads (§1.1.1), under other names. The tests compare it with
        control worked out afresh in redraws."""
        theirs = original._known_control()
        if not theirs:
            return
        known = self._known_control()
        where, there = self.by_place(), original.by_place()
        leaders, chiefs = self.leaders_by_place(), original.leaders_by_place()
        for place in places:
            memo = theirs.get(place)
            if (
                memo is not None
                and memo[0] is there.get(place, ())
                and memo[1] == tuple(chiefs.get(place, ()))
            ):
                known[place] = (where.get(place, ()), tuple(leaders.get(place, ())), memo[2])

    def stale_control(self, fresh: dict[str, tuple[str, ...]] | None = None) -> list[str]:
        """The areas whose kept control the memo would give now (their counters and leaders are those it
        was worked out from) but which control worked out afresh from the records — the counters' `at`
        and guerrilla mode, the leaders' `at` — differs from: none, or the memo was not forgotten where it
        should have been (`invariants` and `test_control.py` check it). `fresh`: `index_units()`, if the
        caller has it."""
        where, leaders = self.by_place(), self.leaders_by_place()
        fresh = self.index_units() if fresh is None else fresh
        return sorted(
            area
            for area, (units, chiefs, held) in self._known_control().items()
            if units is where.get(area, ())
            and chiefs == tuple(leaders.get(area, ()))
            and held != self._holders(fresh.get(area, ()), chiefs)
        )

    def _holders(self, units: Sequence[str], leaders: Sequence[str]) -> frozenset[str]:
        """Worked out from the records: land units and leaders count; guerrillas do not where enemy
        regulars stand; the El Plata rebels are their own holder."""
        records = self.d["units"]
        land: dict[str, list[int]] = {}  # side → [land units, of them in guerrilla mode, regulars]
        for u in units:
            kind = LAND.get(u)
            if kind is None:
                continue
            side, regular = kind
            counts = land.get(side)
            if counts is None:
                counts = land[side] = [0, 0, 0]
            counts[0] += 1
            counts[1] += records[u]["guerrilla"]
            counts[2] += regular
        out = set(land)
        if leaders:
            out.update(BOARD.leaders[lid].side for lid in leaders)
        if len(land) > 1:  # guerrillas and enemy regulars in one area
            for side, (count, guerrillas, _) in land.items():
                if count == guerrillas and any(s != side and s in SIDES and land[s][2] for s in land):
                    out.discard(side)
        return frozenset(out)

    def controls(self, side: str, area: str) -> bool:
        """Full or partial control (§1.1.1)."""
        return side in self.holders(area)

    def strength_steps(self, units: list[str]) -> int:
        return sum(int(self.d["units"][u]["steps"]) for u in units)

    def best_leader(self, leaders: list[str], factor: str = "ops") -> int:
        return max((int(getattr(BOARD.leaders[lid], factor)) for lid in leaders), default=0)

    def eliminate(self, uid: str) -> None:
        """A counter eliminated returns to its side's recruit pool (§2.3, §6.6 example); the São Paulo
        Legion is never rebuilt (§10.6)."""
        c = COUNTERS[uid]
        at = DEAD if c.nationality == "portuguese" else POOL
        self.move(uid, at, steps=c.steps, city=False, guerrilla=False, done=False, port="")

    def lose_step(self, uid: str) -> None:
        steps = self.d["units"][uid]["steps"]
        if steps > 1:
            self.set_unit(uid, steps=steps - 1)
        else:
            self.eliminate(uid)

    def rp_for(self, nationality: str) -> tuple[str, ...]:
        """The RP pools a counter of `nationality` may spend (§4.2), its own first."""
        from ludoteca.games.guerra_a_muerte.counters import PATRIOT_POOLS

        return PATRIOT_POOLS.get(nationality, ("royalist",))

    # ----------------------------------------------------------------------------- the contract
    def running_rule(self) -> str | None:
        """The section a log line, a prompt or a die cites: the running procedure's, except that the
        step losses (`losses`) cite the procedure that inflicted them — attrition §5.3, a field battle
        §6.1, a siege §6.2, a counter-guerrilla §10.1 — not a battle's section whatever their cause."""
        frame = self.running_frame()
        if frame is not None and frame["p"] == "losses" and len(self.frames()) > 1:
            return self.procedures.by_name[self.caller()["p"]].rule
        return super().running_rule()

    def _plain_action_view(self, action: int, lang: str) -> dict[str, Any]:
        """The action's label names its area or counter in the reader's language, a recruit's cost and pool
        (`labels.plain_label`: it reads only the action and the messages)."""
        from ludoteca.games.guerra_a_muerte.labels import plain_label

        view = super()._plain_action_view(action, lang)
        view["label"] = plain_label(self.game.catalog, self.game.actions.names[action], lang)
        return view

    def action_view(self, action: int, lang: str) -> dict[str, Any]:
        """What the position tells of an action's label (`labels.position_label`): a militia's change of
        mode says the mode it goes to (§10.1); the militia an uprising raises costs nothing (§9.3)."""
        from ludoteca.games.guerra_a_muerte.labels import position_label

        view = super().action_view(action, lang)
        if view["group"] in ("guerrilla", "recruit"):
            view["label"] = position_label(self, view, lang)
        return view

    def choice_shown(self, action: int) -> bool:
        """A private choice (limited intelligence, §5.1.3) is shown to the other side when it is one of
        `SHOWN_VERBS`: passing, attacking, moving or activating a force whose marker everyone sees tells
        nothing more than the map, and its label names only a place. A choice naming a counter (whose
        identity a hidden force keeps) or placing one (the set-up asks for its counters in a known order,
        so where each went would name it) stays hidden."""
        return verb(action) in SHOWN_VERBS

    def resample_from_infostate(self, role: int, rng: random.Random) -> GamState:
        from ludoteca.games.guerra_a_muerte.redraw import resample

        return resample(self, role, rng)

    def resampler(self, role: int) -> Callable[[random.Random], GamState]:
        from ludoteca.games.guerra_a_muerte.redraw import resampler

        return resampler(self, role)
