"""Transcripts read as people speak: interjections inside a turn are transcription,
probes are not new questions, and an imported group's convergence compares each person's
first and last turn (docs/trust.md; docs/measured-against-people.md)."""

import pytest

from colloquy.domain.sessions.answer_cleaning import clean_answer
from colloquy.domain.sessions.interjections import interjections, without_interjections
from colloquy.domain.sessions.question_breaks import classify, overlap
from colloquy.domain.sessions.transcript_import import (
    MSG_BAD_STARTS,
    TranscriptError,
    msg_not_moderator_turn,
    parse_question_starts,
    parse_transcript,
)
from colloquy.domain.sessions.transcript_preview import preview
from colloquy.domain.trust.health_convergence import TURNS, convergence
from colloquy.domain.trust.health_persona import character_breaks
from colloquy.domain.trust.health_report import build_health_report
from colloquy.domain.trust.health_turns import as_turn_pairs
from colloquy.llm.embeddings import WordLlamaEmbedder
from domain import human_discussion


def test_an_interjection_is_transcription_not_another_voice():
    text = "Maybe once a week, I suppose. [Maria: Yeah.] But honestly (Sarah: mm-hm) not more."
    assert interjections(text) == [("Maria", "Yeah."), ("Sarah", "mm-hm")]
    assert without_interjections(text) == "Maybe once a week, I suppose. But honestly not more."
    kept = clean_answer(text, speaker="Ana", others=["Maria", "Sarah Cole"])
    assert kept.text == text and kept.repairs == []
    answer = {"id": "a", "speaker": "Ana", "content": text, "repairs": [], "rawContent": None}
    assert character_breaks([answer], ["Ana", "Maria", "Sarah Cole"])["data"]["count"] == 0
    # Writing another participant's line is still a break.
    cut = clean_answer("I like it.\nMaria: I don't.", speaker="Ana", others=["Maria"])
    assert cut.repairs == ["other_speaker"]


def test_the_preview_counts_interjections_as_their_speakers_backchannels():
    shown = preview(parse_transcript(human_discussion.TRANSCRIPT))
    by_name = {s["name"]: s for s in shown["speakers"]}
    assert {n: by_name[n]["backchannels"] for n in ("Priya", "Tom", "Dana", "Lena")} == {
        "Priya": 1,
        "Tom": 1,
        "Dana": 1,
        "Lena": 1,
    }
    # Dana's first turn: 41 tokens with "[Priya: Yeah.]", 39 of them her own.
    first = human_discussion.TURNS[1][1]
    assert len(first.split()) == 41 and len(without_interjections(first).split()) == 39


@pytest.mark.parametrize(
    ("text", "current", "opens", "reason"),
    [
        ("Next question: what about the price?", "Do you like it?", True, "marker"),
        ("2. How often do you buy it?", "Do you like it?", True, "marker"),
        ("Why not?", "Would you buy it?", False, "probe: cue"),
        ("Okay, anyone else?", "Would you buy it?", False, "probe: cue"),
        ("Tom, what do you mean by that?", "Would you buy it?", False, "probe: cue"),
        ("¿LOS DEMÁS? DISTRIBUYO EL MICRÓFONO", "¿Cómo ven el país?", False, "probe: cue"),
        ("Dana, your view?", "Would you buy it?", False, "probe: short"),
        (
            "So would you actually buy this carton from the shop?",
            "Would you buy this new carton we showed you?",
            False,
            "probe: same topic",
        ),
        ("What do you make of the taste, then?", "Is the price fair?", True, "new topic"),
        ("Thank you all.", "Is the price fair?", False, "no question"),
        ("Do you like it?", None, True, "first"),
    ],
)
def test_a_probe_is_told_from_a_new_question(text, current, opens, reason):
    found = classify(text, current)
    assert (found.opens, found.reason) == (opens, reason)


def test_topic_overlap_is_the_share_of_the_smaller_set_of_content_words():
    # {would, actually, this, carton, from, shop} vs {would, this, carton, showed}: 3 of 4.
    assert overlap(
        "So would you actually buy this carton from the shop?",
        "Would you buy this new carton we showed you?",
    ) == pytest.approx(3 / 4)


def test_the_discussion_has_its_questions_and_probes_found():
    t = parse_transcript(human_discussion.TRANSCRIPT)
    opened = [m for m in t.moderator_turns if m["opensQuestion"]]
    probes = [m for m in t.moderator_turns if not m["opensQuestion"] and "probe" in m["reason"]]
    assert len(opened) == human_discussion.QUESTIONS == len(t.questions)
    assert len(probes) == human_discussion.PROBES
    assert sum(1 for turn in t.turns if not turn.is_moderator) == human_discussion.ANSWERS


def test_the_researcher_merges_and_splits_questions():
    t = parse_transcript(human_discussion.TRANSCRIPT)
    starts = [m["turn"] for m in t.moderator_turns if m["opensQuestion"]]
    assert starts == [0, 10, 24, 33, 45]
    merged = parse_transcript(human_discussion.TRANSCRIPT, question_starts=[0, 10, 24, 33])
    assert len(merged.questions) == 4 and merged.turns[46].question_index == 3
    assert merged.moderator_turns[-2] == {
        "turn": 45,
        "text": "What would make you actually try it, then?",
        "opensQuestion": False,
        "reason": "chosen",
    }
    split = parse_transcript(human_discussion.TRANSCRIPT, question_starts=[0, 10, 13, 24, 33, 45])
    assert split.questions[2] == "Why not?" and split.turns[14].question_index == 2
    assert parse_question_starts("[10, 0, 10]") == [0, 10]
    assert parse_question_starts("0, 10") == [0, 10] and parse_question_starts(" ") is None
    for bad in ("[1.5]", "{}", "[true]", "ten"):
        with pytest.raises(TranscriptError, match="questionStarts must be"):
            parse_question_starts(bad)
    with pytest.raises(TranscriptError) as err:
        parse_transcript(human_discussion.TRANSCRIPT, question_starts=[0, 1])
    assert str(err.value) == msg_not_moderator_turn(1)
    assert "0-based" in MSG_BAD_STARTS


def turn(i, p, q, vector):
    return {
        "id": f"t{i}",
        "speaker": "ABCD"[p],
        "participantIndex": p,
        "questionIndex": q,
        "round": 0,
        "vector": vector,
    }


def test_convergence_compares_each_persons_first_and_last_turn():
    # A and B speak three times each, always the same; C and D once. Comparing "round 1"
    # (A, B, C, D) with "round 3" (A, B) would read the group's spread as shrinking; the
    # same people early and late did not move at all.
    a, b, c, d = [1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, 1.0]
    said = [(0, a), (1, b), (2, c), (3, d), (0, a), (1, b), (0, a), (1, b)]
    answers = [turn(i, p, 0, v) for i, (p, v) in enumerate(said)]
    pairs = as_turn_pairs(answers)
    assert [(x["id"], x["round"]) for x in pairs] == [
        ("t0", 0),
        ("t6", 1),
        ("t1", 0),
        ("t7", 1),
    ]
    found = convergence(pairs, TURNS)
    assert found["status"] == "ok" and found["data"]["spreadRatio"] == 1.0
    assert found["data"]["pairs"] == 2 and found["data"]["method"] == "turns"
    once = convergence(as_turn_pairs(answers[:4]), TURNS)
    assert once["status"] == "na" and once["summary"].startswith("n/a:")


def test_a_shrinking_spread_with_three_pairs_cannot_be_told_from_chance():
    # Three people move to one view; only 2**3 = 8 swaps exist, so the smallest possible
    # p-value is 1/8 > 0.05: not enough answers to tell.
    centre = [1.0, 1.0, 1.0]
    first = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
    answers = [turn(p, p, 0, v) | {"round": 0} for p, v in enumerate(first)]
    answers += [turn(3 + p, p, 0, centre) | {"round": 1} for p in range(3)]
    found = convergence(answers)
    assert found["data"]["spreadRatio"] == 0.0 and found["data"]["pConverging"] == 0.125
    assert found["status"] == "unclear"


def test_the_discussion_is_graded_good_with_no_false_alarm():
    answers = [{"speaker": s, "content": c} for s, c in human_discussion.TURNS if s != "Moderator"]
    t = parse_transcript(human_discussion.TRANSCRIPT)
    names = t.participants
    messages = []
    for i, tt in enumerate(t.turns):
        kind = "question" if tt.is_moderator else "response"
        messages.append(
            {
                "id": f"m{i}",
                "kind": kind,
                "speaker": tt.speaker,
                "content": tt.content,
                "questionIndex": max(0, tt.question_index),
                "round": 0,
                "participantIndex": None if tt.is_moderator else names.index(tt.speaker),
                "sentiment": None,
                "repairs": [],
                "rawContent": None,
            }
        )
    responses = [m for m in messages if m["kind"] == "response"]
    assert len(responses) == len(answers)
    embed = WordLlamaEmbedder().embed_sync
    vectors = dict(
        zip(
            (m["id"] for m in responses),
            embed([without_interjections(m["content"]) for m in responses]),
            strict=False,
        )
    )
    report = build_health_report(
        messages,
        [{"name": n} for n in names],
        vectors,
        embedder="wordllama",
        provider=None,
        model=None,
        source="human",
    )
    findings = {f["key"]: f for f in report["findings"]}
    assert findings["characterBreaks"]["data"]["count"] == 0
    assert findings["conformity"]["data"]["method"] == "turns"
    assert all(f["status"] not in ("warn", "bad") for f in report["findings"]), report["warnings"]
    assert report["overall"] == "good"


def test_a_transcribers_correction_or_objection_is_not_an_echoed_instruction():
    # As hearing transcripts write them; a model's "[Round 2]" is still meta text.
    for text in ["It will [correction: need to be] funded.", "[Objection.] Order, please."]:
        assert clean_answer(text, speaker="Ana", others=["Ben"]).repairs == [], text
    assert clean_answer("I [Round 2] agree.", speaker="Ana", others=["Ben"]).repairs == [
        "meta_text"
    ]


def test_every_speaker_marked_as_moderator_moderates():
    # A hearing with a chair and an acting chair: both run the discussion, neither is a
    # participant whose formulaic lines ("You may have a short question") repeat.
    text = (
        '[{"speaker": "The Chair", "content": "Do you support the bill?", "role": "moderator"},'
        ' {"speaker": "Ann", "content": "Yes, with changes to clause two."},'
        ' {"speaker": "The Acting Chair", "content": "Why?", "role": "moderator"},'
        ' {"speaker": "Ann", "content": "Because clause two costs too much."},'
        ' {"speaker": "Bo", "content": "No, not as written."}]'
    )
    t = parse_transcript(text, "hearing.json")
    assert t.participants == ["Ann", "Bo"] and t.moderator == "The Chair"
    assert [m["turn"] for m in t.moderator_turns] == [0, 2]
    assert t.turns[2].speaker == "The Acting Chair" and t.turns[2].is_moderator


def test_an_announced_question_opens_at_the_next_turn_that_asks():
    text = (
        "Moderator: What do you think of the price?\nAna: Too high.\nModerator: Let's move on.\n"
        "Ben: Sure.\nModerator: Do you cook?\nAna: Rarely."
    )
    t = parse_transcript(text)
    assert t.questions == ["What do you think of the price?", "Do you cook?"]
    assert [m["reason"] for m in t.moderator_turns] == ["first", "announces", "marker"]
