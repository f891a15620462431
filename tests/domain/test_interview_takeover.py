"""Take over's pure rules (docs/interviews.md): where a typed question goes, what the plan
does with it, and the refusals, with positions worked out by hand."""

from __future__ import annotations

from colloquy.domain.interviews import plan as p
from colloquy.domain.interviews import takeover as t


def m(kind, q, rnd, who=None):
    return {"kind": kind, "questionIndex": q, "round": rnd, "participantIndex": who}


GUIDE_ANSWERED = [m("question", 0, 0), m("response", 0, 0, 0)]


def test_a_typed_question_goes_after_the_last_answer_of_the_latest_topic():
    assert t.typed_position([]) is None  # nothing asked yet
    assert t.typed_position([m("question", 0, 0)]) is None  # the answer is owed
    assert t.typed_position(GUIDE_ANSWERED) == (0, 1)
    after_probe = [*GUIDE_ANSWERED, m("probe", 0, 1), m("response", 0, 1, 0)]
    assert t.typed_position(after_probe) == (0, 2)
    assert t.typed_position([*after_probe, m("researcher", 0, 2)]) is None  # not answered
    # After the move-on at round 2, past it: round 3.
    assert t.typed_position([*after_probe, m("summary", 0, 2)]) == (0, 3)
    # The latest topic asked is the current one.
    two = [*after_probe, m("summary", 0, 2), m("question", 1, 0), m("response", 1, 0, 0)]
    assert t.typed_position(two) == (1, 1)


def test_the_plan_has_the_typed_question_answered_first_then_the_interviewer_goes_on():
    msgs = [*GUIDE_ANSWERED, m("researcher", 0, 1)]
    assert p.next_step(msgs, 2, ai=True) == p.Step("response", 0, 1, 0)
    msgs.append(m("response", 0, 1, 0))
    # The AI interviewer decides next, at round 2; the typed one is no follow-up of its own.
    assert p.next_step(msgs, 2, ai=True) == p.Step("probe", 0, 2)
    assert p.probes_asked(msgs, 0) == 0
    # Scripted: the next guide question.
    assert p.next_step(msgs, 2, ai=False) == p.Step("question", 1, 0)


def test_a_typed_question_after_the_move_on_is_answered_before_the_next_topic():
    msgs = [*GUIDE_ANSWERED, m("summary", 0, 1), m("researcher", 0, 2)]
    assert p.next_step(msgs, 2, ai=True) == p.Step("response", 0, 2, 0)
    msgs.append(m("response", 0, 2, 0))
    assert p.next_step(msgs, 2, ai=True) == p.Step("question", 1, 0)
    # The last topic: answered, then the interview is complete.
    last = [m("question", 0, 0), m("response", 0, 0, 0), m("researcher", 0, 1)]
    assert p.next_step(last, 1, ai=False) == p.Step("response", 0, 1, 0)
    assert p.next_step([*last, m("response", 0, 1, 0)], 1, ai=False) is None


def test_typed_rounds_are_valid_positions_and_only_they_widen_a_topic():
    keys = [("probe", 0, 1, None), ("probe", 0, 2, None), ("summary", 0, 3, None)]
    # maxProbes 2: rounds up to 3; two typed questions after the move-on: 4 and 5.
    typed = [("researcher", 0, 4, None), ("researcher", 0, 5, None), ("response", 0, 5, 0)]
    assert p.indices_valid(1, 2, keys + typed)
    assert not p.indices_valid(1, 2, [*keys, ("response", 0, 4, 0)])
    # One typed question: 2 + 1 + 1 (its round) + 1 (after the move-on) = round 5 at most.
    assert p.indices_valid(1, 2, [*keys, ("researcher", 0, 5, None)])
    assert not p.indices_valid(1, 2, [*keys, ("researcher", 0, 6, None)])


def test_refusals_name_the_problem():
    assert t.question_error("  ") == t.MSG_EMPTY
    assert t.question_error("x" * 2001) == t.MSG_TOO_LONG
    assert t.question_error(" " + "x" * 2000 + " ") is None
    assert t.take_over_refusal("group", True, False) == t.MSG_NOT_INTERVIEW
    assert t.take_over_refusal("interview", False, False) == t.MSG_NOT_RUNNING
    assert t.take_over_refusal("interview", True, True) == t.MSG_ALREADY_TAKEN_OVER
    assert t.take_over_refusal("interview", True, False) is None
    assert t.ask_refusal("interview", True, False, None, 0) == t.MSG_NOT_TAKEN_OVER
    assert t.ask_refusal("interview", True, True, "Why?", 0) == t.MSG_PENDING
    assert t.ask_refusal("interview", True, True, None, 30) == t.MSG_TOO_MANY
    assert t.ask_refusal("interview", True, True, None, 29) is None
    assert t.hand_back_refusal("interview", False) == t.MSG_NOT_TAKEN_OVER
    assert t.hand_back_refusal("interview", True) is None


def test_a_typed_question_reads_as_the_researcher_s():
    assert t.speaker_label({"kind": "researcher", "speaker": "Moderator"}) == "Researcher"
    assert t.speaker_label({"kind": "probe", "speaker": "Moderator"}) == "Moderator"
    assert t.speaker_label({"kind": "response", "speaker": "Ana"}) == "Ana"
