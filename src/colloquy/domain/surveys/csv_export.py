"""A survey as CSV: every answer, then the summary per concept and question.

Written by results.csv_export.write_csv, the one CSV writer, so question texts, concept
titles, respondent names, model answers and the model name cannot run as formulas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.results.csv_export import write_csv
from colloquy.domain.surveys.scales import scale_points
from colloquy.domain.surveys.ssr import expected_value


def survey_notice(model: str, embedder: str) -> str:
    return f"Simulated respondents (model: {model or 'unknown'}; embedder: {embedder or 'unknown'})"


def _answer_row(
    a: Mapping[str, Any],
    names: Mapping[str, str],
    concepts: Mapping[str, str],
    questions: Mapping[str, str],
    max_points: int,
) -> list[Any]:
    pmf = list(a.get("pmf") or [])
    return [
        a["respondentId"],
        names.get(a["respondentId"], ""),
        a["conceptId"],
        concepts.get(a["conceptId"], ""),
        a["questionId"],
        questions.get(a["questionId"], ""),
        a["sample"] + 1,
        a["text"],
        *[f"{p:.4f}" for p in pmf],
        *[""] * (max_points - len(pmf)),
        f"{expected_value(pmf):.4f}" if pmf else "",
        "" if a.get("direct") is None else a["direct"],
    ]


def survey_csv(
    survey: Mapping[str, Any],
    answers: Sequence[Mapping[str, Any]],
    summary: Sequence[Mapping[str, Any]],
    notice: str,
) -> str:
    """`survey` has concepts, questions and respondents; `answers` the stored answers
    (respondentId, conceptId, questionId, sample, text, pmf, direct); `summary` the
    results' per concept-question entries."""
    max_points = max(scale_points(q["scale"]) for q in survey["questions"])
    names = {p["id"]: p.get("name") or p["id"] for p in survey["respondents"]}
    concepts = {c["id"]: c.get("title") or c["id"] for c in survey["concepts"]}
    questions = {q["id"]: q["text"] for q in survey["questions"]}
    rows: list[list[Any]] = [
        [
            "respondent_id",
            "respondent",
            "concept_id",
            "concept",
            "question_id",
            "question",
            "sample",
            "text",
            *[f"p{i}" for i in range(1, max_points + 1)],
            "expected_value",
            "direct_rating",
        ]
    ]
    rows += [_answer_row(a, names, concepts, questions, max_points) for a in answers]
    rows += [[], ["# Summary"]]
    rows.append(["concept", "question", "n", "mean", "ci_low", "ci_high", "top2", "direct_mean"])
    for r in summary:
        s = r["ssr"]
        rows.append(
            [
                concepts.get(r["conceptId"], r["conceptId"]),
                questions.get(r["questionId"], r["questionId"]),
                r["n"],
                f"{s['mean']:.3f}",
                f"{s['ci'][0]:.3f}",
                f"{s['ci'][1]:.3f}",
                f"{s['top2']:.3f}",
                f"{r['direct']['mean']:.3f}" if r.get("direct") else "",
            ]
        )
    return write_csv(rows, notice)
