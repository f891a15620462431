"""An interview's plan from its stored messages (docs/interviews.md) and its setup rules."""

from __future__ import annotations

from colloquy.domain.interviews import plan as p
from colloquy.domain.interviews import rules as r


def m(kind, q, rnd, who=None, content="x"):
    return {
        "kind": kind,
        "questionIndex": q,
        "round": rnd,
        "participantIndex": who,
        "content": content,
    }


def test_scripted_interview_asks_the_guide_as_written():
    msgs = []
    steps = []
    while (step := p.next_step(msgs, 2, ai=False)) is not None:
        steps.append((step.kind, step.question_index, step.round_index, step.participant_index))
        msgs.append(m(step.kind, step.question_index, step.round_index, step.participant_index))
    assert steps == [
        ("question", 0, 0, None),
        ("response", 0, 0, 0),
        ("question", 1, 0, None),
        ("response", 1, 0, 0),
    ]


def test_ai_interviewer_decides_after_every_answer_until_it_moves_on():
    msgs = [m("question", 0, 0), m("response", 0, 0, 0)]
    assert p.next_step(msgs, 2, ai=True) == p.Step("probe", 0, 1)
    msgs.append(m("probe", 0, 1))
    assert p.next_step(msgs, 2, ai=True) == p.Step("response", 0, 1, 0)
    msgs.append(m("response", 0, 1, 0))
    assert p.next_step(msgs, 2, ai=True) == p.Step("probe", 0, 2)
    msgs.append(m("summary", 0, 2))  # the decision was: move on
    assert p.next_step(msgs, 2, ai=True) == p.Step("question", 1, 0)
    msgs += [m("question", 1, 0), m("response", 1, 0, 0), m("summary", 1, 1)]
    assert p.next_step(msgs, 2, ai=True) is None
    assert p.probes_asked(msgs, 0) == 1 and p.probes_asked(msgs, 1) == 0


def test_progress_counts_answers_of_the_most_there_can_be():
    msgs = [m("question", 0, 0), m("response", 0, 0, 0), m("probe", 0, 1)]
    out = p.progress(3, True, 2, msgs)
    # 3 topics x (1 answer + 2 follow-ups) = 9 at most; next: the answer to follow-up 1.
    assert out == {
        "responses": 1,
        "total": 9,
        "questionIndex": 0,
        "round": 1,
        "participantIndex": 0,
    }
    assert p.progress(3, False, 2, [])["total"] == 3


def test_planned_steps_bound_a_complete_interview():
    # AI, 2 follow-ups: question + 3 answers + 2 probes + 1 move-on = 7 per topic... the
    # bound also allows a move-on after the last follow-up: 1 + 3 + 3 = 7.
    assert p.planned_steps(2, True, 2) == 14
    assert p.planned_steps(2, False, 2) == 4


def test_indices_outside_the_plan_are_refused():
    assert p.indices_valid(2, 2, [("response", 1, 3, 0), ("summary", 1, 3, None)])
    assert not p.indices_valid(2, 2, [("response", 2, 0, 0)])  # no third topic
    assert not p.indices_valid(2, 2, [("response", 0, 4, 0)])  # beyond the follow-ups
    assert not p.indices_valid(2, 2, [("response", 0, 0, 1)])  # one persona only
    assert not p.indices_valid(0, 2, [])


def test_interview_setup_rules():
    assert r.interview_errors(1, ["Why?"], {}) == []
    assert r.interview_errors(2, [], {"maxProbes": 9}) == [
        r.MSG_ONE_PERSONA,
        r.MSG_GUIDE_SIZE,
        r.MSG_MAX_PROBES,
    ]
    assert r.interview_errors(1, ["q"] * 31, {}) == [r.MSG_GUIDE_SIZE]
    assert r.interview_errors(1, ["q"] * 30, {"maxProbes": True}) == [r.MSG_MAX_PROBES]
    assert r.interview_errors(1, ["q"], {"discussionMode": "natural"}) == [r.MSG_INTERVIEW_MODE]
    assert r.max_probes({"maxProbes": 0}) == 0
    assert r.max_probes({}) == r.DEFAULT_MAX_PROBES == 2
    assert r.session_kind("interview") == "interview"
    assert r.session_kind(None) == "group"
