"""A sequential match (``gomoku match A B --sprt ELO0 ELO1``): a generalized
sequential probability ratio test (GSPRT) on game pairs, stopped when its
log-likelihood ratio (LLR) crosses a bound.

The test is the one fishtest runs, in the logistic-Elo model, written here from
its published description:

- Michel Van den Bergh's notes on the log-likelihood ratio of a multinomial
  distribution whose expectation is constrained (http://hardy.uhasselt.be/Toga/computeLLR.pdf,
  Proposition 1.1: the basis of fishtest's ``LLRcalc.py``), and on the
  pentanomial model of game pairs (http://hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf;
  the repository github.com/vdbergh/pentanomial);
- the GSPRT itself: Xiaoou Li, Jingchen Liu and Zhiliang Ying, "Generalized
  sequential probability ratio test for separate families of hypotheses",
  Sequential Analysis 33 (2014) (http://stat.columbia.edu/~jcliu/paper/GSPRT_SQA3.pdf),
  with Wald's bounds: the test stops with H0 at ``log(beta / (1 - alpha))`` and
  with H1 at ``log((1 - beta) / alpha)``.

**Pairs.** Each opening is played twice, A as X and then A as O (games 1 and 2,
3 and 4, ...): a pair scores 0, 0.5, 1, 1.5 or 2 points for A, and the five
counts are the match's pentanomial. A pair counts once both its games are in;
a game whose partner is not (yet) played counts in the table, not in the test.

**The LLR.** A pair's score over 2 is a value ``a_i`` of 0, 1/4, 1/2, 3/4, 1,
seen with frequency ``p_i``. H0 says A's expected score is ``s0 = L(ELO0)``,
H1 that it is ``s1 = L(ELO1)``, ``L(e) = 1 / (1 + 10^(-e/400))`` (logistic Elo,
the Elo the match's table prints). For each, the most likely distribution with
that expectation is ``q_i = p_i / (1 + x (a_i - s))``, where ``x`` is the root of
``sum p_i (a_i - s) / (1 + x (a_i - s)) = 0`` between ``-1 / (1 - s)`` and
``1 / s`` (the function falls from +inf to -inf there: one root, found by
Newton's method kept inside a bracket). The generalized LLR of ``N`` pairs is
``N * sum p_i (log q_i(s1) - log q_i(s0))``.

**Empty cells.** With a count of 0 (draws are rare in gomoku; an early run may
have only sweeps) a cell's frequency would be 0 and a sweep's variance 0: as
fishtest does, each empty count is taken as ``REGULARISATION`` (0.001) pairs,
so that both end cells have some weight and the root always exists.

>>> test = Sprt(0, 50)
>>> round(test.lower, 2), round(test.upper, 2)
(-2.94, 2.94)
>>> test.llr((0, 0, 0, 0, 0)), round(test.llr((0, 0, 5, 10, 30)), 2), round(test.llr((1, 2, 40, 2, 1)), 2)
(0.0, 6.01, -4.28)
>>> test.decide(6.01), test.decide(-4.28), test.decide(1.0)
('H1', 'H0', None)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gomoku.match.contestants import MatchError
from gomoku.match.games import GameResult

__all__ = [
    "MAX_ELO",
    "PAIR_SCORES",
    "REGULARISATION",
    "Pentanomial",
    "Sprt",
    "SprtRun",
    "logistic_score",
    "constrained_mle",
    "pentanomial",
    "llr",
]

Pentanomial = tuple[int, int, int, int, int]
"""The number of pairs that scored 0, 0.5, 1, 1.5 and 2 points for A."""

PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
"""A pair's points for A, in the order of a ``Pentanomial``'s counts."""

REGULARISATION = 1e-3
"""The pairs an empty pentanomial count is taken as (fishtest's ``regularize``)."""

MAX_ELO = 1000.0
"""The largest Elo bound a test takes (either sign): the expected score of +1000
is 0.9968, well inside (0, 1), where the test's root is found."""


def logistic_score(elo: float) -> float:
    """A's expected score, 0..1, at an Elo difference of ``elo``.

    >>> logistic_score(0), round(logistic_score(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-elo / 400))


def pentanomial(games: Iterable[GameResult]) -> Pentanomial:
    """The pentanomial of ``games``: their complete pairs (games 2k and 2k + 1,
    numbered from 0) counted by A's points.

    >>> game = lambda i, result: GameResult(i, 0, "a", "b", "XO"[i % 2], result, "", [], [])
    >>> pentanomial([game(0, "X"), game(1, "O"), game(2, "draw"), game(3, "X"), game(4, "X")])
    (0, 1, 0, 0, 1)
    """
    halves: dict[int, float] = {}
    counts = [0] * 5
    for game in games:
        pair = game.index // 2
        if pair in halves:
            counts[round(2 * (halves.pop(pair) + game.a_score))] += 1
        else:
            halves[pair] = game.a_score
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def constrained_mle(frequencies: Sequence[float], values: Sequence[float], mean: float) -> list[float]:
    """The distribution over ``values`` closest in likelihood to ``frequencies``
    (all above 0; ``values`` ascending, the first below ``mean`` and the last
    above it) whose expectation is ``mean``: ``q_i = p_i / (1 + x (a_i - mean))``.

    >>> [round(q, 4) for q in constrained_mle([0.25, 0.5, 0.25], [0, 0.5, 1], 0.6)]
    [0.1686, 0.4628, 0.3686]
    """
    shifts = [value - mean for value in values]
    if not shifts[0] < 0 < shifts[-1]:
        raise ValueError(f"the mean {mean} is not strictly between the values {values[0]} and {values[-1]}")

    def slope(x: float) -> tuple[float, float]:  # f(x) and f'(x); f falls from +inf to -inf
        f = derivative = 0.0
        for p, d in zip(frequencies, shifts):
            term = d / (1 + x * d)
            f += p * term
            derivative -= p * term * term
        return f, derivative

    low, high = -1 / shifts[-1], -1 / shifts[0]  # where a denominator reaches 0
    x = 0.0
    for _ in range(200):
        f, derivative = slope(x)
        if f == 0:
            break
        if f > 0:
            low = x
        else:
            high = x
        step = x - f / derivative
        following = step if low < step < high else (low + high) / 2
        if abs(following - x) <= 1e-15 * max(1.0, abs(x)):
            x = following
            break
        x = following
    return [p / (1 + x * d) for p, d in zip(frequencies, shifts)]


def llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (Elo ``elo1``) against H0 (``elo0``)
    for the pentanomial ``counts``; 0 before any pair.

    Twelve sweeps weigh little (a score of 1.0 fits a mean of 0.57 almost as
    well as one of 0.5 when some pairs may score 0): the test asks for more.

    >>> round(llr((0, 0, 0, 0, 12), 0, 50), 3), round(llr((12, 0, 0, 0, 0), 0, 50), 3)
    (1.603, -1.851)
    """
    if sum(counts) == 0:
        return 0.0
    held = [float(c) if c > 0 else REGULARISATION for c in counts]
    pairs = sum(held)
    frequencies = [c / pairs for c in held]
    values = [score / 2 for score in PAIR_SCORES]
    q0 = constrained_mle(frequencies, values, logistic_score(elo0))
    q1 = constrained_mle(frequencies, values, logistic_score(elo1))
    return pairs * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(frequencies, q0, q1))


@dataclass(frozen=True)
class Sprt:
    """A test of H0 (A - B is ``elo0`` Elo or less) against H1 (``elo1`` or more),
    with the chances ``alpha`` of accepting H1 when H0 holds and ``beta`` of
    accepting H0 when H1 holds. A ``MatchError`` for bounds it cannot test.

    >>> Sprt(5, 0)
    Traceback (most recent call last):
    ...
    gomoku.match.contestants.MatchError: --sprt 5 0: ELO1 must be above ELO0
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        for name, value in (("ELO0", self.elo0), ("ELO1", self.elo1)):
            if not (math.isfinite(value) and abs(value) <= MAX_ELO):
                raise MatchError(
                    f"--sprt: {name} must be a number of Elo from -{MAX_ELO:g} to {MAX_ELO:g}, not {value}"
                )
        if not self.elo1 > self.elo0:
            raise MatchError(f"--sprt {self.elo0:g} {self.elo1:g}: ELO1 must be above ELO0")
        for name, value in (("--alpha", self.alpha), ("--beta", self.beta)):
            if not 0 < value < 0.5:
                raise MatchError(f"{name} must be above 0 and below 0.5, not {value}")

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The LLR of the pentanomial ``counts``."""
        return llr(counts, self.elo0, self.elo1)

    def decide(self, value: float) -> str | None:
        """``'H1'`` or ``'H0'`` once the LLR ``value`` reaches a bound; None before."""
        return "H1" if value >= self.upper else "H0" if value <= self.lower else None

    def bounds(self) -> str:
        """The test's hypotheses as a user gives them: ``[+0, +10]``."""
        return f"[{self.elo0:+g}, {self.elo1:+g}]"


@dataclass
class SprtRun:
    """A test over a match's games as they come in, in any order: ``add`` each one."""

    test: Sprt
    counts: Pentanomial = (0, 0, 0, 0, 0)
    value: float = 0.0
    _halves: dict[int, float] = field(default_factory=dict, repr=False)

    def add(self, game: GameResult) -> None:
        """Count ``game``; when its pair is complete, the pair moves the LLR."""
        pair = game.index // 2
        if pair not in self._halves:
            self._halves[pair] = game.a_score
            return
        counts = list(self.counts)
        counts[round(2 * (self._halves.pop(pair) + game.a_score))] += 1
        self.counts = (counts[0], counts[1], counts[2], counts[3], counts[4])
        self.value = self.test.llr(self.counts)

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def decision(self) -> str | None:
        """``'H1'``, ``'H0'``, or None while the LLR is between the bounds."""
        return self.test.decide(self.value)

    def progress(self) -> str:
        """The LLR and its bounds, as the progress line shows them: ``LLR 1.23 (-2.94, 2.94)``."""
        return f"LLR {self.value:.2f} ({self.test.lower:.2f}, {self.test.upper:.2f})"

    def summary(self, a: str, b: str, games: int) -> list[str]:
        """The table's lines: the decision (or none within ``games``), the LLR, the pentanomial.

        >>> run = SprtRun(Sprt(0, 50), counts=(0, 0, 0, 6, 17), value=3.07)
        >>> print("\\n".join(run.summary("strong", "easy", 1000)))
        SPRT [+0, +50]: H1 accepted after 23 pairs: strong - easy is at least +50 Elo
          LLR 3.07 (-2.94, 2.94), alpha 0.05, beta 0.05 (logistic Elo, game pairs)
          pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2 for strong): 0, 0, 0, 6, 17
        """
        test = self.test
        after = f"after {self.pairs} pair{'' if self.pairs == 1 else 's'}"
        if self.decision == "H1":
            head = f"H1 accepted {after}: {a} - {b} is at least {test.elo1:+g} Elo"
        elif self.decision == "H0":
            head = f"H0 accepted {after}: {a} - {b} is at most {test.elo0:+g} Elo"
        else:
            head = f"no decision {after}, the most that --games {games} allows"
        counts = ", ".join(str(c) for c in self.counts)
        return [
            f"SPRT {test.bounds()}: {head}",
            f"  {self.progress()}, alpha {test.alpha:g}, beta {test.beta:g} (logistic Elo, game pairs)",
            f"  pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2 for {a}): {counts}",
        ]

    def to_dict(self) -> dict[str, Any]:
        """The test as JSON data."""
        return {
            "elo0": self.test.elo0,
            "elo1": self.test.elo1,
            "alpha": self.test.alpha,
            "beta": self.test.beta,
            "llr": round(self.value, 4),
            "lower": round(self.test.lower, 4),
            "upper": round(self.test.upper, 4),
            "pentanomial": list(self.counts),
            "pairs": self.pairs,
            "decision": self.decision,
        }
