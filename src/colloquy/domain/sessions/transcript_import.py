"""A real focus group's transcript read into turns (docs/measured-against-people.md). Pure: text in.

Why: a researcher brings a human group's transcript so Colloquy's figures can be held
against people. Three shapes are read: "Speaker: text" lines (an optional turn tag such
as "[T001]" before the speaker; a line without a speaker continues the previous turn),
a JSON list of {speaker, content, role?} and CSV rows speaker,content[,role]. The
moderator is found by role, by a usual name (Moderator, Interviewer, Facilitator) or by
the name given. A moderator turn opens a new question unless it is a probe under the
current one (question_breaks.py says how); the researcher may correct that list
(`question_starts`). Interjections transcribed inside a turn ("[Maria: Yeah.]") stay in
the turn and count as their speaker's backchannel (interjections.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from colloquy.domain.sessions.question_breaks import ANNOUNCES, classify
from colloquy.domain.text.csv_errors import CsvUnreadable, read_csv_rows
from colloquy.domain.text.text_safety import clean_text

MAX_BYTES = 5 * 1024 * 1024
MAX_TURNS = 5000
MAX_NAME = 60  # longer "names" before a colon are sentences, not speakers
MODERATOR_NAMES = ("moderator", "interviewer", "facilitator")
MODERATOR_ROLES = MODERATOR_NAMES + ("host", "mod")

MSG_HUMAN_NO_RUN = (
    "This is a real human group imported from a transcript: it cannot be run or run again"
)
MSG_HUMAN_NO_COPY = (
    "This is a real human group imported from a transcript: it cannot be duplicated. "
    "Create a new session with the same questions instead"
)
MSG_EMPTY = "The transcript is empty"
MSG_TOO_BIG = "The transcript is larger than 5 MB"
MSG_TOO_MANY = f"The transcript has more than {MAX_TURNS:,} turns"
MSG_NO_SPEAKERS = (
    'No speaker lines found: write one turn per line as "Speaker: text", '
    "or upload JSON [{speaker, content}] or CSV speaker,content"
)
MSG_ONE_SPEAKER = "Only one speaker found: a focus group needs at least two people"
MSG_BAD_JSON = "Invalid JSON transcript: expected a list of {speaker, content, role?}"
MSG_BAD_CSV = "Invalid CSV transcript: expected columns speaker,content[,role]"
MSG_JSON_TOO_DEEP = "Invalid JSON transcript: it is nested too deeply"
MSG_NO_PARTICIPANTS = "Every speaker is a moderator: a focus group needs participants"
MSG_BAD_STARTS = (
    "questionStarts must be a JSON list of turn numbers (0-based) of moderator turns, "
    "e.g. [0, 7, 15]"
)


def msg_not_moderator_turn(turn: int) -> str:
    return f"questionStarts: turn {turn} is not a moderator turn of this transcript"


def msg_unknown_moderator(name: str) -> str:
    return f'The moderator "{name}" does not speak in this transcript'


class TranscriptError(ValueError):
    """Input that cannot be imported; the message says why."""


@dataclass(frozen=True)
class Turn:
    speaker: str
    content: str
    role: str | None = None  # as given by JSON/CSV, lower case


@dataclass(frozen=True)
class ImportedTurn:
    speaker: str
    content: str
    is_moderator: bool
    question_index: int  # the question this turn belongs to (-1 before the first)


@dataclass(frozen=True)
class Transcript:
    turns: list[ImportedTurn]
    moderator: str | None
    participants: list[str]  # in order of first turn
    questions: list[str]
    # Every moderator turn: {turn, text, opensQuestion, reason} (the preview's list).
    moderator_turns: list[dict[str, Any]]


_TAG = r"(?:\[[^\]\n]{1,20}\]|\(\d{1,2}:\d{2}(?::\d{2})?\)|\d{1,2}:\d{2}(?::\d{2})?)"
_SPEAKER_LINE = re.compile(
    rf"^\s*(?:{_TAG}\s*)?(?P<speaker>[^\s:\[(][^:\n]{{0,{MAX_NAME - 1}}}?)\s*:\s*(?P<text>.*)$"
)
_NOT_NAMES = {"i", "and", "but", "so", "then", "she", "he", "they", "we", "you", "it", "my"}
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def _is_name(candidate: str) -> bool:
    """'Maria', 'P3', 'Dr. Lee', 'Participant 2'; not 'I told her' or a URL scheme."""
    words = candidate.split()
    if not 0 < len(words) <= 4 or not (candidate[0].isupper() or candidate[0].isdigit()):
        return False
    if any(ch in candidate for ch in ',?!";') or words[0].lower() in _NOT_NAMES:
        return False
    return not candidate.lower().startswith(("http", "www"))


def parse_speaker_lines(text: str) -> list[Turn]:
    turns: list[Turn] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _SPEAKER_LINE.match(line)
        if match and _is_name(match["speaker"]):
            turns.append(Turn(clean_text(match["speaker"]).strip(), match["text"].strip()))
        elif turns:  # a continuation of the previous turn
            last = turns[-1]
            joined = f"{last.content} {line.strip()}".strip()
            turns[-1] = Turn(last.speaker, joined, last.role)
        if len(turns) > MAX_TURNS:
            raise TranscriptError(MSG_TOO_MANY)
    return turns


def _turn(speaker: Any, content: Any, role: Any) -> Turn | None:
    # JSON's "\u0000", "\ud800" arrive as NUL, lone surrogates: no database stores them.
    name = clean_text(str(speaker or "")).strip()
    body = clean_text(str(content or "")).strip()
    if not name or not body:
        return None
    return Turn(name[:MAX_NAME], body, clean_text(str(role)).strip().lower() if role else None)


def _load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise TranscriptError(MSG_JSON_TOO_DEEP) from None
    except ValueError as exc:
        raise TranscriptError(MSG_BAD_JSON) from exc


def parse_json(text: str) -> list[Turn]:
    data = _load_json(text)
    if isinstance(data, dict):  # {"turns": [...]} is accepted too
        data = data.get("turns") or data.get("messages")
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise TranscriptError(MSG_BAD_JSON)
    if len(data) > MAX_TURNS:
        raise TranscriptError(MSG_TOO_MANY)
    turns = [_turn(i.get("speaker"), i.get("content"), i.get("role")) for i in data]
    return [t for t in turns if t is not None]


def _csv_rows(text: str) -> list[list[str]]:
    try:
        rows = read_csv_rows(text)
    except CsvUnreadable as exc:
        raise TranscriptError(f"Invalid CSV transcript: {exc}") from exc
    return [r for r in rows if any(c.strip() for c in r)]


def parse_csv(text: str) -> list[Turn]:
    rows = _csv_rows(text)
    if rows and [c.strip().lower() for c in rows[0][:2]] == ["speaker", "content"]:
        rows = rows[1:]
    if any(len(r) < 2 for r in rows):
        raise TranscriptError(MSG_BAD_CSV)
    if len(rows) > MAX_TURNS:
        raise TranscriptError(MSG_TOO_MANY)
    turns = [_turn(r[0], r[1], r[2] if len(r) > 2 else None) for r in rows]
    return [t for t in turns if t is not None]


def _find_moderators(turns: list[Turn], given: str | None) -> list[str]:
    """The moderator named by the form; else every speaker with a moderator role; else
    every speaker with a usual moderator name (a group may have two moderators)."""
    speakers = {t.speaker.lower(): t.speaker for t in turns}
    if given and given.strip():
        found = speakers.get(given.strip().lower())
        if found is None:
            raise TranscriptError(msg_unknown_moderator(given.strip()))
        return [found]
    by_role = [t.speaker for t in turns if t.role in MODERATOR_ROLES]
    if by_role:
        return list(dict.fromkeys(by_role))
    return list(dict.fromkeys(t.speaker for t in turns if t.speaker.lower() in MODERATOR_NAMES))


def parse_question_starts(raw: str | None) -> list[int] | None:
    """The researcher's corrected list of question-opening turns (a JSON list of
    integers, or comma-separated), None when not given."""
    if raw is None or not raw.strip():
        return None
    text = raw.strip()
    try:
        data = json.loads(text) if text.startswith("[") else [int(x) for x in text.split(",")]
    except ValueError as exc:
        raise TranscriptError(MSG_BAD_STARTS) from exc
    if not isinstance(data, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in data
    ):
        raise TranscriptError(MSG_BAD_STARTS)
    return sorted(set(data))


def build_transcript(
    turns: list[Turn], moderator: str | None = None, question_starts: list[int] | None = None
) -> Transcript:
    """Moderator, participants and questions of parsed turns; refuses unusable input.
    `question_starts`: the moderator turns (0-based turn numbers) that open a question,
    as the researcher corrected them; None: detected."""
    if not turns:
        raise TranscriptError(MSG_NO_SPEAKERS)
    if len(turns) > MAX_TURNS:
        raise TranscriptError(MSG_TOO_MANY)
    if len({t.speaker.lower() for t in turns}) < 2:
        raise TranscriptError(MSG_ONE_SPEAKER)
    mods = _find_moderators(turns, moderator)
    names = {m.lower(): m for m in mods}  # each moderator as first written

    def moderating(t: Turn) -> bool:  # a co-moderator marked by role moderates too
        return t.speaker.lower() in names or t.role in MODERATOR_ROLES

    if question_starts is not None:
        for i in question_starts:
            if not 0 <= i < len(turns) or not moderating(turns[i]):
                raise TranscriptError(msg_not_moderator_turn(i))
    chosen = set(question_starts or [])
    people: dict[str, str] = {}  # lower-case name -> name as first written
    questions: list[str] = []
    mod_turns: list[dict[str, Any]] = []
    out: list[ImportedTurn] = []
    announced = False  # the moderator's previous turn announced the next question
    for i, t in enumerate(turns):
        key = t.speaker.lower()
        is_mod = moderating(t)
        if is_mod:
            found = classify(t.content, questions[-1] if questions else None, announced)
            announced = found.reason == ANNOUNCES or (announced and "?" not in t.content)
            opens = i in chosen if question_starts is not None else found.opens
            reason = found.reason if opens == found.opens else "chosen"
            mod_turns.append(
                {"turn": i, "text": t.content, "opensQuestion": opens, "reason": reason}
            )
            if opens:
                questions.append(t.content)
        else:
            people.setdefault(key, t.speaker)
        speaker = names.get(key, t.speaker) if is_mod else people.get(key, t.speaker)
        out.append(ImportedTurn(speaker, t.content, is_mod, len(questions) - 1))
    if not people:
        raise TranscriptError(MSG_NO_PARTICIPANTS)
    return Transcript(out, mods[0] if mods else None, list(people.values()), questions, mod_turns)


def detect_format(text: str, filename: str = "") -> str:
    """By the file's extension; an unnamed text that parses as JSON is JSON."""
    name = filename.lower()
    if name.endswith(".json"):
        return "json"
    if name.endswith(".csv"):
        return "csv"
    if text.lstrip()[:1] in ("[", "{"):
        try:
            json.loads(text)
        except RecursionError:
            return "json"  # refused by parse_json with its reason
        except ValueError:
            return "lines"  # "[T001] Ana: ..." starts with a bracket too
        return "json"
    return "lines"


def parse_transcript(
    text: str,
    filename: str = "",
    moderator: str | None = None,
    question_starts: list[int] | None = None,
) -> Transcript:
    """The whole pipeline for text already decoded (or extracted from DOCX/PDF)."""
    return build_transcript(read_turns(text, filename), moderator, question_starts)


def read_turns(text: str, filename: str = "") -> list[Turn]:
    """The turns of a transcript's text in any of the three shapes (refuses empty, too big)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise TranscriptError(MSG_TOO_BIG)
    text = clean_text(text).replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if not text.strip():
        raise TranscriptError(MSG_EMPTY)
    readers = {"json": parse_json, "csv": parse_csv, "lines": parse_speaker_lines}
    return readers[detect_format(text, filename)](text)
