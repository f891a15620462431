"""Session health rules on scripted answers and hand-made vectors."""

import math

import pytest

from colloquy.domain.numbers.vectors import mean_pairwise_distance, pearson
from colloquy.domain.text.words import distinct_n
from colloquy.domain.trust.health_report import (
    build_health_report,
    health_markdown,
    model_size_billions,
    size_from_label,
    small_model_warning,
    with_health_section,
)
from colloquy.domain.trust.health_voices import distinctiveness, verbosity

NAMES = ["Ana Ruiz", "Ben Cole", "Cara Diaz"]
PARTICIPANTS = [
    {"name": n, "traits": {"extraversion": e, "agreeableness": a, "neuroticism": nn, "openness": o}}
    for n, e, a, nn, o in zip(
        NAMES, (90, 50, 10), (80, 50, 20), (20, 50, 80), (85, 50, 15), strict=False
    )
]


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def speaker_vector(p, q, r):
    # Each participant has their own direction plus a little per-answer wobble.
    base = [0.0] * 6
    base[p] = 1.0
    base[3 + (q + r) % 3] = 0.3
    return unit(base)


def session(text_for, vector_for=speaker_vector, questions=2, rounds=3):
    messages, vectors = [], {}
    for q in range(questions):
        messages.append({"id": f"q{q}", "kind": "question", "speaker": "Moderator"})
        for r in range(rounds):
            for p, name in enumerate(NAMES):
                mid = f"m{q}{r}{p}"
                messages.append(
                    {
                        "id": mid,
                        "kind": "response",
                        "speaker": name,
                        "participantIndex": p,
                        "questionIndex": q,
                        "round": r,
                        "content": text_for(p, q, r),
                        "sentiment": None,
                        "repairs": [],
                        "rawContent": None,
                    }
                )
                vectors[mid] = vector_for(p, q, r)
    return messages, vectors


def varied(p, q, r):
    words = [
        "I think the price is fair but the packaging feels cheap to me",
        "Honestly the colour put me off and I would not buy it",
        "My kids would probably love it though I worry about sugar",
    ]
    return f"{words[p]} question {q} round {r} detail {p * 7 + q * 3 + r}."


def report(messages, vectors, provider="openai", model="gpt-4o"):
    return build_health_report(
        messages, PARTICIPANTS, vectors, embedder="test", provider=provider, model=model
    )


def finding(rep, key):
    return next(f for f in rep["findings"] if f["key"] == key)


def test_identical_answers_flag_diversity():
    same = unit([1, 1, 0, 0, 0, 0])
    messages, vectors = session(
        lambda p, q, r: "It is great and I would buy it today.", lambda p, q, r: same
    )
    rep = report(messages, vectors)
    div = finding(rep, "diversity")
    assert div["status"] == "bad"
    assert div["data"]["meanDistance"] == 0.0
    assert div["data"]["nearIdenticalGroups"] == 6
    assert "m000" in div["messageIds"]
    dist = finding(rep, "distinctiveness")
    # Identical answers tie with both other speakers: 1/3 each, exactly chance, whatever
    # the rounding in the last place (not 0 % or 100 % by accident). 18 answers alone
    # would not show that this is below people's 1.5x chance (p0 = 0.5): P(X <= 6 | 18,
    # 0.5) = (1 + 18 + 153 + 816 + 3060 + 8568 + 18564) / 2**18 = 31180 / 262144 = 0.1189;
    # but identical answers score alike under every relabeling: no sampling error, bad.
    assert dist["status"] == "bad" and dist["data"]["accuracy"] == 0.333
    assert dist["data"]["pBelowPeople"] == 0.1189 and dist["data"]["pAboveChance"] == 1.0
    assert "no relabeling changes the score" in dist["summary"]
    assert finding(rep, "repetition")["data"]["count"] == 15  # all but the first of each
    assert rep["overall"] == "poor"


def test_varied_answers_pass_diversity_and_speakers_are_told_apart():
    messages, vectors = session(varied)
    rep = report(messages, vectors)
    assert finding(rep, "diversity")["status"] == "ok"
    dist = finding(rep, "distinctiveness")
    assert dist["data"]["accuracy"] == 1.0
    assert dist["data"]["chance"] == 0.333
    assert finding(rep, "characterBreaks")["data"]["count"] == 0


def test_as_an_ai_language_model_flags_exactly_that_message():
    def text(p, q, r):
        if (p, q, r) == (1, 0, 2):
            return "As an AI language model, I don't have personal opinions about snacks."
        return varied(p, q, r)

    messages, vectors = session(text)
    breaks = finding(report(messages, vectors), "characterBreaks")
    assert breaks["messageIds"] == ["m021"]
    assert breaks["data"]["count"] == 1
    assert breaks["data"]["items"][0]["kinds"] == ["ai_speech"]
    assert breaks["status"] == "warn"


def test_speaking_as_another_participant_or_echoing_instructions_is_a_break():
    def text(p, q, r):
        if (p, q, r) == (0, 1, 0):
            return "I like it.\nBen: I don't, it is too sweet."
        if (p, q, r) == (2, 1, 1):
            return "Stay in character as Cara.\nI would buy it for the kids."
        return varied(p, q, r)

    messages, vectors = session(text)
    breaks = finding(report(messages, vectors), "characterBreaks")
    assert breaks["messageIds"] == ["m100", "m112"]
    assert breaks["data"]["byKind"] == {
        "ai_speech": 0,
        "other_voice": 1,
        "echoed_instructions": 1,
    }


def test_stored_repairs_count_as_breaks():
    messages, vectors = session(varied)
    messages[1]["repairs"] = ["other_speaker"]
    breaks = finding(report(messages, vectors), "characterBreaks")
    assert breaks["messageIds"] == [messages[1]["id"]]


def test_praise_everywhere_flags_positivity():
    messages, vectors = session(lambda p, q, r: f"Great, I love it {p}{q}{r}.")
    pos = finding(report(messages, vectors), "positivity")
    assert pos["status"] == "bad"
    assert pos["data"]["positiveShare"] == 1.0
    assert pos["data"]["netPositivity"] == 1.0


def test_convergence_names_the_participants_who_moved():
    centre = unit([1, 1, 1, 0, 0, 0])

    def vec(p, q, r):
        return centre if r == 2 else speaker_vector(p, q, 0)

    messages, vectors = session(varied, vec)
    conf = finding(report(messages, vectors), "conformity")
    assert conf["status"] == "bad"
    assert conf["data"]["spreadRatio"] == 0.0
    assert [c["name"] for c in conf["data"]["changers"]] == NAMES
    assert "Ana Ruiz, Ben Cole, Cara Diaz" in conf["summary"]


def test_trait_consistency_signals_follow_the_personas():
    def text(p, q, r):
        return [
            (
                "Absolutely, I agree, good point, I would love to try something new and "
                "unusual, exploring flavours, textures, colours everywhere."
            ),
            "I agree it is fine overall.",
            "I'm worried. Risky. I don't think so.",
        ][p] + f" {q}{r}"

    messages, vectors = session(text)
    tc = finding(report(messages, vectors), "traitConsistency")
    by_trait = {s["trait"]: s for s in tc["data"]["signals"]}
    assert by_trait["extraversion"]["follows"] is True
    assert by_trait["agreeableness"]["follows"] is True
    assert by_trait["neuroticism"]["follows"] is True
    assert tc["status"] == "ok"


def test_verbosity_long_uniform_answers():
    answers = [{"id": str(i), "content": "word " * 250} for i in range(10)]
    v = verbosity(answers)
    assert v["status"] == "bad"
    assert v["data"]["medianWords"] == 250
    assert v["data"]["variation"] == 0.0
    short = verbosity([{"id": "a", "content": "one two three"}, {"id": "b", "content": "x y"}])
    assert short["status"] == "ok"
    assert short["data"]["medianWords"] == 2.5


def test_distinctiveness_at_chance_when_everyone_sounds_alike():
    # 100 answers: enough to show the group is below people's 1.5x chance.
    answers = [
        {"id": f"{p}{i}", "participantIndex": p, "vector": unit([1, (i % 2) * 0.1, 0])}
        for p in range(4)
        for i in range(25)
    ]
    d = distinctiveness(answers)
    assert d["data"]["chance"] == 0.25
    assert d["data"]["pBelowPeople"] < 0.05 and d["data"]["pAboveChance"] > 0.05
    assert d["status"] == "bad"


def test_small_model_warning_names_the_model():
    assert model_size_billions("SmolLM2-135M-Instruct") == 0.135
    assert model_size_billions("Llama-3.1-8B-Instruct") == 8.0
    assert model_size_billions("gpt-4o") is None
    warning = small_model_warning("local", "SmolLM2-135M-Instruct")
    assert "SmolLM2-135M-Instruct (135 million parameters)" in warning
    assert "too small for research" in warning
    assert small_model_warning("local", "") is not None
    assert small_model_warning("openai", "qwen2.5-3b-instruct") is not None
    assert small_model_warning("openai", "gpt-4o") is None
    assert small_model_warning("openai", "llama3.1:70b") is None


def test_a_reported_size_wins_over_the_name():
    assert size_from_label("3.2B") == 3.2
    assert size_from_label("135M") == 0.135
    assert size_from_label("7.6 B") == 7.6
    assert size_from_label("") is None and size_from_label(None) is None
    # Ollama's llama3.2 is 3.2B though its name says nothing: warned with the size.
    warning = small_model_warning("openai", "llama3.2", 3.2)
    assert "llama3.2 (3.2 billion parameters)" in warning
    assert small_model_warning("openai", "llama3.2") is None  # the name alone: no size
    assert small_model_warning("openai", "qwen2.5", 7.6) is None  # 7.6B: not too small
    # The endpoint's count wins over a name that says otherwise.
    assert small_model_warning("openai", "my-8b-finetune", 1.5) is not None


def test_small_model_caps_overall_and_is_a_warning():
    messages, vectors = session(varied)
    rep = report(messages, vectors, provider="local", model="SmolLM2-135M-Instruct")
    assert rep["model"]["tooSmall"] is True
    assert "SmolLM2-135M-Instruct" in rep["warnings"][0]
    assert rep["overall"] in ("fair", "poor")


def test_helpers_exact_numbers():
    assert distinct_n(["a b c", "a b d"]) == 0.75  # bigrams ab bc ab bd: 3 distinct of 4
    assert mean_pairwise_distance([[1, 0], [0, 1], [1, 0]]) == pytest.approx(2 / 3)
    assert pearson([1, 2, 3], [2, 4, 6]) == 1.0
    assert pearson([1, 1, 1], [1, 2, 3]) is None


def test_markdown_section_is_escaped_and_before_the_transcript():
    messages, vectors = session(varied)
    rep = report(messages, vectors)
    rep["warnings"] = ["<script>x</script> | pipe"]
    lines = health_markdown(rep)
    assert lines[0] == "## Session health"
    assert "- &lt;script&gt;x&lt;/script&gt; \\| pipe" in lines
    md = with_health_section("# S\n\n## Transcript\n\nhello\n", rep)
    assert md.index("## Session health") < md.index("## Transcript")
    assert with_health_section("# S\n", None) == "# S\n"


def test_speakers_who_answer_identically_are_never_told_apart_whatever_the_rounding():
    """With identical answers every similarity is the same up to the last place, and a
    strict comparison scored 0 % or 100 % by rounding alone. A tie with the two other
    speakers earns 1/3: accuracy is chance, and with 90 answers flagged (binomial test
    against people's 1.5x chance, p0 = 0.5: 30 hits of 90 is far below 45)."""
    import random

    rng = random.Random(1)
    for _ in range(5):
        v = unit([rng.random() for _ in range(6)])
        answers = [
            {
                "id": f"a{p}{i}",
                "participantIndex": p,
                "vector": v,
                "content": "we all say these same words",
            }
            for p in range(3)
            for i in range(30)
        ]
        result = distinctiveness(answers)
        assert result["data"]["accuracy"] == 0.333 and result["status"] == "bad"
