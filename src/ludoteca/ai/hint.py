"""A hint a player understands: the search's move and why, in one sentence in the player's language.

The terminal's `hint` and the web platform's hint both build their text here, from what
`IsmctsAgent.explain()` tells of the last decision and the moves' labels in the player's language.

**What the percentage is.** An edge's `value` is the mean, over the iterations that went through it, of
the reward of the player who chose it. That reward is the game's `returns()` where the rollout reached
the end (+1 a win, −1 a loss, 0 a draw or a role out of play) and the game's `evaluate()` where it was cut
off at the search's depth: each game's prospects on the same −1…+1 scale (e.g. Mar y Acero's is 2p − 1,
where p is Spain's estimated chance of the final tally; Maquis' is a tanh of its margin in worker
actions). So
``(value + 1) / 2`` is the share of searched continuations won, a draw counting half, where they were
played out, and the game's own estimate of that share where they were not: at the normal level most
rollouts stop early, so the texts call it an *estimated* chance of winning, never a measured one.

**When moves are about equal.** The search tells two moves apart only by more than `TIE_POINTS`
percentage points: closer than that, the sentence says the moves are about equal and which one the search
would pick. A move visited fewer than `MIN_VISITS` times has no estimate worth quoting (the search left it
early because it looked worse) and is not compared; if even the suggested move has fewer visits (more
moves than the search could weigh), every searched move is about equal to it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.core.i18n import Catalog

TIE_POINTS = 3.0
"""Estimated chances of winning closer than this many percentage points are too close to tell apart:
with the normal level's hundred-odd iterations, a move's mean moves by more than that from one seed to
the next."""
MIN_VISITS = 5
"""A move visited fewer times than this has no estimate worth quoting."""
COMPARED = 2
"""How many of the next best moves the sentence names beside the suggested one."""


@functools.cache
def messages() -> Catalog:
    """The core catalog, whose ``hint.*`` messages the sentence is made of."""
    return Catalog()


def win_chance(value: float | None) -> float | None:
    """The estimated chance of winning, in percent, after a move of mean `value` on the returns' scale
    (−1 a loss, +1 a win): ``(value + 1) / 2``, kept within 0–100. None for a move never searched."""
    if value is None:
        return None
    return min(100.0, max(0.0, 50.0 * (value + 1.0)))


def describe(
    explained: Mapping[str, Any], labels: Mapping[int, str], lang: str, catalog: Catalog | None = None
) -> dict[str, Any]:
    """`explained` (an `explain()`) for the player: every alternative with its `label` (from `labels`, in
    `lang`) and its estimated `chance` of winning in whole percent (None if never searched), and the
    `sentence` that says what to play and why. Where a plan made the decision (`ai.plan_search`) and the
    game's `catalog` is given, every plan weighed gets its `text` in `lang` and its `chance`, and the
    sentence speaks as a general: the plan, its chance beside the next best plans', and the move it
    starts with (`plan_sentence`)."""
    alternatives = [
        {**weighed, "label": labels.get(weighed["action"], weighed["notation"]), "chance": rounded(weighed)}
        for weighed in explained["alternatives"]
    ]
    described = {**explained, "alternatives": alternatives}
    if "plans" in explained and catalog is not None:
        described["plans"] = [
            {
                **weighed,
                "text": catalog.text(weighed["message"], lang, weighed["params"]),
                "chance": rounded(weighed),
            }
            for weighed in explained["plans"]
        ]
        described["plan"] = {
            **explained["plan"],
            "text": catalog.text(explained["plan"]["message"], lang, explained["plan"]["params"]),
        }
        described["sentence"] = plan_sentence(described, labels, lang)
        return described
    described["sentence"] = hint_sentence(described, labels, lang)
    return described


def plan_sentence(described: Mapping[str, Any], labels: Mapping[int, str], lang: str) -> str:
    """The hint of a plan in one sentence in `lang`: the plan to follow, with its estimated chance of
    winning against the next best plans' (`COMPARED` of them, most sampled first), or that it is the only
    plan here, and the move it begins with."""
    catalog = messages()

    def text(key: str, **params: Any) -> str:
        return catalog.text(f"hint.{key}", lang, params)

    def percent(weighed: Mapping[str, Any]) -> str:
        chance = win_chance(weighed["value"])
        return text("percent", n=round(chance if chance is not None else 0.0))

    chosen = described["plan"]
    move = text("move", label=labels.get(described["action"], described["notation"]))
    plans = described["plans"]
    if len(plans) == 1:
        return text("plan_only", plan=chosen["text"], move=move)
    mine = next(w for w in plans if w["name"] == chosen["name"])
    rest = [w for w in plans if w is not mine and w["value"] is not None][:COMPARED]
    others = listed([text("plan_other", chance=percent(w), plan=w["text"]) for w in rest], "and", lang)
    if not rest or mine["value"] is None:
        return text("plan_alone", plan=chosen["text"], chance=percent(mine), move=move)
    return text("plan_best", plan=chosen["text"], chance=percent(mine), others=others, move=move)


def rounded(weighed: Mapping[str, Any]) -> int | None:
    chance = win_chance(weighed["value"])
    return None if chance is None else round(chance)


def hint_sentence(explained: Mapping[str, Any], labels: Mapping[int, str], lang: str) -> str:
    """The hint in one sentence in `lang`: the only move there is; or the move to play with its estimated
    chance of winning against the next best moves' (`COMPARED` of them, in the search's order, most visited
    first); or, when the best moves are too close to tell apart (`about_equal`), those moves named as about
    equal (`COMPARED` + 1 of them, and how many more) with the range of their chances, the one the search
    would play, and the next best after them."""
    catalog = messages()

    def text(key: str, **params: Any) -> str:
        return catalog.text(f"hint.{key}", lang, params)

    def name(weighed: Mapping[str, Any]) -> str:
        return text("move", label=labels.get(weighed["action"], weighed["notation"]))

    def percent(weighed: Mapping[str, Any]) -> str:
        chance = win_chance(weighed["value"])
        return text("percent", n=round(chance if chance is not None else 0.0))

    alternatives = explained["alternatives"]
    chosen = next(weighed for weighed in alternatives if weighed["action"] == explained["action"])
    if len(alternatives) == 1:
        return text("only", move=name(chosen))
    thin = chosen["visits"] < MIN_VISITS
    searched = [
        w
        for w in alternatives
        if w is not chosen and w["value"] is not None and (thin or w["visits"] >= MIN_VISITS)
    ]
    equal = [w for w in searched if about_equal(chosen, w)]
    rest = [w for w in searched if w not in equal][:COMPARED]
    others = listed([text("other", chance=percent(w), move=name(w)) for w in rest], "and", lang)
    if not equal:
        if not rest:
            return text("best_alone", move=name(chosen), chance=percent(chosen))
        return text("best", move=name(chosen), chance=percent(chosen), others=others)
    tied = [chosen, *equal]
    named = [name(w) for w in tied[: COMPARED + 1]]
    if len(tied) > len(named):
        more = len(tied) - len(named)
        named.append(text("more", count=more))
    chances = sorted(round(win_chance(w["value"]) or 0.0) for w in tied)
    spread = (
        text("about", chance=text("percent", n=chances[0]))
        if chances[0] == chances[-1]
        else text("between", low=text("percent", n=chances[0]), high=text("percent", n=chances[-1]))
    )
    sentence = text("equal", moves=listed(named, "and", lang), chances=spread, move=name(chosen))
    return f"{sentence} {text('next', others=others)}" if rest else sentence


def about_equal(chosen: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether the search cannot tell `other` from the move it chose: their estimated chances within
    `TIE_POINTS` points, or the chosen move visited fewer than `MIN_VISITS` times."""
    if chosen["visits"] < MIN_VISITS:
        return True
    ours, theirs = win_chance(chosen["value"]), win_chance(other["value"])
    return ours is not None and theirs is not None and abs(ours - theirs) < TIE_POINTS


def listed(items: Sequence[str], conjunction: str, lang: str) -> str:
    """`items` as a list in running text: ``a``, ``a and b``, ``a, b and c`` (the conjunction in `lang`)."""
    if len(items) <= 1:
        return "".join(items)
    word = messages().text(f"hint.{conjunction}", lang)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"
