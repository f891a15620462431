"""The AI moderator's prompts and rules (docs/moderator.md), pure.

Why this shape: with the `ai` moderator the model writes the prompt of rounds 2 and 3
(a probe) and a two-sentence summary after each question's last round. The prompts give
the model the question's discussion so far plus two plain facts it is bad at counting
itself (who has said least, whether the last round all leaned one way), so "balance" and
"challenge an early consensus" rest on numbers, not on the model's impression. Who a
probe addresses is read back from its text (`addressed_participant`), so the order of
the next round is a function of stored messages only and a resumed run agrees with it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER, ROUNDS_PER_QUESTION
from colloquy.domain.sessions import addressing
from colloquy.domain.sessions.tokens import word_count

SCRIPTED, AI = "scripted", "ai"
MODERATORS: tuple[str, ...] = (SCRIPTED, AI)
DEFAULT_MODERATOR = SCRIPTED
PROBE, SUMMARY = "probe", "summary"  # MessageRow.kind of the AI moderator's messages

PROBE_MAX_TOKENS = 200
SUMMARY_MAX_TOKENS = 200
PROBE_MAX_CHARS = 800
SUMMARY_SENTENCES = 2
DISCUSSION_TOKEN_BUDGET = 2500  # the moderator reads more of the discussion than a persona

NOTE_PROBE_FALLBACK = "AI moderator unavailable ({reason}); the scripted prompt was used."
NOTE_SUMMARY_FALLBACK = (
    "AI moderator unavailable ({reason}); a scripted closing line was used instead of a summary."
)
FALLBACK_SUMMARY = "Thank you all, that gives us a clear picture. Let's move on."
FALLBACK_SUMMARY_LAST = "Thank you all for sharing your views on this question."

MODERATOR_TONE: dict[str, str] = {
    "formal": "Your tone is formal and structured: polite, precise, no small talk.",
    "casual": "Your tone is relaxed and friendly, like a host among friends.",
    "probing": "Your tone is probing: you dig for the reasons, trade-offs and concrete "
    "examples behind every opinion.",
}


def moderator_system_prompt(style: str | None) -> str:
    tone = MODERATOR_TONE.get(style or "", MODERATOR_TONE["formal"])
    balance = (
        "You listen closely and keep the discussion balanced: you follow up on what "
        "people actually said, bring in those who said little and push back when the "
        "group agrees too quickly."
    )
    return (
        f"You are the moderator of a market research focus group.\n{tone}\n{balance}\n"
        "Write only what you say to the group: no speaker label, no quotes, no notes."
    )


def participation(
    discussion: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> list[tuple[str, int]]:
    """(name, words said so far) for every participant, in participant order."""
    words = dict.fromkeys(names, 0)
    for m in discussion:
        if m.get("kind") == "response" and m.get("speaker") in words:
            words[m["speaker"]] += word_count(m.get("content"))
    return list(words.items())


def quietest(discussion: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str | None:
    """Who said least (the first of equals); None when nobody spoke or all said the same."""
    counts = participation(discussion, names)
    if not counts or len({w for _, w in counts}) < 2:
        return None
    return min(counts, key=lambda c: c[1])[0]


def early_consensus(discussion: Sequence[Mapping[str, Any]]) -> str | None:
    """The sentiment every answer of the latest round shares, when it is not neutral
    and at least two answered; None otherwise."""
    answers = [m for m in discussion if m.get("kind") == "response"]
    if not answers:
        return None
    last = max(int(m.get("round") or 0) for m in answers)
    moods = {m.get("sentiment") for m in answers if int(m.get("round") or 0) == last}
    count = sum(1 for m in answers if int(m.get("round") or 0) == last)
    if count >= 2 and len(moods) == 1:
        mood = moods.pop()
        return mood if mood in ("positive", "negative") else None
    return None


def _transcript(discussion: Sequence[Mapping[str, Any]]) -> list[str]:
    return [f"{m.get('speaker')}: {m.get('content')}" for m in discussion]


def probe_prompt(
    question: str,
    discussion: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    next_round_index: int,
    whole_question: Sequence[Mapping[str, Any]] | None = None,
) -> str:
    """The request for the prompt of round `next_round_index` (0-based, 1 or 2).

    `discussion`: what the prompt shows (trimmed to the moderator's budget);
    `whole_question`: every message of the question so far, on which the words said and
    the quietest participant are counted (the trimmed window drops older answers, so
    counting on it would name as quietest whoever spoke early and at length)."""
    counted = discussion if whole_question is None else whole_question
    lines = [f"The question under discussion: {question}", "", "Discussion so far:"]
    lines += _transcript(discussion) or ["(nothing yet)"]
    lines += ["", "Words said so far on this question:"]
    lines += [f"- {name}: {words}" for name, words in participation(counted, names)]
    quiet, consensus = quietest(counted, names), early_consensus(discussion)
    notes = []
    if quiet:
        notes.append(f"{quiet} has said the least so far.")
    if consensus:
        notes.append(
            f"Every answer in the last round was {consensus}: the group may be agreeing "
            "too quickly."
        )
    if notes:
        lines += ["", "Notes: " + " ".join(notes)]
    # Two participants with one first name: only the full name says whom the probe asks
    # (addressed_participant reads it back to decide who answers first).
    how = "full name" if _first_names_collide(names) else "name"
    lines += [
        "",
        (
            f"Write your prompt for discussion round {next_round_index + 1} of "
            f"{ROUNDS_PER_QUESTION}. Address exactly one participant by {how} at the start "
            '("Name, ..."). Do one of these: follow up on a specific point that participant '
            "made and ask why; ask for the reasons or trade-offs behind an opinion; invite "
            "someone who said little; or challenge the group if it agrees too quickly. Then "
            "invite the others to respond. Two or three sentences, one paragraph."
        ),
    ]
    return "\n".join(lines)


def _first_names_collide(names: Sequence[str]) -> bool:
    firsts = [name.split()[0].casefold() for name in names if name and name.split()]
    return len(set(firsts)) < len(firsts)


def summary_prompt(
    question: str, discussion: Sequence[Mapping[str, Any]], is_last_question: bool
) -> str:
    """The request for the two-sentence summary after a question's last round."""
    after = (
        "This was the last question of the session."
        if is_last_question
        else "The group moves on to the next question after your summary."
    )
    lines = [f"The question under discussion: {question}", "", "Discussion:"]
    lines += _transcript(discussion) or ["(nothing)"]
    lines += [
        "",
        after,
        (
            "Sum up this question's discussion for the group in exactly two sentences: "
            "where people agreed and where they differed, naming who said what."
        ),
    ]
    return "\n".join(lines)


_LABEL = re.compile(
    rf"^\s*\**\s*(?:{MODERATOR_SPEAKER}|Prompt|Follow-up)\s*\**\s*:\s*\**\s*", re.IGNORECASE
)
_QUOTES = "\"'“”‘’"
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)]*\s+(?=[A-Z\"'“‘(])")


def clean_moderator_text(text: str, max_chars: int = PROBE_MAX_CHARS) -> str:
    """One paragraph without a speaker label or wrapping quotes, at most `max_chars`
    (cut at a sentence end when there is one)."""
    out = " ".join((text or "").split())
    out = _LABEL.sub("", out).strip()
    if len(out) >= 2 and out[0] in _QUOTES and out[-1] in _QUOTES:
        out = out[1:-1].strip()
    if len(out) > max_chars:
        cut = out[:max_chars]
        end = max(cut.rfind(". "), cut.rfind("? "), cut.rfind("! "))
        out = cut[: end + 1] if end > 0 else cut.rstrip() + "..."
    return out


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def summary_text(text: str, count: int = SUMMARY_SENTENCES) -> str:
    """The model's summary, cleaned and cut to its first `count` sentences."""
    return " ".join(sentences(clean_moderator_text(text, max_chars=2000))[:count])


def addressed_participant(text: str, names: Sequence[str]) -> int | None:
    """The participant a moderator's probe addresses: the first one spoken to ("Ana, ..."
    / "Ana -" / "..., Ana?"), else the first one named at all (the moderator's naming is
    an invitation; domain/sessions/addressing.py); None when none is."""
    return addressing.addressed(text, names, by_moderator=True)


def fallback_summary(is_last_question: bool) -> str:
    return FALLBACK_SUMMARY_LAST if is_last_question else FALLBACK_SUMMARY


def fallback_note(kind: str, reason: str) -> str:
    template = NOTE_SUMMARY_FALLBACK if kind == SUMMARY else NOTE_PROBE_FALLBACK
    return template.format(reason=(reason or "model error").rstrip("."))


def follow_up_instruction(round_index: int, follow_up: str) -> list[str]:
    """The end of a participant's prompt in a round the AI moderator opened."""
    return [
        "",
        (
            f"This is discussion round {round_index + 1} of {ROUNDS_PER_QUESTION}. The "
            f"moderator now asks: {follow_up}"
        ),
        "",
        (
            "Answer the moderator's follow-up (directly, if it names you), react to what "
            "specific people said, and add something new instead of repeating your earlier "
            "answer."
        ),
    ]
