"""Browser test of the persona dialog's Evidence tab (docs/evidence.md): add documents, see them
listed with their words, preview what a question retrieves, refuse a wrong type, remove."""

import re
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

CAR = (
    "My car is a twelve-year-old hatchback. I would only switch to an electric car if "
    "charging at my apartment building were possible and the price came down."
)
COFFEE = "I grind my own coffee beans every morning and pay extra for fair-trade roasts."


def test_evidence_tab_upload_preview_remove(live_server: str, page: Page, tmp_path: Path):
    car, coffee, image = tmp_path / "car.txt", tmp_path / "coffee.md", tmp_path / "photo.png"
    car.write_text(CAR)
    coffee.write_text(f"# Notes\n\n{COFFEE}")
    image.write_bytes(b"\x89PNG\r\n\x1a\n")

    page.goto(f"{live_server}/personas")
    page.get_by_role("article", name="Sarah Chen").get_by_role("button", name="Edit").click()
    dialog = page.get_by_role("dialog", name="Edit Persona")
    dialog.get_by_role("tab", name="Evidence").click()
    tab = dialog.get_by_test_id("evidence-tab")
    expect(tab.get_by_text("No evidence yet")).to_be_visible()

    file_input = tab.get_by_test_id("evidence-file-input")
    file_input.set_input_files(str(car))
    expect(page.get_by_text("car.txt added as evidence (27 words)")).to_be_visible()
    file_input.set_input_files(str(coffee))
    rows = tab.get_by_test_id("evidence-row")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("TXT · 27 words · upload")
    expect(rows.nth(1)).to_contain_text("MD · 16 words · upload")
    expect(tab.get_by_test_id("evidence-totals")).to_have_text(
        "2 of 20 documents, 43 of 200,000 words"
    )

    file_input.set_input_files(str(image))
    expect(
        page.get_by_text("Invalid file type: .png. Supported: TXT, DOCX, PDF, CSV, MD")
    ).to_be_visible()
    expect(rows).to_have_count(2)

    tab.get_by_label("Preview what a question would retrieve").fill(
        "Would you buy an electric car?"
    )
    tab.get_by_label("Preview what a question would retrieve").press("Enter")
    preview = tab.get_by_test_id("evidence-preview")
    expect(preview.get_by_role("listitem").first).to_contain_text("twelve-year-old hatchback")
    expect(preview).to_contain_text("of 600 tokens")

    tab.get_by_role("button", name="Remove car.txt").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("coffee.md")
    page.reload()
    page.get_by_role("article", name="Sarah Chen").get_by_role("button", name="Edit").click()
    page.get_by_role("dialog", name="Edit Persona").get_by_role("tab", name="Evidence").click()
    expect(page.get_by_test_id("evidence-row")).to_have_count(1)


GROUP = """\
Moderator: What do you usually have for breakfast?
Maria: Toast and coffee. Nothing fancy.
Ben: I skip it mostly, I'm never hungry that early.
Chidi: Porridge, every day, with honey.
Moderator: Would you pay more for an organic cereal?
Maria: Maybe, if it tastes good.
Chidi: No. Too pricey for me.
Ben: I dunno, depends.
"""


def test_group_to_grounded_personas_then_replay(live_server: str, page: Page):
    res = httpx.post(
        f"{live_server}/api/sessions/import",
        files={"file": ("breakfast.txt", GROUP.encode())},
        data={"name": "Breakfast (people)"},
        timeout=10,
    )
    assert res.status_code == 201, res.text
    sid = res.json()["id"]

    page.goto(f"{live_server}/session/{sid}/results")
    page.get_by_role("button", name="Create personas from these participants").click()
    expect(page.get_by_text("3 personas created from this group")).to_be_visible()
    page.get_by_role("button", name="Replay on 1 held-out question").click()
    # It runs on its live page, then the comparison with the human original opens.
    expect(page).to_have_url(re.compile(rf"/compare\?ids={sid},[^,&]+$"), timeout=60_000)
    replay_id = page.url.rsplit(",", 1)[1]
    assert httpx.get(f"{live_server}/api/sessions/{replay_id}", timeout=10).json()["status"] == (
        "completed"
    )

    page.goto(f"{live_server}/session/{replay_id}/results")
    card = page.get_by_test_id("replay-similarity")
    table = card.get_by_role("table", name="Similarity to the people")
    expect(table.get_by_role("row")).to_have_count(4)  # header + Maria, Ben, Chidi
    expect(table).to_contain_text("Maria")
    expect(card.get_by_test_id("similarity-basis").first).to_have_text("held-out")
    expect(card.get_by_test_id("held-out-questions")).to_contain_text(
        "Would you pay more for an organic cereal?"
    )
    page.get_by_role("tab", name="Participants").click()
    expect(page.get_by_test_id("evidence-tier").first).to_contain_text("grounded (1 document")
    card.get_by_role("link", name="Open the comparison with the human original").click()
    expect(page).to_have_url(re.compile(r"/compare\?ids="))

    page.goto(f"{live_server}/personas")
    maria = page.get_by_role("article", name="Maria")
    expect(maria.get_by_test_id("evidence-tier")).to_contain_text("grounded (1 document")
