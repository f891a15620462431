"""The Analytics tab is computed once per state of a session and recomputed when a message
is added or changed (services/results/analytics_cache.py), on SQLite and PostgreSQL."""

import pytest
from sqlalchemy import update
from tests.api.test_paged_lists_api import message, session_row, write

from colloquy.services.results import analytics_cache
from colloquy.store.tables import MessageRow

pytestmark = pytest.mark.timeout(60)


def test_analytics_are_reused_until_the_session_changes(client, monkeypatch):
    write(client, session_row("c1", "Cached", "completed", 1))
    write(client, message("c1", 0, "Moderator", "What do you think?", None, "question"))
    write(client, message("c1", 1, "Ana", "I love the pouch", "positive", "response"))
    builds = []
    real = analytics_cache.build_analytics
    monkeypatch.setattr(
        analytics_cache, "build_analytics", lambda s, m: builds.append(len(m)) or real(s, m)
    )
    first = client.get("/api/sessions/c1/analytics").json()
    again = client.get("/api/sessions/c1/analytics").json()
    assert first == again and builds == [2]
    assert first["messageCount"] == 2 and first["sentimentBreakdown"]["positive"] == 100

    write(client, message("c1", 2, "Ben", "Too pricey for me", "negative", "response"))
    grown = client.get("/api/sessions/c1/analytics").json()
    assert builds == [2, 3] and grown["messageCount"] == 3
    assert grown["sentimentBreakdown"]["negative"] == 50

    async def edit() -> None:  # same count and position, other text: still seen
        async with client.app.state.runtime.sessionmaker() as db:
            await db.execute(
                update(MessageRow).where(MessageRow.id == "c1-m2").values(content="Too dear")
            )
            await db.commit()

    client.portal.call(edit)
    client.get("/api/sessions/c1/analytics")
    assert builds == [2, 3, 3]
