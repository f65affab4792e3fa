"""A game's rules reference (Markdown with `{#anchor}` headings) as an HTML page whose headings carry
those anchors as ids, so every rule citation in the log can open the reference at its section."""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

from ludoteca.core.game import Game

LANGUAGE_NAMES = {"es": "Español", "en": "English"}
ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_.:-]+)\}\s*$")


def rule_sections(game: Game, lang: str) -> dict[str, str]:
    """Each anchored section of the rules reference in `lang` by its heading's plain text, so that a
    citation can be shown by the section's name in the reader's language (issue 25): `action` is
    "Fase de acción" on a Spanish page, never the anchor's English word."""
    md = MarkdownIt("commonmark", {"html": False})
    tokens = md.parse(game.rules_reference(lang))
    sections = {}
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        found = ANCHOR.search(inline.content)
        if found is not None:
            words = "".join(c.content for c in inline.children or [] if c.type in ("text", "code_inline"))
            sections[found.group(1)] = ANCHOR.sub("", words).strip()
    return sections


def rules_html(game: Game, lang: str) -> str:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(game.rules_reference(lang))
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        found = ANCHOR.search(inline.content)
        if found is None:
            continue
        token.attrSet("id", found.group(1))
        inline.content = inline.content[: found.start()]
        if inline.children:
            last = inline.children[-1]
            last.content = ANCHOR.sub("", last.content)
    body = md.renderer.render(tokens, md.options, {})
    title = html.escape(game.title)
    other = "en" if lang == "es" else "es"
    # The header every page has: back to the lobby, and the same reference in the other language (its
    # link keeps the section read, through rules.js).
    header = (
        f'<header class="top"><a class="brand" href="/?lang={lang}">Ludoteca</a> <b>{title}</b>'
        f'<span class="spacer"></span><a class="lang" href="/rules/{html.escape(game.id)}?lang={other}">'
        f"{LANGUAGE_NAMES[other]}</a></header>"
    )
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css"></head>
<body class="rules">{header}<main class="rules-text">{body}</main>
<script src="/static/rules.js"></script></body></html>"""
