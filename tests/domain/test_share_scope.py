"""Share links: which requests a link may make, how long it lasts, when it is live, and the
audit log's names for creating and revoking one (docs/teams.md#share-links)."""

from datetime import UTC, datetime, timedelta

import pytest

from colloquy.domain.accounts.audit_action import audit_action
from colloquy.domain.accounts.current_user import ShareGrant, share_viewer
from colloquy.domain.accounts.share_scope import share_allows, share_expires_at, share_is_live

NOW = datetime(2026, 11, 28, 9, 0, 0, tzinfo=UTC)
S = "a1b2c3"
OTHER = "ffff00"


@pytest.mark.parametrize(
    "path",
    [
        f"/api/sessions/{S}",
        f"/api/sessions/{S}/messages",
        f"/api/sessions/{S}/analytics",
        f"/api/sessions/{S}/health",
        f"/api/sessions/{S}/export.csv",
        f"/api/sessions/{S}/export.json",
        f"/api/sessions/{S}/export.md",
        f"/api/sessions/{S}/report.pdf",
        "/api/share",
    ],
)
def test_a_session_link_reads_its_own_results(path):
    assert share_allows("session", S, "GET", path)
    assert share_allows("session", S, "HEAD", path)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"/api/sessions/{OTHER}"),  # another session
        ("GET", f"/api/sessions/{OTHER}/export.csv"),
        ("GET", "/api/sessions"),  # a list
        ("GET", "/api/sessions/page"),
        ("GET", f"/api/sessions/{S}/events"),  # the live stream
        ("GET", f"/api/sessions/{S}/share-links"),  # who shared it
        ("GET", f"/api/sessions/{S}/replay-similarity"),
        ("GET", f"/api/surveys/{S}"),  # a survey with the same id
        ("GET", "/api/personas"),
        ("GET", "/api/health"),
        ("GET", "/mcp"),
        ("GET", "/uploads/x.png"),
        ("POST", f"/api/sessions/{S}/insights"),  # a write, even to its own session
        ("DELETE", f"/api/sessions/{S}"),
        ("PATCH", f"/api/sessions/{S}"),
        ("POST", "/api/share"),
        ("GET", f"/api/sessions/{S}/messages/extra"),  # a longer path
        ("GET", f"/api/sessions/{S}{S}"),  # a longer id
        ("GET", "/api/sessions/a1b2c"),  # a shorter id
    ],
)
def test_a_session_link_reads_nothing_else(method, path):
    assert not share_allows("session", S, method, path)


def test_a_survey_link_reads_its_survey_results_only():
    for tail in ("", "/results", "/human-results", "/export.csv", "/export.json"):
        assert share_allows("survey", S, "GET", f"/api/surveys/{S}{tail}")
    assert not share_allows("survey", S, "GET", f"/api/sessions/{S}")
    assert not share_allows("survey", S, "GET", f"/api/surveys/{S}/events")
    assert not share_allows("survey", S, "GET", f"/api/surveys/{OTHER}/results")
    assert not share_allows("survey", S, "POST", f"/api/surveys/{S}/run")


def test_an_empty_resource_id_opens_nothing():
    assert not share_allows("session", "", "GET", "/api/sessions/")


def test_expiry_is_1_to_90_days_14_by_default():
    assert share_expires_at(NOW, None) == datetime(2026, 12, 12, 9, 0, 0, tzinfo=UTC)
    assert share_expires_at(NOW, 1) == datetime(2026, 11, 29, 9, 0, 0, tzinfo=UTC)
    # 90 days after 28 November: 2 (Nov) + 31 (Dec) + 31 (Jan) + 26 = 90 -> 26 February
    assert share_expires_at(NOW, 90) == datetime(2027, 2, 26, 9, 0, 0, tzinfo=UTC)
    for days in (0, 91, -3):
        with pytest.raises(ValueError, match="A share link lasts 1 to 90 days"):
            share_expires_at(NOW, days)


def test_live_until_it_expires_or_is_revoked():
    expires = NOW + timedelta(days=1)
    assert share_is_live(expires, None, NOW)
    assert not share_is_live(expires, None, expires)  # at the very moment it ends
    assert not share_is_live(expires, NOW, NOW)


def test_a_share_viewer_reads_only_and_is_named_by_its_link():
    viewer = share_viewer(ShareGrant("0123456789abcdef", "session", S))
    assert (viewer.id, viewer.is_admin, viewer.can_write, viewer.via) == (
        None,
        False,
        False,
        "share",
    )
    assert viewer.label == "share link 01234567"


def test_audit_names_for_share_links():
    assert audit_action("POST", "/api/sessions/{session_id}/share-links") == "share-create"
    assert audit_action("POST", "/api/surveys/{survey_id}/share-links") == "share-create"
    assert audit_action("DELETE", "/api/share-links/{link_id}") == "share-revoke"
    assert audit_action("GET", "/api/sessions/{session_id}/share-links") is None
    assert audit_action("DELETE", "/api/sessions/{session_id}") == "delete"
