"""Who a turn speaks to, and who it only mentions (pure).

Why: "I agree with Ben" is about Ben, not to him. Treating every mention as an address
made Ben speak next and told him he had been spoken to, so two participants who named each
other took turns for the rest of the question. A participant is addressed only by

- a vocative: the name opening a sentence followed by a comma, colon or dash ("Ben, what
  do you think?", "Ben - really?", "Ben: you're right"), "@Ben" anywhere, or the name
  closing a sentence after a comma ("Good point, Ben.", "What about you, Ben?");
- a question to the named person: a question that opens with the name ("Ben what would
  you pay?") or ends with it after a verb ("What do you think Ben?"; not "Do you agree
  with Ben?", which asks the group about Ben);
- the moderator: whoever the moderator's probe names is invited to answer, even without a
  vocative ("Let's hear from Ana on this.").

Anything else that names a participant is a mention (`mentioned`): it raises their urge
to speak a little (urgency.MENTIONED), never as much as being addressed.
See docs/natural-mode.md#who-speaks-next.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Words before a name that make the name the object of the sentence, not the listener.
_OBJECT_BEFORE = {
    "with", "to", "about", "like", "from", "than", "and", "or", "as", "for", "of", "at",
    "by", "on", "unlike", "agree", "disagree", "asked", "told", "ask", "tell",
}  # fmt: skip
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_AFTER_VOCATIVE = re.compile(r"\s*[,:\u2014\u2013-]")


def _forms(name: str) -> list[str]:
    """The full name, then the first name (whole words)."""
    parts = (name or "").split()
    return list(dict.fromkeys([name.strip(), parts[0]])) if parts else []


def _find(token: str, text: str) -> list[re.Match[str]]:
    return list(re.finditer(rf"(?<![\w-]){re.escape(token)}(?![\w-])", text))


def _vocative_in(sentence: str, start: int, end: int) -> bool:
    """Whether the name at [start, end) of one sentence is spoken to."""
    before = sentence[:start]
    after = sentence[end:]
    stripped_before = before.strip(" \t\"'“‘*")
    if before.endswith("@"):
        return True
    if not stripped_before:  # the name opens the sentence
        if _AFTER_VOCATIVE.match(after) or after.strip().startswith("?"):
            return True
        return sentence.rstrip().endswith("?")  # "Ben what would you pay?"
    closing = re.fullmatch(r"[\s\"'”’)]*[.!?]*[\s\"'”’)]*", after) is not None
    if closing and before.rstrip().endswith(","):
        return True  # "Good point, Ben." / "What about you, Ben?"
    if closing and after.strip().startswith("?"):
        previous = re.findall(r"[\w']+", before.lower())
        return bool(previous) and previous[-1] not in _OBJECT_BEFORE  # "think Ben?"
    return False


def _hits(text: str, names: Sequence[str]) -> list[tuple[int, int, bool]]:
    """(position, participant index, spoken to) of every participant named in `text`;
    a full name is preferred to its first name at the same place."""
    out: list[tuple[int, int, bool]] = []
    sentences = [(m.start(), m.group(0)) for m in _SENTENCE.finditer(text or "")]
    spans: list[tuple[int, int]] = []  # full names found: a first name inside one is not
    forms = [(len(f.split()) > 1, i, f) for i, n in enumerate(names) for f in _forms(n)]
    for _, i, token in sorted(forms, key=lambda f: not f[0]):  # full names first
        for at, sentence in sentences:
            for match in _find(token, sentence):
                start, end = at + match.start(), at + match.end()
                if any(s <= start < e for s, e in spans):
                    continue
                spans.append((start, end))
                vocative = _vocative_in(sentence, match.start(), match.end())
                out.append((start, i, vocative))
    return sorted(out)


def addressed(text: str, names: Sequence[str], by_moderator: bool = False) -> int | None:
    """The participant the text speaks to: the first vocative or question to a name; for
    the moderator, else the first participant named at all. None when nobody is."""
    hits = _hits(text, names)
    spoken_to = [i for _, i, vocative in hits if vocative]
    if spoken_to:
        return spoken_to[0]
    if by_moderator and hits:
        return hits[0][1]
    return None


def mentioned(text: str, names: Sequence[str]) -> list[int]:
    """Participants named without being spoken to, in participant order."""
    to = addressed(text, names)
    return sorted({i for _, i, _ in _hits(text, names) if i != to})
