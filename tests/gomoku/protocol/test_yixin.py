"""The Yixin-Board extensions (``gomoku.protocol.yixin``): blocked cells our moves avoid
(YXBLOCK, YXBLOCKUNDO, YXBLOCKRESET), several best moves said before the best is played
(YXNBEST), the tables cleared (YXHASHCLEAR); bad blocks and counts are one ERROR line."""

from __future__ import annotations

from brain_fakes import FakeEngine, moves, talk

from gomoku.engine import Engine
from gomoku.protocol import Brain


def test_blocked_cells_are_never_played_and_can_be_taken_off() -> None:
    engine = FakeEngine(propose=(7, 7))
    out, brain = talk(["START 15", "YXBLOCK", "7,7", "8,8 9,9", "DONE", "TURN 0,0"], engine)
    assert brain.blocked == {(7, 7), (8, 8), (9, 9)}
    assert out[0] == "OK" and moves(out)[-1] not in ("7,7", "8,8", "9,9")
    out.clear()
    brain.handle("YXBLOCKUNDO 7,7 DONE")  # the cells on the command's line, DONE there too
    assert brain.blocked == {(8, 8), (9, 9)} and out == []
    brain.handle("TURN 1,1")
    assert moves(out)[-1] == "7,7"
    brain.handle("YXBLOCKRESET")
    assert brain.blocked == set()


def test_a_bad_block_is_one_error_and_changes_nothing() -> None:
    out, brain = talk(["START 15", "YXBLOCK", "3,3", "20,1", "DONE"])
    assert out[0] == "OK" and len(out) == 2 and out[1].startswith("ERROR YXBLOCK 20,1 is outside the board")
    assert brain.blocked == set()
    out, brain = talk(["START 15", "YXBLOCK x,y DONE", "ABOUT"])
    assert out[1].startswith("ERROR") and out[2].startswith("name=")
    out, _ = talk(["YXBLOCK 1,1 DONE"])
    assert out == ["ERROR YXBLOCK before START: send START size first"]


def test_a_new_game_forgets_the_blocked_cells() -> None:
    _, brain = talk(["START 15", "YXBLOCK 7,7 DONE", "RESTART"])
    assert brain.blocked == set()


def test_the_engine_passes_blocked_cells_by_with_its_other_best_moves() -> None:
    brain_out: list[str] = []
    brain = Brain(lambda memory_mb: Engine("normal"), write=brain_out.append)
    for line in ["START 15", "INFO timeout_turn 2000", "YXBLOCK 7,7 DONE"]:
        brain.handle(line)
    assert brain.wait_ready(60)
    brain.handle("BEGIN")
    assert moves(brain_out)[-1] != "7,7" and (7, 7) not in brain.board.stones


def test_yxnbest_says_the_best_moves_then_plays_the_first() -> None:
    out: list[str] = []
    brain = Brain(lambda memory_mb: Engine("normal"), write=out.append)
    for line in ["START 15", "INFO timeout_turn 2000", "TURN 7,7"]:
        brain.handle(line)
    assert brain.wait_ready(60)
    out.clear()
    brain.handle("YXNBEST 3")
    nbest = [line for line in out if line.startswith("MESSAGE NBEST")]
    assert [line.split()[2] for line in nbest] == ["1", "2", "3"][: len(nbest)] and len(nbest) >= 2
    played = out[-1]
    assert nbest[0].split()[3] == played and brain.board.move_stack[-1] == tuple(map(int, played.split(",")))


def test_yxnbest_bad_counts_are_errors() -> None:
    for line in ["YXNBEST 0", "YXNBEST two", "YXNBEST"]:
        out, brain = talk(["START 15", line])
        assert out[1].startswith("ERROR YXNBEST") or out[1].startswith("ERROR"), out
        assert brain.board.stones == {}


def test_yxhashclear_clears_the_tables_and_says_so() -> None:
    out: list[str] = []
    brain = Brain(lambda memory_mb: Engine("normal"), write=out.append)
    for line in ["START 15", "INFO timeout_turn 1000"]:
        brain.handle(line)
    assert brain.wait_ready(60)
    brain.handle("TURN 7,7")
    ctx = brain.engine().searcher.ctx
    assert ctx is not None and (ctx.tt_key.any() or ctx.vcf_key.any())
    brain.handle("YXHASHCLEAR")
    assert out[-1] == "MESSAGE the search's tables are cleared"
    assert not ctx.tt_key.any() and not ctx.vcf_key.any() and not ctx.proof_key.any()
    out, _ = talk(["YXHASHCLEAR"])
    assert out == ["MESSAGE the search's tables are cleared"]  # no engine yet: nothing to clear
