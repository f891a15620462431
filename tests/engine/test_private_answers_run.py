"""Private answers before and after each question (docs/natural-mode.md) against the loopback fake
model: where they sit in the run, their stances, and that no prompt of anyone else (nor
the moderator's) ever contains them."""

import pytest

from colloquy.engine import plan
from support.natural_fake import _NAME, NaturalScript, system_of, user_of

pytestmark = pytest.mark.timeout(90)


def layout(messages):
    return [(m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in messages]


def private_of(messages, kind):
    return [m for m in messages if m["kind"] == kind]


def assert_never_shown(env, messages):
    """No request the model received holds a private answer's text or its marker."""
    private = [m for m in messages if m["kind"].startswith("private_")]
    assert private
    for body in env.fake.requests:
        text = "\n".join(str(m.get("content")) for m in body["messages"])
        assert "SECRET-" not in text
        for m in private:
            assert m["content"] not in text


@pytest.mark.parametrize("moderator", ["scripted", "ai"])
async def test_natural_session_with_private_answers(env, moderator):
    env.fake.set_responder(NaturalScript())
    sid = await env.create(
        participants=3,
        questions=2,
        mode="natural",
        moderator=moderator,
        settings={"seed": 21, "privateAnswers": True},
    )
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    messages = await env.messages(sid)
    for q in range(2):
        own = [m for m in messages if m["questionIndex"] == q]
        kinds = [m["kind"] for m in own]
        assert kinds[:4] == ["private_before"] * 3 + ["question"]
        assert kinds[-3:] == ["private_after"] * 3
        assert "private_before" not in kinds[4:] and "private_after" not in kinds[:-3]
    before = private_of(messages, "private_before")
    after = private_of(messages, "private_after")
    assert [m["stance"] for m in before] == [2] * 6 and [m["stance"] for m in after] == [4] * 6
    assert all("Stance:" not in m["content"] for m in before + after)
    assert_never_shown(env, messages)
    # the after-prompt shows the public discussion, never the private answers before it
    after_requests = [
        b for b in env.fake.requests if "discussion of this question is over" in user_of(b)
    ]
    assert len(after_requests) == 6 and all(
        "Discussion so far" in user_of(b) for b in after_requests
    )


async def test_sequential_session_with_private_answers_keeps_the_round_slots(env):
    env.fake.set_responder(NaturalScript())
    sid = await env.create(participants=3, questions=2, settings={"privateAnswers": True})
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    messages = await env.messages(sid)
    public = [m for m in messages if not m["kind"].startswith("private_")]
    assert layout(public) == [s.key for s in plan.slots(2, 3)]
    expected = []
    for q in range(2):
        expected += [("private_before", q, 0, p) for p in range(3)]
        expected += [s.key for s in plan.slots(2, 3) if s.question_index == q]
        expected += [("private_after", q, 0, p) for p in range(3)]
    assert layout(messages) == expected
    assert_never_shown(env, messages)
    assert view["progress"]["responses"] == 18


async def test_a_stated_stance_is_stored_as_stated_and_a_missing_one_is_marked_inferred(env):
    """Purchase-style questions ("In what order would you ...", "Would you buy ...") keep
    the stance the participant stated; only an answer without one gets an inferred stance,
    marked with its method."""
    script = NaturalScript(stance=lambda name, after: 1 if after else 5)

    def responder(body):
        text = script(body)
        private = "nobody else in the group will see" in user_of(body)
        if private and _NAME.search(system_of(body)).group(1) == silent:
            return text.split("\nStance:")[0]  # says no stance at all
        return text

    sid = await env.create(
        participants=3,
        question_texts=["In what order would you try these flavours?", "Would you buy it?"],
        settings={"privateAnswers": True},
    )
    silent = (await env.view(sid))["participants"][2]["name"]
    env.fake.set_responder(responder)
    await env.run(sid)
    assert (await env.wait_idle(sid))["status"] == "completed"
    private = [m for m in await env.messages(sid) if m["kind"].startswith("private_")]
    stated = [m for m in private if m["speaker"] != silent]
    assert len(stated) == 8
    for m in stated:  # as stated, not replaced by the purchase-intent SSR
        assert m["stance"] == (1 if m["kind"] == "private_after" else 5)
        assert m["stanceMethod"] == "stated" and m["stanceInferred"] is False
    for m in (m for m in private if m["speaker"] == silent):
        assert m["stanceMethod"] in ("ssr-purchase-intent", None)
        if m["stance"] is not None:  # the offline embedder could rate it
            assert m["stanceMethod"] == "ssr-purchase-intent" and m["stanceInferred"] is True
