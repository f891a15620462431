"""Browser end-to-end: hostile text renders as plain text under the CSP, and a server with
COLLOQUY_ACCESS_TOKEN sends the protected screens to sign-in and back."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import LiveServer
from support.sessions_helpers import wait_completed

HOSTILE = "<img src=x onerror=alert(1)><script>alert(2)</script>"
NAME = f"<b>Bold</b> \u202eRTL\u202c 🙂 {HOSTILE[:20]}"
QUESTION = f"{HOSTILE} Thoughts on {'Supercalifragilistic' * 6}?"
TOKEN = "e2e-access-token-0123456789abcdef"


def watch(page: Page) -> tuple[list[str], list[str]]:
    """Dialogs that fire (none may) and CSP violations: every `securitypolicyviolation`
    event of every document (a violation inside try/catch, such as a blocked Function(),
    never reaches the console), and those reported on the console."""
    dialogs: list[str] = []
    violations: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.expose_function("__cspViolation", lambda text: violations.append(text))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`));"
    )
    page.on(
        "console",
        lambda m: (
            violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text
            else None
        ),
    )
    return dialogs, violations


@pytest.fixture
def hostile_model(fake_llm):
    fake_llm.set_responder(lambda body: HOSTILE)
    yield fake_llm
    fake_llm.set_responder(None)


def completed_session(url: str) -> tuple[str, str]:
    persona = httpx.post(
        f"{url}/api/personas",
        json={
            "name": NAME,
            "age": 30,
            "gender": "Female",
            "location": "Austin, TX",
            "income": "$60k-$100k",
            "interests": [HOSTILE[:30], "🙂 emoji"],
            "traits": {
                "openness": 60,
                "conscientiousness": 55,
                "extraversion": 50,
                "agreeableness": 70,
                "neuroticism": 35,
            },
        },
    ).json()
    session = httpx.post(
        f"{url}/api/sessions",
        json={
            "name": f"{HOSTILE} study",
            "participantIds": [persona["id"], "p1", "p2"],
            "questions": [QUESTION, "Would you buy it?"],
            "settings": {"responseLength": "brief"},
        },
    ).json()
    httpx.post(f"{url}/api/sessions/{session['id']}/run")
    wait_completed(url, session["id"], timeout=30)
    return session["id"], persona["id"]


def test_hostile_text_is_plain_text_and_no_csp_violation(live_server, hostile_model, page: Page):
    sid, _ = completed_session(live_server)
    dialogs, violations = watch(page)
    page.goto(f"{live_server}/personas")
    expect(page.get_by_text(NAME).first).to_be_visible()
    page.goto(f"{live_server}/session/{sid}")
    expect(page.get_by_text(HOSTILE, exact=True).first).to_be_visible()
    expect(page.get_by_text(QUESTION).first).to_be_visible()
    page.goto(f"{live_server}/session/{sid}/results")
    expect(page.get_by_text(HOSTILE).first).to_be_visible()
    for path in ("/dashboard", "/create-session", "/demo-session"):
        page.goto(f"{live_server}{path}")
        page.wait_for_load_state("networkidle")
    expect(page.locator("img[src='x']")).to_have_count(0)
    assert dialogs == [] and violations == []


@pytest.fixture
def guarded_server(tmp_path, fake_llm):
    server = LiveServer(
        tmp_path / "data", fake_llm.base_url, {"COLLOQUY_ACCESS_TOKEN": TOKEN}
    ).start()
    yield server.url
    server.stop()


def test_protected_route_goes_to_sign_in_and_back(guarded_server, page: Page):
    dialogs, violations = watch(page)
    page.goto(f"{guarded_server}/personas")
    expect(page).to_have_url(re.compile(r"/sign-in\?next=%2Fpersonas$"))
    page.get_by_label("Access token").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_have_text("Invalid access token")
    page.get_by_label("Access token").fill(TOKEN)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{guarded_server}/personas")
    expect(page.get_by_text("Sarah Chen").first).to_be_visible()
    cookie = next(c for c in page.context.cookies() if c["name"] == "colloquy_auth")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["value"] != TOKEN
    page.goto(f"{guarded_server}/dashboard")  # the cookie keeps working across screens
    expect(page).to_have_url(f"{guarded_server}/dashboard")
    assert dialogs == [] and violations == []
