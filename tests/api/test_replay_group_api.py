"""Replay a real group with its grounded personas (docs/evidence.md): same questions, order
and moderator style, the personas made from its people; per-person similarity."""

from __future__ import annotations

import pytest

from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Chidi: Porridge, every day, with honey.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
Chidi: No. Too pricey for me.
Ben: I dunno, depends.
"""


def import_group(api) -> str:
    res = api.post("/api/sessions/import", files={"file": ("group.txt", GROUP.encode())})
    assert res.status_code == 201, res.text
    return res.json()["id"]


pytestmark = pytest.mark.timeout(120)


def test_replay_asks_the_held_out_questions_then_compares(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        early = api.post(f"/api/sessions/{sid}/replay")
        assert early.status_code == 422
        assert early.json()["errors"] == ["Create personas from these participants first"]
        made_res = api.post(f"/api/sessions/{sid}/grounded-personas").json()
        made = made_res["personas"]
        # default: every other question from the first is evidence, the rest held out
        assert made_res["evidenceQuestions"] == [0] and made_res["heldOutQuestions"] == [1]

        res = api.post(f"/api/sessions/{sid}/replay")
        assert res.status_code == 201, res.text
        replay = res.json()
        original = api.get(f"/api/sessions/{sid}").json()
        assert original["groundedPersonasQuestions"] == [0]
        assert replay["name"] == f"Replay of {original['name']}"
        assert replay["questions"] == [original["questions"][1]]
        assert replay["replayOf"]["basis"] == "held-out"
        assert replay["replayOf"]["label"] == "held-out"
        assert replay["replayOf"]["questions"] == [1]
        assert replay["replayOf"]["heldOutQuestions"] == [1]
        assert replay["moderatorStyle"] == original["moderatorStyle"]
        assert [p["id"] for p in replay["participants"]] == [p["id"] for p in made]
        assert all(p["evidence"]["tier"] == "grounded" for p in replay["participants"])
        assert wait_idle(api, replay["id"], 60)["status"] == "completed"

        sim = api.get(f"/api/sessions/{replay['id']}/replay-similarity")
        assert sim.status_code == 200, sim.text
        body = sim.json()
        assert body["originalId"] == sid
        assert body["basis"] == "held-out" and body["label"] == "held-out"
        assert body["heldOutQuestions"] == [
            {"index": 1, "text": "Would you pay more for an organic cereal?"}
        ]
        assert [p["participant"] for p in body["participants"]] == ["Maria", "Ben", "Chidi"]
        for p in body["participants"]:
            assert p["questions"] == 1 and p["label"] == "held-out"
            (q,) = p["perQuestion"]
            assert (q["questionIndex"], q["originalQuestionIndex"]) == (0, 1)
            assert q["question"] == "Would you pay more for an organic cereal?"
            assert q["label"] == "held-out" and q["basis"] == "held-out"
            assert -1 <= p["cosine"] <= 1
            assert p["themeOverlap"] is None or 0 <= p["themeOverlap"] <= 1

        report = api.get(f"/api/sessions/{replay['id']}/export.md").text
        assert "## Replay of a human group" in report
        assert "Similarity to the people: held-out." in report
        assert "Held out from the personas' evidence: Q2 Would you pay more" in report
        assert "| Maria | 1 |" in report and report.count("| held-out |") == 3
        exported = api.get(f"/api/sessions/{replay['id']}/export.json").json()
        assert exported["replaySimilarity"]["label"] == "held-out"

        inside = api.post(f"/api/sessions/{sid}/replay", json={"inSample": True})
        assert inside.status_code == 201, inside.text
        assert inside.json()["questions"] == [original["questions"][0]]
        label = "in-sample (the personas saw these answers)"
        assert inside.json()["replayOf"]["label"] == label
        assert wait_idle(api, inside.json()["id"], 60)["status"] == "completed"
        body = api.get(f"/api/sessions/{inside.json()['id']}/replay-similarity").json()
        assert body["basis"] == "in-sample" and body["label"] == label
        for p in body["participants"]:
            assert p["label"] == label
            assert [q["originalQuestionIndex"] for q in p["perQuestion"]] == [0]
            assert all(q["label"] == label for q in p["perQuestion"])
        report = api.get(f"/api/sessions/{inside.json()['id']}/export.md").text
        assert f"Similarity to the people: {label}." in report
        assert report.count(f"| {label} |") == 3

        plain = api.post("/api/sessions", json=session_body()).json()
        assert api.post(f"/api/sessions/{plain['id']}/replay").json()["errors"] == [
            "Only an imported human group can be replayed"
        ]
        not_replay = api.get(f"/api/sessions/{plain['id']}/replay-similarity")
        assert not_replay.status_code == 422
        assert not_replay.json()["errors"] == ["This session is not a replay of a human group"]


def test_nothing_held_out_refuses_a_held_out_replay_and_bad_splits_are_named(settings):
    with fake_model() as fake, app_client(settings, fake) as api:
        sid = import_group(api)
        bad = api.post(f"/api/sessions/{sid}/grounded-personas", json={"evidenceQuestions": [5]})
        assert bad.status_code == 422
        assert bad.json()["errors"] == ["No question 6: the group has 2 questions"]
        none = api.post(f"/api/sessions/{sid}/grounded-personas", json={"evidenceQuestions": []})
        assert none.json()["errors"] == [
            "Choose at least one question whose answers the personas learn from"
        ]
        wrong = api.post(f"/api/sessions/{sid}/grounded-personas", json={"split": "odd"})
        assert wrong.status_code == 422
        made = api.post(f"/api/sessions/{sid}/grounded-personas", json={"split": "all"})
        assert made.json()["heldOutQuestions"] == []
        refused = api.post(f"/api/sessions/{sid}/replay")
        assert refused.status_code == 422
        assert "none is held out" in refused.json()["errors"][0]
        assert api.post(f"/api/sessions/{sid}/replay", json={"inSample": True}).status_code == 201


FOUR = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and marmalade with strong black coffee, nothing fancy at all.
Ben: Mostly a banana on the bus, I am never hungry that early.
Chidi: Porridge with honey at the kitchen table, every single day.
Moderator: Where do you buy your groceries each week, and why there?
Maria: Zanzibarcornflakes wholesale depot beside the quarry, every fortnight.
Ben: Quetzalmarket cooperative on Hollowbrook lane, their rhubarb is superb.
Chidi: Whatever shop is open late near the Plimbovian station.
Moderator: How do you plan meals for the week?
Maria: A whiteboard on the fridge with every dinner written by Sunday evening.
Ben: I never plan, I just cook whatever the freezer offers that night.
Chidi: My partner plans, I do the shopping list on my phone.
Moderator: Would you try a breakfast subscription box?
Maria: Xylophonic porridge vouchers from Grimbleton would tempt me, oddly enough.
Ben: Only if Vexcalibur granola came with it, the one my gran adored.
Chidi: No thanks, Snorkelwick boxes pile up and go stale.
"""
HELD_OUT_WORDS = (
    "Zanzibarcornflakes",
    "Quetzalmarket",
    "Plimbovian",
    "Xylophonic",
    "Vexcalibur",
    "Grimbleton",
    "Snorkelwick",
)


def test_no_held_out_answer_reaches_any_prompt(settings):
    """Personas from questions 1 and 3; the replay asks 2 and 4. Every request the model
    received, from the traits suggestion to the last replay answer, is searched for the
    held-out answers' words (each answer carries a word found nowhere else)."""
    with fake_model() as fake, app_client(settings, fake) as api:
        res = api.post("/api/sessions/import", files={"file": ("four.txt", FOUR.encode())})
        assert res.status_code == 201, res.text
        sid = res.json()["id"]
        made = api.post(f"/api/sessions/{sid}/grounded-personas")
        assert made.json()["evidenceQuestions"] == [0, 2], made.text
        replay = api.post(f"/api/sessions/{sid}/replay").json()
        assert replay["replayOf"]["questions"] == [1, 3]
        assert wait_idle(api, replay["id"], 60)["status"] == "completed"
        assert fake.requests  # the traits suggestion and every replay turn
        prompts = [str(body).lower() for body in fake.requests]
        # the answers learnt from did reach the model (the traits suggestion at least) ...
        assert any("whiteboard on the fridge" in p for p in prompts)
        # ... and nothing of a held-out answer reached any prompt
        for word in HELD_OUT_WORDS:
            assert not [p for p in prompts if word.lower() in p], word
