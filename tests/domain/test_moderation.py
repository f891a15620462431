"""The AI moderator's pure rules (docs/moderator.md): prompts, participation, consensus, cleaning,
who a probe addresses."""

from colloquy.domain.sessions import moderation as m
from colloquy.domain.sessions.prompts import build_user_prompt

NAMES = ["Ana Lopez", "Bob Stone", "Carla Diaz"]


def answer(speaker, content, r=0, sentiment="positive"):
    return {
        "speaker": speaker,
        "content": content,
        "kind": "response",
        "round": r,
        "sentiment": sentiment,
        "questionIndex": 0,
    }


DISCUSSION = [
    {"speaker": "Moderator", "content": "Would you buy it?", "kind": "question", "round": 0},
    answer("Ana Lopez", "I love it, the seaweed pack feels modern and clean."),
    answer("Bob Stone", "Yes."),
    answer("Carla Diaz", "I like that it is compostable at home."),
]


def test_participation_counts_words_per_participant_in_order():
    assert m.participation(DISCUSSION, NAMES) == [
        ("Ana Lopez", 10),
        ("Bob Stone", 1),
        ("Carla Diaz", 8),
    ]
    assert m.quietest(DISCUSSION, NAMES) == "Bob Stone"
    assert m.quietest([], NAMES) is None


def test_early_consensus_only_when_the_last_round_leans_one_way():
    assert m.early_consensus(DISCUSSION) == "positive"
    mixed = DISCUSSION + [
        answer("Ana Lopez", "Hmm.", r=1, sentiment="negative"),
        answer("Bob Stone", "Great.", r=1),
    ]
    assert m.early_consensus(mixed) is None
    neutral = [
        answer("Ana Lopez", "ok", sentiment="neutral"),
        answer("Bob Stone", "ok", sentiment="neutral"),
    ]
    assert m.early_consensus(neutral) is None
    assert m.early_consensus(DISCUSSION[:2]) is None  # one answer is no consensus


def test_probe_prompt_carries_answers_counts_and_hints():
    text = m.probe_prompt("Would you buy it?", DISCUSSION, NAMES, 1)
    assert "The question under discussion: Would you buy it?" in text
    for msg in DISCUSSION[1:]:
        assert f"{msg['speaker']}: {msg['content']}" in text
    assert "- Bob Stone: 1" in text
    assert "Bob Stone has said the least so far." in text
    assert "Every answer in the last round was positive" in text
    assert "discussion round 2 of 3" in text


def test_summary_prompt_asks_for_two_sentences():
    text = m.summary_prompt("Would you buy it?", DISCUSSION, is_last_question=True)
    assert "exactly two sentences" in text and "last question" in text
    assert "Ana Lopez: I love it" in text


def test_system_prompt_tone_follows_style():
    assert "formal" in m.moderator_system_prompt("formal")
    assert "relaxed" in m.moderator_system_prompt("casual")
    assert "trade-offs" in m.moderator_system_prompt("probing")
    assert m.moderator_system_prompt(None) == m.moderator_system_prompt("formal")


def test_clean_and_summary_text():
    assert m.clean_moderator_text('Moderator: "Bob, why?"') == "Bob, why?"
    assert m.clean_moderator_text("**Moderator:**  Ana,\n why  so?") == "Ana, why so?"
    long = "One sentence here. " * 100
    cut = m.clean_moderator_text(long, max_chars=50)
    assert cut == "One sentence here. One sentence here."
    assert m.summary_text("A agreed. B did not! C was unsure.") == "A agreed. B did not!"
    assert m.summary_text("") == ""


def test_addressed_participant_prefers_the_vocative():
    assert m.addressed_participant("Carla, you said compost. Why?", NAMES) == 2
    assert m.addressed_participant("Ana and Bob agree. Carla, why not?", NAMES) == 2
    assert m.addressed_participant("Ana and Bob agree; what do you think?", NAMES) == 0
    assert m.addressed_participant("Bob Stone — tell us more.", NAMES) == 1
    assert m.addressed_participant("[Round 2] Please respond.", NAMES) is None
    assert m.addressed_participant("Banana, anyone?", NAMES) is None  # whole words only


def test_participants_sharing_a_first_name_are_addressed_by_full_name():
    assert "Address exactly one participant by name at the start" in m.probe_prompt(
        "Q?", DISCUSSION, NAMES, 1
    )
    twins = ["Ana Lopez", "Ana Smith", "Bob Stone"]
    text = m.probe_prompt("Q?", DISCUSSION, twins, 1)
    assert "Address exactly one participant by full name at the start" in text
    assert m.addressed_participant("Ana Smith, why is that?", twins) == 1
    assert m.addressed_participant("Ana Lopez, why is that?", twins) == 0


def test_fallback_texts_and_notes():
    assert m.fallback_summary(True) == m.FALLBACK_SUMMARY_LAST
    assert m.fallback_note("probe", "Request timeout.") == (
        "AI moderator unavailable (Request timeout); the scripted prompt was used."
    )
    assert "closing line" in m.fallback_note("summary", "x")


def test_user_prompt_with_follow_up_replaces_the_round_instruction():
    text = build_user_prompt("Would you buy it?", [], DISCUSSION, 1, "Bob, why so short?")
    assert "The moderator now asks: Bob, why so short?" in text
    assert "Respond to what the others have shared" not in text
    scripted = build_user_prompt("Would you buy it?", [], DISCUSSION, 1)
    assert "Respond to what the others have shared" in scripted
