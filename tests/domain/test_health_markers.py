"""Agreement markers of the health report (trait consistency): one scan of an answer for
all phrases finds what one scan per phrase found."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from colloquy.domain.trust.health_persona import AGREE, DISAGREE, _markers

NEGATION = re.compile(
    r"\b(?:not|don't|dont|do not|never|no|doesn't|can't|cannot|wouldn't|isn't)\s+$"
)


def one_scan_per_phrase(text: str) -> tuple[int, int]:
    """The rule as first written: every phrase searched on its own."""
    t = " ".join(text.lower().replace("\u2019", "'").split())
    agree = disagree = 0
    for phrase in AGREE:
        for m in re.finditer(r"(?<![\w'])" + re.escape(phrase) + r"(?![\w'])", t):
            if NEGATION.search(t[max(0, m.start() - 12) : m.start()]):
                disagree += 1
            else:
                agree += 1
    for phrase in DISAGREE:
        disagree += len(re.findall(r"(?<![\w'])" + re.escape(phrase) + r"(?![\w'])", t))
    return agree, disagree


PIECES = [*AGREE, *DISAGREE, "not", "don't", "I", "it", "d", "'s", "yes", "Agree", "\u2019"]


def test_counted_by_hand() -> None:
    text = "Agreed, exactly. I don't agree though; but I don't think so, however..."
    # agree: agreed, exactly; "don't agree" counts against; disagree: "but i don't",
    # "i don't think", "however" and the negated agree.
    assert _markers(text) == (2, 4)
    assert _markers("agreeable, disagreement, you're righteous") == (0, 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.sampled_from([" ", "", ", ", "."]))
def test_one_scan_counts_what_a_scan_per_phrase_counts(pieces: list[str], sep: str) -> None:
    text = sep.join(pieces)
    assert _markers(text) == one_scan_per_phrase(text)
