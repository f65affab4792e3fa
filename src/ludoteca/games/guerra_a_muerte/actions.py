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
- ``fleet <place>``: the naval force in a port, sea area or box that operates next (§7.1);
  ``sail <sea|box>``: a naval move (§7.1–§7.3); ``dock <area>``: a fleet enters a friendly port (§7.4);
  ``engage`` / ``engage <area>``: a naval attack at sea or on the ships in an area's port (§7.5, §7.10);
  ``fire <unit>``: the enemy ship a ship fires at (§7.5.1); ``raid <area>``: a raid (§7.8);
  ``embark``: a land force boards ships (§7.6); ``land <area>``: it lands (§7.6);
- ``blockade``: a besieger blockades the fortress (§6.6); ``siege works``: a siege attack with siege works
  (§6.4); ``hunt <unit>``: a counter-guerrilla operation against a guerrilla (§10.1);
- ``promote <unit>``: a militia completes this reduced regular (§4.7); ``levy <area>``: Indian/slave
  masses raised there (§4.9); ``guerrilla <unit>``: a militia changes mode (§10.1); ``subvert <unit>``:
  a Patriot leader tries to turn an American Royalist unit (§10.2.2); ``haven <leader>``: a Patriot leader
  goes to his haven (§10.3);
- ``die <n>``: chance — the face of one die (1d6, 1d10) or the total of 2d6;
- ``capture`` / ``sink``: what Cochrane does with the Royalist frigate he takes (§8.3);
- ``enter <area>`` / ``sortie <area>``: the force goes into the area's city, or out of it into the field
  (§5.0, §5.1, §6.3.1, §6.4; README, "Entering and leaving a city").

New verbs go at the end of the table, so that the ids of the others stay what records hold.
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
BOXES = list(BOARD.boxes)
SEAS = list(BOARD.seas)
NAMES = (
    [f"place {place}" for place in [*AREAS, *BOXES]]
    + [f"activate {place}" for place in [*AREAS, *BOXES]]
    + [f"move {place}" for place in [*AREAS, *BOXES]]
    + [f"uprise {area}" for area in AREAS]
    + [f"fleet {place}" for place in [*AREAS, *SEAS, *BOXES]]
    + [f"sail {place}" for place in [*SEAS, *BOXES]]
    + [f"dock {area}" for area in AREAS]
    + ["engage"]
    + [f"engage {area}" for area in AREAS]
    + [f"raid {area}" for area in AREAS]
    + [f"land {area}" for area in AREAS]
    + [f"levy {area}" for area in AREAS]
    + ["embark", "blockade", "siege works"]
    + [f"fire {u}" for u in UNITS if BOARD.units.get(u) is not None and BOARD.units[u].naval]
    + [f"hunt {u}" for u in UNITS]
    + [f"promote {u}" for u in UNITS]
    + [f"guerrilla {u}" for u in UNITS]
    + [f"subvert {u}" for u in UNITS]
    + [f"haven {leader}" for leader in BOARD.leaders]
    + [f"leave {u}" for u in UNITS]
    + [f"lose {u}" for u in UNITS]
    + [f"recruit {u}" for u in UNITS]
    + [f"spend {n}" for n in range(4)]
    + ["gather", "attack", "attack rebels", "siege", "stop", "pass", "done"]
    + ["intercept", "allow", "evade", "fight"]
    + [f"die {n}" for n in range(1, 13)]
    + ["capture", "sink"]
    + [f"enter {area}" for area in AREAS]
    + [f"sortie {area}" for area in AREAS]
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


def place_ref(place: str) -> str:
    """The message reference of a place: an area, a sea area or a box (Haití, the United States, Brazil,
    Spain), so that a log line or prompt names a box as a box."""
    kind = "area" if place in BOARD.areas else "sea" if place in BOARD.seas else "box"
    return f"@{kind}.{place}"


SHOWN_VERBS = frozenset(
    {
        *("pass", "done", "stop", "gather", "attack", "siege", "blockade", "move", "activate", "spend"),
        *(
            "intercept",
            "allow",
            "evade",
            "fight",
            "fleet",
            "sail",
            "dock",
            "engage",
            "raid",
            "embark",
            "land",
        ),
    }
)
"""The choices a private decision shows to every role (`GamState.choice_shown`): their notation and label
name a place or nothing, never a counter."""
