"""The key-burst fuzz of the app (``bench.bench_fuzz``) in the suite: a fixed seed, a few
hundred random keys 0 to 50 ms apart at 80x24 and 140x45, on the fake engine. No
traceback, no exit but the app's own quit path, and every screen and dialog reached.
The long runs (10,000 keys a size, the real engine) are ``python -m bench fuzz``."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest
from textual import events
from textual.widgets import Input, Select
from textual.widgets._select import SelectOverlay
from textual_fspicker.base_dialog import Dialog
from tui_fakes import browsed, settle

from bench.bench_fuzz import fuzz, key_event, pasted_text, screen_name
from tui.app import GomokuApp
from tui.screens.dialogs import ConfirmScreen, NewGameScreen
from tui.services import Analyst

KEYS = 150
"""Keys a size, after the tour of every screen that starts each run: a few seconds of CPU each."""
SCREENS = {
    "NewGameScreen",
    "ConfirmScreen",
    "HelpScreen",
    "OpenGameScreen",
    "SaveGameScreen",
    "ReviewScreen",
    "game",
    "game: position editor",
}


@pytest.mark.parametrize(("size", "seed"), [((80, 24), 1), ((140, 45), 2)])
async def test_random_key_bursts_raise_nothing(
    size: tuple[int, int], seed: int, fake_analyst: Analyst, fake_engine: object
) -> None:
    review = {"engine": fake_engine, "threats": False, "nodes": 10}
    report = await fuzz(lambda: fake_analyst, size=size, seed=seed, keys=KEYS, engine="fake", review_options=review)
    assert report.tracebacks == [], "\n".join(report.tracebacks) + f"\nkeys before it: {report.last_keys}"
    assert report.keys >= KEYS
    reached = {name.removesuffix(" (choices open)") for name in report.screens}
    assert SCREENS <= reached, report.screens


def test_the_keys_are_made_as_a_terminal_makes_them() -> None:
    assert (key_event("enter").key, key_event("enter").character) == ("enter", "\r")
    assert (key_event("question_mark").key, key_event("question_mark").character) == ("question_mark", "?")
    assert (key_event("x").key, key_event("x").character) == ("x", "x")
    assert key_event("Y").character == "Y" and key_event("up").character is None


def test_pasted_text_is_varied_and_repeatable() -> None:
    first = [pasted_text(random.Random(seed)) for seed in range(30)]
    again = [pasted_text(random.Random(seed)) for seed in range(30)]
    assert first == again  # a seed gives the same fuzz
    assert len(set(first)) > 20


async def test_screen_names_say_what_the_game_screen_does(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert screen_name(app) == "game"
        await pilot.press("e")
        assert screen_name(app) == "game: position editor"
        await pilot.press("escape", "n")
        assert screen_name(app) == "NewGameScreen"


# -- what the fuzz found, each fixed ---------------------------------------------------


async def burst(app: GomokuApp, *keys: str, turns: int = 1) -> None:
    """Keys sent as a terminal sends them in a burst: ``turns`` turns of the event loop apart."""
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app._driver.send_message(event)  # type: ignore[union-attr]  # a running app has a driver
        for _ in range(turns):
            await asyncio.sleep(0)


async def test_enter_on_a_button_and_an_answer_in_one_burst_answer_once(make_app: Callable[..., GomokuApp]) -> None:
    """The fuzz (140x45, seed 2): Enter pressed a question's No button and Escape
    answered before the button's message reached the dialog, which was then dismissed
    twice: the second popped the game's own screen, and the app closed on a
    ScreenStackError. The first answer stands."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "q")  # in the middle of a game, q asks first
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("tab")  # on the No button
        await burst(app, "enter", "escape")
        await settle(app, pilot)
        assert app.is_running and app.return_code is None
        assert len(app.screen_stack) == 1 and app.focused is app.board_view


async def test_enter_in_the_new_game_dialog_and_escape_in_one_burst(make_app: Callable[..., GomokuApp]) -> None:
    """Enter in a field of the new-game dialog (Start) and Escape (Cancel) in one burst:
    one of them answers, and the app goes on."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await burst(app, "enter", "escape")
        await settle(app, pilot)
        assert app.is_running and app.return_code is None
        assert len(app.screen_stack) == 1 and app.focused is app.board_view


async def test_a_general_form_with_brackets_is_shown_as_typed(make_app: Callable[..., GomokuApp]) -> None:
    """The fuzz (140x45, seed 54): the new-game dialog's error for a general form it cannot
    read quotes what was typed (here, pasted) and the form's syntax, ``k=N[,gravity]``,
    and with a ``[`` in what was typed, it was read as markup (MarkupError: the app closed)."""
    app = make_app()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("n")
        await pilot.press(*["tab"] * 5)  # the general form
        app.post_message(events.Paste("(;B[ab]"))  # an SGF pasted there: no rule set
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, NewGameScreen)
        error = str(app.screen.query_one("#error").render())
        assert "(;B[ab]" in error and "[,gravity]" in error


async def test_a_file_name_with_a_nul_character_is_refused_in_a_line(make_app: Callable[..., GomokuApp]) -> None:
    """The fuzz (seeds 53 and 54): a NUL pasted into the file picker's name, then Enter:
    the picker's path check raised ValueError (the app closed). Now one line in the dialog."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("s", "o"):
            await pilot.press(key)
            await browsed(app, pilot)
            field = app.screen.query_one(Input)
            field.focus()
            field.value = "game\x00.json"
            await pilot.press("enter")
            await pilot.pause()
            assert app.is_running and len(app.screen_stack) == 2
            assert "NUL" in str(app.screen.query_one(Dialog).border_subtitle)
            await pilot.press("escape")


@pytest.mark.parametrize("key", ["s", "o"])
async def test_a_dialog_key_right_after_quitting_opens_nothing(make_app: Callable[..., GomokuApp], key: str) -> None:
    """The fuzz (10,000 keys, seeds 53 and 54): q (no game in progress: it quits at once)
    and s or o (or R) in one burst: the key after q, handled before the app closed, pushed a
    dialog that mounted while the app took its screens down (NoMatches: a traceback on
    the way out). A leaving app opens nothing."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(app, "q", key, turns=0)
        for _ in range(500):
            if not app.is_running:
                break
            await asyncio.sleep(0.01)
        assert not app.is_running and app.return_code == 0
    assert app._exception is None


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_a_page_key_on_a_choice_just_opened_moves_nothing_yet(
    make_app: Callable[..., GomokuApp], key: str
) -> None:
    """The fuzz (seeds 53 and 54, 10,000 keys): space opened a choice of the new-game
    dialog, its list took the focus, and PageUp (or PageDown) came before the list's
    first layout (a few turns of the event loop later): Textual's OptionList looked the
    highlighted option's line up in an empty table (KeyError in ``_move_page``: the app
    closed). The key does nothing until the list is laid out; then it pages as usual."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "tab")  # the clock's choice
        assert isinstance(app.screen, NewGameScreen)
        overlay = app.screen.query_one("#clock", Select).query_one(SelectOverlay)
        await burst(app, "space", turns=0)
        for _ in range(100):  # the turn the list takes the focus, before its layout
            if app.focused is overlay:
                break
            await asyncio.sleep(0)
        assert app.focused is overlay and not overlay.scrollable_content_region
        await overlay.run_action(key.replace("page", "page_"))  # what the key's binding runs
        assert overlay.highlighted == 0
        await pilot.pause()
        assert app.is_running and app._exception is None
        await pilot.press(key)  # laid out now: the page key moves the highlight
        assert overlay.highlighted == (0 if key == "pageup" else len(overlay.options) - 1)


async def test_a_long_text_pasted_into_the_file_name_is_refused_in_a_line(
    make_app: Callable[..., GomokuApp],
) -> None:
    """The fuzz (140x45, seed 54): an SGF pasted into the file picker's name field made a
    name over 255 bytes, and the picker's path completion looked it up (OSError 36, file
    name too long: the app closed). The field keeps what fits, and a line says so; a name
    typed past the limit gets no completion, and Enter refuses it in a line."""
    app = make_app()
    async with app.run_test(size=(140, 45)) as pilot:
        for key in ("s", "o"):
            await pilot.press(key)
            await browsed(app, pilot)
            field = app.screen.query_one(Input)
            field.focus()
            await pilot.pause()
            app.post_message(events.Paste("(;FF[4]" + ";B[ab]" * 60 + ")"))
            await settle(app, pilot)
            assert app.is_running and app._exception is None and len(app.screen_stack) == 2
            assert 200 < len(field.value.encode()) <= 255 and field.value.startswith("(;FF[4];B[ab]")
            assert app.notices[-1][0] == "warning" and "at most 255 bytes" in app.notices[-1][1]
            field.insert_text_at_cursor("x" * 10)  # typed on past the limit: no completion raises
            await settle(app, pilot)
            await pilot.press("enter")
            assert app.is_running and app._exception is None and len(app.screen_stack) == 2
            assert "at most 255 bytes" in str(app.screen.query_one(Dialog).border_subtitle)
            await pilot.press("escape")


@pytest.mark.parametrize("turns", range(8))
async def test_a_new_game_key_right_after_the_quit_question_answered_opens_nothing(
    make_app: Callable[..., GomokuApp], turns: int
) -> None:
    """The fuzz (80x24, seed 53, 10,000 keys): q in the middle of a game asks first, Enter
    answered Quit, and an n of the same burst came between the question's closing and the
    quit itself: the new-game dialog mounted while the app took its screens down
    (NoMatches for its own field on mount: a traceback on the way out)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "q")
        assert isinstance(app.screen, ConfirmScreen)
        await burst(app, "enter", "n", turns=turns)
        for _ in range(500):
            if not app.is_running:
                break
            await asyncio.sleep(0.01)
        assert not app.is_running and app.return_code == 0
    assert app._exception is None


async def test_the_game_keys_wake_after_staying(make_app: Callable[..., GomokuApp]) -> None:
    """The quit question answered Stay: the game's keys work again."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "q")
        await pilot.press("escape")
        await pilot.pause()
        assert not app.quit_asked and len(app.screen_stack) == 1
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
