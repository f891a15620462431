"""A follow-up interview's run (docs/interviews.md "Follow-up interviews"): the setup reads
the stored memory of the group and every answer prompt opens with it; an interview that
follows up nothing has no such block."""

from colloquy.domain.interviews.follow_up_memory import fit_memory
from colloquy.engine.interview_flow import InterviewFlow
from colloquy.engine.run_setup import Setup
from colloquy.store.tables import SessionRow

ANA = {"id": "pa", "name": "Ana", "age": 30, "traits": {}, "interests": []}
TURNS = [
    {"questionIndex": 0, "speaker": "Ana", "own": True, "text": "Too dear for me."},
    {"questionIndex": 0, "speaker": "Ben", "own": False, "text": "It saves an hour a day."},
]


def _row(follow_up: dict | None, group_id: str | None) -> SessionRow:
    return SessionRow(
        id="s-follow",
        name="Follow-up: Ana (Meal kits)",
        participants=[ANA],
        moderator_style="casual",
        stimuli=[],
        questions=["Why did you change your mind after Ben's point?"],
        settings={"moderator": "scripted", "responseLength": "brief"},
        kind="interview",
        follow_up_of_id=group_id,
        follow_up=follow_up,
    )


def _prompt(row: SessionRow) -> str:
    flow = InterviewFlow(Setup.of(row))
    request = flow.answer_request(0, 0, [], flow.system_prompt(), [])
    return request.messages[0].content


def test_every_answer_prompt_opens_with_what_the_persona_remembers():
    memory = fit_memory(
        ["Would you pay for a meal kit?"], TURNS, [{"questionIndex": 0, "before": 2, "after": 4}]
    )
    stored = {"participantId": "pa", "groupName": "Meal kits", "memory": memory}
    prompt = _prompt(_row(stored, "s-group"))
    assert prompt.startswith('What you remember from the focus group "Meal kits"')
    lines = prompt.splitlines()
    assert lines[1:5] == [
        "Question 1: Would you pay for a meal kit?",
        "You: Too dear for me.",
        "Ben: It saves an hour a day.",
        (
            "Your private answer (1-5, disagree to agree): before the discussion 2 (disagree), "
            "after it 4 (agree)"
        ),
    ]
    asked = "The interviewer now asks you: Why did you change your mind after Ben's point?"
    assert asked in lines


def test_an_interview_that_follows_up_nothing_has_no_memory_block():
    prompt = _prompt(_row(None, None))
    assert "What you remember" not in prompt
    assert prompt.startswith("The interviewer's topic:")
    # a hand-edited link without its memory reads as none
    assert "What you remember" not in _prompt(_row({"groupName": "G"}, "s-group"))
