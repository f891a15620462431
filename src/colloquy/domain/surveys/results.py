"""A survey's results from its stored answers: per concept x question SSR summaries (and
direct ratings when asked), concept comparisons and demographic / trait cuts.

Answers are dicts {respondentId, conceptId, questionId, sample, text, pmf, direct};
a respondent's samples are averaged first, so every bootstrap resamples respondents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAIT_HIGH_THRESHOLD, TRAITS
from colloquy.domain.numbers.mathutil import number_or
from colloquy.domain.surveys.ssr import (
    DEFAULT_SEED,
    average_pmf,
    bootstrap_difference_ci,
    bootstrap_mean_ci,
    expected_value,
    summarise,
)

CUT_RESAMPLES = 400  # cuts are many small groups; fewer resamples keep them quick
AGE_BANDS: tuple[tuple[int, str], ...] = (
    (25, "18-24"),
    (35, "25-34"),
    (45, "35-44"),
    (55, "45-54"),
    (65, "55-64"),
)


def age_band(age: Any) -> str:
    years = number_or(age, -1)
    if years < 0:
        return "Unknown"
    return next((label for upper, label in AGE_BANDS if years < upper), "65+")


def cut_groups(persona: dict[str, Any]) -> dict[str, str]:
    """The groups a respondent falls in, per cut dimension."""
    traits = persona.get("traits") or {}
    groups = {
        "age": age_band(persona.get("age")),
        "gender": str(persona.get("gender") or "Unknown"),
        "income": str(persona.get("income") or "Unknown"),
    }
    for trait in TRAITS:
        level = number_or(traits.get(trait), TRAIT_DEFAULT)
        groups[trait] = "high" if level >= TRAIT_HIGH_THRESHOLD else "low"
    return groups


def respondent_pmfs(answers: Sequence[dict[str, Any]]) -> dict[str, list[float]]:
    """Each respondent's pmf: the average over their samples."""
    by: dict[str, list[list[float]]] = {}
    for a in answers:
        if a.get("pmf"):
            by.setdefault(a["respondentId"], []).append(a["pmf"])
    return {rid: average_pmf(pmfs) for rid, pmfs in by.items()}


def direct_summary(
    answers: Sequence[dict[str, Any]], points: int, seed: str
) -> dict[str, Any] | None:
    """Direct numeric ratings: share per point, mean with its interval over respondents."""
    by: dict[str, list[int]] = {}
    for a in answers:
        rating = a.get("direct")
        if isinstance(rating, int) and 1 <= rating <= points:
            by.setdefault(a["respondentId"], []).append(rating)
    if not by:
        return None
    ratings = [r for rs in by.values() for r in rs]
    pmf = [ratings.count(p) / len(ratings) for p in range(1, points + 1)]
    means = [sum(rs) / len(rs) for _, rs in sorted(by.items())]
    return {
        "n": len(by),
        "pmf": pmf,
        "mean": sum(means) / len(means),
        "ci": list(bootstrap_mean_ci(means, seed=f"{seed}:direct")),
    }


def _cell_key(a: dict[str, Any]) -> tuple[str, str]:
    return a["conceptId"], a["questionId"]


def build_results(
    survey: dict[str, Any],
    answers: Sequence[dict[str, Any]],
    points: dict[str, int],
    *,
    seed: int | str = DEFAULT_SEED,
) -> dict[str, Any]:
    """{results, comparisons, cuts}. `points`: scale points per question id."""
    cells: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for a in answers:
        cells.setdefault(_cell_key(a), []).append(a)
    personas = {p["id"]: p for p in survey.get("respondents") or []}
    results: list[dict[str, Any]] = []
    cuts: list[dict[str, Any]] = []
    per_respondent_means: dict[tuple[str, str], dict[str, float]] = {}
    for concept in survey.get("concepts") or []:
        for question in survey.get("questions") or []:
            key = (concept["id"], question["id"])
            cell = cells.get(key, [])
            pmfs = respondent_pmfs(cell)
            if not pmfs:
                continue
            cell_seed = f"{seed}:{key[0]}:{key[1]}"
            entry: dict[str, Any] = {
                "conceptId": key[0],
                "questionId": key[1],
                "n": len(pmfs),
                "ssr": summarise(pmfs, seed=cell_seed),
            }
            direct = direct_summary(
                cell, points.get(key[1], len(next(iter(pmfs.values())))), cell_seed
            )
            if direct is not None:
                entry["direct"] = direct
            results.append(entry)
            per_respondent_means[key] = {rid: expected_value(p) for rid, p in pmfs.items()}
            cuts += _cuts(key, pmfs, personas, cell_seed)
    return {
        "results": results,
        "comparisons": _comparisons(survey, per_respondent_means, seed),
        "cuts": cuts,
    }


def _comparisons(
    survey: dict[str, Any], means: dict[tuple[str, str], dict[str, float]], seed: int | str
) -> list[dict[str, Any]]:
    out = []
    concepts = [c["id"] for c in survey.get("concepts") or []]
    for question in survey.get("questions") or []:
        qid = question["id"]
        for i, a in enumerate(concepts):
            for b in concepts[i + 1 :]:
                ma, mb = means.get((a, qid)), means.get((b, qid))
                if not ma or not mb:
                    continue
                diff, lo, hi, holds = bootstrap_difference_ci(ma, mb, seed=f"{seed}:{qid}:{a}:{b}")
                out.append(
                    {
                        "questionId": qid,
                        "conceptA": a,
                        "conceptB": b,
                        "difference": diff,
                        "ci": [lo, hi],
                        "holds": holds,
                    }
                )
    return out


def _cuts(
    key: tuple[str, str],
    pmfs: dict[str, list[float]],
    personas: dict[str, dict[str, Any]],
    seed: str,
) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str], dict[str, list[float]]] = {}
    for rid, pmf in pmfs.items():
        for dimension, group in cut_groups(personas.get(rid) or {}).items():
            groups.setdefault((dimension, group), {})[rid] = pmf
    out = []
    for (dimension, group), members in sorted(groups.items()):
        summary = summarise(members, seed=f"{seed}:{dimension}:{group}", resamples=CUT_RESAMPLES)
        out.append(
            {
                "conceptId": key[0],
                "questionId": key[1],
                "dimension": dimension,
                "group": group,
                "n": summary["n"],
                "mean": summary["mean"],
                "ci": summary["ci"],
                "top2": summary["top2"],
            }
        )
    return out
