"""Private opinions before and after a question's discussion (docs/natural-mode.md), pure.

Why: conformity is the failure simulated groups are best known for (simulated participants
agree 92 % of the time against 42 % for people). Asking each participant privately, before
the group talks and again after, measures it directly: did their stance move toward the
group's public majority? Nobody else sees a private answer (it is never in another prompt,
nor in the public transcript).

A private answer carries a stance on five points: 1 strongly disagree, 2 disagree,
3 neither, 4 agree, 5 strongly agree with the question's proposition; the model states it
on a last line "Stance: N", and the stated stance is what is stored (STATED). Only when
the answer states none is a stance inferred from its wording: its semantic-similarity
rating (SSR, domain/surveys/ssr.py) on the purchase-intent anchors for a purchase-style
question (would you buy / pay / order / try it), else on AGREEMENT_ANCHORS; the message
records the method ("ssr-purchase-intent", "ssr-agreement") and counts as inferred.

Why stated first: SSR with the offline embedder correlated r = 0.25 with people's own
ratings, with a third of their spread (docs/measured-against-people.md), so a stance it
infers is mostly the embedder's noise. Shifts and "changed their mind" therefore count
stated stances only, and say how many were inferred (`shifts(include_inferred=True)`
counts them too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from colloquy.domain.sessions.messages import STANCE_STATED
from colloquy.domain.sessions.prompts import build_user_prompt
from colloquy.domain.sessions.stimuli import StimulusRecord

M = TypeVar("M", bound=Mapping[str, Any])
PRIVATE_BEFORE, PRIVATE_AFTER = "private_before", "private_after"
PRIVATE_KINDS = (PRIVATE_BEFORE, PRIVATE_AFTER)
STANCES = {1: "strongly disagree", 2: "disagree", 3: "neither", 4: "agree", 5: "strongly agree"}
PRIVATE_MAX_TOKENS = 120
_STANCE_LINE = re.compile(
    r"(?:^|\n)\s*\**\s*stance\s*\**\s*[:=-]\s*\**\s*([1-5])\b[^\n]*\s*$", re.IGNORECASE
)
SSR_PURCHASE, SSR_AGREEMENT = "ssr-purchase-intent", "ssr-agreement"
# One sentence per point, 1 to 5, for SSR on a question that is not about buying.
AGREEMENT_ANCHORS = (
    "I completely disagree, this is wrong and I am firmly against it.",
    "I mostly disagree, I am not convinced by it.",
    "I am undecided, I neither agree nor disagree.",
    "I mostly agree, it makes sense to me.",
    "I completely agree, I am firmly for it.",
)
_PURCHASE = re.compile(
    r"\b(buy|buying|purchase|purchasing|pay for|order|subscribe|switch to|try it)\b", re.IGNORECASE
)


def is_private(message: Mapping[str, Any]) -> bool:
    return message.get("kind") in PRIVATE_KINDS


def public(messages: Sequence[M]) -> list[M]:
    """The messages everyone may see: all but the private answers."""
    return [m for m in messages if not is_private(m)]


def purchase_style(question: str) -> bool:
    return bool(_PURCHASE.search(question or ""))


def inference_method(question: str) -> str:
    """The SSR anchors a stance is inferred on when the answer states none."""
    return SSR_PURCHASE if purchase_style(question) else SSR_AGREEMENT


def is_inferred(message: Mapping[str, Any]) -> bool:
    """A stance inferred from the answer's wording (older answers without a method count
    as stated: their stance was parsed from the text)."""
    method = message.get("stanceMethod")
    return method is not None and method != STANCE_STATED


def private_prompt(
    question: str,
    stimuli: Sequence[StimulusRecord] | None,
    discussion: Sequence[Mapping[str, Any]],
    after: bool,
) -> str:
    """The request for a private answer; `discussion`: the question's public messages
    (after the discussion) or nothing (before it)."""
    head = build_user_prompt(question, stimuli, discussion if after else [], 0)
    head = head.rsplit("\n\nGive your own first answer to the question.", 1)[0]
    when = (
        "The group discussion of this question is over."
        if after
        else "Before the group discusses this question:"
    )
    return "\n".join(
        [
            head,
            "",
            (
                f"{when} the moderator asks you privately, in writing; nobody else in the "
                "group will see your answer. What do you really think? One or two sentences."
            ),
            (
                "Then, on a last line of its own, write your stance on the question as "
                '"Stance: N", where N is 1 (strongly disagree or definitely not), 2, 3 '
                "(neither), 4 or 5 (strongly agree or definitely yes)."
            ),
        ]
    )


def parse_stance(text: str) -> tuple[str, int | None]:
    """(the answer without its stance line, the stance 1-5 or None when not stated)."""
    match = _STANCE_LINE.search(text or "")
    if not match:
        return (text or "").strip(), None
    answer = (text[: match.start()] + text[match.end() :]).strip()
    return answer or text.strip(), int(match.group(1))


def stance_from_pmf(pmf: Sequence[float]) -> int:
    """A five-point SSR distribution's expected value, rounded to a point (1-5)."""
    value = sum((i + 1) * p for i, p in enumerate(pmf))
    return min(5, max(1, int(value + 0.5)))


def shifts(
    messages: Sequence[Mapping[str, Any]], include_inferred: bool = False
) -> list[dict[str, Any]]:
    """Per participant and question with both private answers: stances, shift, texts and
    ids, in question then participant order. "changed their mind": the stance moved.
    A pair with an inferred stance has no shift unless `include_inferred`."""
    pairs: dict[tuple[int, int], dict[str, Mapping[str, Any]]] = {}
    for m in messages:
        if is_private(m) and m.get("participantIndex") is not None:
            pairs.setdefault((m["questionIndex"], m["participantIndex"]), {})[m["kind"]] = m
    out = []
    for (q, p), pair in sorted(pairs.items()):
        before, after = pair.get(PRIVATE_BEFORE), pair.get(PRIVATE_AFTER)
        if before is None or after is None:
            continue
        s0, s1 = before.get("stance"), after.get("stance")
        inferred = is_inferred(before) or is_inferred(after)
        shift = s1 - s0 if isinstance(s0, int) and isinstance(s1, int) else None
        if inferred and not include_inferred:
            shift = None
        out.append(
            {
                "questionIndex": q,
                "participantIndex": p,
                "speaker": after.get("speaker") or before.get("speaker"),
                "before": before.get("content"),
                "after": after.get("content"),
                "stanceBefore": s0,
                "stanceAfter": s1,
                "methodBefore": before.get("stanceMethod"),
                "methodAfter": after.get("stanceMethod"),
                "inferredBefore": is_inferred(before),
                "inferredAfter": is_inferred(after),
                "shift": shift,
                "changedMind": bool(shift),
                "messageIds": [before.get("id"), after.get("id")],
            }
        )
    return out


def inferred_count(rows: Sequence[Mapping[str, Any]]) -> int:
    """How many stances of `shifts` rows were inferred rather than stated."""
    return sum(bool(r["inferredBefore"]) + bool(r["inferredAfter"]) for r in rows)
