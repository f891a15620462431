"""A long natural turn has a floor of tokens and one re-ask when it comes back far too
short; short asks and backchannels have neither (docs/natural-mode.md#turn-lengths).
Figures by hand."""

from colloquy.domain.sessions.turn_floor import (
    closer_to_asked,
    far_too_short,
    min_tokens_for_words,
)


def test_the_floor_is_three_quarters_of_the_words_at_1_15_tokens_each():
    assert min_tokens_for_words(100) == 87  # 100 x 0.75 x 1.15 = 86.25 -> 87
    assert min_tokens_for_words(25) == 22  # 21.5625 -> 22
    assert min_tokens_for_words(153) == 132  # 131.96 -> 132


def test_short_asks_and_reasoning_models_have_no_floor():
    assert min_tokens_for_words(24) == 0  # a short reaction may end when it likes
    assert min_tokens_for_words(3) == 0  # "Yeah."
    assert min_tokens_for_words(100, reasoning=True) == 0  # hidden reasoning would count


def test_far_too_short_is_under_forty_percent_of_a_long_ask():
    assert far_too_short(153, 9)  # the measured case: 9 < 61.2
    assert far_too_short(115, 20)  # 20 < 46
    assert not far_too_short(40, 24)  # 24 >= 16: short of it, not far
    assert not far_too_short(100, 40)  # exactly 40 %: not under
    assert far_too_short(100, 39)


def test_a_short_ask_answered_short_is_never_too_short():
    assert not far_too_short(24, 1)  # under 25 words asked: any length is a natural turn
    assert not far_too_short(6, 2)  # "Same here."


def test_the_closer_of_two_turns_is_kept_the_first_on_a_tie():
    assert closer_to_asked(100, 9, 80) == 1
    assert closer_to_asked(100, 80, 9) == 0
    assert closer_to_asked(100, 90, 110) == 0  # both 10 away: the first
    assert closer_to_asked(50, 20, 140) == 0  # 30 away against 90: a longer one is not better
