"""Where a session's run stands, computed only from its stored messages (pure).

Why from the messages: they are committed one by one with their position, so after a
restart (even kill -9) the next step is simply the first slot not yet filled; nothing is
lost and nothing is asked twice.

The slots of a session, in order, per question q:
    question (q, round 0)            the Moderator asks the question
    answer   (q, 0, p) for each p    round 1
    round    (q, 1)                  '[Round 2] Please respond to what others have shared.'
    answer   (q, 1, p) for each p    round 2
    round    (q, 2)                  '[Round 3] ...'
    answer   (q, 2, p) for each p    round 3
Round and question indices are 0-based everywhere in the engine and the API.

With the AI moderator the round slots are `probe` slots (the moderator model
writes the round's prompt), a `summary` slot (q, 2) follows each question's last round,
and a probe that addresses a participant by name makes them answer first in that round
(`first`: (question, round) -> participant, read from the stored probes, so a resumed
run finds the same order).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from colloquy.domain.constants import ROUNDS_PER_QUESTION
from colloquy.domain.sessions.messages import Message
from colloquy.domain.sessions.moderation import AI, PROBE, SCRIPTED, SUMMARY, addressed_participant
from colloquy.domain.sessions.private_answers import is_private

QUESTION, ROUND, ANSWER = "question", "round", "response"  # MessageRow.kind values
SEQUENTIAL, PARALLEL, NATURAL = "sequential", "parallel", "natural"
First = Mapping[tuple[int, int], int]


@dataclass(frozen=True)
class Slot:
    kind: str
    question_index: int
    round_index: int
    participant_index: int | None = None

    @property
    def key(self) -> tuple[str, int, int, int | None]:
        return (self.kind, self.question_index, self.round_index, self.participant_index)


def round_order(participant_count: int, first: int | None = None) -> list[int]:
    """Who answers in a round, in order: `first` (when valid), then the others as usual."""
    if first is None or not 0 <= first < participant_count:
        return list(range(participant_count))
    return [first] + [p for p in range(participant_count) if p != first]


def slots(
    question_count: int,
    participant_count: int,
    moderator: str = SCRIPTED,
    first: First | None = None,
) -> Iterator[Slot]:
    first = first or {}
    for q in range(question_count):
        yield Slot(QUESTION, q, 0)
        for r in range(ROUNDS_PER_QUESTION):
            if r > 0:
                yield Slot(PROBE if moderator == AI else ROUND, q, r)
            for p in round_order(participant_count, first.get((q, r))):
                yield Slot(ANSWER, q, r, p)
        if moderator == AI:
            yield Slot(SUMMARY, q, ROUNDS_PER_QUESTION - 1)


def first_speakers(
    messages: Iterable[Mapping[str, Any]], names: list[str]
) -> dict[tuple[int, int], int]:
    """(question, round) -> the participant the stored probe of that round addresses."""
    out = {}
    for m in messages:
        if m.get("kind") == PROBE:
            p = addressed_participant(str(m.get("content") or ""), names)
            if p is not None:
                out[(m["questionIndex"], m["round"])] = p
    return out


def moderator_calls(question_count: int, moderator: str = SCRIPTED) -> int:
    """Model calls of the moderator: 2 probes and 1 summary per question with `ai`."""
    return question_count * ROUNDS_PER_QUESTION if moderator == AI else 0


def planned_steps(question_count: int, participant_count: int, moderator: str = SCRIPTED) -> int:
    """Messages a complete session holds: per question 1 + 2 round prompts + 3 x P
    (+ 1 summary with the AI moderator)."""
    steps = question_count * (ROUNDS_PER_QUESTION * (participant_count + 1))
    return steps + (question_count if moderator == AI else 0)


def planned_answers(question_count: int, participant_count: int) -> int:
    return question_count * participant_count * ROUNDS_PER_QUESTION


def next_slot(
    question_count: int,
    participant_count: int,
    stored: Iterable[tuple[str, int, int, int | None]],
    moderator: str = SCRIPTED,
    first: First | None = None,
) -> Slot | None:
    """The first slot without a stored message; None when the session is complete."""
    filled = set(stored)
    for slot in slots(question_count, participant_count, moderator, first):
        if slot.key not in filled:
            return slot
    return None


def indices_valid(
    question_count: int, participant_count: int, stored: Iterable[tuple[str, int, int, int | None]]
) -> bool:
    """False when the session has nobody or nothing to ask, or a stored message points at
    a question, round or participant the session does not have (a damaged session)."""
    if question_count < 1 or participant_count < 1:
        return False
    return all(
        0 <= q < question_count
        and 0 <= r < ROUNDS_PER_QUESTION
        and (p is None or 0 <= p < participant_count)
        for _, q, r, p in stored
    )


def answer_batch(
    slot: Slot, participant_count: int, mode: str, order: list[int] | None = None
) -> list[int]:
    """Participants whose answers can be generated together from `slot` on.

    Round 1 answers never see each other, and in parallel mode no answer of a round sees
    another of the same round, so the rest of the round goes at once; in sequential mode
    from round 2 each participant reacts to the one before, so one at a time. `order`:
    the round's speaking order (round_order), by default by participant.
    """
    assert slot.kind == ANSWER and slot.participant_index is not None
    if slot.round_index == 0 or mode == PARALLEL:
        order = order or list(range(participant_count))
        return order[order.index(slot.participant_index) :]
    return [slot.participant_index]


def discussion_scope(
    messages: Sequence[Message], question_index: int, round_index: int, mode: str
) -> list[Message]:
    """The messages a prompt for (question, round) may show, oldest first.

    Round 1: none (the question is in the prompt itself). Sequential (and natural, where
    the round is the turn): the whole discussion of this question so far. Parallel:
    everything up to the end of the previous round. Private answers never.
    Each message dict needs questionIndex, round and kind.
    """
    if round_index == 0:
        return []
    own = [m for m in messages if m["questionIndex"] == question_index and not is_private(m)]
    if mode == PARALLEL:
        own = [m for m in own if m["round"] < round_index or m["kind"] != ANSWER]
    return own


def session_scope(
    messages: Sequence[Message], question_index: int, round_index: int, mode: str
) -> list[Message]:
    """What a cache-friendly prompt (domain/sessions/cache_layout.py) shows, oldest first:
    every earlier question's public messages, then this question's as discussion_scope
    gives them (in its first round the moderator's lines only, as no answer is seen yet)."""
    earlier = [m for m in messages if m["questionIndex"] < question_index and not is_private(m)]
    if round_index == 0:
        own = [
            m
            for m in messages
            if m["questionIndex"] == question_index and not is_private(m) and m["kind"] != ANSWER
        ]
    else:
        own = discussion_scope(messages, question_index, round_index, mode)
    return earlier + own


def progress(
    question_count: int,
    participant_count: int,
    stored: Iterable[tuple[str, int, int, int | None]],
    moderator: str = SCRIPTED,
    first: First | None = None,
) -> dict[str, Any]:
    """Counters for the live screen: answers so far of questions x participants x 3, and the
    position of the next slot (the last one when complete). Moderator messages (probes and
    summaries too) are not answers."""
    keys = list(stored)
    answers = sum(1 for k in keys if k[0] == ANSWER)
    nxt = next_slot(question_count, participant_count, keys, moderator, first)
    if nxt is None:
        q, r, p = max(question_count - 1, 0), ROUNDS_PER_QUESTION - 1, None
    else:
        q, r, p = nxt.question_index, nxt.round_index, nxt.participant_index
    return {
        "responses": answers,
        "total": planned_answers(question_count, participant_count),
        "questionIndex": q,
        "round": r,
        "participantIndex": p,
    }
