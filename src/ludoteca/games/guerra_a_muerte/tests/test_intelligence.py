"""Limited intelligence (§5.1.3) in everything a seat is shown: the campaign's deployment (§2.0–§2.2), the
prompts and log lines that name a hidden counter, and every text of a game resolving to a message."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from ludoteca.core.game import CHANCE
from ludoteca.core.i18n import LANGUAGES
from ludoteca.core.match import Match
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import running, waiting
from ludoteca.games.guerra_a_muerte.tests.test_examples import put
from ludoteca.games.guerra_a_muerte.tests.test_naval import bare, run

GAME = GuerraAMuerte()
OTHER = {0: 1, 1: 0}
RAW_KEY = re.compile(
    r"(?<![\w.@])(?:unit|leader|militia|area|sea|box|city|side|nation|pool|word|tot|action|prompt|log|"
    r"target)\.[a-z_:0-9]+"
)
"""A message reference left unresolved in a text (the catalog shows an unknown key as itself)."""


def names(kind: str, what: str) -> set[str]:
    """How a view could name a counter or leader: its id and its printed name in every language (a name
    that some other counter or leader shares names nothing in particular and is left out)."""
    table = COUNTERS if kind == "unit" else BOARD.leaders
    out = {f'"{what}"', f"@{kind}.{what}"}
    for lang in LANGUAGES:
        name = GAME.catalog.text(f"{kind}.{what}", lang)
        shared = [x for x in table if x != what and GAME.catalog.text(f"{kind}.{x}", lang) == name]
        if not shared:
            out.add(name)
    return out


def deploy(intelligence: str, seed: int) -> list[tuple[int, str, str, list[dict[str, Any]]]]:
    """Play the campaign's deployment by random choices; for each decision, the deciding role, the kind
    and id of what it places, and the views (as JSON text) of the other role and a spectator in every
    language, taken before and after the choice."""
    state = GAME.new_initial_state({"scenario": "campaign", "intelligence": intelligence})
    rng = random.Random(seed)
    out = []
    while state.d["phase"] == "setup" and not state.is_chance_node():
        role = state.current_player()
        kind, what = running(state)["todo"][0][:2]
        seen = [
            {"lang": lang, "viewer": viewer, "json": json.dumps(state.view(viewer, lang), ensure_ascii=False)}
            for lang in LANGUAGES
            for viewer in (OTHER[role], None)
        ]
        seen.append({"lang": "", "viewer": OTHER[role], "json": state.information_state_json(OTHER[role])})
        state.apply_action(rng.choice(state.legal_actions()))
        seen += [
            {
                "lang": lang,
                "viewer": OTHER[role],
                "json": json.dumps(state.view(OTHER[role], lang), ensure_ascii=False),
            }
            for lang in LANGUAGES
        ]
        out.append((role, kind, what, seen))
    assert out, "the campaign asks the players where their set-up counters go"
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_the_other_seat_never_reads_which_counter_is_deployed_2_0_5_1_3(seed: int) -> None:
    """Neither the other seat nor a spectator reads the counter being placed or where it went: not in the
    prompt (private to the deploying side), not in the log, not in the board (the pool holds back the
    counters still to deploy), before or after the choice."""
    decisions = deploy("limited", seed)
    checked = 0
    for role, kind, what, seen in decisions:
        if kind == "militia":
            continue
        for shown in seen:
            for name in names(kind, what):
                assert name not in shown["json"], (role, kind, what, name, shown["viewer"], shown["lang"])
        checked += 1
    assert checked > 20
    assert {role for role, *_ in decisions} == {0, 1}


def test_the_deploying_side_reads_its_own_prompt_and_log() -> None:
    state = GAME.new_initial_state({"scenario": "campaign", "intelligence": "limited"})
    role = state.current_player()
    kind, what = running(state)["todo"][0][:2]
    mine = state.view(role, "en")
    assert mine["prompt"] and GAME.catalog.text(f"{kind}.{what}", "en") in mine["prompt"]
    theirs = state.view(OTHER[role], "en")
    assert theirs["prompt"] is None and theirs["current_role"] == GAME.roles[role]
    state.apply_action(state.legal_actions()[0])
    assert any(
        GAME.catalog.text(f"{kind}.{what}", "en") in line["text"] for line in state.view(role, "en")["log"]
    )


def test_the_other_side_sees_nothing_of_a_deployment_until_it_ends_2_0() -> None:
    """The counters of a set-up code are placed in a fixed order, so a marker appearing where the k-th
    went would name it: the other seat's board stays the same through the whole of the other side's
    deployment, and shows its markers once it is over."""
    state = GAME.new_initial_state({"scenario": "campaign", "intelligence": "limited"})
    rng = random.Random(3)
    deployer = state.current_player()
    watcher = OTHER[deployer]
    first = state.view(watcher, "en")["board"]
    assert not any("royalist" in entry["forces"] for entry in first["places"].values())
    while state.current_player() == deployer and state.d["phase"] == "setup":
        assert state.view(watcher, "en")["board"] == first
        state.apply_action(rng.choice(state.legal_actions()))
    after = state.view(watcher, "en")["board"]
    assert any("royalist" in entry["forces"] for entry in after["places"].values())
    assert all(
        entry["forces"].get("royalist", {"marker": True}).get("marker") for entry in after["places"].values()
    )


def test_with_open_intelligence_the_deployment_is_public() -> None:
    """The open (solitaire) setting hides nothing: both seats read the prompt and the log."""
    decisions = deploy("open", 0)
    _, _, what, seen = next(d for d in decisions if d[1] == "unit")
    name = GAME.catalog.text(f"unit.{what}", "en")
    assert any(name in shown["json"] for shown in seen if shown["lang"] == "en")


@pytest.mark.parametrize("scenario", ["campaign", "1815-1818"])
def test_every_text_of_a_random_game_resolves_to_a_message(scenario: str) -> None:
    """Every action label (militia, boxes and sea areas included), prompt and log line of a whole random
    game reads as text in both languages: no message key left raw, no parameter left unfilled (1815-1818's
    game starts with the players' own set-up, §12.2.2)."""
    state = GAME.new_initial_state({"scenario": scenario, "intelligence": "limited"})
    rng = random.Random(5)
    labels = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        wait = waiting(state)
        for lang in LANGUAGES:
            prompt = GAME.catalog.text(wait["prompt"], lang, wait["params"])
            assert not RAW_KEY.search(prompt) and "{" not in prompt, prompt  # a parameter left unfilled
            for action in state.legal_actions():
                label = state.action_view(action, lang)["label"]
                assert not RAW_KEY.search(label), (GAME.actions.names[action], label)
                labels += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, GamState)
    for lang in LANGUAGES:
        for line in state.view(None, lang)["log"] + state.view(0, lang)["log"] + state.view(1, lang)["log"]:
            assert not RAW_KEY.search(line["text"]), line
        assert state.view(0, lang)["result"]
    assert labels > 1000


NAMING_A_COUNTER = {"leave", "guerrilla", "promote", "haven"}
"""The choices whose notation names a counter of the deciding side's own forces."""


def move_list_kinds(intelligence: str) -> tuple[set[str], set[str]]:
    """A random game of 1815-1818 played through a match (as the server and the terminal play): the kinds
    of choice (a notation's first word) the move list shows to the other roles, and those it hides."""
    match = Match(GAME, {"scenario": "1815-1818", "intelligence": intelligence}, seed=5)
    rng = random.Random(5)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    shown: set[str] = set()
    hidden: set[str] = set()
    for step in match.history:
        if step.actor != CHANCE:
            kind = GAME.actions.format(step.action).split()[0]
            (hidden if step.secret else shown).add(kind)
    return shown, hidden


def test_the_move_list_names_no_counter_of_a_hidden_force_5_1_3() -> None:
    """What a private decision chose reaches the other side only as "chose": under limited intelligence
    no `leave`, `guerrilla`, `promote` or `haven` naming a counter, nor a private placement, is shown to
    the other role or a spectator; in the open setting everything is."""
    shown, hidden = move_list_kinds("limited")
    assert not shown & NAMING_A_COUNTER
    assert hidden >= {"leave", "guerrilla", "place"}
    assert shown >= {"pass", "move", "activate", "done"}  # issue 55: public choices are not hidden
    assert not hidden & {"pass", "move", "activate", "done", "attack", "stop"}
    shown, hidden = move_list_kinds("open")
    assert not hidden and shown >= {"leave", "guerrilla", "place"}


@pytest.mark.parametrize("seed", [3, 4])
def test_a_resampled_position_keeps_what_the_seat_knows_and_redraws_the_rest_5_1_3(seed: int) -> None:
    """The search's redraw (`resample_from_infostate`): the seat's own counters and leaders untouched, the
    other side's redrawn among its slots (a draw differs from the truth), the index of counters by place
    true to the new records, and the seat's view the same."""
    rng = random.Random(seed)
    match = Match(GAME, {"scenario": "1815-1818"}, seed)
    redrawn = 0
    for step in range(400):
        state = match.state
        if state.is_terminal():
            break
        if step % 20 == 0 and state.current_player() >= 0:
            for role in (0, 1):
                twin = state.resample_from_infostate(role, rng)
                assert twin.invariants() == []
                assert twin.view(role) == state.view(role)
                mine = ("patriot", "royalist")[role]
                for u, record in state.d["units"].items():
                    if COUNTERS[u].side == mine:
                        assert twin.d["units"][u] == record
                        continue
                    redrawn += twin.d["units"][u] != record
        if state.current_player() == CHANCE:
            match.play_chance()
        else:
            match.apply(rng.choice(state.legal_actions()))
    assert redrawn > 0


def battle_in_santa_fe() -> GamState:
    """Under limited intelligence, a Royalist force of three counters attacks four Gran Colombian ones and
    Bolívar in Santa Fe (an empty map otherwise): the state waits on the defender's try to avoid combat."""
    state = bare()
    assert state.options.intelligence == "limited"
    put(state, "santa_fe", ["es_a", "es_ab", "am_es"])
    put(state, "santa_fe", ["gc_gi", "gc_vc", "gc_h", "gc_lc"])
    state.d["leaders"]["bolivar"]["at"] = "santa_fe"
    run(
        state,
        "battle",
        attacker="royalist",
        area="santa_fe",
        units=["es_a", "es_ab", "am_es"],
        leaders=[],
        defender="patriot",
        dunits=["gc_gi", "gc_vc", "gc_h", "gc_lc"],
        dleaders=["bolivar"],
        friction=False,
        evade=True,
    )
    return state


def test_a_battle_shows_both_forces_to_both_sides_5_1_3() -> None:
    """§5.1.3: a force's contents "sólo serán revelados al enemigo para resolver combate, intercepción, o
    retirada antes del combate". From the declaration (before the try to avoid combat) each seat's view
    lists every counter and leader that fights, of both sides, with its steps; a public log line names
    them; the step losses are chosen in the open (the move list shows which counter lost a step) and
    logged by name. When the battle is over the view shows them no more (the log keeps what was seen)."""
    state = battle_in_santa_fe()
    assert waiting(state)["prompt"] == "prompt.evade"
    fighting = {"es_a", "es_ab", "am_es", "gc_gi", "gc_vc", "gc_h", "gc_lc", "bolivar"}
    for role in (0, 1, None):
        shown = state.view(role, "en")["board"]["revealed"]
        assert {x["id"] for x in shown} == fighting
        assert all(x["at"] == "santa_fe" for x in shown)
    lines = [line for line in state.logs if line[0] == "log.revealed"]
    assert len(lines) == 2 and all(line[2] is None for line in lines)  # public
    text = " ".join(line["text"] for line in state.view(0, "en")["log"])
    assert GAME.catalog.text("unit.am_es", "en") in text and GAME.catalog.text("leader.bolivar", "en") in text
    # the attacker rolls 1 and 6 for initiative, the TOT 2 and 1, the CRT 1: A2 on the Royalists
    for move in ("fight", "die 1", "die 6", "die 2", "die 1", "die 1"):
        state.apply_notation(move)
    assert waiting(state)["prompt"] == "prompt.lose" and state.current_player() == 1
    assert not state.hides_its_choice()  # the move list names the counter
    state.apply_notation("lose am_es")
    assert state.logs[-1][0] == "log.unit_lost_step" and state.logs[-1][1] == {"unit": "@unit.am_es"}
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.view(0, "en")["board"]["revealed"] == [] and state.d["revealed"] == []


def test_attrition_losses_stay_private_5_1_3() -> None:
    """Attrition is no combat: which counter loses a step stays the owner's (§5.1.3), and the log says
    only that a step was lost."""
    state = bare()
    put(state, "los_llanos", ["am_fp", "am_ce"])
    run(state, "attrition", side="royalist", area="los_llanos", units=["am_fp", "am_ce"])
    state.apply_notation("die 1")
    assert waiting(state)["prompt"] == "prompt.lose" and state.hides_its_choice()
    state.apply_notation("lose am_fp")
    assert state.logs[-1][0] == "log.step_lost"


def test_the_recruit_pool_is_open_information_2_3_5_1_3() -> None:
    """§5.1.3 keeps out of the enemy's sight only "el cajetín de cada fuerza", the boxes of the forces on
    the map; the Caja de Reclutas (§2.3) is no force's box, and §2.3 puts in it every counter that does
    not start on the map or the turn track. So each seat sees the other's recruit pool (README, "The
    recruit pool is open"), and a recruit leaving it is named to both; where it goes on the map is its
    owner's secret (§4.6, §5.1.3)."""
    state = bare()
    state.d["rp"]["royalist"] = 6.0
    put(state, "lima", ["am_vdc"])
    put(state, "cuzco", ["am_nu"])
    run(state, "recruitment", sides=["royalist"])
    pool = state.view(1, "en")["board"]["pool"]
    assert "am_pb" in pool and state.view(0, "en")["board"]["pool"] == pool
    state.apply_notation("recruit am_pb")
    if state.d["wait"] is not None and state.d["wait"].get("prompt") == "prompt.place":
        assert state.hides_its_choice()  # the place is private
        state.apply_notation(state.action_to_string(state.legal_actions()[0]))
    recruited = next(line for line in state.logs if line[0] == "log.recruited")
    placed = next(line for line in state.logs if line[0] == "log.placed")
    assert recruited[1]["what"] == "@unit.am_pb" and recruited[2] is None  # public
    assert placed[2] == [1]  # the Royalist's only
    assert "am_pb" not in state.view(0, "en")["board"]["pool"]
