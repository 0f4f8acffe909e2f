"""The home-game page in headless Chromium (Debian's, driven by Playwright): it loads, sits
down, plays a hand by clicking the action buttons, shows the showdown's pots, and saves a
screenshot. With POKERRULES_SCREENSHOT=path the screenshot is also written there (the docs'
docs/_static/home_game.png is made this way).

It runs in CI (CI=true), where .ci/run installs Chromium; elsewhere it is skipped when no
Chromium is installed."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from examples.home_game.server import HomeGame
from pokerrules.engine import Acted, ChooseRunouts
from tests.test_home_game import serving

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The order the test clicks in: the passive actions first.
PREFERRED = ("check", "call", "bring_in", "stand_pat", "show", "fold")

in_ci = os.environ.get("CI") == "true"
if not in_ci and not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (it is in CI)", allow_module_level=True)


def test_a_browser_sits_down_plays_a_hand_by_clicking_and_sees_the_pots(tmp_path: Path) -> None:
    game = HomeGame(
        "no-limit hold'em",
        players=4,
        humans=1,
        bots=True,
        seed=11,
        pause=4.0,
        stacks=[200, 60, 120, 200],
    )
    with serving(game) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 640})
            page.set_default_timeout(15_000)
            page.goto(url.replace("ws://", "http://") + "/")
            assert page.title() == "Home game"
            page.click("#sit")
            page.wait_for_selector(".seat.me")
            clicks = 0
            for _ in range(200):  # a hand takes far fewer clicks
                page.wait_for_selector("#actions button, #pot-table")
                if page.locator("#pot-table").count():
                    break
                for name in PREFERRED:
                    button = page.locator(f'#actions button[data-action="{name}"]')
                    if button.count():
                        try:
                            button.first.click(timeout=2_000)
                            clicks += 1
                        except PlaywrightError:
                            pass  # the page re-rendered under the click: look again
                        break
                page.wait_for_timeout(100)
            assert clicks >= 1, "the hand ended before the player could act"
            assert page.locator("#pot-table").count() == 1
            assert "main pot" in page.inner_text("#pot-table")
            assert page.inner_text("#street") == "hand over"
            assert page.locator(".seat.me .card:not(.back)").count() == 2  # our own two cards
            shot = tmp_path / "home_game.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            target = os.environ.get("POKERRULES_SCREENSHOT")
            if target:
                shutil.copyfile(shot, target)
        finally:
            browser.close()
    assert game.table.hands >= 1 or game.hand is not None


def test_a_browser_chooses_how_many_times_to_run_the_board_by_clicking() -> None:
    """At a table opened with ask_runouts the page shows a button for each count a player may
    choose at an all-in; clicking "run it 2 times" sends the choice, which the hand records."""
    game = HomeGame(
        "no-limit hold'em",
        players=2,
        humans=1,
        bots=True,
        seed=12,
        pause=3.0,
        stacks=[4, 4],  # a raise is all in
        ask_runouts=True,
    )
    with serving(game) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 640})
            page.set_default_timeout(15_000)
            page.goto(url.replace("ws://", "http://") + "/")
            page.click("#sit")
            page.wait_for_selector(".seat.me")
            chose = False
            for _ in range(300):
                page.wait_for_selector("#actions button, #pot-table")
                if chose and page.locator("#pot-table").count():
                    break
                run_twice = page.locator('#actions button[data-action="runouts"][data-count="2"]')
                if run_twice.count():
                    labels = page.locator('#actions button[data-action="runouts"]')
                    assert labels.first.inner_text() == "run it once"
                    assert run_twice.inner_text() == "run it 2 times"
                    try:
                        run_twice.click(timeout=2_000)
                        chose = True
                    except PlaywrightError:
                        pass  # the page re-rendered under the click: look again
                else:
                    for name in ("raise", "call", "check", "show"):
                        button = page.locator(f'#actions button[data-action="{name}"]')
                        if button.count():
                            with contextlib.suppress(PlaywrightError):
                                button.first.click(timeout=2_000)
                            break
                page.wait_for_timeout(100)
            assert chose, "the player was never asked how many times to run the board"
            assert "main pot" in page.inner_text("#pot-table")
            hand = game.hand  # the finished hand stays on the table during the pause
            assert hand is not None and hand.is_complete
            me = next(iter(game.sockets))
            assert ChooseRunouts(2) in [
                e.action for e in hand.log if isinstance(e, Acted) and e.seat == me
            ]
        finally:
            browser.close()
