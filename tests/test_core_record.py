"""Records (DESIGN §5): written, replayed and verified; a tampered record is rejected naming the step."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.errors import RecordError
from ludoteca.core.match import Match
from ludoteca.core.record import RECORD_FORMAT, load_record, replay_record, save_record
from toygame import RaceGame


def finished_match(game: RaceGame, seed: int = 4, **options: str) -> Match:
    match = Match(game, options, seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match


@pytest.fixture
def record(toy: RaceGame) -> dict[str, Any]:
    return finished_match(toy, secret="yes").record()


def test_a_record_replays_to_the_same_positions(toy: RaceGame, tmp_path: Path) -> None:
    match = finished_match(toy, secret="yes")
    path = tmp_path / "game.json"
    save_record(match.record(), path)
    loaded = load_record(path)
    assert loaded["format"] == RECORD_FORMAT
    assert loaded["roles"] == ["red", "blue"]
    assert loaded["seed"] == 4
    assert loaded["actions"][0][0] == "chance"
    assert len(loaded["actions"]) == len(loaded["digests"]) == len(match.history)
    replayed = replay_record(loaded, verify=True)
    assert replayed.state == match.state
    assert replayed.state.digest() == match.state.digest()
    assert loaded["result"] == match.state.result("en")


def test_a_changed_digest_is_caught_at_its_step(record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    bad["digests"][4] = "0" * 16
    with pytest.raises(RecordError, match=r"action 5 \(.*\): position digest differs"):
        replay_record(bad, verify=True)
    replay_record(bad, verify=False)  # without verify, digests are not checked


def test_a_wrong_actor_is_caught(record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    bad["actions"][1][0] = "blue"
    with pytest.raises(RecordError, match="action 2: the record says 'blue' acts, but 'red' is to act"):
        replay_record(bad)


def test_an_unknown_or_illegal_notation_is_caught(record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    bad["actions"][2][1] = "jump"
    with pytest.raises(RecordError, match=r"action 3 \('jump'\): unknown notation"):
        replay_record(bad)
    bad["actions"][2][1] = "roll 2"
    with pytest.raises(RecordError, match=r"action 3 \('roll 2'\): .* is not legal now"):
        replay_record(bad)


def test_malformed_records_are_rejected(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="is not JSON"):
        load_record(path)
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="record format must be"):
        replay_record({**record, "format": "other/1"})
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay_record({**record, "game": "chess"})
    with pytest.raises(RecordError, match="one digest per action"):
        replay_record({**record, "digests": record["digests"][:-1]})
    with pytest.raises(RecordError, match=r"action 1: expected \[actor, notation\]"):
        replay_record({**record, "actions": [["chance"]]}, verify=False)
    assert json.loads(json.dumps(record)) == record


def test_a_digest_mismatch_names_a_different_rules_version(toy: RaceGame) -> None:
    match = Match(toy, {}, 5)
    while not match.state.is_terminal():
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else state.legal_actions()[0])
    record = match.record()
    assert record["rules_version"] == toy.rules_version
    record["digests"][0] = "0" * 16
    with pytest.raises(RecordError, match=r"digest differs from the record$"):
        replay_record(record)
    record["rules_version"] = "0"
    with pytest.raises(RecordError, match="made with rules version 0, this engine has 1"):
        replay_record(record)
