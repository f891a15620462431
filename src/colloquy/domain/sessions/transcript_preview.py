"""The dry-run preview of an imported transcript (docs/measured-against-people.md). Pure."""

from __future__ import annotations

from typing import Any

from colloquy.domain.sessions.interjections import interjections, without_interjections
from colloquy.domain.sessions.transcript_import import Transcript, word_count


def preview(transcript: Transcript) -> dict[str, Any]:
    """{turns, speakers: [{name, turns, words, backchannels}], moderator, questions,
    moderatorTurns} (API dry run). An interjection transcribed in someone else's turn is a
    backchannel of its speaker when they are in the group."""
    stats: dict[str, dict[str, Any]] = {}
    for t in transcript.turns:
        entry = stats.setdefault(
            t.speaker, {"name": t.speaker, "turns": 0, "words": 0, "backchannels": 0}
        )
        entry["turns"] += 1
        entry["words"] += word_count(without_interjections(t.content))
    known = {name.lower(): name for name in stats}
    for t in transcript.turns:
        for name, _said in interjections(t.content):
            if name.lower() in known:
                stats[known[name.lower()]]["backchannels"] += 1
    return {
        "turns": len(transcript.turns),
        "speakers": list(stats.values()),
        "moderator": transcript.moderator,
        "questions": list(transcript.questions),
        "moderatorTurns": list(transcript.moderator_turns),
    }
