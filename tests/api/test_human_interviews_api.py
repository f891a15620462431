"""Imported human interviews (docs/interviews.md "Imported human interviews"): a
two-speaker transcript as a completed interview, and Compare holding a simulated
interview against it with the figures that apply to one speaker."""

from sqlalchemy import update

from api.test_compare_with_people import insights, set_insights
from api.test_results_helpers import PARTICIPANTS, seed_session
from colloquy.store.tables import SessionRow

# Interviewer: 6 + 2 words; Ana: 6 + 3 words (hand-counted).
INTERVIEW = (
    "Interviewer: How do you plan your meals?\n"
    "Ana: On Sundays for the whole week.\n"
    "Interviewer: Why Sundays?\n"
    "Ana: It is quiet.\n"
)


def _import(client, text: str, dry_run: bool = False, **fields: str):
    url = "/api/sessions/import" + ("?dryRun=true" if dry_run else "")
    files = {"file": ("talk.txt", text.encode(), "text/plain")}
    return client.post(url, files=files, data={"kind": "interview", **fields})


def test_a_two_speaker_transcript_is_a_human_interview(client):
    preview = _import(client, INTERVIEW, dry_run=True)
    assert preview.status_code == 200, preview.text
    assert preview.json()["kind"] == "interview" and preview.json()["moderator"] == "Interviewer"
    saved = _import(client, INTERVIEW, name="Meals (people)")
    assert saved.status_code == 201, saved.text
    view = client.get(f"/api/sessions/{saved.json()['id']}").json()
    assert (view["kind"], view["source"], view["status"]) == ("interview", "human", "completed")
    assert [p["name"] for p in view["participants"]] == ["Ana"]
    assert view["description"] == "A real interview imported from talk.txt"
    assert [(m["kind"], m["round"]) for m in view["messages"]] == [
        ("question", 0),
        ("response", 0),
        ("probe", 1),  # "Why Sundays?" follows up the topic
        ("response", 1),
    ]


def test_the_interviewer_is_found_named_or_refused(client):
    asks = "Lee: How do you plan meals?\nAna: On Sundays.\nLee: Why?\nAna: It is quiet.\n"
    found = _import(client, asks, dry_run=True)
    assert found.json()["moderator"] == "Lee"  # the one who asks
    named = _import(client, asks, dry_run=True, moderator="Ana")
    assert named.json()["moderator"] == "Ana"
    even = "Lee: Why?\nAna: Why not?\n"
    refused = _import(client, even, dry_run=True)
    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        (
            "Cannot tell which speaker is the interviewer: both ask about as many questions. "
            "Name the interviewer"
        )
    ]
    three = _import(client, asks + "Ben: Me too.\n", dry_run=True)
    assert three.status_code == 422
    assert "this one has 3 (Lee, Ana, Ben)" in three.json()["errors"][0]
    bad_kind = client.post(
        "/api/sessions/import",
        files={"file": ("talk.txt", asks.encode(), "text/plain")},
        data={"kind": "survey"},
    )
    assert bad_kind.status_code == 422
    assert bad_kind.json()["errors"] == ["Session kind must be group or interview"]


def _simulated_interview(client) -> str:
    ana = PARTICIPANTS[0]
    sid = seed_session(
        client,
        "s-sim-interview",
        participants=[ana],
        questions=["How do you plan your meals?"],
        transcript=[
            (None, "How do you plan your meals?", 0, 0, None),  # 6 words
            (0, "I cook every evening after work.", 0, 0, "neutral"),  # 6
            (None, "Why evenings?", 0, 1, None),  # 2
            (0, "Fresh food tastes better to me.", 0, 1, "positive"),  # 6
        ],
        insights=insights("Cooking routine", "Fresh food"),
    )

    async def as_interview() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            await db.execute(
                update(SessionRow).where(SessionRow.id == sid).values(kind="interview")
            )
            await db.commit()

    client.portal.call(as_interview)
    return sid


def test_compare_holds_a_simulated_interview_against_a_human_one(client):
    human = _import(client, INTERVIEW, name="Meals (people)").json()["id"]
    set_insights(client, human, insights("Cooking routine", "Weekly planning"))
    sim = _simulated_interview(client)
    group = seed_session(client, "s-group")
    body = client.get(f"/api/sessions/compare?ids={sim},{human},{group}")
    assert body.status_code == 200, body.text
    cols = {c["id"]: c for c in body.json()["sessions"]}
    people, simulated = cols[human], cols[sim]
    assert people["kind"] == simulated["kind"] == "interview" and cols[group]["kind"] == "group"
    applies_not = ["participation", "attribution", "consecutiveAgreement"]
    assert people["notApplicable"] == simulated["notApplicable"] == applies_not
    assert cols[group]["notApplicable"] == []
    # respondent words per turn: people [6, 3] -> median 4.5; simulated [6, 6] -> 6
    assert people["people"]["wordsPerTurn"]["median"] == 4.5
    assert simulated["people"]["wordsPerTurn"]["median"] == 6
    # interviewer share of words: people 8 / 17 = 0.471; simulated 8 / 20 = 0.4
    assert people["people"]["moderatorShare"] == 0.471
    assert simulated["people"]["moderatorShare"] == 0.4
    assert simulated["people"]["consecutiveAgreement"] is None
    assert simulated["people"]["attribution"]["ratioToChance"] is None
    gap = simulated["gapToHuman"]
    assert gap["medianWords"] == 1.5 and gap["moderatorShare"] == -0.071
    assert gap["attributionRatio"] is None and gap["consecutiveAgreement"] is None
    match = simulated["themeMatch"]  # "Cooking routine" on both sides: 1 of 2 each way
    assert match["recall"] == 0.5 and match["precision"] == 0.5
    # the focus group has no human group to be held against
    assert cols[group]["gapToHuman"] is None and cols[group]["people"] is not None
