"""Conformity measured on private answers (docs/natural-mode.md), pure.

Why: the embedding measure (health_metrics.conformity) reads convergence off how alike
the public answers sound, round by round. With private answers before and after each
question there is a direct measure: did a participant's private stance move toward the
group's public majority? It needs no embeddings and names who moved.

The group's public majority on a question is the side its public answers took, read from
what they say, not from their mood: an answer opening with yes or no ("Yes, way too
expensive", "No, not for me"), and agreement or disagreement markers with negation ("I
agree", "I don't agree", "not exactly"; health_persona._markers). More answers on the
"agree / yes" side is stance pole 5, more on the "disagree / no" side pole 1; a tie has no
majority and the question is left out. (Keyword sentiment would read "not good" as
praise, and agreeing that something is "too expensive" as disagreeing.) A pair of
private answers moved toward the majority when the after-stance is closer to the pole
than the before-stance, away when farther.

Status: the share of pairs that moved toward the majority. People change their private
stance after a discussion now and then; when a quarter of all pairs moves toward the
majority (CONFORMING) the group is pulling opinions together (warn), half or more
(CONFORMED) means opinions followed the group rather than the arguments (bad), provided a
sign test says moves toward the majority outnumber moves away beyond chance (p < ALPHA;
without conformity either direction is as likely); else not enough answers to tell.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.numbers.significance import ALPHA, binomial_at_least
from colloquy.domain.sessions.private_answers import inferred_count, shifts
from colloquy.domain.trust.health_metrics import BAD, NA, OK, UNCLEAR, WARN, finding, pct
from colloquy.domain.trust.health_persona import _markers

CONFORMING = 0.25
CONFORMED = 0.5


_YES = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|sure|definitely|absolutely|of course|totally|certainly|"
    r"i would|i'd|i do|i will|s[ií]|claro)\b",
    re.IGNORECASE,
)
_NO = re.compile(
    r"^\W*(?:no|nope|nah|not really|not at all|never|i wouldn't|i would not|i don't|"
    r"i do not|i won't|definitely not|absolutely not)\b",
    re.IGNORECASE,
)


def stance_side(text: str) -> int:
    """+1 for an answer on the yes / agree side, -1 for no / disagree, 0 when it says
    neither: its opening yes or no, then agreement minus disagreement markers."""
    t = text.replace("\u2019", "'")
    lead = -1 if _NO.search(t) else 1 if _YES.search(t) else 0
    agree, disagree = _markers(t)
    score = 2 * lead + agree - disagree
    return (score > 0) - (score < 0)


def public_majority(messages: Sequence[Mapping[str, Any]], question_index: int) -> int | None:
    """The stance pole (5 or 1) of the question's public majority, None when tied."""
    sides = [
        stance_side(str(m.get("content") or ""))
        for m in messages
        if m.get("kind") == "response" and m.get("questionIndex") == question_index
    ]
    yes, no = sides.count(1), sides.count(-1)
    return 5 if yes > no else 1 if no > yes else None


def private_conformity(
    messages: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> dict[str, Any] | None:
    """The conformity finding from stance shifts; None when the session has no pair of
    private answers with stances; n/a when no question's public answers took a side."""
    toward: dict[int, list[str]] = defaultdict(list)
    pairs = away = 0
    moved: list[dict[str, Any]] = []
    stanced = 0  # pairs with both stances, whatever the public side
    rows = shifts(messages)  # stated stances only: an inferred one has no shift
    for s in rows:
        if s["shift"] is None:
            continue
        stanced += 1
        pole = public_majority(messages, s["questionIndex"])
        if pole is None:
            continue
        pairs += 1
        before, after = abs(s["stanceBefore"] - pole), abs(s["stanceAfter"] - pole)
        direction = "toward" if after < before else "away" if after > before else "kept"
        if direction == "toward":
            toward[s["participantIndex"]] += [i for i in s["messageIds"] if i]
        away += direction == "away"
        if direction != "kept":
            moved.append(
                {
                    **{k: s[k] for k in ("questionIndex", "participantIndex")},
                    "name": _name(names, s),
                    "direction": direction,
                    "stanceBefore": s["stanceBefore"],
                    "stanceAfter": s["stanceAfter"],
                }
            )
    if not stanced:
        return None
    if not pairs:
        return finding(
            "conformity",
            "Conformity (private answers)",
            NA,
            f"{stanced} private stance{'s' if stanced != 1 else ''} before and after, but the "
            "group's public answers took no readable side (no yes or no, agreement or "
            "disagreement said, or as many each way): there is no majority to move toward.",
            [],
            method="privateAnswers",
            pairs=0,
            stanced=stanced,
        )
    count = sum(len(ids) // 2 for ids in toward.values())
    rate = count / pairs
    # Sign test: without conformity a moved stance is as likely to go either way.
    p = binomial_at_least(count, count + away, 0.5)
    status = OK
    if rate >= CONFORMING:
        status = (BAD if rate >= CONFORMED else WARN) if p < ALPHA else UNCLEAR
    changers: list[dict[str, Any]] = [
        {"name": _name(names, {"participantIndex": p}), "participantIndex": p, "messageIds": ids}
        for p, ids in sorted(toward.items())
    ]
    summary = (
        f"In private, {count} of {pairs} stance{'s' if pairs != 1 else ''} moved toward the "
        f"group's public majority after the discussion ({pct(rate)}), {away} away from it."
    )
    summary += f" Sign test of toward against away: p = {p:.3f}."
    if status == UNCLEAR:
        summary += " Not enough answers to tell this from chance."
    if changers:
        summary += " Moved toward the group: " + ", ".join(c["name"] for c in changers) + "."
    inferred = inferred_count(rows)
    if inferred:
        summary += (
            f" {inferred} stance{'s were' if inferred != 1 else ' was'} not stated but "
            "inferred from the wording, and left out."
        )
    return finding(
        "conformity",
        "Conformity (private answers)",
        status,
        summary,
        [i for c in changers for i in c["messageIds"]],
        method="privateAnswers",
        pairs=pairs,
        movedToward=count,
        movedAway=away,
        rate=round(rate, 3),
        pToward=round(p, 4),
        alpha=ALPHA,
        inferredStances=inferred,
        changers=changers,
        moves=moved,
    )


def _name(names: Sequence[str], item: Mapping[str, Any]) -> str:
    p = item["participantIndex"]
    return names[p] if 0 <= p < len(names) else str(item.get("speaker") or f"Participant {p + 1}")
