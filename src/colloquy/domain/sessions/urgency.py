"""Who speaks next in a natural discussion (docs/natural-mode.md): an urgency to speak, pure.

Why: in a real group nobody waits for a round-robin. Whoever was just asked answers; people
who disagree with what was just said (or with where the group is drifting) jump in;
outgoing people speak more; someone who has not spoken for a while feels the pull, and
someone who has said a lot holds back. So a dominant talker and a quiet one both exist,
as in people. No model call is needed: the score reads the question's turns so far.

Score of participant p before a turn (every term is documented with its range):

    ADDRESSED (10)      spoken to by the last speaker (a vocative or a question to them,
                        domain/sessions/addressing.py) or named by the moderator's probe.
                        Larger than every other term together can reach, so the addressee
                        speaks next.
    MENTIONED (0.5)     named by the last speaker without being spoken to ("I agree with
                        Ben"): a small pull to answer, about two thirds of the random
                        draw's range, so a mention tips close calls but never decides alone,
                        and it never lifts the rule that the last speaker waits.
    DISAGREEMENT (1.0)  1 - cosine between p's own turns on this question (their mean
                        vector) and the last turn, or the mean of the last DRIFT_TURNS
                        turns (the group's drift), whichever is larger; clamped to 0..1.
                        Someone who has not spoken yet counts UNKNOWN_STANCE (0.5).
    EXTRAVERSION (1.0)  extraversion / 100 - 0.5, so -0.5..0.5.
    WAITING (1.0)       turns since p last spoke on this question over the participant
                        count, at most 1; never spoken on it: 1.
    SAID (-1.0)         p's share of the words said on this question so far, 0..1.
    RANDOM (0.8)        a seeded uniform draw in [0, 1) per participant and turn.
    BID (1.0)           optional: the participant's own 0-9 urge from the model, / 9.

The last speaker does not speak again at once unless addressed (they are left out). The
highest score speaks; equal scores go to the lower index. Without an addressee the
largest other sum is 1 + 0.5 + 1 + 0.8 + 1 + 0.5 = 4.8 and an addressee scores at least
10 - 0.5 - 1 = 8.5, so being addressed always wins; a mention never does by itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

ADDRESSED = 10.0
MENTIONED = 0.5
DISAGREEMENT = 1.0
EXTRAVERSION = 1.0
WAITING = 1.0
SAID = 1.0
RANDOM = 0.8
BID = 1.0
UNKNOWN_STANCE = 0.5
DRIFT_TURNS = 3


@dataclass(frozen=True)
class Turn:
    """A spoken turn of the question: who (None: the moderator), words, meaning vector."""

    speaker: int | None
    words: int
    vector: Sequence[float] | None = None


def _cos(a: Sequence[float], b: Sequence[float]) -> float:
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(x * x for x in b))
    if na == 0 or nb == 0:
        return 0.0
    return sum(x * y for x, y in zip(a, b, strict=True)) / (na * nb)


def _mean(vectors: Sequence[Sequence[float]]) -> list[float] | None:
    if not vectors:
        return None
    size = len(vectors[0])
    return [sum(v[i] for v in vectors) / len(vectors) for i in range(size)]


def disagreement(p: int, turns: Sequence[Turn]) -> float:
    """0..1: how far p's stance so far is from the last turn or the group's drift."""
    own = _mean([t.vector for t in turns if t.speaker == p and t.vector is not None])
    others = [t for t in turns if t.speaker is not None and t.speaker != p and t.vector]
    if own is None or not others:
        return UNKNOWN_STANCE
    last = others[-1].vector
    drift = _mean([t.vector for t in others[-DRIFT_TURNS:] if t.vector is not None])
    assert last is not None and drift is not None
    far = max(1 - _cos(own, last), 1 - _cos(own, drift))
    return min(max(far, 0.0), 1.0)


def waiting(p: int, turns: Sequence[Turn], participant_count: int) -> float:
    spoken = [i for i, t in enumerate(turns) if t.speaker == p]
    if not spoken:
        return 1.0
    since = len(turns) - 1 - spoken[-1]
    return min(since / max(participant_count, 1), 1.0)


def said_share(p: int, turns: Sequence[Turn]) -> float:
    total = sum(t.words for t in turns if t.speaker is not None)
    return sum(t.words for t in turns if t.speaker == p) / total if total else 0.0


def scores(
    turns: Sequence[Turn],
    extraversion: Sequence[float],
    draws: Sequence[float],
    addressed: int | None = None,
    bids: Sequence[int] | None = None,
    mentioned: Sequence[int] = (),
) -> list[float | None]:
    """Every participant's urgency before the next turn; None: may not speak now (spoke
    last and not addressed). `turns`: the question's participant turns in order (the
    moderator's may be included with speaker None); `draws`: one uniform per participant;
    `mentioned`: participants the last turn named without speaking to them."""
    count = len(extraversion)
    participant_turns = [t for t in turns if t.speaker is not None]
    last = participant_turns[-1].speaker if participant_turns else None
    out: list[float | None] = []
    for p in range(count):
        if p == last and p != addressed:
            out.append(None)
            continue
        score = ADDRESSED if p == addressed else MENTIONED if p in mentioned else 0.0
        score += DISAGREEMENT * disagreement(p, participant_turns)
        score += EXTRAVERSION * (min(max(extraversion[p], 0.0), 100.0) / 100 - 0.5)
        score += WAITING * waiting(p, participant_turns, count)
        score -= SAID * said_share(p, participant_turns)
        score += RANDOM * draws[p]
        if bids is not None:
            score += BID * min(max(bids[p], 0), 9) / 9
        out.append(score)
    return out


def next_speaker(scores_now: Sequence[float | None]) -> int:
    """The highest score (the lower index of equals); a single participant always speaks."""
    allowed = [(s, p) for p, s in enumerate(scores_now) if s is not None]
    if not allowed:
        return 0
    best = max(s for s, _ in allowed)
    return min(p for s, p in allowed if s == best)
