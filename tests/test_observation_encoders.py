"""The observation encoders made fast for issue 26 give exactly the tensors, and the names, of the plain
encoders they replaced, on thousands of random positions of every game and mode. The plain encoders are
kept here, as they were, to compare with, and write through `PlainObservation`, the core's helpers as they
were (label by label), so that the core's fast helpers are compared too."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from ludoteca.adapters.common import ObservationWriter, as_array
from ludoteca.adapters.gymnasium import GameEnv
from ludoteca.adapters.vector import VectorGameEnv
from ludoteca.core.game import get_game
from ludoteca.core.observation import SPARSE_FROM, Observation, SectionMemo, SharedEntries
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.board import BOARD as GAM_BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.view import PHASES as GAM_PHASES
from ludoteca.games.guerra_a_muerte.view import SIDE_OF_ROLE, masked
from ludoteca.games.maquis.board import BOARD as MAQUIS_BOARD
from ludoteca.games.maquis.position import PHASES as MAQUIS_PHASES
from ludoteca.games.mar_y_acero.board import AREAS, BAGS
from ludoteca.games.mar_y_acero.pieces import FACTION_OF_ROLE, key, pieces
from ludoteca.games.mar_y_acero.position import COLON_AT, FACTIONS, FLAGS, PHASES
from ludoteca.games.mar_y_acero.view import DESTINIES, EVENTS, KEYS
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.view import CARD_SLOTS, CARDS
from ludoteca.games.pax_porfiriana.board import CARDS as PAX_CARDS
from ludoteca.games.pax_porfiriana.board import PRESTIGE_TYPES, REGIMES, TOPPLES

POSITIONS = 1000
"""Positions compared per game and mode (each for every role in play): 17,000 in all."""


class PlainObservation:
    """`core.observation.Observation` before issue 26's second step: every entry written label by label."""

    def __init__(self, named: bool = False) -> None:
        self.values: list[float] = []
        self.names: list[str] | None = [] if named else None

    def add(self, name: str, value: float) -> None:
        self.values.append(value)
        if self.names is not None:
            self.names.append(name)

    def each(self, name: str, labels: Sequence[object], values: Iterable[float]) -> None:
        before = len(self.values)
        self.values.extend(values)
        if len(self.values) - before != len(labels):
            raise ValueError(f"{name}: {len(labels)} labels for {len(self.values) - before} values")
        if self.names is not None:
            self.names.extend(f"{name}[{label}]" for label in labels)

    def entries(self, names: Sequence[str], values: Sequence[float]) -> None:
        if len(names) != len(values):
            raise ValueError(f"{len(names)} names for {len(values)} values, from {names[:1]}")
        self.values.extend(values)
        if self.names is not None:
            self.names.extend(names)

    def one_hot(self, name: str, labels: Sequence[object], chosen: object) -> None:
        self.each(name, labels, (float(label == chosen) for label in labels))

    def members(self, name: str, labels: Sequence[object], present: Collection[object]) -> None:
        self.each(name, labels, (float(label in present) for label in labels))


def plain_maquis(state: Any, role: int, out: PlainObservation) -> None:
    """`maquis.view.observe` before issue 26's second step."""
    kinds, missions = MAQUIS_BOARD.resources, list(MAQUIS_BOARD.missions)
    cards, bridges = sorted(MAQUIS_BOARD.patrol_cards), sorted(MAQUIS_BOARD.bridges)
    position = state.d
    out.add("day", position["day"] / 15)
    out.add("second_pass", position["pass"] - 1)
    out.add("morale", position["morale"] / 7)
    out.add("soldiers", position["soldiers"] / 5)
    out.add("workers_home", position["home"] / 5)
    out.add("workers_at_cafe", position["cafe"] / 5)
    out.add("workers_lost", position["gone"] / 5)
    out.add("shot_today", float(position["shot"]))
    out.add("bridges_to_blow", position["blow"] / 2)
    out.one_hot("phase", MAQUIS_PHASES, position["phase"])
    out.each("held", kinds, (position["res"][kind] / 4 for kind in kinds))
    for field in ("field_west", "field_east"):
        tokens = position["fields"][field]
        out.each(field, kinds, (tokens.get(kind, 0) / 4 for kind in kinds))
    board, ready, tiles = position["board"], position["ready"], position["tiles"]
    for loc in MAQUIS_BOARD.locations:
        out.one_hot(f"pawn.{loc}", ("w", "m", "s"), board.get(loc))
        out.add(f"to_activate.{loc}", float(loc in ready))
        if MAQUIS_BOARD.locations[loc].kind == "spare_room":
            out.one_hot(f"tile.{loc}", list(MAQUIS_BOARD.tiles), tiles.get(loc))
    out.each("patrol_deck", cards, (float(card in position["deck"]) for card in cards))
    out.one_hot("patrol_top", cards, position["peek"])
    out.each("bridge_destroyed", bridges, (float(bridge in position["bridges"]) for bridge in bridges))
    for slot in (0, 1):
        card = position["missions"][slot] if slot < len(position["missions"]) else None
        name = f"mission_{slot + 1}"
        out.one_hot(name, missions, None if card is None else card["id"])
        out.add(f"{name}.boxes", 0.0 if card is None else card["boxes"] / 3)
        out.add(f"{name}.done", 0.0 if card is None else float(card["done"]))
        out.add(f"{name}.marks", 0.0 if card is None else len(card["marks"]) / 6)
        out.add(f"{name}.worker_on_card", 0.0 if card is None else float(card["keeper"]))
        out.add(f"{name}.dark_lady_found", 0.0 if card is None else float(card["lady"] is not None))


def plain_pax_porfiriana(state: Any, role: int, out: PlainObservation) -> None:
    """`pax_porfiriana.view.observe` before issue 26's second step."""
    card_ids = list(PAX_CARDS)
    d = state.d
    out.one_hot("regime", list(REGIMES), d["regime"])
    out.add("depression", float(d["depression"]))
    out.add("topples_done", d["topples_done"] / len(TOPPLES))
    out.add("deck", min(1.0, sum(m + t for m, t in d["piles"]) / 120.0))
    market = {c for row in d["market"] for c in row if c}
    out.each("market", card_ids, (float(c in market) for c in card_ids))
    for p in range(6):
        here = p < state.n
        out.add(f"gold[{p}]", min(1.0, d["gold"][p] / 100.0) if here else 0.0)
        out.add(f"jailed[{p}]", float(here and d["jail"][p]))
        out.add(f"hand_size[{p}]", min(1.0, len(d["hands"][p]) / 5.0) if here else 0.0)
        out.each(
            f"prestige[{p}]",
            PRESTIGE_TYPES,
            (min(1.0, state.prestige(p, k) / 20.0) if here else 0.0 for k in PRESTIGE_TYPES),
        )
        row = {e["id"] for e in d["play"][p]} if here else set()
        out.each(f"row[{p}]", card_ids, (float(c in row) for c in card_ids))
    hand = set(d["hands"][role]) if role < state.n else set()
    out.each("hand", card_ids, (float(c in hand) for c in card_ids))


def plain_mar_y_acero(state: Any, role: int, out: PlainObservation) -> None:
    """`mar_y_acero.view.observe` before issue 26."""
    position = state.d
    me = FACTION_OF_ROLE[role]
    out.add("turn", position["turn"] / 6)
    out.add("vp", position["vp"] / 20)
    out.add("royal_support", position["rs"] / 10)
    out.add("impulses[ind]", position["imp"]["ind"] / 5)
    out.add("impulses[es]", position["imp"]["es"] / 5)
    out.one_hot("phase", PHASES, position["phase"])
    grace = position["grace"]
    out.add("grace.face_es", float(grace["face"] == "es"))
    out.add("grace.used", float(grace["box"] == "used"))
    out.add("grace.used_this_turn", float(grace["turn_used"]))
    flags = position["flags"]
    out.each("flag", FLAGS, (float(flags[name]) for name in FLAGS))
    for area in AREAS:
        for fac in FACTIONS:
            here = [key(p) for p in pieces(state, area, fac)]
            out.each(f"area{area}.{fac}", KEYS, (min(here.count(k), 6) / 6 for k in KEYS))
        out.add(f"area{area}.palisade", float(area in position["pal"]))
        out.add(f"area{area}.citadel", float(area in position["cit"]))
        out.add(f"area{area}.scroll", float(area in position["scroll"]))
        out.add(f"area{area}.spanish", float(position["ctrl"][area - 1] == "es"))
    out.each("bag", BAGS, (sum(position["bags"][bag].values()) / 33 for bag in BAGS))
    out.one_hot("destiny", DESTINIES, position["destiny"])
    out.each("destiny_left", DESTINIES, (float(c in position["destinies"]) for c in DESTINIES))
    out.each("hand", EVENTS, (float(c in position["hands"][me]) for c in EVENTS))
    out.one_hot("committed", EVENTS, position["commit"][me])
    for fac in FACTIONS:
        out.each(f"played.{fac}", EVENTS, (float(c in position["played"][fac]) for c in EVENTS))
    out.one_hot("colon", COLON_AT, position["colon"])


def plain_patria_libre(state: Any, role: int, out: PlainObservation) -> None:
    """`patria_libre.view.observe` before issue 26."""
    d = state.d
    span = BOARD.top - BOARD.bottom
    for p in BOARD.ids:
        fort = d["forts"].get(p)
        out.add(f"fort[{p}]", fort[0] / 2 if fort else 0.0)
        for r in ROLES:
            out.add(f"troop[{p},{r}]", d["troops"][p].get(r, 0) / 3)
            out.add(f"leader[{p},{r}]", 1.0 if d["leaders"].get(r) == p else 0.0)
            out.add(f"fort_owner[{p},{r}]", 1.0 if fort and fort[1] == r else 0.0)
            out.add(f"orders[{p},{r}]", min(1.0, state.orders_at(r, p) / 4) if r in d["seats"] else 0.0)
    for r in ROLES:
        seated = r in d["seats"]
        out.add(f"seated[{r}]", 1.0 if seated else 0.0)
        out.add(f"coins[{r}]", min(1.0, d["coins"][r] / BOARD.pieces["coins"]) if seated else 0.0)
        for c in COLUMNS:
            m, pend = d["pop"][r][c] if seated else (0, 0)
            out.add(f"marker[{r},{c}]", (m - BOARD.bottom) / span)
            out.add(f"pendulum[{r},{c}]", (pend - BOARD.bottom) / span)
        for k in range(len(BOARD.tokens)):
            up, where = d["tokens"][r][k] if seated else (0, None)
            out.add(f"token_flipped[{r},{k + 1}]", float(up))
            out.add(f"token_placed[{r},{k + 1}]", 1.0 if where else 0.0)
        out.add(f"to_move[{r}]", 1.0 if seated and d["seats"][d["turn"]] == r else 0.0)
    places = card_places(state)
    for c in CARDS:
        out.one_hot(f"card[{c}]", CARD_SLOTS, places.get(c))
    for side in ("insurgent", "royalist"):
        out.add(f"vp[{side}]", max(0.0, min(1.0, (d["vp"][side] + 10) / 50)))
    out.add("spv_done", len(d["spv_done"]) / len(BOARD.spv))


def card_places(state: Any) -> dict[str, str]:
    """`patria_libre.view.card_places` before issue 26's PettingZoo step: where each revealed card is."""
    d = state.d
    places: dict[str, str] = {}
    for c in d["market"]:
        places[c] = "market"
    for item in d["line"]:
        if item[0] == "spv":
            places[item[1]] = "line"
        elif item[3]:
            places[item[3]] = "line"
    for c in d["discard"]:
        places[c] = "discard"
    for c in d["spv_done"]:
        places[c] = "spv_done"
    for stack in d["placed"].values():
        for _, _, c in stack:
            if c:
                places[c] = "placed"
    for r, cards in d["area"].items():
        for c in cards:
            places[c] = r
    return places


def plain_guerra_a_muerte(state: Any, role: int, out: PlainObservation) -> None:
    """`guerra_a_muerte.view.observe` before issue 26."""
    d = state.d
    mine = SIDE_OF_ROLE[role]
    other = SIDE_OF_ROLE[1 - role]
    hide = masked(state, role)
    out.add("turn", d["turn"] / 15)
    out.one_hot("phase", GAM_PHASES, d["phase"])
    out.add("liberals", float(bool(d["liberals"])))
    out.each("rp", list(d["rp"]), (min(v, 40.0) / 40 for v in d["rp"].values()))
    control = state.control()
    where = state.by_place()
    records = d["units"]
    for area in GAM_BOARD.areas:
        here = where.get(area, ())
        steps = sum(int(records[u]["steps"]) for u in here if COUNTERS[u].side == mine)
        holders = control[area] - {hide}
        out.each(
            f"control[{area}]",
            ("patriot", "royalist", "rebel"),
            (float(s in holders) for s in ("patriot", "royalist", "rebel")),
        )
        out.add(f"own_steps[{area}]", min(steps, 30) / 30)
        theirs = [] if hide else [u for u in here if COUNTERS[u].side == other and not COUNTERS[u].naval]
        out.add(f"enemy_city[{area}]", float(any(records[u]["city"] for u in theirs)))
        out.add(f"enemy_guerrilla[{area}]", float(any(records[u]["guerrilla"] for u in theirs)))
        out.add(f"repression[{area}]", float(area in d["repression"]))


def positions(game_id: str, options: Mapping[str, str], count: int, seed: int) -> Iterator[State]:
    """`count` positions of random games, every position of each game in turn."""
    game = get_game(game_id)
    rng = random.Random(seed)
    seen = 0
    while True:
        state = game.new_initial_state(options)
        while not state.is_terminal():
            yield state
            seen += 1
            if seen == count:
                return
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )


Plain = Callable[[Any, int, PlainObservation], None]
PLAIN: dict[str, Plain] = {
    "maquis": plain_maquis,
    "mar-y-acero": plain_mar_y_acero,
    "patria-libre": plain_patria_libre,
    "guerra-a-muerte": plain_guerra_a_muerte,
    "pax-porfiriana": plain_pax_porfiriana,
}
MODES: list[tuple[str, dict[str, str]]] = [
    ("maquis", {}),
    ("maquis", {"difficulty": "very-hard", "missions": "level2"}),
    ("mar-y-acero", {}),
    ("mar-y-acero", {"mode": "solo"}),
    ("patria-libre", {}),
    ("patria-libre", {"players": "3"}),
    ("patria-libre", {"players": "4"}),
    ("patria-libre", {"solo": "insurgentes"}),
    ("patria-libre", {"solo": "realistas"}),
    ("guerra-a-muerte", {"scenario": "campaign"}),
    ("guerra-a-muerte", {"scenario": "1810-1814"}),
    ("guerra-a-muerte", {"scenario": "1815-1818"}),
    ("guerra-a-muerte", {"scenario": "1820-1824"}),
    ("guerra-a-muerte", {"scenario": "1815-1818", "intelligence": "open"}),
    ("pax-porfiriana", {}),
    ("pax-porfiriana", {"players": "4"}),
    ("pax-porfiriana", {"players": "6"}),
    ("pax-porfiriana", {"solo": "diaz"}),
]
"""Every game, and each mode that changes what is observed (players, solo opponents, scenarios)."""


@pytest.mark.parametrize(("game_id", "options"), MODES)
def test_the_fast_encoder_gives_the_plain_encoders_tensor(game_id: str, options: dict[str, str]) -> None:
    """The tensor, its sections, their arrays (`as_array`, and an environment's `ObservationWriter`, which
    writes each position over the last: one position after the other of a game, as an environment does)
    and the names are the plain encoder's."""
    game = get_game(game_id)
    roles = game.roles_in_play(game.parse_options(options))
    plain = PLAIN[game_id]
    writer = ObservationWriter()
    names_checked = False
    for state in positions(game_id, options, POSITIONS, seed=len(options)):
        for role in roles:
            expected = PlainObservation(named=not names_checked)
            plain(state, role, expected)
            assert state.observation_tensor(role) == expected.values
            sections = state.observation_sections(role)  # the adapters' path: sparse sections as holes
            assert sections.tensor() == expected.values
            array = as_array(sections)
            assert np.array_equal(array, np.asarray(expected.values, dtype=np.float32))
            written = writer(state, role)
            assert written.dtype == np.float32
            assert written.tobytes() == array.tobytes()  # the same bits
            if not names_checked:
                assert state.observation_names(role) == expected.names
        names_checked = True


ENV_STEPS = 150
"""Consecutive steps of each environment compared with the plain encoder, per game and mode."""


@pytest.mark.parametrize(("game_id", "options"), MODES)
def test_the_environments_observations_are_the_plain_encoders_tensor(
    game_id: str, options: dict[str, str]
) -> None:
    """A `GameEnv`'s observation, and each row of a `VectorGameEnv`'s (each written over its last by its
    own `ObservationWriter`, copied into the batch), are the plain encoder's tensor as float32, bit for
    bit, over consecutive random steps (episodes that end start again: next-step autoreset)."""
    plain = PLAIN[game_id]

    def expected(state: State, role: int) -> bytes:
        out = PlainObservation()
        plain(state, role, out)
        return np.asarray(out.values, dtype=np.float32).tobytes()

    rng = np.random.default_rng(len(options))
    envs = VectorGameEnv(game_id, num_envs=3, **options)
    env = GameEnv(game_id, **options)
    observations, info = envs.reset(seed=7)
    observation, single_info = env.reset(seed=7)
    over = False
    for _ in range(ENV_STEPS):
        for row, state in zip(observations, envs.game_states, strict=True):
            assert row.tobytes() == expected(state, envs.role)
        assert observation.tobytes() == expected(env.game_state, env.role)
        masks = info["action_mask"]
        keys = rng.random(masks.shape)
        keys[masks == 0] = -1.0
        observations, *_, info = envs.step(keys.argmax(axis=1))
        if over:
            observation, single_info = env.reset()
            over = False
        else:
            legal = np.flatnonzero(single_info["action_mask"])
            observation, _, over, _, single_info = env.step(rng.choice(legal))


@pytest.mark.parametrize(
    ("labels", "chosen"),
    [
        (("a", "b", "c"), "b"),
        (("a", "b", "c"), None),  # no label: all zeros
        (["a", None, "c"], None),  # None may be a label
        (("a", "b", "a"), "a"),  # a label twice: both entries
        ((1, 2, 3), True),  # equal values of other types, as `==` says
        (([1], [2]), [2]),  # unhashable labels and choice: label by label
        (("a", "b"), ["a"]),  # an unhashable choice equals no label
        ((), "a"),
    ],
)
def test_the_core_helpers_give_the_plain_helpers_entries(labels: Sequence[Any], chosen: Any) -> None:
    """`one_hot` and `members` by their position maps give the label-by-label entries and names, at the
    first call and from the cache, and for a temporary copy of the labels."""
    present = [chosen] if isinstance(chosen, list) else {chosen}
    many = [*labels, *range(100, 100 + SPARSE_FROM)]  # enough labels for members' sparse section
    for attempt in (labels, labels, list(labels), many):
        fast, holed, plain = Observation(named=True), Observation(holes=True), PlainObservation(named=True)
        for out in (fast, holed, plain):
            out.add("first", 0.5)
            out.one_hot("pick", attempt, chosen)
            out.members("held", attempt, present)
            out.add("last", 0.25)
        assert fast.values == plain.values == holed.tensor()
        assert fast.names == plain.names
        assert np.array_equal(as_array(holed), np.asarray(plain.values, dtype=np.float32))


def test_a_sparse_section_is_its_patch_over_zeros_and_refuses_an_offset_outside_it() -> None:
    for holes in (False, True):
        out = Observation(named=True, holes=holes)
        out.add("a", 0.5)
        out.sparse(("s[0]", "s[1]", "s[2]"), {2: 1.0, 0: 0.25})
        out.sparse(("t[0]",), {})
        out.add("b", 0.75)
        assert out.tensor() == [0.5, 0.25, 0.0, 1.0, 0.0, 0.75]
        assert out.names == ["a", "s[0]", "s[1]", "s[2]", "t[0]", "b"]
        assert as_array(out).tolist() == [0.5, 0.25, 0.0, 1.0, 0.0, 0.75]
    with pytest.raises(IndexError, match="offset 3 outside a section of 3"):
        Observation().sparse(("x", "y", "z"), {3: 1.0})
    out = Observation(holes=True)
    out.sparse(("x", "y", "z"), {-1: 1.0})
    with pytest.raises(IndexError, match="offset -1 outside a section of 3"):
        as_array(out)


def test_as_array_puts_dense_values_and_holes_where_the_plain_tensor_has_them() -> None:
    """`as_array` places the dense values and holes by a layout made once per arrangement of holes: random
    arrangements (holes first, last, side by side, empty, none) give the plain tensor, at the first call
    and again from the cache."""
    rng = random.Random(26)
    for _ in range(300):
        plain, holed = Observation(), Observation(holes=True)
        for _ in range(rng.randrange(8)):
            if rng.random() < 0.5:
                value = rng.choice((0.0, 0.25, 1.0))
                for out in (plain, holed):
                    out.add("v", value)
            else:
                size = rng.randrange(1, 6)
                offsets = rng.sample(range(size), rng.randrange(size + 1))
                patch = {at: rng.choice((0.5, 1.0)) for at in offsets}
                for out in (plain, holed):
                    out.sparse(("s",) * size, patch)
        expected = np.asarray(plain.tensor(), dtype=np.float32)
        assert holed.tensor() == plain.tensor()
        assert np.array_equal(as_array(holed), expected)
        assert np.array_equal(as_array(holed), expected)


class Sections:
    """A state that observes as it is told (`observation_sections`), for `ObservationWriter`."""

    def __init__(self, out: Observation) -> None:
        self.out = out

    def observation_sections(self, role: int) -> Observation:
        return self.out


def test_an_observation_writer_gives_as_arrays_tensor_whatever_it_wrote_before() -> None:
    """`ObservationWriter` leaves a hole as it was when it holds the same shared entries as last time: over
    random sequences of observations (dense values, shared entries kept, changed or moved, plain entries,
    other arrangements of holes, an offset outside its section) it gives `as_array`'s tensor, bit for bit,
    each time in an array of its own."""
    rng = random.Random(41)
    shared = [
        SharedEntries({}),
        SharedEntries({0: 0.5}),
        SharedEntries({1: 1.0, 3: 0.25}),
        SharedEntries({2: 1.0}),
    ]
    writer = ObservationWriter()
    given: list[tuple[np.ndarray[Any, Any], bytes]] = []
    for _ in range(2000):
        out = Observation(holes=True)
        for _ in range(rng.choice((2, 3))):
            out.add("v", rng.choice((0.0, 0.1, 1.0)))
            if rng.random() < 0.8:
                out.sparse(("s",) * 4, rng.choice(shared))
            else:
                out.sparse(("s",) * 4, {rng.randrange(4): 0.75})
        if rng.random() < 0.02:
            out.sparse(("s",) * 4, {4: 1.0})
            with pytest.raises(IndexError, match="offset 4 outside a section of 4"):
                writer(Sections(out), 0)  # type: ignore[arg-type]
            continue
        array = writer(Sections(out), 0)  # type: ignore[arg-type]
        assert array.tobytes() == as_array(out).tobytes()
        given.append((array, array.tobytes()))
        array[:] = 1.0  # the caller's to change: the next observation is not written over it
        given[-1] = (array, array.tobytes())
    assert all(array.tobytes() == kept for array, kept in given)


def test_a_section_memo_builds_once_for_equal_inputs() -> None:
    """`SectionMemo` gives the entries `build` gives, built once for inputs with the same JSON, and built
    every time for inputs that JSON cannot hold."""
    built: list[Any] = []

    def build(counts: dict[str, int], flag: bool) -> dict[int, float]:
        built.append(counts)
        return {len(counts): 1.0} if flag else {}

    memo = SectionMemo(build)
    first = memo({"a": 1}, True)
    assert first == {1: 1.0}
    assert isinstance(first, SharedEntries)
    assert memo({"a": 1}, True) is first
    assert memo({"a": 2}, True) == {1: 1.0}
    assert memo({"a": 1}, False) == {}
    assert len(built) == 3
    assert memo({1: 1}, True) == {1: 1.0}  # a key that is not a string: built, not kept
    assert memo({1: 1}, True) == {1: 1.0}
    assert len(built) == 5
