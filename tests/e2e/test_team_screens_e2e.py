"""Browser end-to-end: the team screens on a loopback server. The first-run form makes the
first admin, who creates a user and an API token, makes a share link for a session's
results and reads the audit log; the link opens in a fresh browser (no account) on the
transcript, read-only, and on nothing else. Every new screen passes axe-core at desktop and
phone width, without horizontal scrolling; screenshots go to COLLOQUY_SCREENSHOT_DIR
(docs/screenshots/teams)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.test_accessibility_e2e import _axe_violations

ADMIN = "lead@example.com"
PASSWORD = "a team password 1"
USER = "bo@example.com"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
# The innermost elements that reach past the right edge, to name the cause of a scroll.
WIDEST = """(width) => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1 && e.children.length === 0)
    .slice(0, 5).map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


def _context(browser: Browser, viewport: dict, state: dict | None = None) -> BrowserContext:
    # bypass_csp: axe-core is added as a script tag (the app's own CSP refuses it otherwise)
    context = browser.new_context(
        viewport=viewport, bypass_csp=True, accept_downloads=True, storage_state=state
    )
    context.set_default_timeout(20_000)
    return context


class Look:
    """axe-core, a horizontal-scroll check and a screenshot of each screen at each width."""

    def __init__(self, shots: Path) -> None:
        self.shots = shots
        self.found: dict[str, list[str]] = {}

    def __call__(self, page: Page, name: str, width: int, full: bool = True) -> None:
        label = f"{'phone' if width < 600 else 'desktop'}-{name}"
        self.found[label] = _axe_violations(page)
        page.screenshot(path=str(self.shots / f"{label}.png"), full_page=full)
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        wide = page.evaluate(WIDEST, width)
        assert scroll <= width, f"{label}: horizontal scroll ({scroll} px) from {wide}"

    def check(self) -> None:
        serious = {screen: v for screen, v in self.found.items() if v}
        assert not serious, f"axe-core found serious or critical violations: {serious}"


def test_team_screens_and_a_share_link(live_server, browser: Browser, tmp_path):
    shots = Path(os.environ.get("COLLOQUY_SCREENSHOT_DIR", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    look = Look(shots)
    base = live_server

    # The first-run form, offered in the user menu while no account exists (loopback).
    phone = _context(browser, PHONE).new_page()
    phone.goto(f"{base}/team/first-run")
    expect(phone.get_by_role("button", name="Create admin")).to_be_visible()
    look(phone, "first-run", PHONE["width"])
    phone.context.close()

    context = _context(browser, DESKTOP)
    page = context.new_page()
    page.goto(f"{base}/dashboard")
    sidebar = page.get_by_role("complementary", name="Sidebar")
    sidebar.get_by_role("link", name="Set up team accounts").click()
    page.get_by_label("Email").fill(ADMIN)
    page.get_by_label("Password (12 characters or more)").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    look(page, "first-run", DESKTOP["width"])
    page.get_by_role("button", name="Create admin").click()
    expect(page.get_by_role("status")).to_contain_text(f"{ADMIN} is the first admin")
    expect(sidebar.get_by_text(ADMIN)).to_be_visible()

    # Users: the admin creates an account.
    sidebar.get_by_role("link", name="Users").click()
    page.get_by_label("Email").fill(USER)
    page.get_by_label("Password (12 characters or more)").fill("bo's password 12")
    page.get_by_role("button", name="Create user").click()
    expect(page.get_by_role("status")).to_have_text(f"Created {USER}.")
    users = page.get_by_role("list", name="Users")
    expect(users.get_by_role("button", name=f"Disable {USER}")).to_be_visible()
    look(page, "users", DESKTOP["width"])

    # API tokens: made, shown once, listed.
    sidebar.get_by_role("link", name="API tokens").click()
    page.get_by_label("Name").fill("laptop CLI")
    page.get_by_role("button", name="Create token").click()
    token = page.get_by_label("Token “laptop CLI”")
    expect(token).to_have_value(re.compile(r"^cq_"))
    expect(page.get_by_role("cell", name="Read only")).to_be_visible()
    look(page, "api-tokens", DESKTOP["width"])

    # A finished session, then a share link from its results.
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "colloquy_csrf")
    made = page.request.post(
        f"{base}/api/sessions/demo/complete",
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": base},
        data="{}",
    )
    assert made.ok, made.text()
    first_answer = page.request.get(f"{base}/api/sessions/demo/messages?limit=5").json()
    spoken = next(m for m in first_answer["items"] if m["personaId"])
    page.goto(f"{base}/session/demo/results")
    page.get_by_role("button", name="Share").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Expires after").select_option("7")
    dialog.get_by_role("button", name="Create link").click()
    url_field = dialog.get_by_role("textbox", name="Share link")
    expect(url_field).to_have_value(re.compile(r"/share/cqs_"))
    url = url_field.input_value()
    expect(dialog.get_by_role("list", name="Share links").get_by_text(ADMIN)).to_be_visible()
    look(page, "share-dialog", DESKTOP["width"], full=False)
    page.keyboard.press("Escape")

    # The link in a fresh browser: the transcript, read-only, nothing else.
    viewer_context = _context(browser, DESKTOP)
    viewer = viewer_context.new_page()
    viewer.goto(url)
    expect(viewer.get_by_text("Shared read-only view")).to_be_visible()
    expect(viewer.get_by_text(spoken["content"][:60])).to_be_visible()
    expect(viewer.get_by_role("complementary", name="Sidebar")).to_have_count(0)
    expect(viewer.get_by_role("link")).to_have_count(0)  # no way into the rest of the app
    with viewer.expect_download() as got:
        viewer.get_by_role("button", name="CSV").click()
    assert got.value.suggested_filename.endswith(".csv")
    secret = url.rsplit("/share/", 1)[1]
    bearer = {"Authorization": f"Bearer {secret}"}
    assert viewer.request.get(f"{base}/api/sessions/demo", headers=bearer).ok
    for path in ("/api/personas", "/api/sessions", "/api/users", "/api/audit"):
        assert viewer.request.get(f"{base}{path}", headers=bearer).status == 403, path
    assert viewer.request.get(f"{base}/api/personas").status == 401  # no account either
    look(viewer, "shared-session", DESKTOP["width"])
    viewer_phone = _context(browser, PHONE).new_page()
    viewer_phone.goto(url)
    expect(viewer_phone.get_by_text(spoken["content"][:60])).to_be_visible()
    look(viewer_phone, "shared-session", PHONE["width"])
    viewer_phone.context.close()
    viewer_context.close()

    # The audit log: the user made, the link made and viewed.
    sidebar.get_by_role("link", name="Audit log").click()
    expect(page.get_by_role("cell", name="share-view").first).to_be_visible()
    expect(page.get_by_role("cell", name="share-create")).to_be_visible()
    page.get_by_label("Action").fill("create")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_role("cell", name="share-create")).to_have_count(0)
    expect(page.get_by_role("cell", name="/api/users", exact=False).first).to_be_visible()
    page.get_by_role("button", name="Clear").click()
    expect(page.get_by_role("cell", name="share-view").first).to_be_visible()
    look(page, "audit-log", DESKTOP["width"])

    # The same screens at phone width, signed in as the admin.
    small = _context(browser, PHONE, context.storage_state()).new_page()
    for path, name, ready in (
        ("/team/users", "users", "Create user"),
        ("/team/tokens", "api-tokens", "Create token"),
        ("/team/audit", "audit-log", "Apply"),
    ):
        small.goto(f"{base}{path}")
        expect(small.get_by_role("button", name=ready)).to_be_visible()
        look(small, name, PHONE["width"])
    small.goto(f"{base}/session/demo/results")
    small.get_by_role("button", name="Share").click()
    expect(small.get_by_role("list", name="Share links")).to_be_visible()
    look(small, "share-dialog", PHONE["width"], full=False)
    small.context.close()
    context.close()
    look.check()
