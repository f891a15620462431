"""The study's header on its exports (docs/interviews.md#studies), pure: the study's name,
its guide, the interviewer and the interviews, put before the synthesis' own Markdown, PDF
HTML and quotes CSV (domain/studies/exports.py)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

INTERVIEWERS = {"ai": "AI interviewer", "scripted": "scripted interviewer"}


def _facts(study: Mapping[str, Any]) -> str:
    settings = study.get("settings") or {}
    interviewer = INTERVIEWERS.get(str(settings.get("moderator")), "interviewer")
    progress = (study.get("progress") or {}).get("interviews") or {}
    probes = (
        f", up to {settings.get('maxProbes')} follow-ups per topic"
        if settings.get("moderator") == "ai"
        else ""
    )
    return (
        f"{progress.get('done', 0)} of {progress.get('total', 0)} interviews completed; "
        f"{len(study.get('questions') or [])} topics; {interviewer}{probes}."
    )


def study_markdown_header(study: Mapping[str, Any]) -> str:
    lines = [f"# Study: {' '.join(str(study.get('name') or '').split())}", "", _facts(study)]
    if study.get("description"):
        lines += ["", " ".join(str(study["description"]).split())]
    lines += ["", "## Guide", ""]
    lines += [
        f"{i}. {' '.join(str(q).split())}" for i, q in enumerate(study.get("questions") or [], 1)
    ]
    return "\n".join(lines) + "\n\n"


def study_markdown(study: Mapping[str, Any], synthesis_md: str) -> str:
    """The study's header, then the synthesis one heading level down."""
    body = "\n".join(
        ("#" + line) if line.startswith("#") else line for line in synthesis_md.splitlines()
    )
    return study_markdown_header(study) + body + "\n"


def study_html(study: Mapping[str, Any], synthesis_html: str) -> str:
    """The synthesis' HTML with the study's header at the top of its body."""
    guide = "".join(f"<li>{escape(str(q))}</li>" for q in study.get("questions") or [])
    header = (
        f"<h1>Study: {escape(str(study.get('name') or ''))}</h1>"
        f"<p>{escape(_facts(study))}</p><h2>Guide</h2><ol>{guide}</ol>"
    )
    return synthesis_html.replace("<body>", "<body>" + header, 1)


def study_csv(study: Mapping[str, Any], quotes_csv: str) -> str:
    """The quotes CSV with a first '# ' line naming the study (one line)."""
    notice = f"Study: {study.get('name') or ''}. {_facts(study)}"
    return f"# {' '.join(notice.split())}\r\n{quotes_csv}"
