"""The text of a DOCX: its paragraphs and table rows in document order, read with bounds.

Why not python-docx: it builds an object per paragraph, run and cell, which took 50 s for
95,000 one-word paragraphs on a busy 2-core machine; the main part's XML is read here in
one pass with lxml instead (same text: runs' text, tabs and breaks; a table row's cells
joined by tabs).

Why bounds: a DOCX is a zip, and a few kilobytes can unpack to gigabytes of XML (a "zip
bomb"). The unpacked size may be at most what a real document of the upload's size
unpacks to (text XML packs about 5-10 to 1), and zipfile never inflates a member past
the size its entry declares, so checking the declared sizes bounds what is read.
"""

from __future__ import annotations

import io
import posixpath
import zipfile

from lxml import etree  # type: ignore[import-untyped]  # no stubs installed

from colloquy.errors import ValidationFailed

DOCX_UNPACKED_BASE = 1024 * 1024
DOCX_UNPACKED_RATIO = 30
DOCX_MAX_UNPACKED = 64 * 1024 * 1024
MSG_DOCX_TOO_BIG = (
    "This DOCX file unpacks to far more than a document of its size holds; it cannot be read"
)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MAIN = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
_CHARS = {f"{_W}tab": "\t", f"{_W}ptab": "\t", f"{_W}br": "\n", f"{_W}cr": "\n"}
_CHARS[f"{_W}noBreakHyphen"] = "-"
_P, _T, _TBL, _TR, _TC = (f"{_W}{t}" for t in ("p", "t", "tbl", "tr", "tc"))
_WALKED = (_P, _T, _TBL, _TR, _TC, *_CHARS)


def unpacked_limit(size: int) -> int:
    """The most a DOCX of `size` bytes may unpack to."""
    return min(DOCX_MAX_UNPACKED, DOCX_UNPACKED_BASE + DOCX_UNPACKED_RATIO * size)


def _parser() -> etree.XMLParser:
    # No entities, no network, libxml2's own depth and size limits (huge_tree off).
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def _main_part(archive: zipfile.ZipFile) -> str:
    """The main document's name, from the package's relationships."""
    try:
        rels = etree.fromstring(archive.read("_rels/.rels"), _parser())
    except KeyError:
        return "word/document.xml"
    for rel in rels:
        target = str(rel.get("Target") or "")
        if rel.get("Type") == _MAIN and target:
            return posixpath.normpath(target.lstrip("/"))
    return "word/document.xml"


def docx_blocks(data: bytes) -> list[str]:
    """Each body paragraph's text and each table row's cells (tab-separated), in order.
    ValidationFailed for a file past the bounds; other errors for a damaged one."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        if sum(i.file_size for i in archive.infolist()) > unpacked_limit(len(data)):
            raise ValidationFailed([MSG_DOCX_TOO_BIG])
        root = etree.fromstring(archive.read(_main_part(archive)), _parser())
    body = root.find(f"{_W}body")
    return _Blocks().read(body) if body is not None else []


class _Blocks:
    """One walk over the body's elements (lxml's iterwalk, in C), keeping the text of each
    outermost paragraph; inside a table, paragraphs make cells and cells make rows."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.para: list[str] | None = None
        self.para_el: etree._Element | None = None
        self.tables = 0
        self.row: list[str] = []
        self.cell: list[str] = []

    def read(self, body: etree._Element) -> list[str]:
        for event, el in etree.iterwalk(body, events=("start", "end"), tag=_WALKED):
            if event == "start":
                self._start(el)
            else:
                self._end(el)
        return self.parts

    def _start(self, el: etree._Element) -> None:
        tag = el.tag
        if tag == _P:
            if self.para is None:
                self.para, self.para_el = [], el
        elif tag == _TBL:
            self.tables += 1
        elif tag == _TR and self.tables == 1:
            self.row = []
        elif tag == _TC and self.tables == 1:
            self.cell = []
        elif self.para is not None:
            self.para.append(el.text or "" if tag == _T else _CHARS[tag])

    def _end(self, el: etree._Element) -> None:
        tag = el.tag
        if tag == _P and el is self.para_el and self.para is not None:
            text = "".join(self.para)
            (self.cell if self.tables else self.parts).append(text)
            self.para, self.para_el = None, None
        elif tag == _TBL:
            self.tables -= 1
        elif tag == _TR and self.tables == 1:
            self.parts.append("\t".join(self.row))
        elif tag == _TC and self.tables == 1:
            self.row.append("\n".join(self.cell).strip())
