"""Evidence rules (docs/evidence.md): passages, ranking, the prompt budget and the tiers, with
figures worked out by hand."""

from colloquy.domain.personas.evidence_budget import (
    HEADING,
    MIN_SIMILARITY,
    above_floor,
    estimate_tokens,
    evidence_block,
    fit_passages,
    with_evidence,
)
from colloquy.domain.personas.evidence_passages import count_words, split_passages
from colloquy.domain.personas.evidence_ranking import (
    Passage,
    content_words,
    cosine,
    overlap_score,
    rank_passages,
)
from colloquy.domain.personas.evidence_tier import (
    fidelity_by_tier,
    limit_errors,
    mix_sentence,
    tier_label,
    tier_of,
)
from colloquy.domain.personas.evidence_transcript import interview_paragraphs


def test_split_joins_short_paragraphs_and_cuts_long_sentences():
    text = "one two\n\nthree four\n\nfive six seven eight nine ten eleven. twelve."
    # "one two" (2 words) is under the target of 3, so it takes "three four"; the 7-word
    # sentence is cut after 5 words; "ten eleven." and "twelve." stay together.
    assert split_passages(text, target_words=3, max_words=5) == [
        "one two three four",
        "five six seven eight nine",
        "ten eleven. twelve.",
    ]


def test_split_keeps_every_word_in_order():
    text = " ".join(f"w{i}." for i in range(1000))
    passages = split_passages(text)
    assert " ".join(passages).split() == text.split()
    assert all(count_words(p) <= 160 for p in passages)
    assert split_passages("  \n\n ") == []


def test_cosine_by_hand():
    assert cosine([1, 0], [0, 1]) == 0.0
    assert cosine([3, 4], [3, 4]) == 1.0
    assert abs(cosine([1, 0], [0.6, 0.8]) - 0.6) < 1e-12
    assert cosine([1, 0], [1, 0, 0]) == 0.0  # lengths differ
    assert cosine([0, 0], [1, 0]) == 0.0


def test_rank_by_vectors_best_first():
    passages = [
        Passage("a", "cooking", 0, [1.0, 0.0, 0.0]),
        Passage("b", "cars", 1, [0.0, 1.0, 0.0]),
        Passage("c", "bikes", 2, [0.6, 0.8, 0.0]),
    ]
    ranked = rank_passages(passages, "anything", [0.0, 1.0, 0.0])
    assert [(p.id, round(s, 6)) for p, s in ranked] == [("b", 1.0), ("c", 0.8), ("a", 0.0)]


def test_rank_by_words_when_vectors_are_missing():
    assert content_words("How do you feel about electric cars?") == {"feel", "electric", "cars"}
    passages = [
        Passage("a", "I cook pasta every Sunday.", 0),
        Passage("b", "Cars are noisy.", 1),
        Passage("c", "Electric cars feel quiet to me.", 2),
    ]
    # Query words feel, electric, cars: a has none (0), b has cars (1/3), c has all three.
    assert overlap_score("How do you feel about electric cars?", passages[1].text) == 1 / 3
    ranked = rank_passages(passages, "How do you feel about electric cars?", None)
    assert [(p.id, s) for p, s in ranked] == [("c", 1.0), ("b", 1 / 3), ("a", 0.0)]


def test_budget_fits_best_passages_and_skips_one_too_big():
    # The heading has 37 words: ceil(37 x 1.3) = 49 tokens.
    assert estimate_tokens(HEADING) == 49
    nine = " ".join(["w"] * 9)  # line '- "w ... w"' has 10 words: 13 tokens
    nineteen = " ".join(["w"] * 19)  # 20 words: 26 tokens
    four = " ".join(["w"] * 4)  # 5 words: ceil(6.5) = 7 tokens
    # 49 + 13 = 62; + 26 = 88 > 77 so skipped; + 7 = 69.
    assert fit_passages([nine, nineteen, four], 77) == [0, 2]
    assert fit_passages([nine, nineteen, four], 88) == [0, 1]
    assert fit_passages([nine], 48) == []  # the heading alone is over budget
    block = evidence_block([nine, four])
    # 37 + 10 + 5 = 52 words: ceil(67.6) = 68, never more than the sum counted (69).
    assert estimate_tokens(block) == 68
    assert block.splitlines()[0] == HEADING


def test_unspaced_scripts_count_a_token_per_character():
    assert estimate_tokens("我们喜欢这个新包装") == 9  # 9 Han characters, no spaces
    assert estimate_tokens("日本語のテキスト") == 8  # kanji, hiragana and katakana
    assert estimate_tokens("价格 too high") == 2 + 3  # 2 characters + ceil(2 x 1.3)
    # with the model's own tokenizer the budget counts what it says
    assert fit_passages(["a", "b"], 10, count=lambda text: 5) == [0]  # 5 + 5 = 10


def test_the_similarity_floor_keeps_only_passages_that_bear_on_the_question():
    scored = [("p1", 0.42), ("p2", 0.15), ("p3", 0.149), ("p4", -0.2)]
    assert above_floor(scored, MIN_SIMILARITY) == [0, 1]
    assert MIN_SIMILARITY == 0.15  # set on real interview text (docs/evidence.md)


def test_evidence_goes_after_the_stable_prompt():
    assert with_evidence("You are Ann.", "") == "You are Ann."
    assert with_evidence("You are Ann.", "B") == "You are Ann.\n\nB"


def test_tiers_and_labels():
    assert tier_of({"generatedFrom": None}, 0, 0)["tier"] == "described"
    assert tier_of({"generatedFrom": "a brief"}, 0, 0)["tier"] == "generated"
    grounded = tier_of({"generatedFrom": "a brief"}, 2, 1200)
    assert grounded == {"tier": "grounded", "documents": 2, "words": 1200}
    assert tier_label(grounded) == "grounded (2 documents, 1,200 words)"
    assert tier_label({"tier": "grounded", "documents": 1, "words": 5}) == (
        "grounded (1 document, 5 words)"
    )
    assert tier_label(None) == "described"
    assert mix_sentence(["grounded", "described", "grounded", "generated", "grounded"]) == (
        "3 of 5 participants are grounded in evidence"
    )
    assert mix_sentence(["grounded", None], "respondents") == (
        "1 of 2 respondents is grounded in evidence"
    )


def test_limits():
    assert limit_errors("a.txt", 19, 100, 199_900) == []
    assert limit_errors("a.txt", 20, 0, 1) == [
        "a.txt: a persona holds at most 20 evidence documents; remove one first"
    ]
    too_many_words = (
        "a.txt: 50,001 words would bring this persona's evidence to 200,001 words; "
        "the limit is 200,000 words in all"
    )
    assert limit_errors("a.txt", 1, 150_000, 50_001) == [too_many_words]


def test_fidelity_by_tier():
    def audit(pid, assigned, measured):
        traits = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")
        return {
            "personaId": pid,
            "engaging": True,
            "assigned": dict(zip(traits, assigned, strict=True)),
            "measured": dict(zip(traits, measured, strict=True)),
        }

    # Three grounded personas whose measured traits are the assigned ones plus 5 (r = 1 for
    # every trait), one described persona (one audit: r needs 3), one persona deleted.
    audits = [
        audit("a", [10, 20, 30, 40, 50], [15, 25, 35, 45, 55]),
        audit("b", [60, 70, 80, 90, 15], [65, 75, 85, 95, 20]),
        audit("d", [30, 10, 60, 20, 80], [35, 15, 65, 25, 85]),
        audit("c", [50, 50, 50, 50, 50], [40, 40, 40, 40, 40]),
        audit("gone", [1, 2, 3, 4, 5], [5, 4, 3, 2, 1]),
    ]
    tiers = {"a": "grounded", "b": "grounded", "d": "grounded", "c": "described"}
    assert fidelity_by_tier(audits, tiers) == [
        {"tier": "described", "audited": 1, "meanR": None},
        {"tier": "generated", "audited": 0, "meanR": None},
        {"tier": "grounded", "audited": 3, "meanR": 1.0},
    ]


TRANSCRIPT = """\
Interviewer 1: Thanks for joining. Can you tell us how you make coffee at home?
Interviewee: Mostly a moka pot on the stove, every morning before work.
Interviewee: On weekends I use a French press.
Interviewer 1: Okay. And what would make you buy a new machine?
Interviewee: Honestly only if the old one broke, I hate waste.
Interviewer 1: Great, thank you.
"""


def test_an_interview_keeps_the_persons_turns_with_the_question_as_context():
    assert interview_paragraphs(TRANSCRIPT) == [
        (
            "[Asked: Thanks for joining. Can you tell us how you make coffee at home?] "
            "Mostly a moka pot on the stove, every morning before work. "
            "On weekends I use a French press."
        ),
        (
            "[Asked: Okay. And what would make you buy a new machine?] "
            "Honestly only if the old one broke, I hate waste."
        ),
    ]
    # no interviewer (a diary, a review), or too few labelled lines: evidence as written
    assert interview_paragraphs("Note: bought milk.\nMe: fine.\nMe: ok.\nMe: yes.") is None
    assert interview_paragraphs("Dear diary: today was long.") is None


def test_a_group_transcript_keeps_the_person_who_said_most():
    text = (
        "Moderator: What do you think of the pouch?\n"
        "Ana: I like it a lot, it is light and it reseals well in my bag.\n"
        "Ben: Too dear.\n"
        "Moderator: Would you buy it?\n"
        "Ana: Yes, probably next week.\n"
    )
    assert interview_paragraphs(text) == [
        (
            "[Asked: What do you think of the pouch?] I like it a lot, it is light and it "
            "reseals well in my bag."
        ),
        "[Asked: Would you buy it?] Yes, probably next week.",
    ]
