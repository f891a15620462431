"""Browser end-to-end tests of Create New Session and the live session (product-rules §2, §4, §5, §8).

Fixtures from conftest.py: `live_server` (a fresh server seeded with p1..p10, talking to the
loopback fake OpenAI-compatible model), `page` (Playwright in Debian's Chromium) and
`fake_llm` (that fake model, shared by the whole run: every test sets its responder).
Sessions are kept small (3 personas, 2 questions, brief) so that they finish in seconds.
"""

import base64
import re
import time

import httpx
import pytest
from playwright.sync_api import Page, expect

from support.fake_openai import FakeError, FakeReply, default_responder

PARTICIPANTS = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]
# 2 questions x (question + 2 round prompts + 3 rounds x 3 answers)
MESSAGES_PER_SESSION = 2 * (3 + 3 * 3)
TOTAL_RESPONSES = 2 * 3 * 3
# A 1x1 transparent PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
)


@pytest.fixture(autouse=True)
def patient(page: Page):
    """Live sessions involve a server, a model and a stream: allow for a busy machine."""
    page.set_default_timeout(20_000)
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture(autouse=True)
def fast_model(fake_llm):
    """Every test starts with the default, instant persona answers."""
    fake_llm.set_responder(None)
    fake_llm.reset()
    yield
    fake_llm.set_responder(None)


def option(page: Page, name: str):
    """A persona's select toggle on the create form."""
    return page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}"))


def question(page: Page, n: int):
    return page.get_by_role("textbox", name=f"Question {n}", exact=True)


def create_via_api(base: str, name: str = "API session") -> str:
    body = {
        "name": name,
        "description": "Made by the test",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "stimuli": [],
        "questions": ["What do you think of the refill pouch?", "Would you buy it?"],
        "settings": {
            "responseLength": "brief",
            "discussionMode": "sequential",
            "autoAdvance": False,
        },
    }
    response = httpx.post(f"{base}/api/sessions", json=body, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["id"]


def expect_completed(page: Page) -> None:
    expect(page.get_by_role("link", name="View Results")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("overall-progress")).to_have_text(
        f"{TOTAL_RESPONSES} / {TOTAL_RESPONSES} responses"
    )
    expect(page.get_by_test_id("message")).to_have_count(MESSAGES_PER_SESSION)


def test_empty_dashboard_to_a_completed_live_session(live_server: str, page: Page, fake_llm):
    page.goto(f"{live_server}/dashboard")
    expect(
        page.get_by_text("No sessions yet. Create your first session or try our demo!")
    ).to_be_visible()
    page.get_by_role("link", name="Create New Session").click()
    expect(page).to_have_url(re.compile(r"/create-session$"))
    expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()

    start = page.get_by_role("button", name="Start Session")
    expect(start).to_be_disabled()
    expect(page.get_by_test_id("start-hint")).to_have_text("Please select 3-8 personas")
    expect(page.get_by_role("textbox", name=re.compile(r"^Question \d+$"))).to_have_count(3)

    page.get_by_label("Session Name").fill("Refill pouch study")
    for name in PARTICIPANTS:
        option(page, name).click()
    expect(page.get_by_test_id("selected-count")).to_have_text("3 selected")
    expect(page.get_by_test_id("start-hint")).to_have_count(0)
    expect(page.get_by_test_id("diversity-card")).to_be_visible()
    question(page, 1).fill("What is your first impression of the refill pouch?")
    expect(start).to_be_disabled()
    question(page, 2).fill("Would you switch from the bottle?")
    expect(start).to_be_enabled()
    page.get_by_role("radio", name=re.compile("^Brief")).click()
    # 3 participants x 2 questions x 50 tokens
    expect(page.get_by_test_id("token-estimate")).to_have_text("~300 tokens")

    page.get_by_role("button", name="Add Text").click()
    panel = page.get_by_test_id("add-stimulus-panel")
    panel.get_by_label("Title").fill("Concept statement")
    panel.get_by_label("Content").fill("A refill pouch that uses 70% less plastic.")
    panel.get_by_role("button", name="Add Stimulus").click()
    expect(page.get_by_text("Stimulus added.")).to_be_visible()
    expect(panel).to_have_count(0)
    expect(page.get_by_test_id("stimulus-item")).to_have_count(1)

    start.click()
    expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+$"))
    expect(page.get_by_role("heading", name="Refill pouch study")).to_be_visible()
    stimuli = page.get_by_role("region", name="Stimulus Materials")
    expect(stimuli.get_by_text("A refill pouch that uses 70% less plastic.")).to_be_visible()
    expect(page.get_by_test_id("participant")).to_have_count(3)
    expect_completed(page)

    messages = page.get_by_test_id("message")
    expect(messages.first).to_contain_text("What is your first impression of the refill pouch?")
    expect(messages.nth(1)).to_contain_text("Sarah Chen")
    expect(page.get_by_test_id("sentiment-emoji")).to_have_count(TOTAL_RESPONSES)
    expect(page.get_by_text("[Round 2] Please respond to what others have shared.")).to_have_count(
        2
    )
    expect(page.get_by_test_id("question-progress")).to_have_text("2 of 2")
    expect(page.get_by_test_id("round-progress")).to_have_text(
        "Discussion Round 3 of 3 (Multi-turn Dialog)"
    )
    expect(page.get_by_test_id("tokens-used")).to_have_text(re.compile(r"^~[1-9][\d,]*$"))
    for name in ["Save", "End Session", "Stop"]:
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(0)
    assert all(r.get("max_tokens") == 50 for r in fake_llm.requests)

    # The draft was cleared when the session started.
    assert httpx.get(f"{live_server}/api/draft").json() == {"draft": None}

    page.get_by_role("link", name="View Results").click()
    expect(page).to_have_url(re.compile(r"/session/s[0-9a-f]+/results$"))


def test_answers_stream_in_then_stop_and_retry(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), tokens_per_second=25))
    session_id = create_via_api(live_server, "Stop and retry")
    page.goto(f"{live_server}/session/{session_id}")

    # Opening the page starts the run; answers stream in before they are stored.
    writing = page.get_by_test_id("writing-answer").first
    expect(writing).to_contain_text("is thinking...")
    expect(writing).to_contain_text(re.compile(r"is thinking\.\.\..*\w+", re.DOTALL))
    expect(page.get_by_test_id("speaking-badge")).to_have_count(1)
    stop = page.get_by_role("button", name="Stop", exact=True)
    expect(stop).to_be_enabled()

    stop.click()
    error = page.get_by_test_id("generation-error")
    expect(error).to_contain_text("Session stopped by user")
    expect(stop).to_be_disabled()
    expect(page.get_by_test_id("writing-answer")).to_have_count(0)
    stored = page.get_by_test_id("message").count()
    assert stored < MESSAGES_PER_SESSION

    fake_llm.set_responder(None)
    error.get_by_role("button", name="Retry").click()
    expect(error).to_have_count(0)
    expect_completed(page)


def test_a_page_reloaded_mid_answer_keeps_the_text_so_far(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), tokens_per_second=4))
    session_id = create_via_api(live_server, "Reload mid-answer")
    page.goto(f"{live_server}/session/{session_id}")
    writing = page.get_by_test_id("writing-answer").first
    expect(writing).to_contain_text(re.compile(r"is thinking\.\.\.\s*\S+\s+\S+", re.DOTALL))
    before = writing.inner_text().split("is thinking...", 1)[1].strip()

    page.reload()
    # The stream starts with the answers being written and the text they have so far.
    writing = page.get_by_test_id("writing-answer").first
    expect(writing).to_contain_text(before, timeout=3_000)

    page.get_by_role("button", name="Stop", exact=True).click()
    expect(page.get_by_test_id("generation-error")).to_contain_text("Session stopped by user")


def test_credits_error_shows_the_hint_then_retry_completes(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(lambda body: FakeError(402, "insufficient credits"))
    session_id = create_via_api(live_server, "Credits test")
    page.goto(f"{live_server}/session/{session_id}")

    error = page.get_by_test_id("generation-error")
    expect(error).to_be_visible(timeout=15_000)
    expect(error.get_by_test_id("generation-error-message")).to_contain_text("402")
    expect(error.get_by_test_id("generation-error-hint")).to_have_text(
        "Credits depleted. Please add credits to continue."
    )
    expect(page.get_by_text("Credits Depleted", exact=True)).to_be_visible()
    expect(error.get_by_role("button", name="Exit Session")).to_be_visible()
    expect(page.get_by_role("button", name="Stop", exact=True)).to_be_disabled()

    fake_llm.set_responder(None)
    error.get_by_role("button", name="Retry").click()
    expect_completed(page)
    expect(page.get_by_test_id("generation-error")).to_have_count(0)


def test_exit_session_from_the_error_box(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(lambda body: FakeError(429, "slow down", headers={"Retry-After": "0"}))
    session_id = create_via_api(live_server, "Rate limited")
    page.goto(f"{live_server}/session/{session_id}")
    error = page.get_by_test_id("generation-error")
    expect(error.get_by_test_id("generation-error-hint")).to_have_text(
        "Too many requests. Please wait a moment.", timeout=20_000
    )
    expect(page.get_by_text("Rate Limit Exceeded", exact=True)).to_be_visible()
    error.get_by_role("button", name="Exit Session").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))


def test_save_and_end_session(live_server: str, page: Page, fake_llm):
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), tokens_per_second=20))
    session_id = create_via_api(live_server, "Ended early")
    page.goto(f"{live_server}/session/{session_id}")
    expect(page.get_by_test_id("message").first).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Session saved")).to_be_visible()
    page.get_by_role("button", name="End Session").click()
    expect(page.get_by_role("link", name="View Results")).to_be_visible()
    assert httpx.get(f"{live_server}/api/sessions/{session_id}").json()["status"] == "completed"


def test_unknown_session_redirects_to_the_dashboard(live_server: str, page: Page):
    page.goto(f"{live_server}/session/no-such-session")
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    expect(page.get_by_role("heading", name="AI Focus Groups")).to_be_visible()


def test_draft_survives_a_reload(live_server: str, page: Page):
    page.goto(f"{live_server}/create-session")
    page.get_by_label("Session Name").fill("Unfinished study")
    option(page, "David Kim").click()
    option(page, "Linda Walsh").click()
    question(page, 1).fill("A question worth keeping?")
    page.get_by_role("radio", name=re.compile("^Probing")).click()
    # Autosave runs every 5 s while a name or participants exist.
    with page.expect_request(
        lambda r: r.url.endswith("/api/draft") and r.method == "PUT", timeout=8_000
    ):
        pass
    time.sleep(0.3)
    page.reload()
    expect(page.get_by_label("Session Name")).to_have_value("Unfinished study")
    expect(page.get_by_test_id("selected-count")).to_have_text("2 selected")
    expect(option(page, "David Kim")).to_have_attribute("aria-pressed", "true")
    expect(option(page, "Linda Walsh")).to_have_attribute("aria-pressed", "true")
    expect(question(page, 1)).to_have_value("A question worth keeping?")
    expect(page.get_by_role("radio", name=re.compile("^Probing"))).to_have_attribute(
        "aria-checked", "true"
    )

    page.get_by_role("link", name="Cancel").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))


def test_use_in_session_persona_comes_first_and_ninth_is_ignored(live_server: str, page: Page):
    page.goto(f"{live_server}/personas")
    page.get_by_role("article", name="Jordan Taylor", exact=True).get_by_role(
        "button", name="Use in Session"
    ).click()
    expect(page).to_have_url(re.compile(r"/create-session$"))
    options = page.get_by_test_id("participant-option")
    expect(options.first).to_contain_text("Jordan Taylor")
    expect(options.first).to_have_attribute("aria-pressed", "true")
    for i in range(1, 8):
        options.nth(i).click()
    expect(page.get_by_test_id("selected-count")).to_have_text("8 selected")
    ninth = options.nth(9)
    expect(ninth).to_have_attribute("aria-disabled", "true")
    ninth.click(force=True)  # selecting beyond 8 is ignored
    expect(ninth).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("selected-count")).to_have_text("8 selected")


def test_questions_templates_and_stimulus_rules(live_server: str, page: Page, tmp_path):
    page.goto(f"{live_server}/create-session")
    rows = page.get_by_role("textbox", name=re.compile(r"^Question \d+$"))
    page.get_by_role("button", name="Remove question 3").click()
    expect(rows).to_have_count(2)
    expect(page.get_by_role("button", name=re.compile(r"^Remove question"))).to_have_count(0)
    page.get_by_role("combobox", name="Question template").click()
    page.get_by_role("option", name="Product Testing (5)").click()
    expect(rows).to_have_count(5)
    expect(question(page, 1)).to_have_value("What is your first impression of this product?")

    # Video: platform detection and its messages.
    page.get_by_role("button", name="Add Video").click()
    panel = page.get_by_test_id("add-stimulus-panel")
    panel.get_by_role("button", name="Add Stimulus").click()
    expect(page.get_by_text("Please fill in all fields")).to_be_visible()
    panel.get_by_label("Title").fill("Launch ad")
    panel.get_by_label("Video URL").fill("https://example.com/not-a-video")
    panel.get_by_role("button", name="Add Stimulus").click()
    expect(page.get_by_text("Unsupported video URL format")).to_be_visible()
    panel.get_by_label("Video URL").fill("https://youtu.be/dQw4w9WgXcQ")
    panel.get_by_role("button", name="Add Stimulus").click()
    items = page.get_by_test_id("stimulus-item")
    expect(items).to_have_count(1)
    expect(items.first.get_by_test_id("platform-badge")).to_have_text("YouTube")

    # Audio: Cancel closes and clears the panel.
    page.get_by_role("button", name="Add Audio").click()
    panel.get_by_label("Title").fill("Jingle")
    panel.get_by_role("button", name="Cancel").click()
    expect(panel).to_have_count(0)
    page.get_by_role("button", name="Add Audio").click()
    expect(panel.get_by_label("Title")).to_have_value("")
    panel.get_by_label("Title").fill("Jingle")
    panel.get_by_label("Audio URL").fill("https://open.spotify.com/track/abc")
    panel.get_by_role("button", name="Add Stimulus").click()
    expect(items).to_have_count(2)
    expect(items.nth(1).get_by_test_id("platform-badge")).to_have_text("Spotify")

    # Image upload to /api/uploads, served back under /uploads/.
    image = tmp_path / "pack-shot.png"
    image.write_bytes(PNG)
    page.get_by_role("button", name="Add Image").click()
    page.get_by_label("Upload images").set_input_files(str(image))
    expect(page.get_by_text("pack-shot.png uploaded")).to_be_visible()
    expect(items).to_have_count(3)
    expect(items.nth(2)).to_contain_text("pack-shot")
    src = items.nth(2).locator("img").get_attribute("src")
    assert re.fullmatch(r"/uploads/\d{13}-[0-9a-f]{16}\.png", src or ""), src
    assert httpx.get(f"{live_server}{src}").content == PNG

    # A file that is not an image is refused by the server.
    bogus = tmp_path / "notes.png"
    bogus.write_bytes(b"plain text, not an image")
    page.get_by_role("button", name="Add Image").click()
    page.get_by_label("Upload images").set_input_files(str(bogus))
    expect(page.get_by_text("Failed to upload notes.png")).to_be_visible()
    expect(items).to_have_count(3)

    items.nth(0).get_by_role("button", name="Remove Launch ad").click()
    expect(items).to_have_count(2)
