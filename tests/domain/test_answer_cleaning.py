"""Answer cleaning: each repair with the exact text it leaves."""

from hypothesis import given
from hypothesis import strategies as st

from colloquy.domain.sessions.answer_cleaning import (
    ECHOED_INSTRUCTION,
    INCOMPLETE_SENTENCE,
    LABEL_AS_ADDRESS,
    META_TEXT,
    OTHER_SPEAKER,
    OWN_NAME,
    clean_answer,
    without_leading_labels,
)

OTHERS = ["Marcus Johnson", "Linda Walsh"]


def clean(text: str):
    return clean_answer(text, speaker="Sarah Chen", others=OTHERS)


def test_a_clean_answer_is_left_alone():
    result = clean("I like the pouch. It feels sturdy, honestly!")
    assert result.text == "I like the pouch. It feels sturdy, honestly!"
    assert result.repairs == []
    assert not result.changed


def test_own_name_prefix_is_removed():
    assert clean("Sarah Chen: I like it.").text == "I like it."
    assert clean("**Sarah:** I like it.").repairs == [OWN_NAME]
    assert clean("**Sarah:** I like it.").text == "I like it."


def test_text_written_as_another_participant_is_cut():
    result = clean("I like it a lot. Marcus Johnson: I disagree, it is too pricey.")
    assert result.text == "I like it a lot."
    assert result.repairs == [OTHER_SPEAKER]
    multi = clean("Sarah Chen: Nice colours.\nLinda Walsh: Too bright for me.\nModerator: Thanks.")
    assert multi.text == "Nice colours."
    assert multi.repairs == [OTHER_SPEAKER, OWN_NAME]


def test_a_name_inside_a_sentence_is_not_a_speaker_label():
    text = "I agree with Marcus: the price is high."
    assert clean(text).text == text
    assert clean(text).repairs == []


def test_the_moderator_voice_is_cut():
    result = clean("It is fine. Moderator: What about the price?")
    assert result.text == "It is fine."
    assert result.repairs == [OTHER_SPEAKER]


def test_bracketed_meta_text_is_removed():
    result = clean("[Demonstrate your thoughts about the product] I think it works.")
    assert result.text == "I think it works."
    assert result.repairs == [META_TEXT]
    assert clean("It works (note: speaking as a skeptic).").text == "It works."


def test_echoed_instructions_are_removed():
    result = clean("Moderator's question: What do you think?\nI think it is great.")
    assert result.text == "I think it is great."
    assert result.repairs == [ECHOED_INSTRUCTION]


def test_an_answer_cut_mid_sentence_ends_at_its_last_whole_sentence():
    result = clean("I love the colour. The price though is a bit")
    assert result.text == "I love the colour."
    assert result.repairs == [INCOMPLETE_SENTENCE]
    # Nothing whole to keep: the text stays as it is.
    assert clean("I would never").text == "I would never"


def test_all_repairs_together():
    raw = (
        "Sarah Chen: [Round 2] I agree with Marcus on price. Still, the pouch is lovely. "
        "And I would\nLinda Walsh: Me too."
    )
    result = clean(raw)
    assert result.text == "I agree with Marcus on price. Still, the pouch is lovely."
    assert result.repairs == [OTHER_SPEAKER, OWN_NAME, META_TEXT, INCOMPLETE_SENTENCE]


@given(st.text(max_size=300))
def test_cleaning_never_grows_the_text_and_is_stable(text):
    once = clean(text)
    assert len(once.text) <= len(text.strip())
    assert clean(once.text).text == once.text


SYSTEM = (
    "You are Sarah Chen, a 28-year-old woman from San Francisco with a household income of "
    "$75k-$100k. Your interests: hiking, coffee.\nHow to answer:\n- Stay in character."
)


def test_a_model_answer_copying_the_persona_line_loses_it():
    raw = (
        "You are Sarah Chen, a 28-year-old woman from San Francisco with a household income "
        "of $75k-$100k. Honestly the pouch feels cheap to me."
    )
    out = clean_answer(raw, speaker="Sarah Chen", others=OTHERS, prompt=SYSTEM)
    assert out.text == "Honestly the pouch feels cheap to me."
    assert out.repairs == [ECHOED_INSTRUCTION]
    # a short sentence that happens to be in the prompt is not an echo
    kept = clean_answer(
        "Hiking, coffee. I like it.", speaker="Sarah Chen", others=OTHERS, prompt=SYSTEM
    )
    assert kept.text == "Hiking, coffee. I like it." and kept.repairs == []


def test_a_model_answer_opening_with_another_label_speaks_to_them():
    raw = "Marcus Johnson: Your perspective on price is fair, but I still would not buy it."
    out = clean_answer(raw, speaker="Sarah Chen", others=OTHERS, prompt=SYSTEM)
    assert (
        out.text
        == "Marcus Johnson, your perspective on price is fair, but I still would not buy it."
    )
    assert out.repairs == [LABEL_AS_ADDRESS]  # an address: not a line in Marcus's voice
    # a person's transcript line (no prompt) stays as it was
    assert clean(raw).text == raw
    # another's line written entirely: cut to nothing (and so asked again)
    cut = clean_answer(
        "Marcus Johnson: I think it is great.", speaker="Sarah Chen", others=OTHERS, prompt=SYSTEM
    )
    assert cut.text == "" and cut.repairs == [OTHER_SPEAKER]


def test_a_turn_kept_after_its_re_asks_never_opens_with_another_label():
    raw = "Marcus Johnson: I think it is great. Moderator: Thank you."
    assert clean_answer(raw, speaker="Sarah Chen", others=OTHERS, prompt=SYSTEM).text == ""
    kept = without_leading_labels(raw, OTHERS)
    assert kept == "I think it is great."  # the moderator's line after it cut as usual
    assert without_leading_labels("**Linda:** Marcus: Yes.", OTHERS) == "Yes."
    assert without_leading_labels("Marcus:", OTHERS) == "Marcus:"  # nothing else: as written
