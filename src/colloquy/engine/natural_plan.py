"""Where a natural-mode run stands (docs/natural-mode.md), from its stored messages (pure).

Per question q, in order:
    question (q, 0)                        the Moderator asks the question
    turns    response (q, t, speaker)      t = 0, 1, ... one speaker per turn, chosen by
                                           urgency (domain/sessions/urgency.py)
    probe    (q, t)                        AI moderator only: before turn t, when it has a
                                           reason and room (natural_moderation.py)
    summary  (q, t_end)                    AI moderator only, after the last turn
The question ends after its turn budget (participants x 3 turns, the number of answers of
the other modes) or, with the AI moderator, earlier when saturated (saturation.py).
`round` holds the turn index, so the stored index (question, round, participant, kind)
stays one message per slot. Everything here reads stored messages, the session's seed and
the turns' meaning vectors (the offline embedder's, a function of the text), so a resumed
run, or another process taking the run over, finds the same next step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from colloquy.domain.constants import ROUNDS_PER_QUESTION
from colloquy.domain.sessions import addressing, saturation, urgency
from colloquy.domain.sessions import natural_moderation as nm
from colloquy.domain.sessions.moderation import AI, PROBE, SUMMARY
from colloquy.domain.sessions.private_answers import is_private
from colloquy.domain.sessions.seeded import unit
from colloquy.domain.sessions.tokens import word_count
from colloquy.domain.sessions.turn_length import turn_words
from colloquy.engine.plan import ANSWER, QUESTION, Slot

Vectors = Mapping[str, Sequence[float]]


def turn_budget(participant_count: int) -> int:
    """Participant turns per question: as many answers as the other modes give."""
    return participant_count * ROUNDS_PER_QUESTION


def public_of(messages: Iterable[Mapping[str, Any]], q: int) -> list[Mapping[str, Any]]:
    return [m for m in messages if m["questionIndex"] == q and not is_private(m)]


def _responses(own: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return sorted((m for m in own if m["kind"] == ANSWER), key=lambda m: m["round"])


def probe_reason(
    own: Sequence[Mapping[str, Any]], participant_count: int, vectors: Vectors
) -> str | None:
    """Why the AI moderator probes before the question's next turn, if it does."""
    answers = _responses(own)
    spoken = {m["participantIndex"] for m in answers}
    moderator_words = sum(word_count(m["content"]) for m in own if m["kind"] != ANSWER)
    return nm.probe_reason(
        turns=len(answers),
        participant_count=participant_count,
        unspoken=[p for p in range(participant_count) if p not in spoken],
        novelty=saturation.novelty([vectors[m["id"]] for m in answers if m["id"] in vectors]),
        sentiments=[m.get("sentiment") for m in answers],
        probes_so_far=sum(1 for m in own if m["kind"] == PROBE),
        moderator_words=moderator_words,
        participant_words=sum(word_count(m["content"]) for m in answers),
    )


def is_saturated(
    own: Sequence[Mapping[str, Any]], participant_count: int, vectors: Vectors
) -> bool:
    answers = _responses(own)
    if any(m["id"] not in vectors for m in answers):
        return False  # no vectors (the embedder failed): the budget decides
    return saturation.saturated([vectors[m["id"]] for m in answers], participant_count)


def next_slot(
    messages: Sequence[Mapping[str, Any]],
    question_count: int,
    participant_count: int,
    moderator: str,
    vectors: Vectors,
) -> Slot | None:
    """The next public step; a turn's speaker is left None (choose_speaker decides)."""
    budget = turn_budget(participant_count)
    ai = moderator == AI
    for q in range(question_count):
        own = public_of(messages, q)
        if not any(m["kind"] == QUESTION for m in own):
            return Slot(QUESTION, q, 0)
        later = any(m["questionIndex"] > q and not is_private(m) for m in messages)
        if later or any(m["kind"] == SUMMARY for m in own):
            continue
        t = len(_responses(own))
        if t < budget and not (ai and is_saturated(own, participant_count, vectors)):
            probed = any(m["kind"] == PROBE and m["round"] == t for m in own)
            if ai and not probed and probe_reason(own, participant_count, vectors):
                return Slot(PROBE, q, t)
            return Slot(ANSWER, q, t, None)
        if ai:
            return Slot(SUMMARY, q, t)
    return None


def addressed(own: Sequence[Mapping[str, Any]], names: Sequence[str]) -> tuple[int | None, str]:
    """Who the question's latest message speaks to (not its own speaker; a probe: whoever
    it names) and who spoke it (domain/sessions/addressing.py)."""
    if not own or own[-1]["kind"] not in (ANSWER, PROBE):
        return None, ""
    last = own[-1]
    text, others = str(last.get("content") or ""), _others(last, names)
    return addressing.addressed(text, others, last["kind"] == PROBE), str(last["speaker"])


def mentioned(own: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[int]:
    """Who the question's latest answer names without speaking to them."""
    if not own or own[-1]["kind"] != ANSWER:
        return []
    return addressing.mentioned(str(own[-1].get("content") or ""), _others(own[-1], names))


def _others(message: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    speaker = message.get("participantIndex")
    return [n if i != speaker else "" for i, n in enumerate(names)]


def urgency_scores(
    messages: Sequence[Mapping[str, Any]],
    q: int,
    t: int,
    participants: Sequence[Mapping[str, Any]],
    seed: int,
    vectors: Vectors,
    bids: Sequence[int] | None = None,
) -> list[float | None]:
    own = public_of(messages, q)
    names = [str(p.get("name") or "") for p in participants]
    turns = [
        urgency.Turn(m["participantIndex"], word_count(m["content"]), vectors.get(m["id"]))
        for m in _responses(own)
    ]
    draws = [unit(seed, "speak", q, t, p) for p in range(len(participants))]
    to = addressed(own, names)[0]
    near = mentioned(own, names)
    return urgency.scores(turns, extraversions(participants), draws, to, bids, near)


def choose_speaker(
    messages: Sequence[Mapping[str, Any]],
    q: int,
    t: int,
    participants: Sequence[Mapping[str, Any]],
    seed: int,
    vectors: Vectors,
    bids: Sequence[int] | None = None,
) -> int:
    """Turn t's speaker on question q: the highest urgency (urgency.py)."""
    scores = urgency_scores(messages, q, t, participants, seed, vectors, bids)
    return urgency.next_speaker(scores)


def extraversions(participants: Sequence[Mapping[str, Any]]) -> list[float]:
    out = []
    for p in participants:
        value = (p.get("traits") or {}).get("extraversion", 50)
        out.append(float(value) if isinstance(value, int | float) else 50.0)
    return out


def turn_target(
    participants: Sequence[Mapping[str, Any]],
    seed: int,
    q: int,
    t: int,
    p: int,
    response_length: str,
) -> int:
    """The words turn t asks of speaker p (turn_length.py)."""
    return turn_words(unit(seed, "length", q, t), extraversions(participants)[p], response_length)


def indices_valid(
    question_count: int, participant_count: int, stored: Iterable[tuple[str, int, int, int | None]]
) -> bool:
    if question_count < 1 or participant_count < 1:
        return False
    budget = turn_budget(participant_count)
    return all(
        0 <= q < question_count and 0 <= r <= budget and (p is None or 0 <= p < participant_count)
        for _, q, r, p in stored
    )


def progress(
    question_count: int,
    participant_count: int,
    messages: Sequence[Mapping[str, Any]],
    generating: list[int],
) -> dict[str, Any]:
    """The live counters: answers of (questions x turn budget), and "Turn t of ~budget on
    this question" for the question under way."""
    budget = turn_budget(participant_count)
    public = [m for m in messages if not is_private(m)]
    q = public[-1]["questionIndex"] if public else 0
    t = len(_responses(public_of(messages, q)))
    return {
        "responses": sum(1 for m in public if m["kind"] == ANSWER),
        "total": question_count * budget,
        "questionIndex": q,
        "round": t,
        "participantIndex": generating[0] if generating else None,
        "turn": min(t + 1, budget),
        "turnBudget": budget,
    }
