"""Comments a newcomer can follow: no "issue N" and no "the spec" in code, tests or benches.

A maintainer cannot open an issue number or "the spec" from a clone of this repository, so
comments name the feature and link the doc instead (docs/product-rules.md §N,
docs/natural-mode.md, ...). This test lists every file:line that still cites one.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("src", "tests", "bench", "frontend/src")
TEXT_SUFFIXES = {".py", ".ts", ".tsx", ".js", ".css", ".md", ".txt", ".yaml", ".yml", ".json"}
# Built from pieces so that this file does not match its own patterns.
CITATIONS = re.compile(
    "|".join(
        (
            # an issue number, in a sentence, in parentheses, as a list or in a name
            r"(?<![a-z])issues?[ _-]?#?\d+",
            r"(?<![a-z])the[ _]" + "spec" + r"(?![a-z])",  # "the spec", "the spec's", "the_spec_"
            r"\b" + "spec" + r"(?:'s| says)",  # "spec's hints", "spec says"
        )
    ),
    re.IGNORECASE,
)


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in TEXT_SUFFIXES or not path.is_file():
                continue
            if "node_modules" in path.parts or "__pycache__" in path.parts:
                continue
            files.append(path)
    return files


def citations_in(text: str) -> list[tuple[int, str]]:
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if CITATIONS.search(line)
    ]


def test_the_patterns_catch_what_they_should():
    # Hand-written lines: each one cites an issue or the unopenable document.
    cited = [
        # Built by joining, so this file does not cite an issue itself.
        "# " + "issue 31: budgets",
        '"""Natural mode (' + 'Issue 28)."""',
        "// issues 12/14",
        "the " + "spec" + "'s messages",
        "as the " + "spec says",
        "The " + "Spec",
        "def test_uses_the_" + "spec_defaults():",
        "NO_" + "ISSUE_28_SETTINGS = {}",
    ]
    assert [n for n, _ in citations_in("\n".join(cited))] == [1, 2, 3, 4, 5, 6, 7, 8]
    # Words that merely look alike stay allowed.
    allowed = [
        "the specification of the format",
        "spec = [{'round': 0}]",
        "the issuer's key",
        "fill='#64748b'",
        "docs/product-rules.md §4",
    ]
    assert citations_in("\n".join(allowed)) == []


def test_no_issue_numbers_or_spec_citations_in_code_tests_or_benches():
    this_file = Path(__file__).resolve()
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line}"
        for path in scanned_files()
        if path.resolve() != this_file
        for number, line in citations_in(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, "Name the feature and link the doc instead:\n" + "\n".join(found)
