"""Session health: does each participant stay in character and act like their persona?

characterBreaks: an answer that speaks as an AI or assistant, writes another participant's
or the moderator's lines, or echoes the prompt's instructions. What answer cleaning
(answer_cleaning.py) repaired before storing counts (the repairs kept on the message, the
raw text checked again), so a break is reported even when cleaning hid it.

traitConsistency: simple signals that behaviour follows the persona's Big Five numbers,
each a Pearson r across participants between a trait and one measurable habit:
- extraversion -> share of the session's words the participant spoke;
- agreeableness -> agreement markers minus disagreement markers per answer;
- neuroticism -> worry words per answer;
- openness -> distinct words (type-token ratio over the participant's answers).
A positive r says behaviour follows the numbers. With 8 participants r is noisy (a
correlation of 0.6 is needed to be significant at p = 0.05), so this flags only when most
signals point the wrong way.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT
from colloquy.domain.numbers.mathutil import number_or
from colloquy.domain.numbers.vectors import pearson, rounded
from colloquy.domain.sessions.answer_cleaning import (
    ECHOED_INSTRUCTION,
    META_TEXT,
    OTHER_SPEAKER,
    clean_answer,
)
from colloquy.domain.text.words import words
from colloquy.domain.trust.health_metrics import BAD, NA, OK, WARN, finding

# The AI term must end the phrase ("I'm just an AI." / "as an AI, I..."): "I'm an AI
# skeptic" or "as an AI researcher" is a person talking about AI.
_AI_TERM_ENDS = (
    r"(?=\s*(?:$|[.,;:!?)\"'\u2014\u2013-]|(?:and|so|but|that|which|who|created|developed|"
    r"trained|made|designed|programmed|built|without|with|here|i|not|by|from|language model|"
    r"model|assistant|chatbot|system|program)\b))"
)
AI_SPEECH = re.compile(
    r"\bas an? (?:ai|a\.i\.|artificial intelligence|language model|llm|assistant|"
    r"virtual assistant|chatbot|large language model)" + _AI_TERM_ENDS + r""
    r"|\b(?:i am|i'm|im) (?:just |only |merely )?(?:an? )?(?:ai|a\.i\.|language model|"
    r"chatbot|virtual assistant|ai assistant|large language model|llm|computer program)"
    + _AI_TERM_ENDS
    + r"|\bi (?:do not|don't|cannot|can't) have (?:personal )?(?:opinions|experiences|feelings|"
    r"preferences|a body)\b"
    r"|\b(?:simulated|fictional) (?:persona|participant|character)\b"
    r"|\bhow can i (?:help|assist) you\b|\bi hope this helps\b",
    re.IGNORECASE,
)
AI, OTHER_VOICE, INSTRUCTIONS = "ai_speech", "other_voice", "echoed_instructions"
KIND_WORDS = {
    AI: "speaks as an AI or assistant",
    OTHER_VOICE: "speaks as another participant or the moderator",
    INSTRUCTIONS: "echoes the instructions",
}
BREAKS_BAD_SHARE = 0.1  # one answer in ten (or more) out of character: poor

AGREE = (
    "agree",
    "agreed",
    "exactly",
    "good point",
    "great point",
    "you're right",
    "youre right",
    "same here",
    "i'm with",
    "well said",
    "me too",
    "i like what",
    "like you said",
    "absolutely",
)
DISAGREE = (
    "disagree",
    "i don't think",
    "i dont think",
    "not sure that",
    "i'm not convinced",
    "on the other hand",
    "i see it differently",
    "that's not",
    "but i think",
    "but i don't",
    "but i'm not",
    "however",
)
WORRY = frozenset(
    [
        "worried",
        "worry",
        "worries",
        "anxious",
        "nervous",
        "concern",
        "concerned",
        "concerns",
        "afraid",
        "fear",
        "scared",
        "stress",
        "stressed",
        "stressful",
        "risk",
        "risky",
        "uneasy",
        "unsure",
        "doubt",
        "doubts",
        "overwhelmed",
    ]
)


_WORD_RUN = re.compile(r"\w+")


class _NamesByWord:
    """Names by the first word run of the name (lower case): a name can label a line of an
    answer only when that word is in the answer. An imported group has thousands of
    speakers; giving answer cleaning only the names whose word is there keeps the check
    linear in the answers instead of answers x speakers (the same names are found)."""

    def __init__(self, names: list[str]) -> None:
        self.by_word: dict[str, list[str]] = defaultdict(list)
        self.always: list[str] = []  # a name without a word run cannot be looked up
        for n in dict.fromkeys(names):
            first = _WORD_RUN.search(n)
            if first:
                self.by_word[first.group(0).lower()].append(n)
            else:
                self.always.append(n)

    def others_in(self, text: str, speaker: str) -> list[str]:
        found = list(self.always)
        for word in dict.fromkeys(w.lower() for w in _WORD_RUN.findall(text)):
            found += self.by_word.get(word, ())
        return [n for n in found if n != speaker]


def _kinds(answer: dict[str, Any], names: _NamesByWord) -> list[str]:
    text = answer.get("rawContent") or answer["content"]
    kinds = []
    if AI_SPEECH.search(text) or AI_SPEECH.search(answer["content"]):
        kinds.append(AI)
    repairs = set(answer.get("repairs") or [])
    others = names.others_in(text, answer["speaker"])
    repairs |= set(clean_answer(text, speaker=answer["speaker"], others=others).repairs)
    if OTHER_SPEAKER in repairs:
        kinds.append(OTHER_VOICE)
    if ECHOED_INSTRUCTION in repairs or META_TEXT in repairs:
        kinds.append(INSTRUCTIONS)
    return kinds


def character_breaks(answers: Sequence[dict[str, Any]], names: list[str]) -> dict[str, Any]:
    items = []
    by_word = _NamesByWord(names)
    for a in answers:
        kinds = _kinds(a, by_word)
        if kinds:
            excerpt = " ".join((a.get("rawContent") or a["content"]).split())[:160]
            items.append(
                {"messageId": a["id"], "speaker": a["speaker"], "kinds": kinds, "excerpt": excerpt}
            )
    n = len(items)
    status = OK if n == 0 else BAD if n >= BREAKS_BAD_SHARE * len(answers) else WARN
    counts = {k: sum(1 for it in items if k in it["kinds"]) for k in KIND_WORDS}
    if n == 0:
        summary = "Every participant stayed in character."
    else:
        parts = [f"{c} {KIND_WORDS[k]}" for k, c in counts.items() if c]
        summary = f"{n} answer{'s' if n != 1 else ''} broke character: " + "; ".join(parts) + "."
    return finding(
        "characterBreaks",
        "Staying in character",
        status,
        summary,
        [it["messageId"] for it in items],
        count=n,
        byKind=counts,
        items=items,
    )


# A marker counts on word boundaries; one with a negation just before it ("I don't agree",
# "not exactly") counts for the other side.
_NEGATION = re.compile(
    r"\b(?:not|don't|dont|do not|never|no|doesn't|can't|cannot|wouldn't|isn't)\s+$"
)


def _phrases(phrases: Sequence[str]) -> re.Pattern[str]:
    """Where any of the phrases starts, on word boundaries: one scan of an answer instead of
    one per phrase (the health report's costliest rule: docs/performance.md). It counts
    what a scan per phrase counts, since no phrase of a list is another one followed by a
    space or apostrophe (two cannot start at one place) and none overlaps itself."""
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(r"(?<![\w'])(?=(?:" + alternatives + r")(?![\w']))")


_AGREE_AT = _phrases(AGREE)
_DISAGREE_AT = _phrases(DISAGREE)


def _markers(text: str) -> tuple[int, int]:
    """(agreement, disagreement) markers in one answer."""
    t = " ".join(text.lower().replace("\u2019", "'").split())
    agree = disagree = 0
    for m in _AGREE_AT.finditer(t):
        if _NEGATION.search(t[max(0, m.start() - 12) : m.start()]):
            disagree += 1
        else:
            agree += 1
    disagree += sum(1 for _ in _DISAGREE_AT.finditer(t))
    return agree, disagree


def _agreement(texts: Sequence[str]) -> float:
    """Agreement minus disagreement markers per answer."""
    counts = [_markers(t) for t in texts]
    return sum(a - d for a, d in counts) / max(len(texts), 1)


def _habits(texts: Sequence[str], total_words: int) -> dict[str, float]:
    ws = [w for t in texts for w in words(t)]
    return {
        "extraversion": len(ws) / total_words if total_words else 0.0,
        "agreeableness": _agreement(texts),
        "neuroticism": sum(1 for w in ws if w in WORRY) / max(len(texts), 1),
        "openness": len(set(ws)) / len(ws) if ws else 0.0,
    }


SIGNALS = {
    "extraversion": "share of the words spoken",
    "agreeableness": "agreement minus disagreement phrases per answer",
    "neuroticism": "worry words per answer",
    "openness": "variety of vocabulary (distinct words)",
}


def trait_consistency(
    answers: Sequence[dict[str, Any]], participants: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    by_p: dict[int, list[str]] = defaultdict(list)
    for a in answers:
        by_p[a["participantIndex"]].append(a["content"])
    people = [p for p in sorted(by_p) if 0 <= p < len(participants)]
    total = sum(len(words(t)) for p in people for t in by_p[p])
    habits = {p: _habits(by_p[p], total) for p in people}
    signals: list[dict[str, Any]] = []
    for trait, label in SIGNALS.items():
        traits = [
            number_or((participants[p].get("traits") or {}).get(trait), TRAIT_DEFAULT)
            for p in people
        ]
        r = pearson(traits, [habits[p][trait] for p in people])
        signals.append({"trait": trait, "signal": label, "r": rounded(r), "follows": _follows(r)})
    known = [s for s in signals if s["r"] is not None]
    if not known:
        return finding(
            "traitConsistency",
            "Personality shows in behaviour",
            NA,
            "Not enough participants or trait variety to check.",
            [],
            signals=signals,
        )
    wrong = [s for s in known if s["r"] <= 0]
    status = OK if len(wrong) * 2 < len(known) else BAD if len(wrong) == len(known) else WARN
    words_ = [
        f"{s['trait']} vs {s['signal']}: r = {s['r']:+.2f}" for s in known
    ]  # e.g. "extraversion vs share of the words spoken: r = +0.45"
    summary = (
        f"{len(known) - len(wrong)} of {len(known)} signals follow the personas' traits "
        f"({'; '.join(words_)})."
    )
    if status != OK:
        summary += " Behaviour does not clearly follow the personality numbers."
    return finding(
        "traitConsistency",
        "Personality shows in behaviour",
        status,
        summary,
        [],
        signals=signals,
        participants=len(people),
    )


def _follows(r: float | None) -> bool | None:
    return None if r is None else r > 0
