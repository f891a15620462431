"""The synthesis' exports from its view (services/studies/synthesis.py's `synthesis_view`):
Markdown, a CSV of the coded quotes (one row per quote) and the HTML the PDF is drawn from
(docs/synthesis.md, "Exports")."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from colloquy.domain.results.csv_export import write_csv

CSV_HEADER = (
    "theme_id",
    "theme",
    "session_id",
    "session",
    "respondent",
    "message_id",
    "stance",
    "quote",
)


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def _names(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["key"]: r for r in view.get("respondents") or []}


def _theme_labels(view: Mapping[str, Any]) -> dict[str, str]:
    return {t["themeId"]: t["label"] for t in view.get("themes") or []}


def quotes_csv(view: Mapping[str, Any]) -> str:
    who = _names(view)
    rows: list[list[Any]] = [list(CSV_HEADER)]
    for theme in view.get("themes") or []:
        for q in theme["quotes"]:
            r = who.get(q["respondent"], {})
            rows.append(
                [
                    theme["themeId"],
                    theme["label"],
                    r.get("sessionId", ""),
                    r.get("sessionName", ""),
                    r.get("name", q["respondent"]),
                    q["messageId"],
                    q["stance"],
                    q["text"],
                ]
            )
    return write_csv(rows)


def _line(text: str) -> str:
    return " ".join(str(text).split())


def synthesis_markdown(view: Mapping[str, Any]) -> str:
    who = _names(view)
    labels = _theme_labels(view)
    n = view.get("respondentCount", 0)
    out = [
        "# Synthesis",
        "",
        (
            f"{n} respondents in {len(view.get('sessionIds') or [])} sessions; "
            f"{view.get('quoteCount', 0)} verbatim quotes; "
            f"model {view.get('model') or 'unknown'}."
        ),
        "",
        "## Themes",
    ]
    for t in view.get("themes") or []:
        out += ["", f"### {_line(t['label'])}: {t['count']} of {n} ({_pct(t['share'])})", ""]
        if t.get("description"):
            out += [_line(t["description"]), ""]
        for q in t["quotes"]:
            name = who.get(q["respondent"], {}).get("name", q["respondent"])
            out.append(f"> {_line(q['text'])}  \n> - {_line(name)} ({q['stance']})")
            out.append("")
    out += ["## Contradictions", ""]
    for c in view.get("contradictions") or []:
        pro = ", ".join(who.get(k, {}).get("name", k) for k in c["for"])
        con = ", ".join(who.get(k, {}).get("name", k) for k in c["against"])
        out.append(f"- {_line(labels.get(c['themeId'], c['themeId']))}: for {pro}; against {con}")
    if not view.get("contradictions"):
        out.append("None found.")
    segments = view.get("segments")
    if segments:
        out += ["", f"## Segments by {segments['by']}", ""]
        out.append(
            f"Fisher's exact test, false-alarm rate {segments['alpha']:g} over "
            f"{segments['tests']} tests ({segments['alphaPerTest']:.3g} each)."
        )
        out += ["", "| theme | segment | share | rest | verdict |", "|---|---|---|---|---|"]
        for r in segments["rows"]:
            out.append(
                f"| {_line(labels.get(r['themeId'], r['themeId']))} | {_line(r['segment'])} | "
                f"{r['count']}/{r['size']} | {r['restCount']}/{r['restSize']} | {r['verdict']} |"
            )
    return "\n".join(out) + "\n"


def synthesis_html(view: Mapping[str, Any]) -> str:
    who = _names(view)
    n = view.get("respondentCount", 0)
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>Synthesis</title>",
        (
            "<style>body{font-family:sans-serif;font-size:11pt}blockquote{margin:4pt 0 4pt 12pt;"
            "color:#333}td,th{border:1px solid #999;padding:2pt 4pt}</style></head><body>"
        ),
        (
            f"<h1>Synthesis</h1><p>{n} respondents, {view.get('quoteCount', 0)} verbatim quotes; "
            f"model {escape(str(view.get('model') or 'unknown'))}.</p><h2>Themes</h2>"
        ),
    ]
    for t in view.get("themes") or []:
        parts.append(
            f"<h3>{escape(t['label'])}: {t['count']} of {n} ({_pct(t['share'])})</h3>"
            f"<p>{escape(t.get('description') or '')}</p>"
        )
        for q in t["quotes"]:
            name = who.get(q["respondent"], {}).get("name", q["respondent"])
            parts.append(
                f"<blockquote>{escape(q['text'])}<br>- {escape(name)} ({q['stance']})</blockquote>"
            )
    labels = _theme_labels(view)
    parts.append("<h2>Contradictions</h2><ul>")
    for c in view.get("contradictions") or []:
        pro = ", ".join(who.get(k, {}).get("name", k) for k in c["for"])
        con = ", ".join(who.get(k, {}).get("name", k) for k in c["against"])
        label = labels.get(c["themeId"], c["themeId"])
        parts.append(f"<li>{escape(label)}: for {escape(pro)}; against {escape(con)}</li>")
    parts.append("</ul>" if view.get("contradictions") else "</ul><p>None found.</p>")
    segments = view.get("segments")
    if segments:
        parts.append(f"<h2>Segments by {escape(segments['by'])}</h2><table>")
        parts.append(
            "<tr><th>theme</th><th>segment</th><th>share</th><th>rest</th><th>verdict</th></tr>"
        )
        for r in segments["rows"]:
            parts.append(
                f"<tr><td>{escape(labels.get(r['themeId'], r['themeId']))}</td>"
                f"<td>{escape(r['segment'])}</td><td>{r['count']}/{r['size']}</td>"
                f"<td>{r['restCount']}/{r['restSize']}</td><td>{r['verdict']}</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)
