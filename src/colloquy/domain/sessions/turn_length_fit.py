"""How well a model kept to the lengths natural mode asked for (pure).

Per turn: the words requested (turn_length.turn_words) and the words produced. Figures:
the median of each, the share of turns under SHORT_WORDS (25) of each, and Spearman's rank
correlation between requested and produced (Pearson of average ranks: 1 means longer
requests always gave longer turns, 0 no relation). See docs/natural-mode.md#measured.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from colloquy.domain.numbers.vectors import pearson
from colloquy.domain.sessions.turn_length import SHORT_WORDS
from colloquy.domain.surveys.calibration import average_ranks


def _share_short(values: Sequence[int]) -> float | None:
    return sum(1 for v in values if v < SHORT_WORDS) / len(values) if values else None


def length_fit(requested: Sequence[int], produced: Sequence[int]) -> dict[str, Any]:
    """{turns, requestedMedian, producedMedian, requestedUnder25, producedUnder25,
    spearman} (None where there are too few turns)."""
    if len(requested) != len(produced):
        raise ValueError("requested and produced must pair up turn by turn")
    rho = pearson(average_ranks(requested), average_ranks(produced)) if requested else None
    return {
        "turns": len(requested),
        "requestedMedian": statistics.median(requested) if requested else None,
        "producedMedian": statistics.median(produced) if produced else None,
        "requestedUnder25": _share_short(requested),
        "producedUnder25": _share_short(produced),
        "spearman": None if rho is None else round(rho, 3),
    }
