"""A natural turn far over its length keeps its first sentences closest to it
(docs/natural-mode.md#turn-lengths); word counts by hand."""

from colloquy.domain.sessions.turn_trim import trim_to_length

REACTION = "Yeah, I agree with Marcus. I'd try it if it was cheap."  # 5 + 6 = 11 words


def test_a_short_turn_written_long_keeps_the_sentences_closest_to_it():
    # asked 6: 11 > 6 * 1.25 + 2 = 9.5; first sentence 5 words (gap 1), both 11 (gap 5)
    assert trim_to_length(REACTION, 6) == "Yeah, I agree with Marcus."


def test_within_a_quarter_and_two_words_is_kept_whole():
    # asked 8: 11 <= 8 * 1.25 + 2 = 12
    assert trim_to_length(REACTION, 8) == REACTION


def test_a_tie_keeps_the_shorter_and_one_sentence_is_never_cut():
    text = "Same here. I buy them every week for the kids. Price first."  # 2, 8, 2 words
    # asked 2: 12 > 4.5; prefixes 2 (gap 0), 10, 12
    assert trim_to_length(text, 2) == "Same here."
    # asked 6: prefixes 2 (gap 4), 10 (gap 4): the shorter
    assert trim_to_length(text, 6) == "Same here."
    one = "I would never pay four dollars for a bag of seaweed, not in this economy."
    assert trim_to_length(one, 3) == one  # 15 words, one sentence: kept


def test_a_long_request_keeps_enough_sentences():
    text = " ".join(["This is a sentence of exactly eight words."] * 5)  # 40 words
    # asked 20: 40 > 27; prefixes 8, 16 (gap 4), 24 (gap 4), ...: the shorter, 16 words
    assert trim_to_length(text, 20) == " ".join(["This is a sentence of exactly eight words."] * 2)
