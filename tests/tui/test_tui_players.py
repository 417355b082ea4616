"""The new-game dialog's players come from the registry (``gomoku.engine.players``):
the names that play the rules chosen, each with the registry's description."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import OptionList, Select, Static

from gomoku.board import Rules
from gomoku.engine.players import LEVELS, PLAYERS, describe, players_for
from tui.app import GomokuApp
from tui.screens.dialogs import NewGameScreen
from tui.services import Analyst, level_note


def note(screen: NewGameScreen) -> str:
    return str(screen.query_one("#level-note", Static).render())


def test_the_real_analyst_takes_its_players_from_the_registry() -> None:
    analyst = Analyst.default()
    assert analyst.levels == tuple(LEVELS)
    for rules in (Rules(), Rules.preset("tictactoe"), Rules.preset("qubic"), Rules.parse("size=7x6,k=4,gravity")):
        assert analyst.levels_of(rules) == players_for(rules)
    assert all(analyst.level_note(name) == level_note(name) == describe(name) for name in PLAYERS)


async def test_the_dialog_offers_the_registrys_players_with_its_descriptions(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for rules in ("freestyle", "cube3", "qubic", "tictactoe"):
            screen.query_one("#rules", Select).value = rules
            await pilot.pause()
            names = list(players_for(Rules.preset(rules)))
            assert screen.offered == names
            overlay = screen.query_one("#level", Select).query_one(OptionList)
            assert [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)] == names
            for name in names:
                screen.query_one("#level", Select).value = name
                await pilot.pause()
                assert note(screen) == describe(name)
        assert screen.offered[-7:] == ["perfect", "table", "script", "magic", "minimax", "alphabeta", "random"]
        await pilot.press("escape")


async def test_the_dialog_names_every_preset_by_its_title(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        overlay = screen.query_one("#rules", Select).query_one(OptionList)
        prompts = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert prompts[: len(Rules.PRESETS)] == [Rules.TITLES[name] for name in Rules.PRESETS]
        assert "Connect Four" in prompts
        screen.query_one("#rules", Select).value = "connect4"
        await pilot.pause()
        assert screen.offered == list(players_for(Rules.preset("connect4")))
        await pilot.press("escape")
