"""Browser end-to-end tests of the app shell and the Persona Library (product-rules §2, §3, §5, §8).

Fixtures from conftest.py: `live_server` (base URL of a fresh server seeded with p1..p10) and
`page` (a Playwright page in Debian's headless Chromium).
"""

import re

from playwright.sync_api import Page, expect

SEED_COUNT = 10
EMPTY_STATE = "No personas found. Try adjusting your search or create a new persona."


def cards(page: Page):
    return page.get_by_test_id("persona-card")


def card(page: Page, name: str):
    return page.get_by_role("article", name=name, exact=True)


def open_personas(page: Page, base: str) -> None:
    page.goto(f"{base}/personas")
    expect(page.get_by_role("heading", name="Persona Library")).to_be_visible()
    expect(cards(page)).to_have_count(SEED_COUNT)


def test_root_redirects_to_dashboard(live_server: str, page: Page):
    page.goto(f"{live_server}/")
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    expect(page.get_by_role("heading", name="AI Focus Groups")).to_be_visible()
    expect(page.get_by_text("AI-Powered Consumer Research")).to_be_visible()


def test_sidebar_links_highlight_and_model(live_server: str, page: Page):
    page.goto(f"{live_server}/dashboard")
    sidebar = page.get_by_role("complementary", name="Sidebar")
    expect(sidebar.get_by_text("Colloquy", exact=True)).to_be_visible()
    expect(sidebar.get_by_role("link", name="Dashboard")).to_have_attribute("aria-current", "page")
    expect(sidebar.get_by_test_id("model-status")).to_contain_text("Model: openai · fake-model")

    sidebar.get_by_role("link", name="Personas").click()
    expect(page).to_have_url(re.compile(r"/personas$"))
    expect(sidebar.get_by_role("link", name="Personas")).to_have_attribute("aria-current", "page")
    expect(sidebar.get_by_role("link", name="Dashboard")).not_to_have_attribute(
        "aria-current", "page"
    )

    sidebar.get_by_role("link", name="New Session").click()
    expect(page).to_have_url(re.compile(r"/create-session$"))
    expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()


def test_unknown_path_shows_404_also_on_reload(live_server: str, page: Page):
    page.goto(f"{live_server}/no/such/page")
    expect(page.get_by_text("Oops! Page not found")).to_be_visible()
    page.reload()
    expect(page.get_by_text("Oops! Page not found")).to_be_visible()
    page.get_by_role("link", name="Return to Home").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))


def test_personas_page_shows_seed_cards_with_trait_bars(live_server: str, page: Page):
    open_personas(page, live_server)
    first = cards(page).first
    for trait in ["Openness", "Conscientiousness", "Extraversion", "Agreeableness", "Neuroticism"]:
        expect(first.get_by_text(trait, exact=True)).to_be_visible()
    expect(first.get_by_text(re.compile(r"^\d{1,3}/100$"))).to_have_count(5)
    expect(first.get_by_role("meter")).to_have_count(5)
    expect(first.get_by_role("button", name="Use in Session")).to_be_visible()
    expect(first.get_by_role("button", name="Edit")).to_be_visible()
    # Every card shows five value/100 labels.
    expect(page.get_by_text(re.compile(r"^\d{1,3}/100$"))).to_have_count(5 * SEED_COUNT)

    sarah = card(page, "Sarah Chen")
    expect(sarah.get_by_test_id("persona-avatar")).to_have_text("SC")
    expect(sarah.get_by_text("28 · San Francisco, CA")).to_be_visible()
    expect(sarah.get_by_test_id("trait-openness")).to_contain_text("85/100")


def test_search_filters_and_shows_empty_state(live_server: str, page: Page):
    open_personas(page, live_server)
    search = page.get_by_placeholder("Search personas...")
    search.fill("SARAH")
    expect(cards(page)).to_have_count(1)
    expect(card(page, "Sarah Chen")).to_be_visible()

    search.fill("no persona has this name")
    expect(cards(page)).to_have_count(0)
    expect(page.get_by_text(EMPTY_STATE)).to_be_visible()

    search.fill("")
    expect(cards(page)).to_have_count(SEED_COUNT)


def test_create_dialog_tabs_and_save_rule(live_server: str, page: Page):
    open_personas(page, live_server)
    page.get_by_role("button", name="Create New Persona").click()
    dialog = page.get_by_role("dialog", name="Create New Persona")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("tab")).to_have_text(
        ["Basic Info", "Big Five", "Interests", "AI Assist"]
    )
    expect(dialog.get_by_role("button", name="Cancel")).to_be_visible()
    save = dialog.get_by_role("button", name="Save Persona")
    expect(save).to_be_disabled()

    # Defaults: age 30, gender Male, income $60-100k; template Custom (blank).
    expect(dialog.get_by_label("Age")).to_have_value("30")
    expect(dialog.get_by_label("Gender")).to_have_text("Male")
    expect(dialog.get_by_label("Income")).to_have_text("$60-100k")
    expect(dialog.get_by_label("Template")).to_have_text("Custom (blank)")

    dialog.get_by_label("Name").fill("Test Shopper")
    expect(save).to_be_disabled()
    dialog.get_by_label("Location").fill("Denver, CO")
    expect(save).to_be_disabled()

    dialog.get_by_role("tab", name="Interests").click()
    interest = dialog.get_by_label("Add interest")
    interest.fill("   ")
    interest.press("Enter")
    expect(save).to_be_disabled()
    interest.fill("Cycling")
    interest.press("Enter")
    expect(save).to_be_enabled()

    for extra in ["Coffee", "Podcasts", "Travel", "Cooking"]:
        interest.fill(extra)
        interest.press("Enter")
    expect(interest).to_be_disabled()
    expect(dialog.get_by_role("button", name="Add", exact=True)).to_be_disabled()

    dialog.get_by_role("tab", name="Basic Info").click()
    dialog.get_by_label("Name").fill("   ")
    expect(save).to_be_disabled()

    dialog.get_by_role("tab", name="Big Five").click()
    expect(dialog.get_by_role("slider")).to_have_count(5)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(cards(page)).to_have_count(SEED_COUNT)


def test_create_persona_from_template(live_server: str, page: Page):
    open_personas(page, live_server)
    page.get_by_role("button", name="Create New Persona").click()
    dialog = page.get_by_role("dialog", name="Create New Persona")

    dialog.get_by_label("Template").click()
    page.get_by_role("option", name="Pain Sufferer").click()
    expect(dialog.get_by_label("Age")).to_have_value("52")
    expect(dialog.get_by_label("Location")).to_have_value(re.compile("Phoenix"))

    dialog.get_by_label("Name").fill("Template Tina")
    expect(dialog.get_by_role("button", name="Save Persona")).to_be_enabled()
    dialog.get_by_role("button", name="Save Persona").click()
    expect(page.get_by_text("Persona created successfully")).to_be_visible()
    expect(cards(page)).to_have_count(SEED_COUNT + 1)
    expect(card(page, "Template Tina").get_by_text(re.compile(r"^52 · Phoenix"))).to_be_visible()


def test_create_persona(live_server: str, page: Page):
    open_personas(page, live_server)
    page.get_by_role("button", name="Create New Persona").click()
    dialog = page.get_by_role("dialog", name="Create New Persona")

    dialog.get_by_label("Name").fill("Nora Quinn")
    dialog.get_by_label("Age").fill("44")
    dialog.get_by_label("Location").fill("Boise, ID")
    dialog.get_by_label("Gender").click()
    page.get_by_role("option", name="Non-binary").click()
    dialog.get_by_label("Income").click()
    page.get_by_role("option", name="$150k+").click()

    dialog.get_by_role("tab", name="Big Five").click()
    openness = dialog.get_by_role("slider", name="Openness")
    openness.focus()
    for _ in range(10):
        openness.press("ArrowRight")
    expect(dialog.get_by_test_id("trait-value-openness")).to_have_text("60/100")

    dialog.get_by_role("tab", name="Interests").click()
    dialog.get_by_label("Add interest").fill("Fly fishing")
    dialog.get_by_role("button", name="Add", exact=True).click()

    dialog.get_by_role("button", name="Save Persona").click()
    expect(page.get_by_text("Persona created successfully")).to_be_visible()
    expect(dialog).to_be_hidden()

    new = card(page, "Nora Quinn")
    expect(new).to_be_visible()
    expect(new.get_by_test_id("persona-avatar")).to_have_text("NQ")
    expect(new.get_by_text("44 · Boise, ID")).to_be_visible()
    expect(new.get_by_test_id("trait-openness")).to_contain_text("60/100")
    expect(new.get_by_test_id("trait-neuroticism")).to_contain_text("50/100")
    expect(new.get_by_text("Fly fishing")).to_be_visible()

    page.reload()
    expect(cards(page)).to_have_count(SEED_COUNT + 1)
    expect(card(page, "Nora Quinn")).to_be_visible()


def test_edit_persona(live_server: str, page: Page):
    open_personas(page, live_server)
    card(page, "Sarah Chen").get_by_role("button", name="Edit").click()
    dialog = page.get_by_role("dialog", name="Edit Persona")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("Template")).to_have_count(0)
    expect(dialog.get_by_label("Name")).to_have_value("Sarah Chen")
    expect(dialog.get_by_label("Location")).to_have_value("San Francisco, CA")

    dialog.get_by_label("Name").fill("Sarah Chen-Lopez")
    dialog.get_by_label("Location").fill("Oakland, CA")
    dialog.get_by_role("tab", name="Interests").click()
    dialog.get_by_label("Add interest").fill("Pottery")
    dialog.get_by_label("Add interest").press("Enter")
    dialog.get_by_role("button", name="Save Persona").click()

    expect(page.get_by_text("Persona updated successfully")).to_be_visible()
    edited = card(page, "Sarah Chen-Lopez")
    expect(edited).to_be_visible()
    expect(edited.get_by_text("28 · Oakland, CA")).to_be_visible()
    expect(edited.get_by_text("Pottery")).to_be_visible()
    expect(card(page, "Sarah Chen")).to_have_count(0)
    expect(cards(page)).to_have_count(SEED_COUNT)

    page.reload()
    expect(card(page, "Sarah Chen-Lopez")).to_be_visible()


def test_delete_persona_with_confirmation(live_server: str, page: Page):
    open_personas(page, live_server)
    target = card(page, "Sarah Chen")

    target.get_by_role("button", name="Delete persona").click()
    confirm = page.get_by_role("alertdialog", name="Delete Persona?")
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_be_hidden()
    expect(cards(page)).to_have_count(SEED_COUNT)

    target.get_by_role("button", name="Delete persona").click()
    page.get_by_role("alertdialog", name="Delete Persona?").get_by_role(
        "button", name="Delete", exact=True
    ).click()
    expect(page.get_by_text("Persona deleted")).to_be_visible()
    expect(cards(page)).to_have_count(SEED_COUNT - 1)
    expect(card(page, "Sarah Chen")).to_have_count(0)

    page.reload()
    expect(cards(page)).to_have_count(SEED_COUNT - 1)


def test_use_in_session_carries_the_persona(live_server: str, page: Page):
    open_personas(page, live_server)
    card(page, "Sarah Chen").get_by_role("button", name="Use in Session").click()
    expect(page).to_have_url(re.compile(r"/create-session$"))
    expect(page.get_by_role("heading", name="Create New Session")).to_be_visible()
    expect(page.get_by_text("Sarah Chen")).to_be_visible()
