"""Group diversity score of product-rules §9 "Diversity score".

Interpretation (documented because the product rules are terse):
- Per-trait diversity is a percentage: min(100, stdev / 40 * 100). A standard deviation
  of 40 points is about the largest a 0-100 trait reaches in a realistic group (the
  theoretical maximum is 50), so it counts as 100 %.
- The standard deviation is the population one (statistics.pstdev): the selected
  personas are the whole group being described, not a sample of a larger one.
- Demographic part: age range / 60, genders / 3, locations / participants and income
  levels / 5, each ratio capped at 1 and worth 25 points (0-100 in total).
- Overall = round(0.7 x mean trait diversity + 0.3 x demographic part), half up.
- Per-trait percentages are reported as rounded integers, and the warning/suggestion
  thresholds compare those displayed integers so the text never contradicts the screen.
Missing traits count as 50 (as on the persona card).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAITS
from colloquy.domain.numbers.mathutil import clamp, is_number, number_or, round_half_up

MSG_TOO_FEW = "Select at least 2 personas to calculate group diversity"
MSG_SINGLE_GENDER = "All participants share the same gender"
MSG_SUGGEST_VARIETY = "Consider adding participants with more varied backgrounds and personalities"
MSG_SUGGEST_LOCATIONS = "Include participants from different locations"

_STD_FOR_FULL_DIVERSITY = 40


def _norm(text: Any) -> str:
    return " ".join(text.strip().lower().split()) if isinstance(text, str) else ""


def _distinct(personas: Sequence[dict[str, Any]], field: str) -> int:
    return len({_norm(p.get(field)) for p in personas} - {""})


def _demographics(personas: Sequence[dict[str, Any]]) -> dict[str, int]:
    ages = [age for p in personas if is_number(age := p.get("age"))]
    return {
        "ageRange": round_half_up(max(ages) - min(ages)) if ages else 0,
        "genderCount": _distinct(personas, "gender"),
        "locationCount": _distinct(personas, "location"),
        "incomeRange": _distinct(personas, "income"),
    }


def demographic_points(demo: dict[str, int], participants: int) -> float:
    """0-100: four ratios, each capped at 1 and worth 25 points."""
    ratios = (
        demo["ageRange"] / 60,
        demo["genderCount"] / 3,
        demo["locationCount"] / participants if participants else 0,
        demo["incomeRange"] / 5,
    )
    return sum(25 * min(1.0, r) for r in ratios)


def trait_diversity(values: Sequence[float]) -> float:
    """Percent diversity of one trait across the group (see module docstring)."""
    if len(values) < 2:
        return 0.0
    return min(100.0, statistics.pstdev(values) / _STD_FOR_FULL_DIVERSITY * 100)


def diversity_score(personas: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """overallScore, traitDiversity, demographicDiversity, warnings, suggestions."""
    group = [p for p in personas if isinstance(p, dict)]
    demo = _demographics(group)
    if len(group) < 2:
        return {
            "overallScore": 0,
            "traitDiversity": {t: 0 for t in TRAITS},
            "demographicDiversity": demo,
            "warnings": [MSG_TOO_FEW],
            "suggestions": [],
        }
    exact = {}
    for trait in TRAITS:
        values = [
            clamp(number_or((p.get("traits") or {}).get(trait), TRAIT_DEFAULT)) for p in group
        ]
        exact[trait] = trait_diversity(values)
    shown = {t: round_half_up(v) for t, v in exact.items()}
    trait_mean = sum(exact.values()) / len(exact)
    overall = round_half_up(0.7 * trait_mean + 0.3 * demographic_points(demo, len(group)))

    warnings = [f"Low {t} diversity ({pct}%)" for t, pct in shown.items() if pct < 20]
    if demo["genderCount"] == 1:
        warnings.append(MSG_SINGLE_GENDER)
    if demo["ageRange"] < 10:
        warnings.append(f"Narrow age range ({demo['ageRange']} years)")

    suggestions = []
    if overall < 50:
        suggestions.append(MSG_SUGGEST_VARIETY)
    suggestions += [
        f"Add participants with more varied {t} levels" for t, pct in shown.items() if pct < 30
    ]
    if demo["locationCount"] < 2:
        suggestions.append(MSG_SUGGEST_LOCATIONS)
    return {
        "overallScore": overall,
        "traitDiversity": shown,
        "demographicDiversity": demo,
        "warnings": warnings,
        "suggestions": suggestions,
    }


def diversity_label(score: float) -> str:
    """'Excellent' for 70+, 'Moderate' for 40-69, 'Low' under 40."""
    if score >= 70:
        return "Excellent"
    return "Moderate" if score >= 40 else "Low"
