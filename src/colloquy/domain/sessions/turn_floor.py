"""How much of a long natural turn the model must write before it may stop (pure).

Why: a small model stops when it stops. Measured on SmolLM2-135M (docs/natural-mode.md#measured)
a turn asking for 153 words came back with 9, one asking for 115 with 20: the drawn lengths
carried over in rank but the long ones fell far short. Two rules answer it:

- **A floor on the tokens** (`min_tokens_for_words`). A turn asking for at least
  SHORT_WORDS words may not end before MIN_SHARE of them, counted at FLOOR_TOKENS_PER_WORD
  (the low end of SmolLM2's 1.15-1.35 tokens per word of English, so the floor is
  64-75 % of the words asked): 100 words asked -> ceil(100 x 0.75 x 1.15) = 87 tokens. The local llama.cpp backends hold off the end-of-sequence token until then
  (in-process: a logits processor; llama-cpp-python's server: its `min_tokens` field);
  other providers ignore it. Short asks and backchannels ("Yeah.") have no floor, and a
  reasoning model none either (its hidden reasoning would count towards it).
- **One re-ask for a turn far too short** (`far_too_short`). A turn that asked for at
  least SHORT_WORDS words and came back under FAR_SHORT_SHARE of them (under 40 %: 9 of
  153, 20 of 115, but not 24 of 40) is asked once more, and the one of the two closer to the
  words asked is kept (`closer_to_asked`; the first on a tie). A short ask answered short
  is what was asked for and is never asked again for its length.
"""

from __future__ import annotations

import math

from colloquy.domain.sessions.turn_length import SHORT_WORDS

MIN_SHARE = 0.75
FLOOR_TOKENS_PER_WORD = 1.15
FAR_SHORT_SHARE = 0.4
REASKED_SHORT = "reasked_too_short"  # the repair's name, as stored on the message


def min_tokens_for_words(words: int, reasoning: bool = False) -> int:
    """The tokens a turn asking for `words` words must write before it may end (0: none)."""
    if reasoning or words < SHORT_WORDS:
        return 0
    return math.ceil(words * MIN_SHARE * FLOOR_TOKENS_PER_WORD)


def far_too_short(asked: int, written: int) -> bool:
    """A turn asking for at least SHORT_WORDS words that wrote under FAR_SHORT_SHARE of them."""
    return asked >= SHORT_WORDS and written < asked * FAR_SHORT_SHARE


def closer_to_asked(asked: int, first: int, second: int) -> int:
    """Which of two turns' word counts is closer to `asked`: 0 for the first (also on a
    tie), 1 for the second."""
    return 1 if abs(second - asked) < abs(first - asked) else 0
