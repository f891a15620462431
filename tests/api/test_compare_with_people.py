"""Compare with a human group among the sessions (docs/measured-against-people.md): every column
gets its conversation shape, each simulated one its gap to the human group and the themes
matched."""

from sqlalchemy import update

from api.test_results_helpers import seed_session
from colloquy.store.tables import SessionRow
from domain.human_transcript import TRANSCRIPT


def insights(*themes):
    return {
        "summary": "S.",
        "overallSentiment": "neutral",
        "sentimentBreakdown": {"positive": 30, "neutral": 40, "negative": 30},
        "keyThemes": [{"theme": t, "description": "", "frequency": 2} for t in themes],
        "recommendations": [],
    }


def set_insights(client, session_id, value):
    async def write():
        async with client.app.state.runtime.sessionmaker() as db:
            await db.execute(
                update(SessionRow).where(SessionRow.id == session_id).values(insights=value)
            )
            await db.commit()

    client.portal.call(write)


def test_a_simulated_session_shows_its_gap_to_people(client):
    res = client.post(
        "/api/sessions/import",
        files={"file": ("oat-milk.txt", TRANSCRIPT.encode(), "text/plain")},
        data={"name": "Oat milk (people)"},
    )
    assert res.status_code in (200, 201), res.text
    human = res.json()["id"]
    set_insights(client, human, insights("Price of oat milk", "Taste in coffee"))
    sim = seed_session(client, "s-sim", insights=insights("Price of oat milk", "Brand trust"))
    body = client.get(f"/api/sessions/compare?ids={sim},{human}").json()
    by_id = {c["id"]: c for c in body["sessions"]}
    people, simulated = by_id[human], by_id[sim]
    assert people["source"] == "human" and simulated["source"] == "simulated"
    assert people["people"]["turns"] == 23  # the transcript's participant turns
    assert people["people"]["wordsPerTurn"]["shortShare"] > 0.3
    histogram = people["people"]["wordsPerTurn"]["histogram"]
    assert sum(b["count"] for b in histogram) == 23 and histogram[0]["from"] == 0
    assert people["gapToHuman"] is None
    gap = simulated["gapToHuman"]
    assert gap["medianWords"] == round(
        simulated["people"]["wordsPerTurn"]["median"] - people["people"]["wordsPerTurn"]["median"],
        3,
    )
    match = simulated["themeMatch"]
    assert match["pairs"][0] == {
        "human": "Price of oat milk",
        "simulated": "Price of oat milk",
        "similarity": 1.0,
    }
    assert match["recall"] == 0.5 and match["precision"] == 0.5


def test_without_a_human_group_nothing_is_added(client):
    a, b = seed_session(client, "s-a"), seed_session(client, "s-b")
    cols = client.get(f"/api/sessions/compare?ids={a},{b}").json()["sessions"]
    assert all(c["people"] is None and c["gapToHuman"] is None for c in cols)
