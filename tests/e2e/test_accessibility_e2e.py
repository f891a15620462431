"""Accessibility in headless Chromium: axe-core on every screen (with data in it), a
keyboard-only walk through the create-session flow, and the screens at phone width.

axe-core comes from the frontend's own devDependencies (frontend/node_modules/axe-core) and is
injected into a context that bypasses the app's CSP (the app's own script-src forbids inline
scripts, which is what the injection is); the CSP itself is checked by the other browser tests.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from support.fake_openai import FakeReply, default_responder
from support.sessions_helpers import wait_completed

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2 A/AA and best practice; a finding of impact serious or critical fails the test.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING_IMPACTS = {"serious", "critical"}
PHONE = {"width": 390, "height": 844}

QUESTIONS = ["What do you think of the snack?", "Would you buy it at $3?"]


def _answers(body: dict) -> object:
    if body.get("response_format"):
        return default_responder(body)
    return "I like the crunch, honestly; the price feels a little high for me."


def _slow_answers(body: dict) -> object:
    if body.get("response_format"):
        return default_responder(body)
    return FakeReply("I am still thinking about the crunch and the price.", delay=30)


def _create_session(base: str, name: str) -> str:
    body = {
        "name": name,
        "description": "Accessibility check",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "questions": QUESTIONS,
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    created = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert created.status_code == 201, created.text
    return created.json()["id"]


def _run(base: str, sid: str) -> None:
    assert httpx.post(f"{base}/api/sessions/{sid}/run", timeout=10).status_code == 200


def _wait_completed(base: str, sid: str) -> None:
    wait_completed(base, sid)


def _settle(page: Page) -> None:
    """Wait for finite animations (dialogs fading in) to end: axe reads colours mid-fade."""
    page.wait_for_function(
        """() => document.getAnimations().every(a =>
            a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running')"""
    )


def _axe_violations(page: Page) -> list[str]:
    _settle(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async (tags) => {
            const r = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}});
            return r.violations.map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
        }""",
        AXE_TAGS,
    )
    return [
        f"{v['id']} ({v['impact']}): {', '.join(v['nodes'])}"
        for v in result
        if v["impact"] in FAILING_IMPACTS
    ]


@pytest.fixture
def axe_page(browser: Browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_axe_finds_no_serious_violation_on_any_screen(live_server: str, axe_page: Page, fake_llm):
    assert AXE.is_file(), "axe-core is missing: `cd frontend && npm ci` installs it"
    base = live_server
    page = axe_page
    fake_llm.set_responder(_answers)
    try:
        done = _create_session(base, "Completed snack test")
        _run(base, done)
        _wait_completed(base, done)
    finally:
        fake_llm.set_responder(None)

    found: dict[str, list[str]] = {}

    def check(screen: str) -> None:
        page.wait_for_load_state("networkidle")
        violations = _axe_violations(page)
        if violations:
            found[screen] = violations

    page.goto(f"{base}/dashboard")
    expect(page.get_by_text("Completed snack test")).to_be_visible()
    check("dashboard")

    page.goto(f"{base}/personas")
    expect(page.get_by_test_id("persona-avatar").first).to_be_visible()
    check("personas")
    page.get_by_role("button", name="Create New Persona").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    check("personas: persona dialog")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Generate Personas").first.click()
    expect(page.get_by_role("dialog")).to_be_visible()
    check("personas: generate dialog")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    check("personas: import dialog")
    page.keyboard.press("Escape")

    page.goto(f"{base}/create-session")
    expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()
    check("create session")

    page.goto(f"{base}/session/{done}")
    expect(page.get_by_role("link", name="View Results")).to_be_visible()
    check("live session (completed)")

    for tab in ["Transcript", "Analytics", "AI Insights", "Health", "Participants", "Export"]:
        page.goto(f"{base}/session/{done}/results")
        page.get_by_role("tab", name=tab, exact=True).click()
        check(f"results: {tab}")
    page.get_by_role("button", name="Run again on another model").click()
    expect(page.get_by_role("dialog", name="Run again on another model")).to_be_visible()
    check("results: run again on another model")
    page.keyboard.press("Escape")

    assert httpx.post(f"{base}/api/sessions/demo/complete", json={"speed": 1000}).is_success
    page.goto(f"{base}/compare?ids={done},demo")
    expect(page.get_by_test_id("compare-column")).to_have_count(2)
    check("compare")

    page.goto(f"{base}/fidelity")
    expect(page.get_by_role("heading", name="Persona Fidelity")).to_be_visible()
    check("fidelity")

    page.goto(f"{base}/surveys")
    expect(page.get_by_role("heading", name="Surveys", exact=True)).to_be_visible()
    check("surveys")
    page.goto(f"{base}/surveys/new")
    expect(page.get_by_role("heading", name="New survey")).to_be_visible()
    check("surveys: new survey")
    survey = httpx.post(
        f"{base}/api/surveys",
        json={
            "name": "Axe survey",
            "concepts": [{"type": "text", "title": "Snack", "content": "A crunchy snack."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1", "p2"],
            "samples": 1,
        },
        timeout=10,
    ).json()["id"]
    httpx.post(f"{base}/api/surveys/{survey}/run", timeout=10)
    page.goto(f"{base}/surveys/{survey}")
    expect(page.get_by_test_id("survey-embedder")).to_be_visible(timeout=30_000)
    check("surveys: results")

    page.goto(f"{base}/settings")
    expect(page.get_by_test_id("active-model-name")).to_be_visible()
    expect(page.get_by_test_id("catalog-model").first).to_be_visible()
    check("settings")
    page.get_by_role("button", name="List models").click()
    expect(page.get_by_role("list", name="Available models")).to_be_visible()
    page.get_by_role("button", name="Test connection").click()
    expect(page.get_by_test_id("model-test-result")).to_be_visible()
    check("settings: models listed and tested")

    page.goto(f"{base}/demo-session")
    expect(page.get_by_text("is typing...").first).to_be_visible(timeout=15_000)
    check("demo")

    fake_llm.set_responder(_slow_answers)
    try:
        running = _create_session(base, "Running snack test")
        _run(base, running)
        page.goto(f"{base}/session/{running}")
        expect(page.get_by_text("is thinking...").first).to_be_visible(timeout=15_000)
        check("live session (running)")
        httpx.post(f"{base}/api/sessions/{running}/stop", timeout=10)
    finally:
        fake_llm.set_responder(None)

    report = "\n".join(f"{screen}:\n  " + "\n  ".join(v) for screen, v in found.items())
    assert not found, f"axe-core found serious or critical violations:\n{report}"


def _focused(page: Page) -> dict:
    return page.evaluate(
        """() => {
            const el = document.activeElement;
            const style = el ? getComputedStyle(el) : null;
            const label = el?.labels?.[0]?.innerText || el?.getAttribute('aria-label') || '';
            return {tag: el?.tagName, label: label.trim(), pressed: el?.getAttribute('aria-pressed'),
                text: (el?.innerText || '').trim().slice(0, 60),
                outline: style ? style.outlineStyle + ' ' + style.outlineWidth : '',
                shadow: style ? style.boxShadow : ''};
        }"""
    )


def _tab_to(page: Page, predicate, limit: int = 80) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        info = _focused(page)
        if predicate(info):
            return info
    raise AssertionError("the keyboard never reached the control")


def test_create_session_by_keyboard_only(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(_answers)
    base = live_server
    try:
        page.goto(f"{base}/create-session")
        expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()

        name = _tab_to(page, lambda f: f["tag"] == "INPUT" and f["label"] == "Session Name")
        assert name["shadow"] != "none" or not name["outline"].startswith("none"), name
        page.keyboard.type("Keyboard session")

        # Three participants: each card is a toggle reached by Tab and pressed with Space.
        for _ in range(3):
            _tab_to(page, lambda f: f["tag"] == "BUTTON" and f["pressed"] == "false")
            page.keyboard.press("Space")
        expect(page.get_by_text("3 selected")).to_be_visible()

        for n, question in enumerate(QUESTIONS, start=1):
            field = _tab_to(page, lambda f, n=n: f["label"] == f"Question {n}")
            assert field
            page.keyboard.type(question)
            # The sticky footer must not hide the field that has the focus (WCAG 2.4.11).
            box = page.evaluate("() => document.activeElement.getBoundingClientRect().bottom")
            footer = page.get_by_role("button", name="Start Session").bounding_box()
            assert footer and box <= footer["y"], (box, footer)

        start = _tab_to(page, lambda f: f["tag"] == "BUTTON" and "Start Session" in f["text"], 200)
        assert start["shadow"] != "none" or not start["outline"].startswith("none"), start
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"/session/[^/]+$"), timeout=15_000)
        expect(page.get_by_role("heading", name="Keyboard session")).to_be_visible()
    finally:
        fake_llm.set_responder(None)


def test_dialogs_trap_and_return_focus(live_server: str, page: Page):
    """Radix dialogs keep the keyboard inside while open and give the focus back to the
    control that opened them when closed."""
    page.goto(f"{live_server}/personas")
    opener = _tab_to(page, lambda f: f["tag"] == "BUTTON" and f["text"] == "Create New Persona")
    assert opener
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Create New Persona")
    expect(dialog).to_be_visible()
    for _ in range(40):  # well past the number of controls in the form
        page.keyboard.press("Tab")
        inside = page.evaluate("() => !!document.activeElement?.closest('[role=dialog]')")
        assert inside, _focused(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    back = _focused(page)
    assert back["tag"] == "BUTTON" and back["text"] == "Create New Persona", back


def test_screens_fit_a_phone(live_server: str, browser: Browser, tmp_path: Path, fake_llm):
    fake_llm.set_responder(_answers)
    try:
        sid = _create_session(live_server, "Phone snack test")
        _run(live_server, sid)
        _wait_completed(live_server, sid)
    finally:
        fake_llm.set_responder(None)
    shots = Path(os.environ.get("COLLOQUY_SCREENSHOT_DIR", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        overflow: dict[str, int] = {}
        screens = [
            "/dashboard",
            "/personas",
            "/create-session",
            "/demo-session",
            "/settings",
            "/fidelity",
            "/surveys",
        ]
        for path in [*screens, f"/session/{sid}", f"/session/{sid}/results"]:
            page.goto(f"{live_server}{path}")
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(shots / f"phone{path.replace('/', '-')}.png"), full_page=True)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                overflow[path] = width
        assert not overflow, f"horizontal scroll at 390 px: {overflow}"

        # The navigation is a menu that opens and reaches every screen.
        page.goto(f"{live_server}/dashboard")
        menu = page.get_by_role("button", name="Open menu")
        expect(menu).to_be_visible()
        menu.click()
        nav = page.get_by_role("navigation", name="Main")
        expect(nav.get_by_role("link", name="New Session")).to_be_visible()
        nav.get_by_role("link", name="New Session").click()
        expect(page).to_have_url(f"{live_server}/create-session")
        expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()
        expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
    finally:
        context.close()
