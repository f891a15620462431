"""Which cleaned answers are asked again, and how the health report counts them."""

from colloquy.domain.sessions.answer_quality import (
    KEPT_UNUSABLE,
    NAME_ONLY,
    REASKED,
    ROUND_LINE,
    TOO_SHORT,
    reask_repairs,
    unusable_reason,
)
from colloquy.domain.trust.health_reasks import unusable_answers

NAMES = ["Emily Rodriguez", "Marcus Johnson", "Sarah Chen"]


def test_unusable_answers():
    assert unusable_reason("Emily", NAMES) == NAME_ONLY
    assert unusable_reason("Marcus Johnson.", NAMES) == NAME_ONLY
    assert unusable_reason("Sarah, Emily", NAMES) == NAME_ONLY
    assert unusable_reason("This is round 2 of the discussion.", NAMES) == ROUND_LINE
    assert unusable_reason("[Round 3] Let's hear more.", NAMES) == ROUND_LINE
    assert unusable_reason("Discussion round 2 of 3.", NAMES) == ROUND_LINE
    assert unusable_reason("", NAMES) == TOO_SHORT
    assert unusable_reason("Yes.", NAMES) == TOO_SHORT
    assert unusable_reason("Too expensive!", NAMES) == TOO_SHORT


def test_usable_answers():
    assert unusable_reason("I like it.", NAMES) is None
    assert unusable_reason("Emily is right, the price is too high.", NAMES) is None
    long_round = (
        "This is round 2 and I still think the pouch is too flimsy for my gym bag, honestly."
    )
    assert unusable_reason(long_round, NAMES) is None


def test_repairs_count_the_reasks():
    assert reask_repairs(0, False, ["meta_text"]) == ["meta_text"]
    assert reask_repairs(1, False, []) == [REASKED]
    assert reask_repairs(2, True, ["own_name_prefix"]) == [
        "own_name_prefix",
        REASKED,
        REASKED,
        KEPT_UNUSABLE,
    ]


def test_health_finding_counts_them():
    msgs = [
        {"id": "a", "kind": "response", "repairs": [REASKED]},
        {"id": "b", "kind": "response", "repairs": [REASKED, REASKED, KEPT_UNUSABLE]},
        {"id": "c", "kind": "response", "repairs": []},
        {"id": "q", "kind": "question", "repairs": []},
    ] + [{"id": f"x{i}", "kind": "response", "repairs": []} for i in range(17)]
    f = unusable_answers(msgs)
    assert f["key"] == "unusableAnswers" and f["messageIds"] == ["a", "b"]
    assert f["data"] == {"reasked": 2, "keptUnusable": 1}
    assert f["status"] == "warn"  # 1 kept of 20 answers: under a tenth
    assert f["summary"].startswith("2 answers asked again")
    assert unusable_answers(msgs[2:])["status"] == "ok"


def test_a_natural_turn_may_be_a_backchannel():
    # natural mode asks for "about 3 words" now and then: a backchannel is such a turn
    for short in ("Yeah.", "Same here.", "Too expensive!"):
        assert unusable_reason(short, NAMES, min_words=1) is None
        assert unusable_reason(short, NAMES) == TOO_SHORT  # the other modes ask for more
    assert unusable_reason("Emily", NAMES, min_words=1) == NAME_ONLY
    assert unusable_reason("[Round 2]", NAMES, min_words=1) == ROUND_LINE
    assert unusable_reason("", NAMES, min_words=1) == TOO_SHORT
