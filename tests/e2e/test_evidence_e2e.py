"""Browser test of the persona dialog's Evidence tab (issue 29): add documents, see them
listed with their words, preview what a question retrieves, refuse a wrong type, remove."""

from pathlib import Path

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
