"""Session health of an interview (one speaker): the checks between speakers are marked
not applicable, the ones on the speaker's own answers are computed (docs/interviews.md)."""

from __future__ import annotations

from colloquy.domain.trust.health_one_speaker import NOT_APPLICABLE
from colloquy.domain.trust.health_report import build_health_report

ANSWERS = [
    "I like the pouch because it is compostable.",
    "Compostable matters because my kids keep asking about waste.",
    "Last week my daughter sorted the whole recycling bin herself.",
    "Maybe, if the price is fair for a family like mine.",
    "A fair price matters because money is tight this year.",
    "As an AI language model, I do not buy things.",
]


def _report(participants):
    messages, vectors = [], {}
    for i, text in enumerate(ANSWERS):
        mid = f"m{i}"
        messages.append(
            {
                "id": mid,
                "kind": "response",
                "speaker": "Ana Ruiz",
                "participantIndex": 0,
                "questionIndex": i // 3,
                "round": i % 3,
                "content": text,
                "sentiment": None,
                "repairs": [],
                "rawContent": None,
            }
        )
        vec = [0.0] * 6
        vec[i] = 1.0
        vectors[mid] = vec
    return build_health_report(
        messages, participants, vectors, embedder="test", provider="openai", model="gpt-4o"
    )


def test_group_only_checks_are_not_applicable_with_one_speaker():
    report = _report([{"name": "Ana Ruiz", "traits": {}}])
    by_key = {f["key"]: f for f in report["findings"]}
    for key in ("diversity", "conformity", "distinctiveness"):
        assert by_key[key]["status"] == "na" and by_key[key]["summary"] == NOT_APPLICABLE
    assert set(report["checked"]).isdisjoint({"diversity", "conformity", "distinctiveness"})
    # The speaker's own answers are still judged: the sixth breaks character.
    assert by_key["characterBreaks"]["status"] != "na"
    assert "m5" in by_key["characterBreaks"]["messageIds"]
    assert {"positivity", "repetition", "verbosity"} <= set(report["checked"])
