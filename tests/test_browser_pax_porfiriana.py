"""Pax Porfiriana in a real headless Chromium, every seat a person invited from the lobby (issue 24):
each seat's page is opened from its invitation link and its player moves only by clicking what that
page shows (a seeded random choice among the visible buttons and board targets, after checking that
every legal action is among them). After every move no page's board shows a card of another player's
hand (neither its id nor its name) and each page shows its own hand whole. A four-player game is played
to its end, every page shows the same result, and the game replays from its record (the engine through
every stored digest, the replay viewer, and the record uploaded in the lobby); a six-player game is
played for `SIX_MOVES` moves. Screenshots at 1280 and 400 px are kept."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, FilePayload, Page

from browser import (
    check_the_record_replays,
    choose_a_shown_choice,
    chromium,
    save_screenshot,
    served,
    settled,
    watch_errors,
)
from ludoteca.core.game import get_game
from ludoteca.core.match import Match
from ludoteca.core.record import make_record
from ludoteca.games.pax_porfiriana.board import TOPPLES

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # a real server and browser
CATALOG = get_game("pax-porfiriana").catalog
CARD_IDS = "nodes => nodes.map(n => n.dataset.card)"
SCROLL_BACK = "board => { board.scrollLeft = 0; }"
FOUR_LIMIT = 1200
"""Decisions after which the four-player game should have ended (random ones take some 80–600)."""
REPLAY_STEPS = 20
"""How many moves of the finished four-player game one seat steps through in the replay viewer."""
SIX_MOVES = 60
"""How many moves the six-player game is played for: every kind of turn comes round to each seat."""


def hand_names(cards: list[str]) -> list[str]:
    return [CATALOG.text(f"card.{card}.name", "es") for card in cards]


@dataclass
class Invited:
    """A game made in the lobby with every seat a person, and each seat's page opened from its link."""

    base: str
    game: str
    tokens: list[str]
    roles: list[str]
    pages: list[Page]
    errors: list[str]
    client: httpx.Client

    def state(self, seat: int) -> dict[str, Any]:
        reply = self.client.get(
            f"{self.base}/api/games/{self.game}?lang=es", headers={"X-Ludoteca-Token": self.tokens[seat]}
        )
        return dict(reply.json())

    def check_hands(self) -> list[dict[str, Any]]:
        """Each page shows the latest move, its own hand whole and no card of another seat's hand;
        returns every seat's state."""
        states = settled(lambda: [self.state(seat) for seat in range(len(self.tokens))])
        move = states[0]["view"]["move"]
        assert all(state["view"]["move"] == move for state in states)
        hands = {
            role: states[seat]["view"]["board"]["players"][role]["hand"]
            for seat, role in enumerate(self.roles)
        }
        for seat, page in enumerate(self.pages):
            page.wait_for_selector(f"body[data-move='{move}']", state="attached")
            check_page_hands(page, self.roles[seat], hands, f"move {move}")
        return states

    def hands_at(self, step: int) -> dict[str, list[str]]:
        """Each seat's hand after `step` moves, as the replay viewer is told it."""
        hands = {}
        for seat, role in enumerate(self.roles):
            frame = self.client.get(
                f"{self.base}/api/games/{self.game}/replay?step={step}&lang=es",
                headers={"X-Ludoteca-Token": self.tokens[seat]},
            ).json()
            hands[role] = frame["view"]["board"]["players"][role]["hand"]
        return hands


def check_page_hands(page: Page, mine: str, hands: dict[str, list[str]], where: str) -> None:
    """The page's board shows `mine`'s hand whole and no card of any other seat's hand (`hands`, each
    seat's own cards), neither by id nor by name."""
    board = page.locator("#board")
    text = board.text_content() or ""
    shown = set(board.locator("[data-card]").evaluate_all(CARD_IDS))
    in_hand = board.locator(".in-hand").evaluate_all(CARD_IDS)
    assert sorted(in_hand) == sorted(hands[mine]), (where, mine)
    for other, cards in hands.items():
        if other == mine:
            continue
        assert not shown & set(cards), (where, mine, other)
        assert not [name for name in hand_names(cards) if name in text], (where, mine, other)


def check_the_replay_hides_hands(invited: Invited, seat: int, steps: int) -> None:
    """The replay viewer, opened with `seat`'s token and stepped with its "next" button through the
    first `steps` moves, shows that seat's hand and no other at each."""
    page = invited.pages[seat]
    page.goto(f"{invited.base}/replay/{invited.game}?lang=es#token={invited.tokens[seat]}")
    for step in range(steps + 1):
        if step:
            page.click("#next")
        page.wait_for_selector(f"body[data-step='{step}'] #board svg", state="attached")
        check_page_hands(page, invited.roles[seat], invited.hands_at(step), f"replay step {step}")


def invite_everyone(
    browser: Browser, client: httpx.Client, base: str, players: int, widths: list[int]
) -> Invited:
    """Create the game in the lobby with `players` human seats, then open each seat's invitation link in
    a page of its own, the i-th `widths[i % len(widths)]` wide. No seed: a game with people invited
    draws its chance from a new secret (SECURITY.md), so each run deals another game."""
    lobby = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_errors(lobby)
    lobby.goto(f"{base}/?lang=es")
    lobby.select_option("#game", "pax-porfiriana")
    lobby.wait_for_load_state("networkidle")
    with lobby.expect_response(lambda response: "/api/seats/" in response.url):
        lobby.select_option("[data-option='players']", str(players))
    lobby.wait_for_selector(f"[data-seat='{players - 1}']")  # the seats are drawn again for the players
    assert lobby.locator("[data-seat]").count() == players
    for seat in range(players):
        lobby.select_option(f"[data-seat='{seat}']", "human")
    lobby.click("#create-button")
    lobby.wait_for_selector("#created input.link", state="attached")
    links = [field.input_value() for field in lobby.locator("#created input.link").all()]
    assert len(links) == players
    lobby.close()
    game = links[0].split("/play/")[1].split("#")[0].split("?")[0]
    tokens = [link.split("#token=")[1].split("&")[0] for link in links]
    invited = Invited(base, game, tokens, [], [], errors, client)
    invited.roles = [invited.state(seat)["my_roles"][0] for seat in range(players)]
    assert len(set(invited.roles)) == players
    for seat, link in enumerate(links):
        width = widths[seat % len(widths)]
        page = browser.new_page(viewport={"width": width, "height": 900}, accept_downloads=True)
        errors += watch_errors(page)
        page.goto(link)
        page.wait_for_selector("#board svg .seat")
        invited.pages.append(page)
    return invited


def play(invited: Invited, seed: int, moves: int, screenshot: str) -> int:
    """Let the seat that is asked click one of the choices its page shows, up to `moves` decisions or
    the game's end, checking the hands after each; returns the number of clicks."""
    rng = random.Random(seed)
    states = invited.check_hands()
    decisions = clicks = 0
    while decisions < moves and not states[0]["view"]["terminal"]:
        asked = [seat for seat, state in enumerate(states) if state["view"]["actions"]]
        assert len(asked) == 1, f"move {states[0]['view']['move']}: asked {asked}"
        clicks += choose_a_shown_choice(invited.pages[asked[0]], states[asked[0]], rng)
        decisions += 1
        states = invited.check_hands()
        if decisions == 6:
            save_screenshot(invited.pages[asked[0]], screenshot)
    return clicks


def test_a_whole_four_player_game_by_invitation_shows_no_other_hand_and_replays(tmp_path: Path) -> None:
    started = time.monotonic()
    with served(tmp_path) as server, chromium() as browser, httpx.Client() as client:
        invited = invite_everyone(browser, client, server.base, 4, widths=[1280, 400])
        clicks = play(invited, seed=11, moves=FOUR_LIMIT, screenshot="pax-porfiriana-board")
        states = [invited.state(seat) for seat in range(4)]
        assert states[0]["view"]["terminal"], "the game should have ended"
        result = states[0]["view"]["result"]
        assert result["text"] and all(state["view"]["result"] == result for state in states)
        for page in invited.pages:
            assert page.locator("#result-text").inner_text() == result["text"]
            assert page.locator("#actions button").count() == 0
        for page in invited.pages[:2]:
            page.locator("#board").evaluate(SCROLL_BACK)  # as the page first drew it, not as last clicked
        save_screenshot(invited.pages[0], "pax-porfiriana-final")
        save_screenshot(invited.pages[1], "pax-porfiriana-400")
        check_the_replay_hides_hands(invited, seat=2, steps=REPLAY_STEPS)
        record = check_the_record_replays(invited.pages[0], server.base, invited.game, invited.tokens[0])
        assert record["options"]["players"] == "4" and len(record["actions"]) > clicks // 2
        assert invited.errors == []
    print(f"four players: {clicks} clicks, {result['text']}, {time.monotonic() - started:.0f} s")


def test_six_players_by_invitation_never_see_each_others_hands(tmp_path: Path) -> None:
    started = time.monotonic()
    with served(tmp_path) as server, chromium() as browser, httpx.Client() as client:
        invited = invite_everyone(browser, client, server.base, 6, widths=[1280, 400])
        clicks = play(invited, seed=5, moves=SIX_MOVES, screenshot="pax-porfiriana-six")
        assert clicks >= SIX_MOVES or invited.state(0)["view"]["terminal"]
        finals = [invited.state(seat)["view"]["board"]["players"] for seat in range(6)]
        assert any(finals[seat][role]["hand"] for seat, role in enumerate(invited.roles))  # some to hide
        invited.pages[1].locator("#board").evaluate(SCROLL_BACK)
        save_screenshot(invited.pages[1], "pax-porfiriana-six-400")
        assert invited.errors == []
    print(f"six players: {clicks} clicks, {time.monotonic() - started:.0f} s")


# ------------------------------------------------------------------ what a person reads (issue 55)
EXPLAINED = {
    "log.diaz_topple",
    "log.diaz_row",
    "log.diaz_no_prestige",
    "log.diaz_no_target",
    "log.diaz_immune",
    "log.diaz_troop",
    "log.headline",
    "log.target",
    "log.victim",
}
"""The log lines that follow «Díaz se lleva …»: what the card did, or why it did nothing."""


def labels_by_id(state: dict[str, Any]) -> dict[int, str]:
    return {action["id"]: action["label"] for action in state["view"]["actions"]}


def test_the_solitaire_page_shows_prices_the_market_first_on_a_phone_and_diaz_explained(
    tmp_path: Path,
) -> None:
    """Issue 55, in both languages. The lobby names the solitaire option's values in words. At 1280 px
    every action has its button and each buy button says the price to pay, the column's (§COMPRAR
    CARTA); at 400 px the market comes right under the prompt (its first card on the first screen), the
    actions of the cards are offered by the cards alone, and a tap on a card brings its buttons, the buy
    with its price. Ending the actions is logged with what was left (§I), and each card Díaz takes is
    followed in the log by what it did or why it did nothing (Part L)."""
    with served(tmp_path) as server, chromium() as browser, httpx.Client() as client:
        lobby = browser.new_page(viewport={"width": 400, "height": 900})
        errors = watch_errors(lobby)
        for lang in ("es", "en"):
            lobby.goto(f"{server.base}/?lang={lang}")
            lobby.select_option("#game", "pax-porfiriana")
            lobby.wait_for_selector("[data-option='solo'] option", state="attached")
            shown = lobby.locator("[data-option='solo'] option").all_inner_texts()
            assert shown == [CATALOG.text(f"choice.solo.{v}", lang) for v in ("off", "diaz")]
            assert not {"off", "diaz"} & set(shown)
        lobby.goto(f"{server.base}/?lang=es")
        lobby.wait_for_selector("[data-seat='0']", state="attached")
        lobby.select_option("#game", "pax-porfiriana")
        with lobby.expect_response(lambda response: "/api/seats/" in response.url):
            lobby.select_option("[data-option='solo']", "diaz")
        lobby.wait_for_load_state("networkidle")
        lobby.select_option("[data-seat='0']", "me")
        lobby.click("#create-button")
        lobby.wait_for_selector("body[data-move] #board svg", state="attached")
        game = lobby.url.split("/play/")[1].split("?")[0]
        token = lobby.url.split("token=")[1].split("&")[0]
        lobby.close()

        def state(lang: str) -> dict[str, Any]:
            reply = client.get(
                f"{server.base}/api/games/{game}?lang={lang}", headers={"X-Ludoteca-Token": token}
            )
            return dict(reply.json())

        for lang in ("es", "en"):
            wide = browser.new_page(viewport={"width": 1280, "height": 900})
            errors += watch_errors(wide)
            wide.goto(f"{server.base}/play/{game}?lang={lang}#token={token}")
            wide.wait_for_selector("#board svg .seat")
            now = state(lang)
            labels = labels_by_id(now)
            buttons = {
                int(b.get_attribute("data-action") or -1): b.inner_text()
                for b in wide.locator("#actions button").all()
            }
            assert buttons == labels  # every action a button, with the server's label
            market = now["view"]["board"]["market"]
            buys = {a["id"]: a for a in now["view"]["actions"] if a["group"] == "buy"}
            assert buys
            for action_id, action in buys.items():
                price = next(
                    slot["price"] for row in market for slot in row if slot["card"] == action["target"]
                )
                card = CATALOG.text(f"card.{action['target']}.name", lang)
                assert buttons[action_id] == CATALOG.text("act.buy_price", lang, {"target": card, "n": price})
            wide.close()

            phone = browser.new_page(viewport={"width": 400, "height": 900})
            errors += watch_errors(phone)
            phone.goto(f"{server.base}/play/{game}?lang={lang}#token={token}")
            phone.wait_for_selector("#board svg .seat")
            on_board = phone.locator("#board svg .target").evaluate_all(
                "nodes => nodes.map(n => n.dataset.target)"
            )
            texts = phone.locator("#actions button").all_inner_texts()
            assert all(a["target"] in on_board for a in buys.values())
            assert not [t for t in texts if t in {buttons[i] for i in buys}]  # the cards offer them
            assert CATALOG.text("act.end", lang) in texts and len(texts) <= 3
            first = phone.locator("#board svg [data-slot]").first.bounding_box()
            assert first is not None and first["y"] < 900, first  # the market on the first screen
            dear = next(slot for slot in market[0] if slot["price"] == 4 and slot["card"])
            phone.locator(f"#board svg .target[data-target='{dear['card']}']").click()
            phone.wait_for_selector("body[data-selected] #actions button")
            card = CATALOG.text(f"card.{dear['card']}.name", lang)
            tapped = phone.locator("#actions button").all_inner_texts()
            assert CATALOG.text("act.buy_price", lang, {"target": card, "n": 4}) in tapped
            save_screenshot(phone, f"pax-porfiriana-tap-{lang}-400")
            phone.close()

        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors += watch_errors(page)
        page.goto(f"{server.base}/play/{game}?lang=en#token={token}")
        page.wait_for_selector("#board svg .seat")
        move = page.locator("body").get_attribute("data-move")
        page.click("#actions button[data-notation='end']")
        page.wait_for_selector(f"body:not([data-move='{move}']) #actions button", timeout=60_000)
        log = [line["key"] for line in state("en")["view"]["log"]]
        assert "log.end_actions" in log
        taken = [i for i, key in enumerate(log) if key == "log.diaz_takes"]
        assert taken and all(log[i + 1] in EXPLAINED for i in taken), [log[i + 1] for i in taken]
        shown_log = page.locator("#log").inner_text()
        ended = CATALOG.text("log.end_actions", "en", {"who": "@role.jugador-1", "n": 3})
        assert ended in shown_log
        for line in state("en")["view"]["log"]:
            if line["key"] in EXPLAINED - {"log.headline", "log.target", "log.victim"}:
                assert line["text"] in shown_log
        assert errors == []


BEARS = ("panico_de_1907", "deportacion_yaqui")
"""Two bear headlines, drawn into the free column of each market row: discarded in the first turn's phase
II, they start a Depression (§II, §DEPRESIÓN ECONÓMICA)."""


def a_depression_bill() -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """A two-player game whose chance outcomes are chosen: the market opens with a bear in each row's free
    column and a ranchito at 1 gold; the first player buys and plays the ranchito and ends the actions;
    the bears start a Depression, and after income the first player pays the bill. Returns the record
    (to the payment) and, in each language, the bill's prompt and its pay button as the engine shows
    them."""
    game = get_game("pax-porfiriana")
    match = Match(game, {"players": "2"}, seed=1)
    chosen = {0: f"draw {BEARS[0]}", 1: "draw ranchito_arizpe", 6: f"draw {BEARS[1]}"}
    match.apply_notation("first 1")
    while match.state.is_chance_node():
        names = [game.actions.names[a] for a in match.state.legal_actions()]
        if names[0].startswith("deal"):
            match.apply_notation(names[0])
            continue
        wanted = chosen.get(len(match.state.d["seen"]))
        others = [n for n in names if n not in chosen.values() and n.split()[1] not in TOPPLES]
        match.apply_notation(wanted or others[0])
    for notation in ("buy ranchito_arizpe", "play ranchito_arizpe", "end"):
        match.apply_notation(notation)
    while match.state.is_chance_node():
        match.apply(match.state.sample_chance(match.rng))
    assert match.state.d["depression"] and match.state.d["wait"]["prompt"] == "prompt.upkeep"
    assert match.state.current_player() == 0
    shown = {}
    for lang in ("es", "en"):
        view = match.state.view(0, lang)
        pay = next(a["label"] for a in view["actions"] if a["notation"] == "pass")
        shown[lang] = {"prompt": view["prompt"], "pay": pay}
    match.apply_notation("pass")
    return make_record(match), shown


def test_the_depression_bill_reads_as_a_payment_in_the_replay_viewer(tmp_path: Path) -> None:
    """Issue 55, §DEPRESIÓN ECONÓMICA, in both languages: a record through a Depression's bill, uploaded
    in the lobby, shows at the bill the prompt with the cards, the sum and the gold, and in the move list
    the choice made as «Pagar 1 de oro (no descartar nada)», never «Nada más»."""
    record, shown = a_depression_bill()
    text = json.dumps(record)
    with served(tmp_path) as server, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors = watch_errors(page)
        page.goto(f"{server.base}/?lang=es")
        page.wait_for_selector("[data-seat='0']", state="attached")
        upload: FilePayload = {"name": "bill.json", "mimeType": "application/json", "buffer": text.encode()}
        page.set_input_files("#upload", files=[upload])
        page.wait_for_url("**/replay/**")
        replay = page.url
        steps = len(record["actions"])
        for lang in ("es", "en"):
            page.goto(replay.replace("lang=es", f"lang={lang}"))
            page.wait_for_selector("body[data-step='0'] #board svg", state="attached")
            page.locator("#moves li a").nth(steps - 2).click()  # the step at which the bill is posed
            page.wait_for_selector(f"body[data-step='{steps - 1}']", state="attached")
            assert page.locator("#prompt").inner_text().startswith(shown[lang]["prompt"])
            assert str(CATALOG.text("act.pay_upkeep", lang, {"n": 1})) == shown[lang]["pay"]
            last = page.locator("#moves li").nth(steps - 1).inner_text()
            assert last.endswith(shown[lang]["pay"]) and CATALOG.text("act.pass", lang) not in last
        assert errors == []
