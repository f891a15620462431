"""The paged lists: a page of rows, the cursor of the next page (null on the last) and how
many rows the filters keep (docs/performance.md#lists-that-page)."""

from __future__ import annotations

from colloquy.api.schemas.personas import PersonaOut
from colloquy.api.schemas.sessions import MessageOut, SentimentCounts, SessionSummaryOut
from colloquy.api.schemas.surveys import SurveySummaryOut
from colloquy.schemas.common import CamelModel


class SessionPageOut(CamelModel):
    items: list[SessionSummaryOut]
    next_cursor: str | None = None
    total: int


class PersonaPageOut(CamelModel):
    items: list[PersonaOut]
    next_cursor: str | None = None
    total: int
    library_total: int  # every persona, whatever the search and tag ("3 of 40 personas")


class SurveyPageOut(CamelModel):
    items: list[SurveySummaryOut]
    next_cursor: str | None = None
    total: int


class DashboardStatsOut(CamelModel):
    """The dashboard's summary cards, counted over the whole library."""

    total_sessions: int
    completed_sessions: int
    total_personas: int
    this_week: int
    sentiment_counts: SentimentCounts


class MessagePageOut(CamelModel):
    """A page of a session's transcript, in order; `total`: the messages the filters keep."""

    items: list[MessageOut]
    next_cursor: str | None = None
    # With `newest`: the cursor of the messages before these (None: none before them).
    earlier_cursor: str | None = None
    total: int
