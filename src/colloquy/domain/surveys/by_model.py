"""Survey distributions per model (mixed panels): the answers of each model on
their own, next to the blend of all of them (the survey's own results)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from colloquy.domain.surveys.results import build_results

UNKNOWN = "unknown model"


def results_by_model(
    survey: dict[str, Any],
    answers: Sequence[dict[str, Any]],
    points: dict[str, int],
    *,
    seed: int | str,
) -> list[dict[str, Any]]:
    """[{model, answers, results}] per model, in order of first answer; empty when every
    answer came from one model (the blend is then that model's own result)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for answer in answers:
        groups.setdefault(str(answer.get("model") or UNKNOWN), []).append(answer)
    if len(groups) < 2:
        return []
    return [
        {
            "model": model,
            "answers": len(group),
            "results": build_results(survey, group, points, seed=f"{seed}:{model}")["results"],
        }
        for model, group in groups.items()
    ]
