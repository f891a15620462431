"""Keeping only verbatim quotes (docs/synthesis.md, "Verbatim quotes"). A quote the model
returns is kept when, trimmed of surrounding white space and quotation marks, it is a
substring of the answer it cites, character for character, and at least MIN_QUOTE_CHARS
long. Anything else (a paraphrase, an answer number that does not exist, a theme that was
not proposed) is dropped and counted, with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.studies.coding import CodedQuote

MIN_QUOTE_CHARS = 3
_QUOTE_MARKS = " \t\r\n\"'“”‘’«»"
NOT_IN_ANSWER = "not in the answer it cites"
NO_SUCH_ANSWER = "cites an answer that does not exist"
NO_SUCH_THEME = "names a theme that was not proposed"
TOO_SHORT = "too short"
DROP_REASONS: tuple[str, ...] = (NOT_IN_ANSWER, NO_SUCH_ANSWER, NO_SUCH_THEME, TOO_SHORT)


def verbatim(quote: str, content: str) -> str | None:
    """The quote as it stands in `content`, or None when it is not there."""
    text = quote.strip(_QUOTE_MARKS)
    if len(text) < MIN_QUOTE_CHARS:
        return None
    return text if text in content else None


def keep_verbatim(
    coded: Sequence[Mapping[str, Any]],
    answers: Sequence[Mapping[str, str]],
    respondent: str,
    theme_ids: set[str],
) -> tuple[list[CodedQuote], dict[str, int]]:
    """The model's quotes for one respondent checked against their `answers` (each with
    `id` and `content`, numbered from 1 in the prompt): the kept quotes (one per theme,
    answer and text) and the count dropped per reason."""
    kept: list[CodedQuote] = []
    seen: set[tuple[str, str, str]] = set()
    dropped = dict.fromkeys(DROP_REASONS, 0)
    for item in coded:
        number = item["answer"]
        reason = None
        if item["theme"] not in theme_ids:
            reason = NO_SUCH_THEME
        elif not 1 <= number <= len(answers):
            reason = NO_SUCH_ANSWER
        elif len(str(item["quote"]).strip(_QUOTE_MARKS)) < MIN_QUOTE_CHARS:
            reason = TOO_SHORT
        if reason is None:
            answer = answers[number - 1]
            text = verbatim(str(item["quote"]), answer["content"])
            if text is None:
                reason = NOT_IN_ANSWER
            else:
                key = (item["theme"], answer["id"], text)
                if key not in seen:
                    seen.add(key)
                    kept.append(
                        CodedQuote(item["theme"], respondent, answer["id"], text, item["stance"])
                    )
                continue
        dropped[reason] += 1
    return kept, dropped
