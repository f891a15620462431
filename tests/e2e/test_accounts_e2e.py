"""Browser end-to-end: a team server off loopback. The first admin comes from
`colloquy users create --admin`; then `serve` accepts a non-loopback address, the browser is
sent to sign-in, a wrong password is refused, and once signed in the user menu changes the
password (a cookie-authenticated write, so the API client's CSRF header is exercised)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import LiveServer
from e2e.test_accessibility_e2e import _axe_violations
from e2e.test_auth_e2e import watch

EMAIL = "lead@example.com"
PASSWORD = "a team password 1"
NEW_PASSWORD = "another password 2"


def outward_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent for a UDP connect
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


@pytest.fixture
def team_server(tmp_path, fake_llm):
    address = outward_address()
    if address is None:
        pytest.skip("no non-loopback address to serve on")
    data = tmp_path / "data"
    env = {
        "COLLOQUY_HOST": "0.0.0.0",
        "COLLOQUY_PUBLIC_HOSTS": address,
    }
    server = LiveServer(data, fake_llm.base_url, env)
    colloquy = Path(sys.executable).with_name("colloquy")
    made = subprocess.run(
        [str(colloquy), "users", "create", "--admin", EMAIL],
        input=PASSWORD + "\n",
        check=False,
        env=server.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    server.start()
    yield f"http://{address}:{server.port}"
    server.stop()


def test_sign_in_off_loopback_with_an_account(team_server, page: Page):
    assert httpx.get(f"{team_server}/api/personas").status_code == 401
    dialogs, violations = watch(page)
    page.goto(f"{team_server}/personas")
    expect(page).to_have_url(re.compile(r"/sign-in\?next=%2Fpersonas$"))
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_have_text("Wrong email or password")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{team_server}/personas")
    expect(page.get_by_text("Sarah Chen").first).to_be_visible()
    cookies = {c["name"]: c for c in page.context.cookies()}
    session = cookies["colloquy_session"]
    assert session["httpOnly"] and session["sameSite"] == "Lax" and not session["secure"]
    assert not cookies["colloquy_csrf"]["httpOnly"]

    page.set_viewport_size({"width": 1280, "height": 800})
    menu = page.get_by_role("complementary", name="Sidebar")
    expect(menu.get_by_text(EMAIL)).to_be_visible()
    menu.get_by_role("button", name="Change password").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Current password").fill(PASSWORD)
    dialog.get_by_label("New password").fill(NEW_PASSWORD)
    dialog.get_by_role("button", name="Change password").click()
    expect(dialog.get_by_role("status")).to_have_text("Password changed.")
    page.keyboard.press("Escape")

    menu.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"/sign-in$"))
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(f"{team_server}/dashboard")
    assert dialogs == [] and violations == []


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def test_sign_in_and_user_menu_pass_axe_on_desktop_and_phone(team_server, browser, tmp_path):
    shots = Path(os.environ.get("COLLOQUY_SCREENSHOT_DIR", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    found: dict[str, list[str]] = {}
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{team_server}/sign-in")
        expect(page.get_by_label("Email")).to_be_visible()
        found[f"{name} sign-in"] = _axe_violations(page)
        page.screenshot(path=str(shots / f"{name}-sign-in.png"), full_page=True)
        page.get_by_label("Email").fill(EMAIL)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        expect(page).to_have_url(f"{team_server}/dashboard")
        if name == "phone":
            page.get_by_role("button", name="Open menu").click()
        expect(page.get_by_role("button", name="Sign out")).to_be_visible()
        found[f"{name} user menu"] = _axe_violations(page)
        page.screenshot(path=str(shots / f"{name}-user-menu.png"), full_page=True)
        page.get_by_role("button", name="Change password").click()
        expect(page.get_by_role("dialog")).to_be_visible()
        found[f"{name} change password"] = _axe_violations(page)
        page.screenshot(path=str(shots / f"{name}-change-password.png"))
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name}: horizontal scroll ({width} px)"
        context.close()
    serious = {screen: v for screen, v in found.items() if v}
    assert not serious, f"axe-core found serious or critical violations: {serious}"
