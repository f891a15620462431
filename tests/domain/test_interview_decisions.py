"""The AI interviewer's decision rules (docs/interviews.md): stop rule, reading the
model's reply, and the refusal of leading questions. Expected values worked out by hand."""

from __future__ import annotations

import pytest

from colloquy.domain.interviews import decisions as d
from colloquy.domain.interviews.leading import leading_reason


def test_stop_rule_limit_comes_first():
    assert d.stop_reason(["I like it because it is cheap"], 2, 2) == (
        "reached the limit of 2 follow-ups on this topic"
    )
    assert d.stop_reason(["anything"], 0, 0) is not None  # a limit of 0: never follow up
    assert d.stop_reason(["I like it because it is cheap"], 1, 2) is None


def test_repeat_share_counts_distinct_content_words():
    # last: {price, matters, most, family} (stop words "the", "to", "my" dropped) = 4;
    # before: {price, matters, cheap, coffee}: shared {price, matters} -> 2 / 4.
    assert (
        d.repeat_share("The price matters most to my family", "price matters, cheap coffee") == 0.5
    )
    # 3 of 4 shared -> 0.75 >= 0.7: the topic is exhausted.
    last, before = "price matters most really", "price matters most to me"
    assert d.repeat_share(last, before) == 0.75
    assert d.stop_reason([before, last], 1, 2) == (
        "the answer repeats the one before: the topic is exhausted"
    )


def test_nothing_to_add_only_when_short():
    assert d.stop_reason(["I don't know, that's all."], 0, 2) == "the persona has nothing to add"
    long = (
        "I don't know exactly, but the commute on the train every morning makes me tired and cross"
    )
    assert d.stop_reason([long], 0, 2) is None  # 18 words: an answer, not a shrug


def test_parse_reply_reads_json_inside_prose():
    text = (
        'Sure. {"action": "Ladder", "reason": "named price", "question": "Why does price matter?"}'
    )
    assert d.parse_reply(text) == ("ladder", "named price", "Why does price matter?")
    assert d.parse_reply('{"action": "move on", "reason": ""}') == (
        "move_on",
        "no reason given",
        "",
    )
    assert d.parse_reply('{"action": "interrogate"}') is None
    assert d.parse_reply("no json at all") is None
    assert d.parse_reply('{"action": ') is None


def test_decide_keeps_a_neutral_follow_up():
    reply = '{"action": "example", "reason": "vague", "question": "When did that last happen?"}'
    out = d.decide(reply, "It is annoying sometimes.", last_topic=False)
    assert (out.action, out.question, out.follows_up) == (
        "example",
        "When did that last happen?",
        True,
    )
    assert out.note == "Interviewer decision: example (vague)"


def test_decide_refuses_a_leading_follow_up_and_says_so():
    reply = '{"action": "ladder", "reason": "price", "question": "Don\'t you think it is too expensive?"}'
    out = d.decide(reply, "The price is high.", last_topic=False)
    assert out.question == "Why does that matter to you?"
    assert out.action == "ladder"
    assert "refused the leading" in out.reason and "it asks for agreement" in out.reason


def test_decide_moves_on_and_closes_on_the_last_topic():
    reply = '{"action": "move_on", "reason": "covered", "question": ""}'
    assert d.decide(reply, "", last_topic=False).question == d.MOVE_ON_LINE
    last = d.decide(reply, "", last_topic=True)
    assert (last.question, last.follows_up) == (d.CLOSING_LINE, False)
    assert (
        d.decide("garbage", "", last_topic=False).reason == "the model's decision could not be read"
    )


def test_decide_without_a_question_asks_the_neutral_one():
    out = d.decide('{"action": "clarify", "reason": "vague word"}', "meh", last_topic=False)
    assert out.question == d.NEUTRAL["clarify"]


@pytest.mark.parametrize(
    "text",
    [
        "Don't you think the app is too slow?",
        "Wouldn't you agree that price matters most?",
        "You'd agree it's better, wouldn't you?",
        "It was the delivery that annoyed you, right?",
        "Surely the price put you off?",
        "Obviously you prefer the blue one - why?",
        "How much do you love the new design?",
    ],
)
def test_leading_questions_are_recognised(text):
    assert leading_reason(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "Why does that matter to you?",
        "What do you mean by 'clunky'?",
        "Can you give me an example of the last time that happened?",
        "How did you feel when the parcel was late?",
        "What would make the app better for you, if anything?",
    ],
)
def test_open_questions_are_not_leading(text):
    assert leading_reason(text) is None


def test_a_feeling_the_persona_stated_may_be_laddered():
    assert leading_reason("Why do you love it?", "Honestly I love it, it saves me time") is None
    assert leading_reason("Why do you love it?", "It saves me time") is not None
