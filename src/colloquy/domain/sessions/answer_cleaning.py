"""Cleaning a participant's answer before it is stored, whatever model wrote it.

Small models (and some large ones) open with their own name ("Sarah Chen: ..."), go on to
write the other participants' or the moderator's lines, echo the prompt's instructions or
bracketed stage directions ("[Demonstrate your thoughts ...]"), and stop mid-sentence when
they reach the token limit. Each rule below removes one of those and is counted by name, so
the stored message says what was repaired (and keeps the raw text for audit).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from colloquy.domain.sessions.interjections import is_interjection, masked

# Repair names, as stored on the message.
OWN_NAME = "own_name_prefix"
OTHER_SPEAKER = "other_speaker"
# "Sarah Chen: Your point..." from a model read as speaking to Sarah: an address, not a
# line in her voice, so the health report does not count it as a character break.
LABEL_AS_ADDRESS = "label_as_address"
META_TEXT = "meta_text"
ECHOED_INSTRUCTION = "echoed_instruction"
INCOMPLETE_SENTENCE = "incomplete_sentence"

MODERATOR = "Moderator"
ECHO_MIN_WORDS = 6  # a sentence this long found word for word in the prompt was copied
# Lines of our own prompt that a model may copy into its answer.
_PROMPT_LINES = (
    "moderator's question:",
    "discussion so far:",
    "materials shown to the group:",
    "this is discussion round",
    "give your own first answer",
    "respond to what the others have shared",
    "how to answer:",
    "stay in character",
    "keep each answer to",
    "speak in the first person",
    "never mention being an ai",
    "your personality (big five",
    "your interests:",
    "your top values:",
)
_BRACKETED = re.compile(
    r"\[[^\[\]\n]{0,400}\]|\((?:note|ooc|stage direction)[^()\n]{0,400}\)", re.IGNORECASE
)
# Transcribers' marks are not a model's stage directions: "[inaudible]", "[laughs]",
# "[crosstalk 00:12:31]", "(.)", "(2.0)", "[T014]", "[...]": no letters, a turn tag, or a
# transcriber's word (a model's "[Round 2]" or "[Your answer]" is none of these).
_TRANSCRIPTION_MARK = re.compile(
    r"[\[(][^a-z]*[\])]|\[t\d+\]|[\[(][^\[\]()]{0,40}\b(?:inaudible|unintelligible|indistinct|"
    r"unclear|laugh\w*|correction|corrected|sic|objection\w*|translat\w*|interpret\w*|"
    r"crosstalk|cross-talk|overlap\w*|interrupt\w*|pause\w*|silence|sigh\w*|"
    r"cough\w*|redacted|multiple voices|background noise|noise|applause|chuckl\w*|"
    r"sniff\w*|clears throat|inaudible word)\b[^\[\]()]{0,40}[\])]",
    re.IGNORECASE,
)
# "Ben: you're right" speaks to Ben; "Ben: I think" writes Ben's line.
_ADDRESS = re.compile(r"\s*(?:you|you're|youre|you've|you'd|you'll|your|yours)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?…](?:[\"'”’)\]]*)(?=\s|$)")
_CLOSED = re.compile(r"[.!?…][\"'”’)\]]*\s*$")


@dataclass
class CleanedAnswer:
    text: str
    repairs: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.repairs)


def _name_pattern(names: list[str]) -> str:
    """Full names and first names, longest first, as one alternation."""
    forms: set[str] = set()
    for name in names:
        name = name.strip()
        if not name:
            continue
        forms.add(re.escape(name))
        first = name.split()[0]
        if len(first) >= 2:
            forms.add(re.escape(first))
    return "|".join(sorted(forms, key=len, reverse=True))


def _label(names: list[str]) -> re.Pattern[str] | None:
    """'Name:' as a speaker label, optionally in bold or brackets."""
    return _label_of(tuple(names))


@functools.lru_cache(maxsize=4096)  # re's own cache holds 512: a group's names outgrow it
def _label_of(names: tuple[str, ...]) -> re.Pattern[str] | None:
    alternation = _name_pattern(list(names))
    if not alternation:
        return None
    return re.compile(rf"[\*_\[\(]*\b(?:{alternation})\b[\*_\]\)]*\s*:[\*_]*", re.IGNORECASE)


def _unless_transcription_mark(match: re.Match[str]) -> str:
    kept = _TRANSCRIPTION_MARK.fullmatch(match.group(0)) or is_interjection(match.group(0))
    return match.group(0) if kept else ""


def _echoed_sentences(text: str, prompt: str, speaker: str) -> str:
    """`text` without the sentences copied from the prompt: any of ECHO_MIN_WORDS words
    or more found in it word for word, and the persona line ("You are <speaker>, ...")."""
    seen = " ".join(prompt.lower().split())
    own = f"you are {speaker.lower()}" if speaker.strip() else None
    kept = []
    for sentence in re.split(r"(?<=[.!?…])\s+", text):
        flat = " ".join(sentence.lower().split())
        echoed = len(flat.split()) >= ECHO_MIN_WORDS and flat.rstrip(".!?… ") in seen
        if echoed or (own is not None and flat.startswith(own)):
            continue
        kept.append(sentence)
    return " ".join(kept).strip() if len(kept) != len(re.split(r"(?<=[.!?…])\s+", text)) else text


def without_leading_labels(text: str, others: list[str]) -> str:
    """`text` without the other speakers' labels it opens with: what a turn keeps when
    cleaning cut it to nothing and its re-asks did too (the model wrote only another's
    line; stored as the speaker's, marked, never under another's label)."""
    label = _label([*others, MODERATOR])
    out = text.strip()
    while label is not None and (match := label.match(out)) and match.end() < len(out):
        out = out[match.end() :].lstrip()
    return clean_answer(out, speaker="", others=others).text or out  # and later labels


def clean_answer(
    text: str, *, speaker: str, others: list[str], prompt: str | None = None
) -> CleanedAnswer:
    """`speaker`'s answer without what another voice wrote into it; `others`: the other
    participants' names (the moderator is always one); `prompt`: the request's text, whose
    sentences an answer must not copy (the persona's description, the instructions); with
    it (a model's answer, not a person's transcript line) an answer opening with another's
    label that speaks to them ("Sarah Chen: Your point...") turns the label into a vocative
    ("Sarah Chen, your point...")."""
    repairs: list[str] = []
    out = text.strip()

    # 1. Cut where another participant or the moderator starts speaking (a label at the
    # start of a line or after a sentence), keeping what came before.
    other_label = _label([*others, MODERATOR])
    if other_label is not None:
        # A transcribed interjection ("[Maria: Yeah.]") is not another voice.
        for match in other_label.finditer(masked(out)):
            start = match.start()
            before = out[:start]
            at_line_start = start == 0 or before.endswith("\n") or _CLOSED.search(before)
            addressed = MODERATOR.lower() not in match.group(0).lower() and _ADDRESS.match(
                out, match.end()
            )
            if at_line_start and not addressed:
                out = before.rstrip()
                repairs.append(OTHER_SPEAKER)
                break
            if start == 0 and addressed and prompt:  # a model's "Sarah Chen: Your point..."
                label = re.sub(r"[\*_\[\]\(\):]", "", match.group(0)).strip()
                rest = out[match.end() :].lstrip()
                rest = rest[:1].lower() + rest[1:]  # "Your point" -> "your point"
                out = f"{label}, {rest}"  # spoken to, not a label
                repairs.append(LABEL_AS_ADDRESS)
                break

    # 2. Our own name as a label at the start.
    own = _label([speaker])
    if own is not None:
        own_match = own.match(out)
        if own_match:
            out = out[own_match.end() :].lstrip()
            repairs.append(OWN_NAME)

    # 3. Echoed prompt lines.
    lines = out.split("\n")
    kept = [ln for ln in lines if not ln.strip().lower().startswith(_PROMPT_LINES)]
    if len(kept) != len(lines):
        out = "\n".join(kept).strip()
        repairs.append(ECHOED_INSTRUCTION)

    if prompt:  # sentences copied from the prompt (natural turns echo the persona line)
        unechoed = _echoed_sentences(out, prompt, speaker)
        if unechoed != out:
            out = unechoed
            repairs.append(ECHOED_INSTRUCTION)

    # 4. Bracketed meta text and stage directions.
    stripped = _BRACKETED.sub(_unless_transcription_mark, out)
    if stripped != out:
        out = re.sub(r"[ \t]{2,}", " ", stripped)
        out = re.sub(r"[ \t]+([.,!?;:])", r"\1", out).strip()
        repairs.append(META_TEXT)

    # 5. End at a whole sentence when the model stopped mid-way.
    if out and not _CLOSED.search(out):
        ends = list(_SENTENCE_END.finditer(out))
        if ends:
            out = out[: ends[-1].end()].rstrip()
            repairs.append(INCOMPLETE_SENTENCE)

    out = re.sub(r"\n{3,}", "\n\n", out).strip()
    return CleanedAnswer(text=out, repairs=repairs)
