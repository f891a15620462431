"""Interjections transcribed inside another person's turn (docs/measured-against-people.md,
"Transcripts read as people speak"). Pure.

Transcribers write another person's backchannel where it was said: "... once a week, I
suppose. [Maria: Yeah.] But honestly ..." or "(Sarah: mm-hm)". It is transcription, not
the speaker speaking as Maria: the health report leaves it out of what the speaker said
(and does not read it as another voice), and the import counts it as Maria's backchannel
when Maria is in the group.
"""

from __future__ import annotations

import re

MAX_SAID = 120  # an interjection is short; a longer bracket is something else
# "[Maria: Yeah.]", "(Sarah: mm-hm)", "[P3: No.]", "[Dr. Lee: right]"
INTERJECTION = re.compile(
    r"(?P<open>[\[(])\s*(?P<name>(?:[A-Z\u00c0-\u00de][\w.'\u2019-]*|P\d+)"
    r"(?:\s+[A-Z\u00c0-\u00de\d][\w.'\u2019-]*){0,3})\s*:\s*"
    rf"(?P<said>[^\[\]()\n:]{{1,{MAX_SAID}}}?)\s*[\])]"
)


def _closes(m: re.Match[str]) -> bool:
    return (m["open"] == "[") == m.group(0).endswith("]")


def interjections(text: str) -> list[tuple[str, str]]:
    """(name, what they said) for each interjection in a turn."""
    return [(m["name"], m["said"].strip()) for m in INTERJECTION.finditer(text) if _closes(m)]


def without_interjections(text: str) -> str:
    """The turn as its speaker said it."""
    out = INTERJECTION.sub(lambda m: " " if _closes(m) else m.group(0), text)
    return re.sub(r"[ \t]{2,}", " ", out).strip()


def masked(text: str) -> str:
    """The turn with each interjection blanked, same length (positions stay valid)."""
    return INTERJECTION.sub(lambda m: " " * len(m.group(0)) if _closes(m) else m.group(0), text)


def is_interjection(fragment: str) -> bool:
    m = INTERJECTION.fullmatch(fragment.strip())
    return m is not None and _closes(m)
