"""The report's charts as small standalone SVG documents (no JavaScript, no fonts fetched).

Why SVG by hand: the PDF engine draws SVG images natively, the charts stay sharp at any
zoom, and no plotting library is needed. Labels are escaped, so a hostile participant
name stays text.
"""

from __future__ import annotations

from html import escape
from typing import Any

SENTIMENT_COLORS = {"positive": "#10b981", "neutral": "#94a3b8", "negative": "#f43f5e"}
_FONT = "font-family='DejaVu Sans, sans-serif'"


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img'><title>{escape(title)}</title>"
        + "".join(body)
        + "</svg>"
    )


def _clip(text: Any, length: int) -> str:
    value = " ".join(str(text if text is not None else "").split())
    return value if len(value) <= length else value[: length - 1] + "…"


def sentiment_rounds_svg(rows: list[dict[str, Any]], width: int = 640, height: int = 240) -> str:
    """Stacked percentage bars (positive, neutral, negative) per question and round."""
    left, right, top, bottom = 40, 10, 24, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    body = [f"<rect width='{width}' height='{height}' fill='white'/>"]
    for pct in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - pct / 100)
        body.append(
            f"<line x1='{left}' y1='{y:.1f}' x2='{width - right}' y2='{y:.1f}' stroke='#e5e7eb'/>"
            f"<text x='{left - 6}' y='{y + 4:.1f}' font-size='10' text-anchor='end' {_FONT} "
            f"fill='#64748b'>{pct}%</text>"
        )
    legend_x = left
    for key, color in SENTIMENT_COLORS.items():
        body.append(
            f"<rect x='{legend_x}' y='4' width='10' height='10' fill='{color}'/>"
            f"<text x='{legend_x + 14}' y='13' font-size='10' {_FONT}>{key.capitalize()}</text>"
        )
        legend_x += 80
    if not rows:
        body.append(
            f"<text x='{width / 2}' y='{height / 2}' font-size='12' text-anchor='middle' "
            f"{_FONT} fill='#64748b'>No answers</text>"
        )
        return _svg(width, height, body, "Sentiment by question and round: no answers")
    slot = plot_w / len(rows)
    bar = min(48.0, slot * 0.7)
    for i, row in enumerate(rows):
        x = left + slot * i + (slot - bar) / 2
        y = top + plot_h
        for key, color in SENTIMENT_COLORS.items():
            h = plot_h * max(0.0, min(100.0, float(row.get(key) or 0))) / 100
            y -= h
            body.append(
                f"<rect x='{x:.1f}' y='{y:.1f}' width='{bar:.1f}' height='{h:.1f}' fill='{color}'/>"
            )
        label = f"Q{int(row.get('questionIndex', 0)) + 1} R{int(row.get('round', 0)) + 1}"
        body.append(
            f"<text x='{x + bar / 2:.1f}' y='{height - 12}' font-size='10' text-anchor='middle' "
            f"{_FONT} fill='#334155'>{label}</text>"
        )
    return _svg(width, height, body, "Sentiment by question and round")


def participation_svg(rows: list[dict[str, Any]], width: int = 640) -> str:
    """Horizontal bars: responses per participant."""
    row_h, left, right, top = 22, 150, 40, 8
    height = top * 2 + row_h * max(1, len(rows))
    body = [f"<rect width='{width}' height='{height}' fill='white'/>"]
    most = max([int(r.get("responses") or 0) for r in rows] + [1])
    plot_w = width - left - right
    if not rows:
        body.append(
            f"<text x='{width / 2}' y='{height / 2 + 4}' font-size='12' text-anchor='middle' "
            f"{_FONT} fill='#64748b'>No participants</text>"
        )
    for i, row in enumerate(rows):
        y = top + row_h * i
        count = int(row.get("responses") or 0)
        w = plot_w * count / most
        name = escape(_clip(row.get("name") or "Unknown", 22))
        body.append(
            f"<text x='{left - 8}' y='{y + 15}' font-size='11' text-anchor='end' {_FONT} "
            f"fill='#334155'>{name}</text>"
            f"<rect x='{left}' y='{y + 4}' width='{w:.1f}' height='{row_h - 8}' "
            f"fill='#6366f1' rx='2'/>"
            f"<text x='{left + w + 6:.1f}' y='{y + 15}' font-size='11' {_FONT} "
            f"fill='#334155'>{count}</text>"
        )
    return _svg(width, height, body, "Responses per participant")
