"""The options of Guerra a Muerte, one typed value: the scenario (§12), the intelligence (§5.1.3), and the
readings of the rulebook's ambiguous passages (facts file §7: A#2, A#9, A#19, A#22, A#24; the README's
A#24b). Each reading's default is the one the README argues for; the other is the text's alternative, for
those who read it so."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludoteca.core.options import Options, option

HISTORICAL_SETUPS = ("1815-1818", "1820-1824")
"""The scenarios with a historical placement to take instead of choosing (§12.2.2–§12.3.3): in the
campaign and in 1810-1814 every counter has its set-up code or area (§2, §12.1), so `setup` does nothing."""


@dataclass(frozen=True)
class GamOptions(Options):
    """`scenario`: the campaign (§2, §11) or one of the three short scenarios (§12.1–§12.3).
    `setup`: in the short scenarios each side chooses where the counters the rulebook sets up "in any area
    of …" go (§12.2.2–§12.3.3), or takes the historical placement of 1815 and 1820 (reconstructed); the
    campaign's set-up codes are always chosen (§2).
    `intelligence`: limited hides each force's contents from the other side (§5.1.3); open is the
    rulebook's solitaire setting, where one person plays both sides and everything is in sight.

    The readings (README, "Rule-side ambiguities resolved"):
    `leader_ops` (§3.3, A#2): a leader's Operations factor is added to the OPs read on the table (the §6.6
    example) or modifies the die (the rule text; results above 6 give 8 OPs).
    `boves` (§8.2, A#9): Boves rolls for his fate, with −1, after every combat his stack fights, or only
    when his stack is wiped out like any leader (§8.1).
    `liberal_slaves` (§4.9.1, §10.2.1.3, A#19): after the Liberal event only the Patriot may rise again
    where he raised Indian/slave masses (§10.2.1.3), or whichever side raised them (§4.9.1).
    `liberals_1820` (§12.3, A#22): the 1820–1824 scenario starts with the Liberals in power since turn XI
    (subversion allowed that turn), or with no Liberal event yet (rolled from turn XII's Events phase).
    `campaign_start` (§2, §12.1.1, A#22): the campaign starts in the Patriot operations of turn I, as
    §12.1, which shares its set-up, does; or with the whole of turn I (uprisings and reorganization too).
    `victory` (§11.1, A#24): the completed levels (15 areas Royalist, 5 areas worth 14 RP draw, anything
    less Patriot) or the literal text, where the Patriot wins only if the Royalist holds at most two
    continental areas worth 4 RP or less, and a count that reaches no level is a draw.
    `partial` (§11.0, §10.6, A#24b): an area held partly (shared with the other side) counts ½ area at the
    end, and an area of the El Plata rebels ½ for the Patriot — the rulebook's "½", lost from the text we
    have — or every area held counts 1.

    The variant (README, "The Plan de Iguala"):
    `iguala` (§14.1, reconstructed; off by default): from the turn after the Liberal event the Patriot rolls
    for the Plan de Iguala, and when it is proclaimed the American Royalists of New Spain and Guatemala go
    over to the Mexican Patriots.

    The variant (README, "The Royalist holds his ground"):
    `royalist_hold` (§12.3.4, reconstructed; the rulebook's level by default): in 1820–1824 the Royalist wins
    with §11.1's 15 continental areas (`off`) or only holding as many as he started with, 17 (`start`);
    the draw and the Patriot's victory stay §11.1's."""

    scenario: Literal["campaign", "1810-1814", "1815-1818", "1820-1824"] = option(
        "campaign", "option.scenario"
    )
    intelligence: Literal["limited", "open"] = option("limited", "option.intelligence")
    setup: Literal["choose", "historical"] = option(
        "choose", "option.setup", when=("scenario", HISTORICAL_SETUPS)
    )
    leader_ops: Literal["added", "die"] = option("added", "option.leader_ops", reading=True)
    boves: Literal["every-combat", "wiped-out"] = option("every-combat", "option.boves", reading=True)
    liberal_slaves: Literal["patriot", "recruiter"] = option("patriot", "option.liberal_slaves", reading=True)
    liberals_1820: Literal["in-power", "not-yet"] = option(
        "in-power", "option.liberals_1820", reading=True, when=("scenario", ("1820-1824",))
    )
    campaign_start: Literal["operations", "turn"] = option(
        "operations", "option.campaign_start", reading=True, when=("scenario", ("campaign",))
    )
    victory: Literal["completed", "literal"] = option("completed", "option.victory", reading=True)
    partial: Literal["half", "whole"] = option("half", "option.partial", reading=True)
    iguala: Literal["off", "on"] = option("off", "option.iguala", reading=True)
    royalist_hold: Literal["off", "start"] = option(
        "off", "option.royalist_hold", reading=True, when=("scenario", ("1820-1824",))
    )
