"""Accounts' pure rules: the sign-in rate limit's sliding window, token expiry, what the
audit log names each request, email and password checks. Expected figures by hand."""

from datetime import UTC, datetime, timedelta

import pytest

from colloquy.domain.accounts.audit_action import audit_action
from colloquy.domain.accounts.current_user import LOCAL_USER, SERVICE_USER, CurrentUser
from colloquy.domain.accounts.rules import (
    email_problem,
    is_expired,
    is_write,
    normalize_email,
    password_problem,
    retry_after,
    token_expires_at,
)

NOW = datetime(2026, 11, 27, 12, 0, 0, tzinfo=UTC)
WINDOW = timedelta(minutes=15)


def ago(minutes: float) -> datetime:
    return NOW - timedelta(minutes=minutes)


def test_under_the_limit_is_allowed():
    assert retry_after([], NOW, 5) is None
    assert retry_after([ago(1), ago(2), ago(3), ago(4)], NOW, 5) is None


def test_at_the_limit_waits_until_the_oldest_counted_failure_ages_out():
    # Failures 1..5 minutes ago: the one 5 minutes ago leaves the window in 10 minutes.
    failures = [ago(1), ago(2), ago(3), ago(4), ago(5)]
    assert retry_after(failures, NOW, 5, WINDOW) == 600


def test_above_the_limit_waits_for_enough_to_age_out():
    # Seven failures at 1..7 minutes ago, limit 5: the count drops to 4 once the three
    # oldest (7, 6, 5 minutes ago) have left; the 5-minute one leaves in 10 minutes.
    failures = [ago(m) for m in range(1, 8)]
    assert retry_after(failures, NOW, 5, WINDOW) == 600


def test_failures_outside_the_window_do_not_count():
    failures = [ago(16), ago(20), ago(30), ago(1), ago(2)]
    assert retry_after(failures, NOW, 5, WINDOW) is None
    # Exactly 15 minutes old is already outside.
    assert retry_after([ago(15)] * 5, NOW, 5, WINDOW) is None


def test_a_wait_is_rounded_up_to_whole_seconds_and_never_zero():
    failures = [NOW - WINDOW + timedelta(milliseconds=300)] * 5
    assert retry_after(failures, NOW, 5, WINDOW) == 1
    failures = [ago(14.5)] * 5  # leaves in 30 s
    assert retry_after(failures, NOW, 5, WINDOW) == 30


def test_token_expiry():
    assert token_expires_at(NOW, None) is None
    assert token_expires_at(NOW, 30) == datetime(2026, 12, 27, 12, 0, tzinfo=UTC)
    for days in (0, -1, 367):
        with pytest.raises(ValueError, match="1 to 366 days"):
            token_expires_at(NOW, days)
    assert not is_expired(None, NOW)
    assert not is_expired(NOW + timedelta(seconds=1), NOW)
    assert is_expired(NOW, NOW)  # expires at that instant
    assert is_expired(NOW - timedelta(days=1), NOW)


def test_writes_are_every_method_but_the_safe_ones():
    assert [
        m for m in ("GET", "head", "OPTIONS", "POST", "PUT", "PATCH", "DELETE") if is_write(m)
    ] == [
        "POST",
        "PUT",
        "PATCH",
        "DELETE",
    ]


@pytest.mark.parametrize(
    "method,route,action",
    [
        ("POST", "/api/personas", "create"),
        ("POST", "/api/users", "create"),
        ("PUT", "/api/personas/{id}", "update"),
        ("PATCH", "/api/sessions/{id}", "update"),
        ("DELETE", "/api/sessions/{id}", "delete"),
        ("POST", "/api/sessions/{id}/run", "run"),
        ("POST", "/api/personas/import", "import"),
        ("PUT", "/api/settings/model", "settings"),
        ("PUT", "/api/settings/prices", "settings"),
        ("GET", "/api/sessions/{id}/export.csv", "export"),
        ("GET", "/api/sessions/{id}/report.pdf", "export"),
        ("GET", "/api/audit/export.{fmt}", "export"),
        ("GET", "/api/sessions/{id}", None),
        ("GET", "/api/personas", None),
        ("POST", "/api/auth/sign-in", None),  # recorded by the sign-in itself
        ("POST", "/api/auth/sign-out", "sign-out"),
    ],
)
def test_audit_action_names(method, route, action):
    assert audit_action(method, route) == action


def test_email_and_password_checks():
    assert normalize_email("  Ana@Example.COM ") == "ana@example.com"
    assert email_problem("ana@example.com") is None
    assert email_problem("") == "Email is required"
    assert email_problem("ana") == "Email must look like name@example.com"
    assert email_problem("a@" + "b" * 250 + ".com") == "Email must be at most 254 characters"
    assert password_problem("x" * 12) is None
    assert password_problem("x" * 11) == "Password must be at least 12 characters"
    assert password_problem(" " * 12) == "Password must not be only spaces"
    assert password_problem("x" * 257) == "Password must be at most 256 characters"


def test_audit_labels():
    assert LOCAL_USER.label == "local" and SERVICE_USER.label == "service token"
    user = CurrentUser("u1", "ana@example.com", False, "session")
    assert user.label == "ana@example.com" and user.can_write and user.memberships == ()
