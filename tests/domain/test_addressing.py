"""Addressing by address: only a vocative, a question to a named person or the
moderator's naming makes a participant addressed; a mention only nudges their urgency
(docs/natural-mode.md#who-speaks-next). Lines written the way group members talk."""

import pytest

from colloquy.domain.sessions import urgency
from colloquy.domain.sessions.addressing import addressed, mentioned
from colloquy.domain.sessions.moderation import addressed_participant
from colloquy.domain.sessions.urgency import Turn

NAMES = ["Ben Carter", "Ana Lopez", "Sarah Chen"]


@pytest.mark.parametrize(
    ("line", "to"),
    [
        ("Ben, what do you think about the refill pouch?", 0),
        ("Ben - really? I would never pay that for coffee.", 0),
        ("Ben: you're right about the lid leaking.", 0),
        ("@Ben that is exactly what happened to me.", 0),
        ("Honestly the colour is awful. What about you, Ana?", 1),
        ("What do you think Sarah?", 2),
        ("Sarah what would you pay for it?", 2),
        ("Good point, Ben. The price is the whole story.", 0),
        ("Like Sarah said, it's too dear. Ana, would you buy it anyway?", 1),
        ("Sarah Chen, how often do you actually shop there?", 2),
    ],
)
def test_a_vocative_or_a_question_to_a_name_addresses(line, to):
    assert addressed(line, NAMES) == to


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("I agree with Ben, he makes a fair point about the price.", [0]),
        ("Do you agree with Ben?", [0]),
        ("Ben's idea about refills is nice, but Sarah Chen is right about cost.", [0, 2]),
        ("Honestly, Ben and Ana both miss the point: nobody recycles these.", [0, 1]),
        ("Like Ana said, I'd wait for a discount.", [1]),
        ("Why not ask Ben? He buys this stuff every week.", [0]),
    ],
)
def test_a_mention_is_not_an_address(line, named):
    assert addressed(line, NAMES) is None
    assert mentioned(line, NAMES) == named


def test_the_moderator_naming_someone_invites_them():
    line = "Let's hear from Ana Lopez on this one."
    assert addressed(line, NAMES) is None
    assert addressed(line, NAMES, by_moderator=True) == 1
    assert addressed_participant(line, NAMES) == 1
    # a vocative still wins over an earlier mention
    assert addressed_participant("Ben mentioned price. Sarah, is that fair?", NAMES) == 2


def test_addressed_and_mentioned_together():
    line = "I agree with Ben. Ana, what would change your mind?"
    assert addressed(line, NAMES) == 1
    assert mentioned(line, NAMES) == [0]


def test_a_mention_nudges_urgency_by_its_weight_and_never_decides_alone():
    turns = [Turn(0, 30), Turn(1, 10)]
    base = urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0])
    nudged = urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0], mentioned=[0])
    assert nudged[0] == pytest.approx(base[0] + 0.5)  # MENTIONED = 0.5
    assert nudged[2] == base[2]
    # P0: 0.5 + 1/3 - 0.75 + 0.4 + 0.5 = 0.983 < P2: 1.0: the mention did not decide
    assert urgency.next_speaker(nudged) == 2
    # the last speaker mentioned still waits (only an address lifts that)
    assert urgency.scores(turns, [50, 100, 0], [0.5, 0.25, 0.0], mentioned=[1])[1] is None
    # the largest mention-lifted score stays below the smallest addressed one
    assert 1 + 0.5 + 1 + 0.8 + 1 + urgency.MENTIONED < urgency.ADDRESSED - 0.5 - 1
