"""docs/architecture.md is the map of the code: every feature folder of the backend's
floors and of the frontend is named in it, so a new folder cannot go unmapped."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLOORS = (
    ROOT / "src" / "colloquy" / "services",
    ROOT / "src" / "colloquy" / "domain",
    ROOT / "frontend" / "src" / "features",
)


def feature_folders() -> list[Path]:
    return [
        folder
        for floor in FLOORS
        for folder in sorted(floor.iterdir())
        if folder.is_dir() and not folder.name.startswith(("_", "."))
    ]


def test_the_floors_have_feature_folders():
    # Guards the test below against a moved floor (an empty list would pass it).
    names = {f.name for f in feature_folders()}
    assert {"personas", "sessions", "surveys", "trust"} <= names


def test_every_feature_folder_is_named_in_the_architecture_doc():
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [
        str(folder.relative_to(ROOT))
        for folder in feature_folders()
        if f"`{folder.name}/`" not in doc and f"`{folder.name}`" not in doc
    ]
    assert not missing, f"feature folders not named in docs/architecture.md: {missing}"
