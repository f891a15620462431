"""A study's pure rules (domain/studies/study_rules.py, study_progress.py, study_header.py)
and the estimate of an interview and a study (domain/usage/interview_estimate.py), with
every figure worked out by hand."""

from __future__ import annotations

from colloquy.domain.studies import study_progress as sp
from colloquy.domain.studies.study_header import study_csv, study_markdown
from colloquy.domain.studies.study_rules import has_tag, interview_budget, study_errors
from colloquy.domain.usage.estimate import LOW, TYPICAL, Call
from colloquy.domain.usage.interview_estimate import (
    InterviewShape,
    interview_plan,
    study_plan,
    synthesis_plan,
)

STOPPED = "Session stopped by user"


def test_each_interview_state():
    assert sp.interview_state(sp.Interview(None), STOPPED) == sp.MISSING
    assert sp.interview_state(sp.Interview("completed"), STOPPED) == sp.DONE
    assert sp.interview_state(sp.Interview("in-progress", running=True), STOPPED) == sp.RUNNING
    assert sp.interview_state(sp.Interview("in-progress", error=STOPPED), STOPPED) == sp.STOPPED
    assert sp.interview_state(sp.Interview("in-progress", error="Model down"), STOPPED) == sp.FAILED
    assert sp.interview_state(sp.Interview("in-progress"), STOPPED) == sp.WAITING


def test_progress_counts_interviews_and_answers():
    interviews = [
        sp.Interview("completed", answers=4, planned=6),  # moved on early: 4 of 4
        sp.Interview("in-progress", running=True, answers=2, planned=6),
        sp.Interview("in-progress", error="Model down", answers=1, planned=6),
        sp.Interview(None),
    ]
    tally = sp.counts(sp.interview_state(i, STOPPED) for i in interviews)
    assert tally == {
        "done": 1,
        "running": 1,
        "waiting": 0,
        "stopped": 0,
        "failed": 1,
        "missing": 1,
        "total": 4,
    }
    # done 4 + 2 + 1 + 0 = 7; total 4 (done: what it holds) + 6 + 6 + 0 = 16.
    answers = sp.answers(interviews)
    assert answers == {"done": 7, "total": 16}
    assert sp.progress_view(tally, answers)["fraction"] == 0.4375  # 7 / 16


def test_the_study_status_follows_its_interviews():
    def tally(*states: str) -> dict[str, int]:
        return sp.counts(states)

    assert sp.study_status("running", tally("done", "running")) == "running"
    assert sp.study_status("running", tally("done", "waiting")) == "running"
    assert sp.study_status("running", tally("done", "done", "done")) == "completed"
    assert sp.study_status("running", tally("done", "failed")) == "failed"
    assert sp.study_status("running", tally("done", "missing")) == "failed"
    assert sp.study_status("running", tally("done", "stopped")) == "stopped"
    assert sp.study_status("stopped", tally("done", "done")) == "stopped"
    assert sp.study_status("running", tally()) == "failed"  # every interview deleted


def test_the_budget_message_of_the_first_interview_it_stopped():
    errors = [None, "Model down", "Budget reached: $0.01 of $0.01 spent", "Budget reached: x"]
    assert sp.budget_stop(errors) == "Budget reached: $0.01 of $0.01 spent"
    assert sp.budget_stop([None, STOPPED]) is None


def test_a_study_budget_splits_evenly_rounded_down():
    assert interview_budget(None, 3) is None
    assert interview_budget(1.0, 3) == 0.3333  # 3 x 0.3333 = 0.9999 <= 1
    assert interview_budget(0.5, 2) == 0.25
    assert interview_budget(0, 4) == 0


def test_setup_errors_are_named():
    ok = {"moderator": "ai", "maxProbes": 2}
    assert study_errors("Pouch", ["Q1"], 3, ok) == []
    assert study_errors("", ["Q1"], 3, ok) == ["Study name is required"]
    assert study_errors("x" * 201, ["Q1"], 3, ok) == ["Study name must be at most 200 characters"]
    assert study_errors("P", ["Q"] * 31, 51, {"maxProbes": True}) == [
        "An interview guide needs 1-30 questions or topics",
        "A study interviews 1-50 personas; choose them by id or by a tag",
        "Follow-ups per topic (maxProbes) must be a whole number from 0 to 5",
    ]
    assert study_errors("P", ["Q"], 1, {"budgetUsd": -1}) == ["Budget must be 0 or more"]


def test_tags_match_without_case_or_spaces():
    assert has_tag(["Gen Z", " Parents "], "parents")
    assert not has_tag(["Parenting"], "parents")
    assert not has_tag(None, "parents")


def test_an_ai_interview_plan_by_hand():
    # One topic, maxProbes 1, brief answers (typical: 1.5 sentences x 25 = 38 tokens).
    shape = InterviewShape(100, [20], [300], "brief", ai=True, max_probes=1)
    # Answer 1: 100 + 12 (template) + 20 = 132. The exchange is then the answer's line:
    # 38 + 2 = 40. Decision: 300 + 12 + 40 = 352, reply 45. Answer 2: 132 + 40 + the
    # follow-up line (15 + 2) = 189. No decision after it (the stop rule ends the topic).
    assert interview_plan(shape) == [
        Call(132, 38, 0, answer=True),
        Call(352, 45),
        Call(189, 38, 0, answer=True),
    ]
    # Low end: answers of 1 sentence x 20 = 20 tokens, replies of 30.
    assert [c.completion for c in interview_plan(shape, LOW)] == [20, 30, 20]


def test_a_scripted_interview_asks_each_topic_once():
    shape = InterviewShape(100, [20, 30], [300, 300], "brief", ai=False, max_probes=2)
    assert interview_plan(shape, TYPICAL, who=2) == [
        Call(132, 38, 2, answer=True),
        Call(142, 38, 2, answer=True),
    ]


def test_a_study_plan_is_its_interviews_then_the_synthesis():
    one = InterviewShape(100, [20, 20], [300, 300], "brief", ai=True, max_probes=2)
    calls = study_plan([one, one, one])
    # Each interview: 2 topics x (3 answers + 2 decisions) = 10 calls; 3 interviews = 30;
    # the synthesis: 1 themes call + 3 coding calls.
    assert len(calls) == 34
    assert [c.who for c in calls if c.answer] == [0] * 6 + [1] * 6 + [2] * 6
    # Themes: 200 + 18 answers x 38 = 884 prompt tokens, 280 reply. Coding: 200 + 240 +
    # 6 x (38 + 3) = 686 prompt tokens, 6 x 30 = 180 reply.
    assert calls[30] == Call(884, 280)
    assert calls[31:] == [Call(686, 180)] * 3


def test_the_themes_prompt_is_capped_like_the_synthesis_cuts_it():
    # 50 respondents x 30 answers of 200 tokens: each cut to 150, the whole to 6,000.
    assert synthesis_plan([30] * 50, 200)[0] == Call(6200, 280)


STUDY = {
    "name": "Pouch study",
    "description": "",
    "questions": ["What do you think?", "Would you buy it?"],
    "settings": {"moderator": "ai", "maxProbes": 1},
    "progress": {"interviews": {"done": 2, "total": 3}},
}


def test_the_study_header_on_the_exports():
    md = study_markdown(STUDY, "# Synthesis\n\n3 respondents\n\n## Themes")
    assert md == (
        "# Study: Pouch study\n\n"
        "2 of 3 interviews completed; 2 topics; AI interviewer, up to 1 follow-ups per topic.\n\n"
        "## Guide\n\n1. What do you think?\n2. Would you buy it?\n\n"
        "## Synthesis\n\n3 respondents\n\n### Themes\n"
    )
    assert study_csv(STUDY, "theme_id\r\n").startswith("# Study: Pouch study. 2 of 3 interviews")
