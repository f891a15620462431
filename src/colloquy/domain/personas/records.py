"""The persona as the services hand it to the rules: the library's persona
(services/personas/library.py) and the snapshot of it frozen into a session or a survey.

Why TypedDicts and not classes: the same values are stored as JSON (session participants,
survey respondents) and answered by the API as they are, so the record stays a dict; the
type names its keys for the rules that read them (the prompts, enrichment, the surveys).
Every key is optional: older snapshots and hand-written test personas lack some, and the
rules read them with `.get` and a default.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypedDict


class PersonaRecord(TypedDict, total=False):
    id: str
    name: str
    age: int | float
    gender: str
    location: str
    income: str
    traits: dict[str, float]  # the Big Five, 0-100
    interests: list[str]
    generatedFrom: str | None
    tags: list[str]
    createdAt: datetime | str  # a datetime in the library, ISO text in a stored snapshot
    updatedAt: datetime | str
    enriched: dict[str, Any]  # derived from the above (enrichment.py)
    evidence: dict[str, Any]  # {tier, documents, words} (evidence_tier.py)
    profileId: str  # a survey respondent's model profile, in its snapshot
