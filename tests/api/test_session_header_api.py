"""GET /api/sessions/{id}/header and the transcript pages the screens read instead of the
whole session (docs/performance.md#long-transcripts), on SQLite and PostgreSQL. Expected
counts are worked out here from the rows written."""

from datetime import timedelta

from api.test_results_helpers import START, seed_session
from colloquy.services.sessions import header
from colloquy.store.tables import MessageRow

SID = "s-results"


def _more_messages(client) -> None:
    """Seq 7: Ana's private answer (model m-a); seq 8: Cleo's answer to question 2 on m-b."""
    _add(client, (7, "private_before", 0, "pa", 1, "m-a"), (8, "response", 2, "pc", 1, "m-b"))


def _add(client, *messages: tuple) -> None:
    """(seq, kind, participant index, persona id, question, model): 3 tokens, 10 prompt
    tokens, 3 completion tokens and $0.5 each."""

    async def insert() -> None:
        async with client.app.state.runtime.sessionmaker() as db:
            for seq, kind, who, persona, q, model in messages:
                db.add(
                    MessageRow(
                        id=f"{SID}-m{seq}",
                        session_id=SID,
                        seq=seq,
                        speaker=["Ana Lopez", "Ben Okafor", "Cleo Park"][who],
                        content=f"message {seq}",
                        timestamp=START + timedelta(seconds=10 * seq),
                        sentiment="neutral",
                        persona_id=persona,
                        question_index=q,
                        round_index=0,
                        participant_index=who,
                        kind=kind,
                        tokens=3,
                        prompt_tokens=10,
                        completion_tokens=3,
                        cached_tokens=0,
                        cost_usd=0.5,
                        profile_model=model,
                    )
                )
            await db.commit()

    client.portal.call(insert)


def test_header_is_the_session_without_its_messages(client):
    seed_session(client)
    _more_messages(client)
    whole = client.get(f"/api/sessions/{SID}").json()
    res = client.get(f"/api/sessions/{SID}/header")
    assert res.status_code == 200, res.text
    head = res.json()
    assert "messages" not in head
    for key, value in whole.items():
        if key != "messages":
            assert head[key] == value, key
    # 9 stored: 7 seeded (2 moderator posts, 5 answers), Ana's private answer, Cleo's answer.
    assert head["messageCount"] == 8
    assert head["answerCount"] == 6
    assert head["responseCounts"] == {"pa": 2, "pb": 2, "pc": 2}
    assert head["answerModels"] == [None, "m-b"]  # the seeded answers name no model
    assert head["latestModels"] == {"pc": "m-b"}
    assert [m["id"] for m in head["privateAnswers"]] == [f"{SID}-m7"]
    # usage: the two added messages, 10 + 10 prompt tokens, 3 + 3 completion, $0.5 each
    assert head["usage"]["promptTokens"] == 20 and head["usage"]["costUsd"] == 1.0


def test_header_is_computed_once_per_state_of_the_session(client, monkeypatch):
    seed_session(client)
    _more_messages(client)
    reads = []
    real = header._from_messages
    monkeypatch.setattr(header, "_from_messages", lambda *a: reads.append(a[1]) or real(*a))
    url = f"/api/sessions/{SID}/header"
    first = client.get(url).json()
    assert client.get(url).json() == first and reads == [SID]
    assert first["progress"]["responses"] == 6  # 5 seeded answers and Cleo's (not Ana's private)

    _add(client, (9, "response", 1, "pb", 1, "m-c"))  # Ben answers question 2 on m-c
    grown = client.get(url).json()
    assert reads == [SID, SID]
    assert grown["messageCount"] == 9 and grown["answerCount"] == 7
    assert grown["responseCounts"] == {"pa": 2, "pb": 3, "pc": 2}
    assert grown["answerModels"] == [None, "m-b", "m-c"]
    assert grown["latestModels"] == {"pc": "m-b", "pb": "m-c"}
    assert grown["progress"]["responses"] == 7
    assert grown["usage"]["promptTokens"] == 30 and grown["usage"]["costUsd"] == 1.5
    whole = client.get(f"/api/sessions/{SID}").json()
    assert {k: v for k, v in whole.items() if k != "messages"} == {
        k: v for k, v in grown.items() if k in whole
    }
    assert client.get(url).json() == grown and len(reads) == 2


def test_the_header_follows_whose_answer_is_being_written(client):
    """Ben (index 1) speaking, then no one: the same messages, two progresses."""
    seed_session(client)

    async def read(generating: list[int]) -> dict:
        async with client.app.state.runtime.sessionmaker() as db:
            return await header.session_header(db, SID, generating)

    assert client.portal.call(read, [1])["progress"]["speakingPersonaId"] == "pb"
    assert client.portal.call(read, [])["progress"]["speakingPersonaId"] is None
    assert client.portal.call(read, [2])["progress"]["speakingPersonaId"] == "pc"


def test_header_of_an_unknown_session_is_404(client):
    res = client.get("/api/sessions/nope/header")
    assert res.status_code == 404 and res.json()["error"] == "Session not found"


def seqs(body) -> list[int]:
    return [int(m["id"].rsplit("-m", 1)[1]) for m in body["items"]]


def test_newest_pages_read_backwards_and_leave_private_answers_out(client):
    seed_session(client)
    _more_messages(client)
    url = f"/api/sessions/{SID}/messages"
    # public seqs: 0-6 and 8 (7 is private)
    page = client.get(url, params={"newest": "true", "limit": 3}).json()
    assert seqs(page) == [5, 6, 8] and page["earlierCursor"] == "5" and page["total"] == 8
    page = client.get(url, params={"before": page["earlierCursor"], "limit": 3}).json()
    assert seqs(page) == [2, 3, 4] and page["earlierCursor"] == "2"
    page = client.get(url, params={"before": "2", "limit": 3}).json()
    assert seqs(page) == [0, 1] and page["earlierCursor"] is None


def test_messages_by_id(client):
    seed_session(client)
    _more_messages(client)
    url = f"/api/sessions/{SID}/messages"
    wanted = f"{SID}-m8,{SID}-m1,{SID}-m7,nope"
    page = client.get(url, params={"ids": wanted}).json()
    assert seqs(page) == [1, 8]  # in order; the private answer and an unknown id are not
    res = client.get(url, params={"ids": ",".join(f"m{i}" for i in range(101))})
    assert res.status_code == 400 and "100 message ids" in res.json()["error"]
    res = client.get(url, params={"before": "x", "newest": "true"})
    assert res.status_code == 400 and "cursor" in res.json()["error"]
