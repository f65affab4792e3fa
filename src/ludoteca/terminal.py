"""Playing a game in the terminal with Rich: board, prompt with its rule, numbered actions, commands.

The session reads lines with `input()` from stdin, so tests and tmux can drive it; end of input ends
the game cleanly. Every text comes from the message catalogs (DESIGN §7).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ludoteca.ai.agents import Agent
from ludoteca.ai.hint import describe
from ludoteca.ai.ismcts import hint_agent
from ludoteca.ai.progress import doing
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import Game
from ludoteca.core.i18n import LANGUAGES, Catalog, check_language
from ludoteca.core.match import Match
from ludoteca.core.record import save_record
from ludoteca.core.table import matching, number_ranges, outcome_choices

with contextlib.suppress(ImportError):  # line editing and history for input(), where the platform has it
    import readline  # noqa: F401

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*\{#([^}\s]+)\}\s*$")
_ANCHOR = re.compile(r"\s*\{#([^}\s]+)\}")
AMBIGUOUS_SHOWN = 4
"""How many of the outcomes an ambiguous entry may name are listed (the table above lists them all)."""
COMMANDS = ("undo", "board", "hint", "help", "log", "save", "quit")


@cache
def core_catalog() -> Catalog:
    """The core messages, the CLI's own included (no game directory)."""
    return Catalog()


class Texts:
    """The CLI's own messages (``[cli]`` in the core catalogs) in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = check_language(lang)

    def __call__(self, key: str, **params: Any) -> str:
        return core_catalog().text(f"cli.{key}", self.lang, params)


def rules_sections(markdown: str) -> list[str]:
    """The section ids of a rules reference: its headings' ``{#id}`` anchors."""
    return [m[3] for line in markdown.splitlines() if (m := _HEADING.match(line))]


def rules_section(markdown: str, section: str) -> str | None:
    """The heading with anchor ``{#section}`` and its body, up to the next heading of the same or a
    higher level; None if no heading has that anchor."""
    lines = markdown.splitlines()
    for start, line in enumerate(lines):
        match = _HEADING.match(line)
        if match and match[3] == section:
            level = len(match[1])
            end = next(
                (i for i in range(start + 1, len(lines)) if re.match(rf"^#{{1,{level}}}\s", lines[i])),
                len(lines),
            )
            return "\n".join(lines[start:end]).strip()
    return None


def show_anchors(markdown: str) -> str:
    """Headings' ``{#id}`` anchors shown as ``[id]``, the way prompts cite them."""
    return _ANCHOR.sub(lambda m: f" [{m[1]}]", markdown)


def board_renderable(game: Game, view: dict[str, Any], lang: str, whole: bool = False) -> RenderableType:
    """The game's own terminal drawing (`Game.terminal_renderer`) or a generic one. A drawing that fits
    itself to the terminal's height offers its unfitted form as `whole()`, which `whole` asks for."""
    render = game.terminal_renderer()
    if render is not None:
        rendered: RenderableType = render(view, lang)
        if whole and hasattr(rendered, "whole"):
            drawn: RenderableType = rendered.whole()
            return drawn
        return rendered
    return Panel(Pretty(view["board"]), title=game.title, title_align="left")


def stable_numbers(game: Game, actions: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Number the legal actions so that a number keeps its meaning from one decision to the next: each
    group of the action table (``place …``, ``activate …``) is numbered in table order, the groups of this
    decision one after another. Taking a location never renumbers the others."""
    groups: dict[str, list[int]] = {}
    for action_id, name in enumerate(game.actions.names):
        groups.setdefault(name.partition(" ")[0], []).append(action_id)
    numbered: dict[int, dict[str, Any]] = {}
    offset = 0
    for group in dict.fromkeys(a["group"] for a in actions):
        members = groups[group]
        for action in actions:
            if action["group"] == group:
                numbered[offset + members.index(action["id"]) + 1] = action
        offset += len(members)
    return numbered


def actions_table(numbered: dict[int, dict[str, Any]], t: Texts) -> Table:
    """The legal actions of the role to act, with their numbers."""
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(t("col.notation"))
    table.add_column(t("col.label"))
    for number, action in numbered.items():
        table.add_row(str(number), Text(action["notation"]), Text(action["label"]))
    return table


def cited(text: str, rule: str | None) -> Text:
    """A text followed by the rule it applies, e.g. ``… [placement.patrol]``."""
    line = Text(text)
    if rule:
        line.append(f" [{rule}]", style="dim cyan")
    return line


class Session:
    """One terminal game: humans at `humans`, agents at `agents`, chance from the match's generator."""

    def __init__(
        self,
        match: Match,
        humans: set[int],
        agents: dict[int, Agent],
        lang: str,
        console: Console,
        record: Path | None = None,
        compact: bool = False,
    ) -> None:
        self.match = match
        self.compact = compact
        self.game = match.game
        self.humans = humans
        self.agents = agents
        self.t = Texts(lang)
        self.lang = lang
        self.console = console
        self.record = record
        self.seen: dict[int | None, int] = {}
        self.secret: tuple[int, str | None, int] | None = None
        """The secret choices of an agent not told yet: its player, their rule and how many in a row."""
        self.viewer = min(humans) if humans else None
        self.echo = not sys.stdin.isatty()
        self.commands = {name: name for name in COMMANDS} | {self.t(f"alias.{n}"): n for n in COMMANDS}

    # --------------------------------------------------------------------------------- the game loop
    def run(self) -> bool:
        """Play until the game ends, the player quits or input ends; then the result and the record.
        False if the record could not be written."""
        t = self.t
        self.console.print(Text(t("start", title=self.game.title, seed=self.match.seed), style="bold"))
        while not self.match.state.is_terminal():
            player = self.match.state.current_player()
            if self.match.state.is_chance_node() and self.match.chance == "table":
                self.tell_secrets()
                if not self.table_turn():
                    break
            elif self.match.state.is_chance_node():
                self.match.play_chance()
            elif player in self.agents:
                self.agent_move(player)
            elif not self.human_turn(player):
                break
        self.show_log(self.viewer)
        self.tell_secrets()
        result = self.match.state.result(self.lang)
        if result is not None:
            self.console.print(
                board_renderable(self.game, self.match.state.view(self.viewer, self.lang), self.lang)
            )
            self.console.print(Panel(Text(result["text"]), title=t("result"), title_align="left"))
        return self.record is None or self.save(self.record)

    def agent_move(self, player: int) -> None:
        self.show_log(self.viewer)
        view = self.match.state.view(player, self.lang)
        with self.console.status(self.thinking(player)):
            action = self.agents[player].step(self.match.state)
        self.match.apply(action)
        shown = next(a for a in view["actions"] if a["id"] == action)
        if not self.match.history[-1].visible_to(self.viewer):
            # a secret commitment (DESIGN §2): the table sees that it was made, not what; a run of them
            # by one player under one rule (a whole deployment) is told once, with how many
            held = self.secret
            if held is not None and held[:2] != (player, view["rule"]):
                self.tell_secrets()
                held = None
            self.secret = (player, view["rule"], held[2] + 1 if held else 1)
            return
        self.tell_secrets()
        text = self.t(
            "agent_moved", role=self.role_name(player), notation=shown["notation"], label=shown["label"]
        )
        self.console.print(cited(text, view["rule"]))

    def plans_table(self, hint: dict[str, Any]) -> None:
        """The plans a hint weighed (`ai.hint.describe`): each in the player's language, with its samples
        and estimated chance of winning, most sampled first."""
        table = Table(show_edge=False, pad_edge=False)
        for column in (self.t("hint.plan"), self.t("hint.visits"), self.t("hint.chance")):
            table.add_column(column, justify="left" if column == self.t("hint.plan") else "right")
        for weighed in hint["plans"]:
            chance = "" if weighed["chance"] is None else f"{weighed['chance']}"
            style = "bold" if weighed["name"] == hint["plan"]["name"] else ""
            table.add_row(Text(weighed["text"]), str(weighed["visits"]), chance, style=style)
        self.console.print(table)

    def thinking(self, player: int) -> str:
        """The line shown while an agent decides: what it is doing where it plays a plan, "Realistas:
        reclutando, 7 de 22" (`ai.progress`), else that it is thinking."""
        said = doing(self.agents[player], self.game, self.lang)
        if said is None:
            return self.t("agent_thinking", role=self.role_name(player))
        return self.t("agent_doing", role=self.role_name(player), doing=said["text"])

    def tell_secrets(self) -> None:
        """Say the secret choices not told yet, if any, on one line."""
        if self.secret is not None:
            player, rule, count = self.secret
            self.secret = None
            self.console.print(cited(self.t("agent_committed", role=self.role_name(player), n=count), rule))

    def table_turn(self) -> bool:
        """Companion mode (`core.table`): ask the person at the physical board what the die or the card
        showed, among the outcomes still possible, by its number (the printed one where there is one),
        its name or the start of its name; say back what is recorded. False to stop (quit, end of
        input)."""
        state = self.match.state
        choices = outcome_choices(state, self.lang)
        others = [outcome_choices(state, lang) for lang in LANGUAGES if lang != self.lang]
        rule = state.chance_rule()
        self.show_log(self.viewer)
        if len(choices) == 1:  # the last card of a pile: nothing to ask
            self.match.apply(choices[0]["id"])
            self.console.print(cited(self.t("table.only", label=choices[0]["label"]), rule), style="dim")
            return True
        self.console.print(cited(self.t("table.ask"), rule), style="bold")
        table = Table(show_edge=False, pad_edge=False)
        for column in ("#", self.t("col.notation"), self.t("col.label")):
            table.add_column(column, justify="right" if column == "#" else "left")
        for choice in choices:
            table.add_row(str(choice["number"]), Text(choice["notation"]), Text(choice["label"]))
        self.console.print(table)
        while True:
            try:
                self.console.file.flush()
                line = input(f"{self.t('table.prompt')}> ")
            except (EOFError, KeyboardInterrupt) as stop:
                self.console.print()
                self.say(self.t("eof" if isinstance(stop, EOFError) else "quit"))
                return False
            if self.echo:
                self.console.print(Text(line), highlight=False)
            word, _, rest = line.strip().partition(" ")
            command = self.commands.get(word.lower())
            if command == "quit":
                self.say(self.t("quit"))
                return False
            if command == "save" and rest.strip():
                self.save(Path(rest.strip()))
                continue
            if command == "undo":  # a person's own move just before this draw, or the outcome told last
                last = self.match.history[-1].actor if self.match.history else None
                if self.undo(last if last in self.humans else None):
                    return True
                continue
            found = matching(line, choices, *others)
            if len(found) != 1:
                self.refuse_outcome(line.strip(), choices, found)
                continue
            shown = found[0]
            self.match.apply(shown["id"])
            said = self.t(
                "table.came_up", number=shown["number"], label=shown["label"], notation=shown["notation"]
            )
            self.console.print(cited(said, rule))
            return True

    def refuse_outcome(self, entry: str, choices: list[dict[str, Any]], found: list[dict[str, Any]]) -> None:
        """Say why `entry` names no single outcome: the ones it may be, or the numbers there are."""
        if found:
            options = ", ".join(f"{c['number']} · {c['label']}" for c in found[:AMBIGUOUS_SHOWN])
            options += ", …" if len(found) > AMBIGUOUS_SHOWN else ""
            self.say(self.t("table.ambiguous", entry=entry, options=options))
        else:
            numbers = number_ranges([c["number"] for c in choices])
            self.say(self.t("table.unknown", entry=entry, numbers=numbers))

    def human_turn(self, player: int) -> bool:
        """Show the position to `player` and read entries until one moves the game; False to stop."""
        view = self.match.state.view(player, self.lang)
        self.tell_secrets()
        if len(view["actions"]) == 1:  # a forced move needs no keypress
            only = view["actions"][0]
            self.show_log(player)
            self.match.apply(only["id"])
            self.console.print(cited(self.t("only_choice", label=only["label"]), view["rule"]), style="dim")
            return True
        if not self.compact:  # small terminals: the board only on request (the `board` command)
            self.console.print(board_renderable(self.game, view, self.lang))
        self.show_log(player)  # what just happened, right above the prompt
        numbered = stable_numbers(self.game, view["actions"])
        self.show_prompt(view, numbered)
        while True:
            try:
                self.console.file.flush()
                line = input(f"{self.role_name(player)}> ")  # input() prints it, so readline keeps it
            except (EOFError, KeyboardInterrupt) as stop:
                self.console.print()
                self.say(self.t("eof" if isinstance(stop, EOFError) else "quit"))
                return False
            if self.echo:
                self.console.print(Text(line), highlight=False)
            outcome = self.handle(line.strip(), player, view, numbered)
            if outcome is not None:
                return outcome

    def say(self, text: str, style: str = "") -> None:
        """Print a message as plain text: brackets in it are never taken for Rich markup."""
        self.console.print(Text(text, style))

    def role_name(self, player: int) -> str:
        """The role's name in the player's language, from the game's catalog (``role.<id>``)."""
        role = self.game.roles[player]
        return (
            self.game.catalog.text(f"role.{role}", self.lang)
            if self.game.catalog.has(f"role.{role}")
            else role
        )

    def show_prompt(self, view: dict[str, Any], numbered: dict[int, dict[str, Any]]) -> None:
        self.console.print(cited(view["prompt"] or "", view["rule"]), style="bold")
        self.console.print(actions_table(numbered, self.t))
        self.say(self.t("entry_hint"), "dim")

    def show_log(self, role: int | None) -> None:
        """The log lines `role` has not seen yet."""
        lines = self.match.state.view(role, self.lang)["log"]
        if len(lines) > self.seen.get(role, 0):
            self.tell_secrets()
        for entry in lines[self.seen.get(role, 0) :]:
            self.console.print(cited(f"· {entry['text']}", entry["rule"]))
        self.seen[role] = len(lines)

    # ------------------------------------------------------------------------------- one entry
    def handle(
        self, text: str, player: int, view: dict[str, Any], numbered: dict[int, dict[str, Any]]
    ) -> bool | None:
        """Act on one entry: True when the game moved on, False to stop, None to read another."""
        t = self.t
        if not text:
            self.say(t("entry_hint"))
            return None
        word, _, rest = text.partition(" ")
        command = self.commands.get(word.lower())
        if command == "quit":
            self.say(t("quit"))
            return False
        if command == "undo":
            return self.undo(player)
        if command == "board":
            self.console.print(board_renderable(self.game, view, self.lang, whole=True))
            self.show_prompt(view, numbered)
            return None
        if command == "hint":
            self.hint(player, view, numbered)
        elif command == "help":
            self.help(rest.strip())
        elif command == "log":
            self.whole_log(player)
        elif command == "save":
            if rest.strip():
                self.save(Path(rest.strip()))
            else:
                self.say(t("save_usage"))
        else:
            return self.play(text, view, numbered)
        return None

    def play(self, text: str, view: dict[str, Any], numbered: dict[int, dict[str, Any]]) -> bool | None:
        """Apply the action numbered or written in `text`, if it is one of the legal ones."""
        t, actions = self.t, view["actions"]
        action: dict[str, Any] | None
        if text.isdigit():
            if int(text) not in numbered:
                self.say(t("bad_number", number=text, numbers=", ".join(map(str, numbered))))
                return None
            action = numbered[int(text)]
        else:
            try:
                wanted = self.game.actions.parse(text)
            except IllegalActionError:
                self.say(t("unknown_entry", entry=text))
                return None
            action = next((a for a in actions if a["id"] == wanted), None)
            if action is None:
                legal = ", ".join(a["notation"] for a in actions)
                self.say(t("not_legal", entry=text, legal=legal))
                return None
        self.match.apply(action["id"])
        self.console.print(
            cited(t("you_played", notation=action["notation"], label=action["label"]), view["rule"])
        )
        return True

    def hint(self, player: int, view: dict[str, Any], numbered: dict[int, dict[str, Any]]) -> None:
        """What the search would play here for `player` and why, in a sentence (`ai.hint`), then the moves
        it weighed with their visits and estimated chances of winning (it sees only what the player may
        know). Seeded by the match and the move, so the same position gets the same hint."""
        agent = hint_agent(self.game, player, self.match.seed, self.match.state.move_number())
        agent.step(self.match.state)
        shown = {a["id"]: a for a in view["actions"]}
        hint = describe(agent.explain(), {a: shown[a]["label"] for a in shown}, self.lang, self.game.catalog)
        self.say(hint["sentence"], "bold")
        if not hint["iterations"]:
            return
        seconds = f"{hint['seconds']:.1f}"
        self.say(self.t("hint.searched", iterations=hint["iterations"], seconds=seconds), "dim")
        if "plans" in hint:
            self.plans_table(hint)
            return
        number = {a["id"]: n for n, a in numbered.items()}
        table = Table(show_edge=False, pad_edge=False)
        for column in (
            "#",
            self.t("col.notation"),
            self.t("col.label"),
            self.t("hint.visits"),
            self.t("hint.chance"),
        ):
            table.add_column(
                column, justify="left" if column in (self.t("col.notation"), self.t("col.label")) else "right"
            )
        for weighed in hint["alternatives"]:
            chance = "" if weighed["chance"] is None else f"{weighed['chance']}"
            table.add_row(
                str(number[weighed["action"]]),
                Text(weighed["notation"]),
                Text(weighed["label"]),
                str(weighed["visits"]),
                chance,
            )
        self.console.print(table)

    def undo(self, player: int | None) -> bool | None:
        """Take back `player`'s latest decisions (None: none of theirs, at the table's prompt) and the forced
        moves after them; where nothing of theirs came since, the chance outcome told last at the table
        (`Match.take_back_told`: the person's own correction). True when the game went back."""
        undone: list[int] = []
        while player is not None and self.match.undoable(player) and (not undone or self.forced()):
            undone.append(self.match.history[-1].action)  # forced moves are replayed, so take them back too
            self.match.undo(player)
        if undone:
            notations = ", ".join(self.game.actions.format(a) for a in reversed(undone))
            self.say(self.t("undone", actions=notations))
        if (not undone or self.forced()) and self.match.told_last():
            told = self.match.history[-1].action
            self.match.take_back_told()
            if len(self.match.state.chance_outcomes()) > 1:  # the last card of a pile: nobody told it
                shown = next(c for c in outcome_choices(self.match.state, self.lang) if c["id"] == told)
                taken = self.t("table.taken_back", **{k: shown[k] for k in ("number", "label", "notation")})
                self.say(taken)
                undone.append(told)
            else:
                self.match.apply(told)
        if not undone:
            self.say(core_catalog().text("core.nothing_to_undo", self.lang))
            return None
        for role in {player, self.viewer}:
            self.seen[role] = len(self.match.state.view(role, self.lang)["log"])
        return True

    def forced(self) -> bool:
        """Whether the position asks a decision with one choice only (the terminal plays it unasked)."""
        state = self.match.state
        return not state.is_chance_node() and not state.is_terminal() and len(state.legal_actions()) == 1

    def help(self, topic: str) -> None:
        t = self.t
        word, _, section = topic.partition(" ")
        if not word:
            table = Table(show_header=False, show_edge=False, pad_edge=False)
            for name in COMMANDS:
                table.add_row(Text(t(f"alias.{name}")), Text(t(f"help.{name}")))
            sections = rules_sections(self.game.rules_reference(self.lang) or "")
            example = sections[min(1, len(sections) - 1)] if sections else t("alias.rules")
            table.add_row(Text(t("help.rules_entry")), Text(t("help.rules", example=example)))
            self.console.print(table)
            return
        if word.lower() not in ("rules", t("alias.rules")):
            self.say(t("help_unknown", topic=topic))
            return
        reference = self.game.rules_reference(self.lang)
        if not reference:
            self.say(t("no_rules"))
            return
        section = section.strip()
        if section:
            body = rules_section(reference, section)
            if body is None:
                self.say(t("no_section", section=section, sections=", ".join(rules_sections(reference))))
            else:
                self.console.print(Markdown(show_anchors(body)))
        elif self.console.is_terminal:
            os.environ.setdefault("LESS", "-R")  # the system pager is usually less: let it show styles
            with self.console.pager(styles="R" in os.environ["LESS"]):
                self.console.print(Markdown(show_anchors(reference)))
        else:
            self.console.print(Markdown(show_anchors(reference)))

    def whole_log(self, player: int) -> None:
        lines = self.match.state.view(player, self.lang)["log"]
        if not lines:
            self.say(self.t("log_empty"))
        for entry in lines:
            self.console.print(cited(f"· {entry['text']}", entry["rule"]))

    def save(self, path: Path) -> bool:
        """Write the record of the game so far to `path`; False (and a message) if that failed."""
        try:
            save_record(self.match.record(), path)
        except OSError as exc:
            self.say(self.t("save_failed", path=str(path), reason=exc.strerror or str(exc)))
            return False
        self.say(self.t("saved", path=str(path)))
        return True
