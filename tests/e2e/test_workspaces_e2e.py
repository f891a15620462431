"""Browser end-to-end: workspaces on a team server off loopback. The admin signs in, sees
the workspace switcher (two workspaces), adds a researcher to "Marketing" on the Members
and roles page, copies a persona there, switches to it and finds the copy alone; axe-clean
and photographed at desktop and phone widths."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.test_accessibility_e2e import _axe_violations
from e2e.test_accounts_e2e import DESKTOP, EMAIL, PASSWORD, PHONE, team_server  # noqa: F401

RESEARCHER = "rita@example.com"

pytestmark = pytest.mark.timeout(240)


def _prepare(url: str) -> None:
    """Through the API as the admin: a second workspace and a researcher's account."""
    with httpx.Client(base_url=url, timeout=30) as api:
        signed = api.post("/api/auth/sign-in", json={"email": EMAIL, "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        csrf = {"X-CSRF-Token": api.cookies["colloquy_csrf"]}
        made = api.post("/api/workspaces", json={"name": "Marketing"}, headers=csrf)
        assert made.status_code == 201, made.text
        user = {"email": RESEARCHER, "password": "a researcher pass 1"}
        assert api.post("/api/users", json=user, headers=csrf).status_code == 201


def _no_toast(page: Page) -> None:
    """Toasts fade after a few seconds: the screen is checked as it stays."""
    expect(page.locator("[data-sonner-toast]")).to_have_count(0, timeout=15_000)


def _sign_in(page: Page, url: str) -> None:
    page.goto(f"{url}/sign-in")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{url}/dashboard")


def test_members_copy_and_switch_workspaces(team_server, browser: Browser, tmp_path):  # noqa: F811
    url = team_server
    _prepare(url)
    shots = Path(os.environ.get("COLLOQUY_SCREENSHOT_DIR", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    found: dict[str, list[str]] = {}

    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    _sign_in(page, url)
    sidebar = page.get_by_role("complementary", name="Sidebar")
    switcher = sidebar.get_by_label("Workspace")
    expect(switcher).to_have_value("default")
    sidebar.get_by_role("link", name="Members and roles").click()
    expect(page.get_by_role("heading", name="Members and roles")).to_be_visible()
    page.get_by_role("button", name="Marketing").click()
    expect(page.get_by_text("No members yet: add one by email below.")).to_be_visible()
    page.get_by_label("Email of the account to add").fill(RESEARCHER)
    page.get_by_role("button", name="Add member").click()
    members = page.get_by_role("list", name="Members")
    expect(members.get_by_text(RESEARCHER)).to_be_visible()
    page.get_by_label(f"Role of {RESEARCHER}").select_option("viewer")
    expect(page.get_by_label(f"Role of {RESEARCHER}")).to_have_value("viewer")
    _no_toast(page)
    found["desktop members"] = _axe_violations(page)
    page.screenshot(path=str(shots / "desktop-members.png"), full_page=True)

    page.goto(f"{url}/personas")
    card = page.get_by_role("article", name="Sarah Chen")
    card.get_by_role("button", name="Copy to workspace").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_label("Workspace").locator("option")).to_have_text(["Marketing"])
    found["desktop copy dialog"] = _axe_violations(page)
    page.screenshot(path=str(shots / "desktop-copy-to-workspace.png"))
    dialog.get_by_role("button", name="Copy").click()
    expect(page.get_by_text("Sarah Chen copied to Marketing")).to_be_visible()

    sidebar.get_by_label("Workspace").select_option(label="Marketing")
    expect(page).to_have_url(f"{url}/dashboard")
    expect(sidebar.get_by_label("Workspace")).not_to_have_value("default")
    page.goto(f"{url}/personas")
    expect(page.get_by_role("article", name="Sarah Chen")).to_be_visible()
    expect(page.get_by_role("article")).to_have_count(1)  # only the copy: the others stay
    _no_toast(page)
    found["desktop switcher"] = _axe_violations(page)
    page.screenshot(path=str(shots / "desktop-workspace-switcher.png"), full_page=True)
    context.close()

    phone = browser.new_context(viewport=PHONE, bypass_csp=True)
    page = phone.new_page()
    page.set_default_timeout(20_000)
    _sign_in(page, url)
    page.get_by_role("button", name="Open menu").click()
    menu = page.locator("#mobile-nav")
    expect(menu.get_by_label("Workspace")).to_be_visible()
    found["phone menu"] = _axe_violations(page)
    page.screenshot(path=str(shots / "phone-workspace-switcher.png"), full_page=True)
    menu.get_by_role("link", name="Members and roles").click()
    expect(page.get_by_role("list", name="Workspaces")).to_be_visible()
    found["phone members"] = _axe_violations(page)
    page.screenshot(path=str(shots / "phone-members.png"), full_page=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"phone: horizontal scroll ({width} px)"
    phone.close()
    serious = {screen: v for screen, v in found.items() if v}
    assert not serious, f"axe-core found serious or critical violations: {serious}"
