"""The Mar y Acero action space and its notation (DESIGN §4): one decision per action.

- ``activate N`` / ``raid N``: activate area N (§4.4.1); raid area N from the activated area (§4.4.1 D).
- ``pick K`` then ``to N``: move a piece of kind K (``tama``; ``tama.r`` when reduced) to area N.
- ``at N``: an area — where a unit deploys, where to build, which combat comes next…
- ``fight K`` / ``hit K`` / ``retreat K``: the combatants, the piece that takes a hit, the one that retreats.
- ``reduce K``: the unit that pays Naval Difficulty (or card 24's loss) (§4.4.1 A).
- ``card C``: the event card played this turn (§4.3.2 II), chosen in secret.
- ``draw B`` / ``repair N`` / ``flip K``: spend a PRR on a unit of bag B or a flip in area N (§4.3.2 III).
- ``build palisade`` / ``build citadel`` / ``scribe N``: §4.4.2 and §4.4.3.
- ``grace reroll`` / ``grace lower I``: Gracia Divina/Yaya (§4.5).
- ``again`` / ``hijos`` / ``park`` / ``end`` / ``pass``: second raid, Caonabó's sons, card 38, done, decline.
- chance: ``die D``, ``destiny C``, ``marker N`` (area bag), ``unit K`` (a unit from a bag), ``deal C``.
"""

from __future__ import annotations

from ludoteca.core.game import ActionTable
from ludoteca.games.mar_y_acero.board import AREAS, BAGS, BOARD

UNIT_KINDS = [k for k, kind in BOARD.kinds.items() if not kind.leader]

ACTIONS = ActionTable(
    tuple(
        [f"{verb} {area}" for verb in ("activate", "raid", "to", "at", "scribe", "repair") for area in AREAS]
        + [
            f"{verb} {k}"
            for verb in ("pick", "fight", "hit", "retreat", "reduce", "flip")
            for k in BOARD.piece_keys
        ]
        + [f"card {c}" for c in sorted(BOARD.events)]
        + [f"draw {bag}" for bag in BAGS]
        + [
            "build palisade",
            "build citadel",
            "grace reroll",
            "grace lower 1",
            "grace lower 2",
            "grace lower 3",
        ]
        + ["again", "hijos", "park", "end", "pass"]
        + [f"die {n}" for n in range(1, 7)]
        + [f"destiny {c}" for c in sorted(BOARD.destinies)]
        + [f"marker {area}" for area in AREAS]
        + [f"unit {k}" for k in UNIT_KINDS]
        + [f"deal {c}" for c in sorted(BOARD.events)]
        + [f"nitayno {c}" for c in range(41, 53)]  # chance: a Nitayno card drawn (§5.3.2)
    )
)


def act(notation: str) -> int:
    """The id of an action by its notation (a fixed table: a typo fails at import)."""
    return ACTIONS.ids[notation]


def arg(action: int) -> str:
    """The second word of an action's notation: the area, piece key, card, bag… it names."""
    return ACTIONS.names[action].rpartition(" ")[2]


def verb(action: int) -> str:
    """The first word of an action's notation: what it does."""
    return ACTIONS.names[action].partition(" ")[0]


def area_actions(verb_: str, areas: list[int]) -> list[int]:
    return [ACTIONS.ids[f"{verb_} {area}"] for area in areas]


def key_actions(verb_: str, keys: list[str]) -> list[int]:
    return [ACTIONS.ids[f"{verb_} {k}"] for k in keys]


END = act("end")
PASS = act("pass")
DIE = [act(f"die {n}") for n in range(1, 7)]
