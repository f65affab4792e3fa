"""The Guerra a Muerte action space and its notation (DESIGN §4): one decision per action.

Verbs:

- ``place <area>``: where a counter is set up (§2), placed as a reinforcement or recruit (§4.6–§4.10);
- ``activate <area>``: the force in an area that operates next (§3.3); ``pass``: the nation is done;
- ``spend <n>``: RP spent on the activation roll (+2 each, §3.3);
- ``move <area>``: a movement operation (§5); ``leave <unit>``: a unit left behind (§5.2); ``gather``: the
  unoperated units where the force stands join it (§5.2); ``attack`` / ``attack rebels``: a field battle
  (§6.1); ``siege``: a siege attack (§6.2); ``stop``: the activation ends;
- ``intercept`` / ``allow``: an interception attempt or not (§3.4); ``evade`` / ``fight``: avoiding
  combat or not (§6.1 step 2);
- ``lose <unit>``: the unit that takes a step loss (§5.3, §6.1 step 9);
- ``recruit <unit>``: a counter bought from the recruit pool (§4.6); ``uprise <area>``: an uprising
  attempt (§9.3); ``done``: the end of a repeated choice;
- ``die <n>``: chance — the face of one die (1d6, 1d10) or the total of 2d6.
"""

from __future__ import annotations

from ludoteca.core.game import ActionTable
from ludoteca.games.guerra_a_muerte.board import BOARD

MILITIA_KINDS = tuple(sorted(BOARD.militia_pools))


def militia_ids() -> list[str]:
    """The generic militia counters, one id each: ``mil_<nationality>_<i|c><n>`` (the pools of §2.3)."""
    out = []
    for side, nat in MILITIA_KINDS:
        pool = BOARD.militia_pools[(side, nat)]
        for arm, letter in (("infantry", "i"), ("cavalry", "c")):
            out += [f"mil_{nat}_{letter}{n}" for n in range(1, pool[arm] + 1)]
    return out


UNITS = [*BOARD.units, *militia_ids()]
AREAS = list(BOARD.areas)
NAMES = (
    [f"place {area}" for area in AREAS]
    + [f"activate {area}" for area in AREAS]
    + [f"move {area}" for area in AREAS]
    + [f"uprise {area}" for area in AREAS]
    + [f"leave {u}" for u in UNITS]
    + [f"lose {u}" for u in UNITS]
    + [f"recruit {u}" for u in UNITS]
    + [f"spend {n}" for n in range(4)]
    + ["gather", "attack", "attack rebels", "siege", "stop", "pass", "done"]
    + ["intercept", "allow", "evade", "fight"]
    + [f"die {n}" for n in range(1, 13)]
)
ACTIONS = ActionTable(tuple(NAMES))
ID = ACTIONS.ids


def act(notation: str) -> int:
    return ID[notation]


def die(n: int) -> int:
    return ID[f"die {n}"]


def face(action: int) -> int:
    return int(target(action))


verb, target = ACTIONS.verb, ACTIONS.target  # the core's ActionTable words (issue 21)
