"""The health report on people (docs/measured-against-people.md): a real-style human group passes
with no false alarm, while a simulated group with long, uniform turns and indistinct speakers is
still flagged. Vectors come from the offline embedder the product uses by default."""

import random
from fractions import Fraction
from math import comb

import pytest

from colloquy.domain.sessions.answer_cleaning import clean_answer
from colloquy.domain.trust.health_metrics import positivity, repetition
from colloquy.domain.trust.health_persona import AI_SPEECH, _markers, character_breaks
from colloquy.domain.trust.health_report import build_health_report
from colloquy.domain.trust.health_voices import distinctiveness
from colloquy.llm.embeddings import WordLlamaEmbedder
from domain import human_transcript


@pytest.fixture(scope="module")
def embed():
    embedder = WordLlamaEmbedder()
    return embedder.embed_sync


def report_for(messages, participants, embed, source):
    answers = [m for m in messages if m["kind"] == "response"]
    vectors = dict(
        zip((m["id"] for m in answers), embed([m["content"] for m in answers]), strict=False)
    )
    return build_health_report(
        messages,
        participants,
        vectors,
        embedder="wordllama",
        provider=None,
        model=None,
        source=source,
    )


def by_key(report):
    return {f["key"]: f for f in report["findings"]}


def test_a_human_group_is_graded_good_with_no_false_alarm(embed):
    report = report_for(
        human_transcript.messages(), human_transcript.participants(), embed, "human"
    )
    findings = by_key(report)
    assert findings["characterBreaks"]["data"]["count"] == 0, findings["characterBreaks"]
    assert findings["repetition"]["data"]["count"] == 0, findings["repetition"]
    assert findings["verbosity"]["status"] == "ok"
    assert report["writtenBy"] == "people" and report["model"]["tooSmall"] is False
    assert report["overall"] == "good", report["warnings"]


def test_a_simulated_group_with_long_uniform_indistinct_turns_is_flagged(embed):
    sentence = (
        "I really appreciate the thoughtful approach to sustainability and value here, and "
        "I think the product offers a compelling balance of taste, price and convenience "
        "that many consumers like me would find appealing in everyday life. "
    )
    names = ["Ava", "Ben", "Cy", "Di"]
    messages = []
    for q in range(3):
        messages.append({"id": f"q{q}", "kind": "question", "speaker": "Moderator"})
        for r in range(2):
            for p, name in enumerate(names):
                messages.append(
                    {
                        "id": f"m{q}{r}{p}",
                        "kind": "response",
                        "speaker": name,
                        "participantIndex": p,
                        "questionIndex": q,
                        "round": r,
                        "content": sentence * 8 + f"Question {q}, round {r}.",
                        "sentiment": None,
                        "repairs": [],
                        "rawContent": None,
                    }
                )
    report = report_for(messages, [{"name": n} for n in names], embed, "simulated")
    findings = by_key(report)
    assert findings["verbosity"]["status"] == "bad"
    assert findings["distinctiveness"]["status"] == "bad"
    assert report["overall"] == "poor"


def answer(i, p, text, q=0):
    return {
        "id": f"a{i}",
        "speaker": f"P{p}",
        "participantIndex": p,
        "questionIndex": q,
        "round": 0,
        "content": text,
        "vector": [1.0, 0.0],
        "repairs": [],
        "rawContent": None,
    }


def test_transcription_marks_are_not_echoed_instructions():
    for text in [
        "So I [inaudible] the carton.",
        "It's (.) fine.",
        "Um [crosstalk 00:03:12] no.",
        "[laughs] Yeah.",
        "[T014] Well, maybe.",
    ]:
        assert clean_answer(text, speaker="Ana", others=["Ben"]).repairs == [], text
    assert clean_answer("[Round 2] I agree.", speaker="Ana", others=["Ben"]).repairs == [
        "meta_text"
    ]


def test_addressing_someone_by_name_is_not_speaking_as_them():
    kept = clean_answer("Ben: you are right, it's dear.", speaker="Ana", others=["Ben Cole"])
    assert kept.text == "Ben: you are right, it's dear." and kept.repairs == []
    cut = clean_answer("I like it.\nBen: I don't.", speaker="Ana", others=["Ben Cole"])
    assert cut.text == "I like it." and cut.repairs == ["other_speaker"]


def test_a_model_label_read_as_an_address_is_not_a_break():
    # natural-mode cleaning turned "P1: Your point..." into "P1, your point..."
    # (docs/natural-mode.md): speaking to P1, not as P1
    raw = "P1: Your point on price is fair, but I would not buy it."
    spoken_to = answer(0, 0, "P1, your point on price is fair, but I would not buy it.")
    spoken_to |= {"rawContent": raw, "repairs": ["label_as_address"]}
    assert character_breaks([spoken_to], ["P0", "P1"])["data"]["count"] == 0
    written_as = answer(0, 0, "I like it.")
    written_as |= {"rawContent": "I like it.\nP1: I don't.", "repairs": ["other_speaker"]}
    assert character_breaks([written_as], ["P0", "P1"])["data"]["count"] == 1


def test_re_reading_the_question_aloud_is_not_a_break():
    answers = [answer(0, 0, "Do you think gender influences what you eat? I wouldn't say so.")]
    assert character_breaks(answers, ["P0", "P1"])["data"]["count"] == 0


def test_backchannels_repeated_are_not_repetition():
    answers = [answer(i, 0, t) for i, t in enumerate(["Yeah.", "Yeah, makes sense.", "Yeah."])]
    assert repetition(answers)["data"]["count"] == 0
    long = "I would only buy it when it is on offer at the big supermarket"
    assert repetition([answer(0, 0, long), answer(1, 0, long)])["data"]["count"] == 1


def test_agreement_markers_on_word_boundaries_with_negation():
    assert _markers("I disagree.") == (0, 1)
    assert _markers("But it is cheap.") == (0, 0)
    assert _markers("I don't agree with that.") == (0, 1)
    assert _markers("Not exactly, no.") == (0, 1)
    assert _markers("Absolutely, same here.") == (2, 0)


def test_talking_about_ai_is_not_speaking_as_one():
    assert not AI_SPEECH.search("I'm just an AI skeptic.")
    assert not AI_SPEECH.search("As an AI researcher I'd say no.")
    assert AI_SPEECH.search("I'm just an AI.")
    assert AI_SPEECH.search("As an AI language model, I cannot taste.")


def alike(speakers, each):
    """Answers in random directions (seeded), whoever speaks: no speaker has a voice."""
    rng = random.Random(7)
    return [
        {"id": f"{p}-{i}", "participantIndex": p, "vector": [rng.gauss(0, 1) for _ in range(6)]}
        for p in range(speakers)
        for i in range(each)
    ]


def test_identical_answers_score_at_chance_and_are_flagged():
    # Four speakers, every vector the same: each answer ties with the other three
    # speakers, so it earns 1/4; accuracy = chance = 25 %, under every relabeling too.
    same = [
        {"id": f"{p}-{i}", "participantIndex": p, "vector": [0.6, 0.8]}
        for p in range(4)
        for i in range(2)
    ]
    d = distinctiveness(same)
    assert d["data"]["accuracy"] == 0.25 and d["data"]["ratioToChance"] == 1.0
    # 8 answers alone: P(X <= 2 | 8, 0.375) = 0.3697 by the sum below, not significant;
    # but no relabeling changes the score: nothing is left to sampling, flagged.
    assert d["data"]["pBelowPeople"] == round(binomial_cdf(2, 8, Fraction(3, 8)), 4)
    assert d["status"] == "bad"


def test_alike_speakers_are_undecided_on_few_answers_and_flagged_on_many():
    few = distinctiveness(alike(4, 2))
    assert few["status"] == "unclear" and few["messageIds"] == []
    assert "Not enough answers to tell" in few["summary"]
    many = distinctiveness(alike(4, 20))
    hits = round(many["data"]["accuracy"] * 80)
    assert many["data"]["pBelowPeople"] == round(binomial_cdf(hits, 80, Fraction(3, 8)), 4)
    assert many["data"]["pBelowPeople"] < 0.05 and many["status"] == "bad"


def binomial_cdf(k, n, p):
    """P(X <= k), summed exactly in fractions (independent of the code under test)."""
    return float(sum(Fraction(comb(n, i)) * p**i * (1 - p) ** (n - i) for i in range(k + 1)))


def test_positivity_warns_only_beyond_sampling_error_and_breaks_are_poor_at_10_percent():
    labels = ["positive"] * 7 + ["negative"] * 2 + ["neutral"]
    answers = [answer(i, 0, "x") | {"sentiment": s} for i, s in enumerate(labels)]
    # 7 of 10 positive: P(X >= 7 | 10, 1/2) = 176 / 1024 = 0.1719: could be chance.
    small = positivity(answers)
    assert small["status"] == "unclear" and small["data"]["pAboveHalf"] == 0.1719
    labels = ["positive"] * 21 + ["negative"] * 6 + ["neutral"] * 3
    answers = [answer(i, 0, "x") | {"sentiment": s} for i, s in enumerate(labels)]
    # 21 of 30: P(X >= 21 | 30, 1/2) = 1 - P(X <= 20) = 0.0214 < 0.05: a warning.
    big = positivity(answers)
    assert big["data"]["pAboveHalf"] == round(1 - binomial_cdf(20, 30, Fraction(1, 2)), 4)
    assert big["status"] == "warn"
    texts = ["As an AI, I can't say.", "Fine.", "Okay.", "Sure thing.", "Maybe."]
    breaks = character_breaks([answer(i, i, t) for i, t in enumerate(texts)], ["P0"])
    assert breaks["data"]["count"] == 1 and breaks["status"] == "bad"  # 1 in 5 = 20 %
