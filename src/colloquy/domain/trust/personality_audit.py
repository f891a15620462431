"""Personality audit: does a persona, asked the IPIP Big-Five Factor Markers in character,
measure as the Big Five numbers it was given?

Scoring (the IPIP's own): each answer 1-5, reverse-keyed items scored 6 - answer, a
trait's raw score is the mean of its items (1-5), reported on the personas' 0-100 scale
as (mean - 1) / 4 x 100, one decimal. All 3s give 50 on every trait. Items the model did
not answer are left out of their trait's mean. A persona that gives the same number to
every item is flagged as not engaging (all 3s: 50 everywhere) and left out of the library
figures.

Library figures: per trait, Pearson r between assigned and measured across the audited
personas, and the mean absolute error in points. Published anchors: Huang et al. (2024)
measured r = 0.90 for GPT-4o between assigned and questionnaire-measured Big Five; the same
people measured with two different instruments agree at about r = 0.80.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAITS
from colloquy.domain.numbers.mathutil import is_number, number_or
from colloquy.domain.numbers.vectors import pearson
from colloquy.domain.trust.ipip_items import ANSWER_MAX, ANSWER_MIN, IPIP_ITEMS, SCALE_WORDS

BATCH_SIZE = 10  # items per model call: small enough for a small model to follow
ANCHORS = (
    {"label": "GPT-4o, Huang et al. 2024", "r": 0.90},
    {"label": "People, two different instruments", "r": 0.80},
)
ITEM_BY_NUMBER = {item[0]: item for item in IPIP_ITEMS}


def batches(size: int = BATCH_SIZE) -> list[list[tuple[int, str, str, int]]]:
    """The 50 items in questionnaire order, `size` at a time (each batch mixes traits)."""
    return [list(IPIP_ITEMS[i : i + size]) for i in range(0, len(IPIP_ITEMS), size)]


def audit_prompt(batch: Sequence[tuple[int, str, str, int]]) -> str:
    scale = "; ".join(f"{k} = {v}" for k, v in SCALE_WORDS.items())
    lines = [
        (
            "A researcher asks you to fill in a short personality questionnaire. For each "
            "statement, say how accurately it describes you as you really are, as the "
            "person described above, not as you wish to be."
        ),
        f"Answer each with a number from 1 to 5: {scale}.",
        "",
        *(f"{number}. I {text[0].lower()}{text[1:]}" for number, text, _, _ in batch),
        "",
        (
            'Reply with JSON only: {"answers": {"<statement number>": <1-5>, ...}} with '
            "every statement number above."
        ),
    ]
    return "\n".join(lines)


def answers_schema(batch: Sequence[tuple[int, str, str, int]]) -> dict[str, Any]:
    answer = {"type": "integer", "minimum": ANSWER_MIN, "maximum": ANSWER_MAX}
    keys = [str(item[0]) for item in batch]
    return {
        "type": "object",
        "required": ["answers"],
        "properties": {
            "answers": {
                "type": "object",
                "properties": dict.fromkeys(keys, answer),
                "required": keys,
            }
        },
    }


def _as_answer(value: Any) -> int | None:
    """A 1-5 answer: a number, or a string that is a whole number as written ("10" is
    10, out of range, not 1; "4.6" is 4.6, read as 5 like the number 4.6)."""
    if isinstance(value, str):
        text = value.strip()
        # ASCII only: float() reads other scripts' digits, and "nan"/"inf" are no answer.
        ok = text.isascii() and any(ch.isdigit() for ch in text)
        try:
            value = float(text) if ok else None
        except ValueError:
            value = None
    if not is_number(value):
        return None
    v = round(float(value))
    return v if ANSWER_MIN <= v <= ANSWER_MAX else None


def parse_answers(data: Any, batch: Sequence[tuple[int, str, str, int]]) -> dict[int, int]:
    """{item number: 1-5} for the batch's items found in a reply: an object keyed by number
    (inside "answers" or not) or a list of {item, answer} or of bare numbers in order."""
    wanted = [item[0] for item in batch]
    if isinstance(data, Mapping) and "answers" in data:
        data = data["answers"]
    found: dict[int, int] = {}
    if isinstance(data, Mapping):
        for key, value in data.items():
            digits = "".join(ch for ch in str(key) if ch in "0123456789")
            if digits and int(digits) in wanted and _as_answer(value) is not None:
                found[int(digits)] = _as_answer(value)  # type: ignore[assignment]
    elif isinstance(data, list):
        for pos, entry in enumerate(data):
            if isinstance(entry, Mapping):
                number, value = entry.get("item", entry.get("number")), entry.get("answer")
            else:
                number, value = (wanted[pos] if pos < len(wanted) else None), entry
            answer = _as_answer(value)
            if number in wanted and answer is not None:
                found[int(number)] = answer
    return found


def item_score(answer: int, key: int) -> int:
    return answer if key > 0 else ANSWER_MAX + ANSWER_MIN - answer


def score_answers(answers: Mapping[int, int]) -> dict[str, Any]:
    """measured (trait -> 0-100 or None), engaging, answered, items (per item detail)."""
    per_trait: dict[str, list[int]] = {t: [] for t in TRAITS}
    items = []
    for number, text, trait, key in IPIP_ITEMS:
        answer = answers.get(number)
        if answer is None:
            continue
        scored = item_score(answer, key)
        per_trait[trait].append(scored)
        items.append({"item": number, "text": text, "trait": trait, "key": key, "answer": answer})
    measured = {
        t: (round((statistics.fmean(v) - 1) / 4 * 100, 1) if v else None)
        for t, v in per_trait.items()
    }
    given = [answers[n] for n in ITEM_BY_NUMBER if n in answers]
    engaging = len(set(given)) > 1
    return {
        "measured": measured,
        "engaging": engaging,
        "answered": len(given),
        "items": items,
    }


def assigned_traits(persona: Mapping[str, Any]) -> dict[str, float]:
    traits = persona.get("traits") or {}
    return {t: number_or(traits.get(t), TRAIT_DEFAULT) for t in TRAITS}


def library_stats(audits: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per trait Pearson r and mean absolute error (points) over engaging audits."""
    usable = [a for a in audits if a.get("engaging")]
    traits = {}
    for t in TRAITS:
        pairs = [
            (float(a["assigned"][t]), float(a["measured"][t]))
            for a in usable
            if a.get("measured", {}).get(t) is not None and t in a.get("assigned", {})
        ]
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        r = pearson(xs, ys)
        mae = statistics.fmean(abs(x - y) for x, y in pairs) if pairs else None
        traits[t] = {
            "r": None if r is None else round(r, 3),
            "mae": None if mae is None else round(mae, 1),
            "n": len(pairs),
        }
    rs = [v["r"] for v in traits.values() if v["r"] is not None]
    return {
        "traits": traits,
        "meanR": round(statistics.fmean(rs), 3) if rs else None,
        "audited": len(audits),
        "notEngaging": len(audits) - len(usable),
        "anchors": [dict(a) for a in ANCHORS],
    }
