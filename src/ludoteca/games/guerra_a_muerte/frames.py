"""The procedures one chapter calls in another, declared with their frames (issue 57): a battle, a siege
attack, a naval battle, a counter-guerrilla hunt, an interception, attrition, step losses, the
leaders' fate and an amphibious transport. They are
declared here, below every chapter module, so that a caller names the procedure it calls and mypy checks
the frame it gives (`state.call(battle, Battle(...), then=...)`); their steps are in the chapter modules
that name them (combat.py, naval_combat.py, operations.py, interception.py, attrition.py, guerrilla.py)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ludoteca.games.guerra_a_muerte.procs import PROCS


class Battle(TypedDict):
    """§6.1: the attacker's force (`units`, `leaders`) in `area` and the defender's (`dunits`,
    `dleaders`); `friction`, the attacker spent OPs enough to roll with friction (§5.2); `evade`, the
    defender may try to avoid the battle (not when intercepted, §3.4)."""

    attacker: str
    area: str
    units: list[str]
    leaders: list[str]
    defender: str
    dunits: list[str]
    dleaders: list[str]
    friction: bool
    evade: bool
    rolls: NotRequired[list[int]]
    """The initiative dice, the attacker's then the defender's (step 3)."""
    first: NotRequired[str]
    """Who won the initiative: "attacker" or "defender" (step 3)."""
    won_tot: NotRequired[str]
    tot: NotRequired[list[str]]
    """The tactics of the attacker and of the defender (step 4)."""
    result: NotRequired[str]
    aloss: NotRequired[int]
    dloss: NotRequired[int]


class Siege(TypedDict):
    """§6.2–§6.5: the besieger's force and whether it builds siege works (§6.4); the garrison inside."""

    attacker: str
    area: str
    units: list[str]
    leaders: list[str]
    works: bool
    garrison: NotRequired[list[str]]


class Hunt(TypedDict):
    """§10.1: the hunting force in `area` and the guerrilla it names (`target`)."""

    side: str
    area: str
    units: list[str]
    target: str


class Interception(TypedDict):
    """§3.4: the intercepting side's force in `area`, and the force leaving it (`movers`, `mleaders`)."""

    side: str
    area: str
    units: list[str]
    leaders: list[str]
    movers: list[str]
    mleaders: list[str]


class Attrition(TypedDict):
    """§5.3 (§6.4 with `besieged`): the force of `side` that rolls in `area`, and the steps it loses."""

    side: str
    area: str
    units: list[str]
    besieged: NotRequired[bool]
    n: NotRequired[int]


class Losses(TypedDict):
    """§5.3, §6.1 step 9: `n` step losses for the force `units` of `side`, taken one by one."""

    side: str
    units: list[str]
    n: int


class LeaderLoss(TypedDict):
    """§8.1: the leaders who roll for their fate, in order; the one choosing his refuge (§10.3)."""

    leaders: list[str]
    leader: NotRequired[str]


class NavalBattle(TypedDict):
    """§7.5, §7.10: the attacker's ships (`units`) and the defender's (`dunits`) in `sea`, the port
    attacked (its batteries fire, §7.10; "" at sea) and whether the defender may try to evade (§7.5)."""

    attacker: str
    sea: str
    units: list[str]
    dunits: list[str]
    port: str
    evade: NotRequired[bool]
    defender: NotRequired[str]
    hits: NotRequired[dict[str, int]]
    """Hits by ship, applied together (§7.5.1)."""
    fire: NotRequired[list[list[str]]]
    """Each firer and the ship it aims at ("" for none)."""
    firer: NotRequired[str]
    dice: NotRequired[list[list[str]]]
    """The dice still to roll, a firer and its target each."""
    die: NotRequired[list[str]]
    taken: NotRequired[str]
    """The Royalist frigate Cochrane takes (§8.3)."""
    prize: NotRequired[str]
    """The Chilean frigate that replaces it, captured (§8.3)."""


class Transport(TypedDict):
    """§7.6: the land force of `side` embarking in `area`, the ships that carry it and the sea it sails."""

    side: str
    area: str
    units: list[str]
    leaders: list[str]
    ships: NotRequired[list[str]]
    sea: NotRequired[str]


battle = PROCS.proc("battle", rule="6.1", frame=Battle)
naval_battle = PROCS.proc("naval_battle", rule="7.5", frame=NavalBattle)
siege = PROCS.proc("siege", rule="6.2", frame=Siege)
hunt = PROCS.proc("counter_guerrilla", rule="10.1", frame=Hunt)
interception = PROCS.proc("interception", rule="3.4", frame=Interception)
attrition = PROCS.proc("attrition", rule="5.3", frame=Attrition)
losses = PROCS.proc("losses", rule="6.1", frame=Losses)
"""A battle's or attrition's losses: they cite their caller's section (`GamState.running_rule`)."""
leader_loss = PROCS.proc("leader_loss", rule="8.1", frame=LeaderLoss)
transport = PROCS.proc("transport", rule="7.6", frame=Transport)
