"""Which moderator turns of a transcript open a new question, and which are probes under
the current one (docs/measured-against-people.md, "Questions and probes"). Pure.

Moderators ask far more often than they change topic: "Why not?", "Anyone else?", "What
do you mean?", "¿Los demás?" follow up on the question being discussed. In order:
1. an explicit marker opens a question: a numbered question ("2.", "Q3", "Question 4"),
   "next/first/last question", "moving on", "next topic", "let's talk about", "pasemos a";
   a marker in a turn that asks nothing ("Let's move on.") announces the next question:
   the moderator's next turn that asks something opens it;
2. a turn that asks nothing ("?") is not a question;
3. the first question asked opens the first question;
4. a follow-up cue at its start ("why", "anyone else", "what do you mean", "for example",
   "tell me more", "por qué", "los demás", ...) in a turn of up to CUE_MAX_WORDS words, or
   any turn of up to SHORT_WORDS words ("And you, Tom?"), is a probe;
5. a turn whose content words are mostly the current question's (overlap coefficient >=
   SAME_TOPIC) rephrases it: a probe;
6. anything else asked opens a new question.
The preview lists every moderator turn with its reason; the researcher can merge (make a
question a probe) or split (make a probe a question) before saving.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

SHORT_WORDS = 6
CUE_MAX_WORDS = 25
SAME_TOPIC = 0.6
CONTENT_MIN_LETTERS = 4  # words this long carry the topic, in any language

MARKER = re.compile(
    r"^\s*(?:(?:q(?:uestion)?|pregunta)\s*\d+\b|\d{1,2}[.)]\s)"
    r"|\b(?:next|first|second|third|final|last|new|another|opening|closing)\s+"
    r"(?:question|topic|subject)\b|\bmoving on\b|\bmove on to\b|\blet'?s (?:talk|move) "
    r"(?:about|on|to)\b|\bturning to\b|\bsiguiente pregunta\b|\bpasemos a\b|\botro tema\b",
    re.IGNORECASE,
)
_FILLER = r"(?:(?:ok(?:ay)?|right|so|and|but|y|e|bien|bueno|vale|alright|mm+|um+|uh+|great|thanks?)[,.!]?\s+)*"
CUE = re.compile(
    r"^\W*" + _FILLER + r"(?:[A-Z]\w+,\s+)?"
    r"(?:why\b|how come\b|how so\b|anyone else|anybody else|any other|what else|"
    r"what do you mean|what does that mean|meaning\b|in what way|such as\b|for example|"
    r"for instance|like what\b|tell me more|say more|can you (?:say|tell|explain|give)|"
    r"could you (?:say|tell|explain|give)|would you (?:say|agree)|do (?:you|others) agree|"
    r"does everyone|do the rest|the rest of you|and you\b|what about you|others\b|"
    r"is that right|really\b|por qu[eé]|los dem[aá]s|el resto|alguien m[aá]s|"
    r"qu[eé] m[aá]s|c[oó]mo as[ií]|por ejemplo|y vos|y ustedes)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Break:
    opens: bool
    reason: str  # marker, first, new topic, probe: cue, probe: short, probe: same topic,
    # no question, or (set by the researcher) chosen


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(_plain(text)) if len(w) >= CONTENT_MIN_LETTERS}


def overlap(a: str, b: str) -> float:
    """|shared content words| / |the smaller set| (0 when either has none)."""
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


ANNOUNCES = "announces"


def classify(text: str, current: str | None, announced: bool = False) -> Break:
    """Whether a moderator turn opens a question, given the question being discussed and
    whether the moderator's previous turn announced one."""
    asks = "?" in text or "\u00bf" in text
    if MARKER.search(text):
        return Break(True, "marker") if asks else Break(False, ANNOUNCES)
    if not asks:
        return Break(False, "no question")
    if announced:
        return Break(True, "marker")
    if current is None:
        return Break(True, "first")
    words = len(_WORD.findall(text))
    if CUE.search(text) and words <= CUE_MAX_WORDS:
        return Break(False, "probe: cue")
    if words <= SHORT_WORDS:
        return Break(False, "probe: short")
    if overlap(text, current) >= SAME_TOPIC:
        return Break(False, "probe: same topic")
    return Break(True, "new topic")
