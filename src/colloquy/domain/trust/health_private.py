"""Conformity measured on private answers (issue 28), pure.

Why: the embedding measure (health_metrics.conformity) reads convergence off how alike
the public answers sound, round by round. With private answers before and after each
question there is a direct measure: did a participant's private stance move toward the
group's public majority? It needs no embeddings and names who moved.

The group's public majority on a question is the side its public answers took: more
positive than negative answers (sentiment) is the "agree / yes" side (stance pole 5),
more negative the "disagree / no" side (pole 1); a tie has no majority and the question
is left out. A pair of private answers moved toward the majority when the after-stance is
closer to the pole than the before-stance, away when farther.

Status: the share of pairs that moved toward the majority. People change their private
stance after a discussion now and then; when a quarter of all pairs moves toward the
majority (CONFORMING) the group is pulling opinions together (warn), half or more
(CONFORMED) means opinions followed the group rather than the arguments (bad).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.sessions.private_answers import inferred_count, shifts
from colloquy.domain.trust.health_metrics import BAD, OK, WARN, finding, pct

CONFORMING = 0.25
CONFORMED = 0.5


def public_majority(messages: Sequence[Mapping[str, Any]], question_index: int) -> int | None:
    """The stance pole (5 or 1) of the question's public majority, None when tied."""
    moods = [
        m.get("sentiment")
        for m in messages
        if m.get("kind") == "response" and m.get("questionIndex") == question_index
    ]
    pos, neg = moods.count("positive"), moods.count("negative")
    return 5 if pos > neg else 1 if neg > pos else None


def private_conformity(
    messages: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> dict[str, Any] | None:
    """The conformity finding from stance shifts; None when the session has no pair of
    private answers with stances on a question with a public majority."""
    toward: dict[int, list[str]] = defaultdict(list)
    pairs = away = 0
    moved: list[dict[str, Any]] = []
    rows = shifts(messages)  # stated stances only: an inferred one has no shift
    for s in rows:
        pole = public_majority(messages, s["questionIndex"])
        if pole is None or s["shift"] is None:
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
    if not pairs:
        return None
    count = sum(len(ids) // 2 for ids in toward.values())
    rate = count / pairs
    status = BAD if rate >= CONFORMED else WARN if rate >= CONFORMING else OK
    changers: list[dict[str, Any]] = [
        {"name": _name(names, {"participantIndex": p}), "participantIndex": p, "messageIds": ids}
        for p, ids in sorted(toward.items())
    ]
    summary = (
        f"In private, {count} of {pairs} stance{'s' if pairs != 1 else ''} moved toward the "
        f"group's public majority after the discussion ({pct(rate)}), {away} away from it."
    )
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
        inferredStances=inferred,
        changers=changers,
        moves=moved,
    )


def _name(names: Sequence[str], item: Mapping[str, Any]) -> str:
    p = item["participantIndex"]
    return names[p] if 0 <= p < len(names) else str(item.get("speaker") or f"Participant {p + 1}")
