"""The session health report: how far to trust a simulated focus group (docs/trust.md).

Simulated participants fail in known ways: answers that all sound alike (Bisbee et al.
2024; Kirk et al., ICLR 2024), a pull toward politeness and praise, opinions that converge
round after round, characters that break ("As an AI language model..."), repetition,
personalities that do not show, long uniform answers (a published benchmark: a median of
about 240 words per synthetic turn against 49 for human ones) and speakers that cannot be
told apart (the same benchmark: synthetic speakers attributed at chance, 32.5 % vs 31.2 %,
humans well above it, 46.8 % vs 25.5 %). Each finding below measures one of these on the
session's own answers; `overall` sums them up in words.

Input: the session's messages (the stored camelCase dicts), its participant snapshots,
a unit vector per answer id (the embedder's), the embedder's name and the model that
wrote the answers. No I/O: the service embeds and stores.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.results.markdown_export import md_text
from colloquy.domain.sessions.interjections import without_interjections
from colloquy.domain.trust.health_convergence import TURNS, convergence
from colloquy.domain.trust.health_metrics import (
    BAD,
    NA,
    WARN,
    diversity,
    positivity,
    repetition,
)
from colloquy.domain.trust.health_one_speaker import for_one_speaker
from colloquy.domain.trust.health_persona import character_breaks, trait_consistency
from colloquy.domain.trust.health_private import private_conformity
from colloquy.domain.trust.health_reasks import unusable_answers
from colloquy.domain.trust.health_turns import as_phases, as_turn_pairs, first_turns
from colloquy.domain.trust.health_voices import distinctiveness, verbosity

REPORT_VERSION = 1
GOOD, FAIR, POOR = "good", "fair", "poor"
MIN_ANSWERS = 6  # fewer answers than this: too little to judge
# Models under this many billion parameters are too small for research use.
SMALL_MODEL_BILLIONS = 7.0
_SIZE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*([bm])(?![a-z])", re.IGNORECASE)
_KNOWN_SMALL = ("smollm", "tinyllama", "phi-1", "gpt2", "distil", "qwen2.5-0.5b", "qwen2-0.5b")
EMBEDDED_PROVIDER = "local"
SIMULATED, HUMAN = "simulated", "human"  # a session's source
ORDER = (
    "diversity",
    "positivity",
    "conformity",
    "characterBreaks",
    "repetition",
    "traitConsistency",
    "verbosity",
    "distinctiveness",
)


def model_size_billions(model: str | None) -> float | None:
    """The parameter count a model's name states ('Llama-3.1-8B' -> 8.0, 'SmolLM2-135M'
    -> 0.135); None when the name does not say."""
    if not model:
        return None
    sizes = [
        float(num) / (1000 if unit.lower() == "m" else 1) for num, unit in _SIZE.findall(model)
    ]
    return max(sizes) if sizes else None


def size_from_label(label: str | None) -> float | None:
    """A parameter size as endpoints and GGUF files state it ('3.2B', '135M', '7.6B')."""
    return model_size_billions((label or "").replace(" ", ""))


def small_model_warning(
    provider: str | None, model: str | None, size_billions: float | None = None
) -> str | None:
    """A warning in words when the model that answered is too small for research.
    `size_billions`: the parameter count the endpoint or the file reports; without it the
    size is read from the model's name."""
    name = (model or "").strip()
    size = size_billions if size_billions is not None else model_size_billions(name)
    embedded = provider == EMBEDDED_PROVIDER and (not name or "smollm" in name.lower())
    small = embedded or (size is not None and size < SMALL_MODEL_BILLIONS)
    small = small or any(k in name.lower() for k in _KNOWN_SMALL)
    if not small:
        return None
    label = name or "the embedded model"
    size_words = f" ({_size_words(size)} parameters)" if size else ""
    default = " the built-in default," if embedded else ""
    return (
        f"The answers were written by {label}{size_words},{default} a model too small for "
        "research: use it to try Colloquy, and a larger model (7B parameters or more) for "
        "findings you rely on."
    )


def _size_words(size: float) -> str:
    return f"{round(size * 1000)} million" if size < 1 else f"{round(size, 1):g} billion"


def answers_for_health(
    messages: Sequence[Mapping[str, Any]], vectors: Mapping[str, Sequence[float]]
) -> list[dict[str, Any]]:
    """The participants' answers that have a vector, in order, each as its speaker said
    it (an interjection transcribed inside the turn is another person's, see
    health_text)."""
    out = []
    for m in messages:
        if m.get("kind") != "response" or m.get("participantIndex") is None:
            continue
        vector = vectors.get(m["id"])
        if vector is None:
            continue
        content = health_text(str(m.get("content") or ""))
        out.append({**m, "content": content, "round": m.get("round", 0), "vector": vector})
    return out


def health_text(content: str) -> str:
    """What the report measures of an answer: without transcribed interjections."""
    return without_interjections(content)


def overall(
    findings: Sequence[dict[str, Any]], extra_warnings: Sequence[str]
) -> tuple[str, list[str]]:
    """good / fair / poor and the warnings behind it, worst first."""
    bad = [f for f in findings if f["status"] == BAD]
    warn = [f for f in findings if f["status"] == WARN]
    points = 2 * len(bad) + len(warn)
    level = POOR if len(bad) >= 2 or points >= 4 else FAIR if points >= 1 else GOOD
    if extra_warnings and level == GOOD:
        level = FAIR  # a too-small model or too few answers caps the verdict at fair
    warnings = list(extra_warnings)
    warnings += [f"{f['title']}: {f['summary']}" for f in [*bad, *warn]]
    return level, warnings


def build_health_report(
    messages: Sequence[Mapping[str, Any]],
    participants: Sequence[Mapping[str, Any]],
    vectors: Mapping[str, Sequence[float]],
    *,
    embedder: str,
    provider: str | None,
    model: str | None,
    source: str = SIMULATED,
    model_size: float | None = None,
) -> dict[str, Any]:
    """`source`: "human" for a real group imported from a transcript, judged by the same
    rules (no model to warn about; the report says the answers were written by people)."""
    answers = answers_for_health(messages, vectors)
    names = [str(p.get("name") or f"Participant {i + 1}") for i, p in enumerate(participants)]
    human = source == HUMAN
    # A transcript has no rounds: variety reads each person's first turn under a question,
    # convergence each person's first against last turn (docs/trust.md, "Convergence").
    if human:
        variety, converging = (
            diversity(first_turns(answers)),
            convergence(as_turn_pairs(answers), TURNS),
        )
    else:
        variety, converging = diversity(answers), convergence(as_phases(answers))
    findings = [
        variety,
        positivity(answers),
        # Private answers before/after, when the session has them, measure conformity
        # directly; else convergence of the public answers' embeddings.
        private_conformity(messages, names) or converging,
        character_breaks(answers, names),
        repetition(answers),
        trait_consistency(answers, participants),
        verbosity(answers),
        distinctiveness(answers),
        unusable_answers(messages),  # answers asked again
    ]
    if len(participants) == 1:  # an interview: the checks between speakers do not apply
        findings = for_one_speaker(findings)
    extra = []
    size_warning = None if human else small_model_warning(provider, model, model_size)
    if size_warning:
        extra.append(size_warning)
    if len(answers) < MIN_ANSWERS:
        extra.append(
            f"Only {len(answers)} answer{'s' if len(answers) != 1 else ''}: too few to judge."
        )
    level, warnings = overall(findings, extra)
    return {
        "version": REPORT_VERSION,
        "overall": level,
        "warnings": warnings,
        "embedder": embedder,
        "source": source,
        "writtenBy": "people" if human else "model",
        "model": {
            "provider": None if human else provider,
            "name": None if human else model,
            "tooSmall": size_warning is not None,
        },
        "answerCount": len(answers),
        "participantCount": len(participants),
        "findings": findings,
        "checked": [f["key"] for f in findings if f["status"] != NA],
    }


def health_markdown(report: dict[str, Any] | None) -> list[str]:
    """The report as Markdown lines for the session's Markdown export (text escaped)."""
    if not report:
        return []
    written = " Answers written by people." if report.get("writtenBy") == "people" else ""
    lines = [
        "## Session health",
        "",
        (
            f"**Overall: {md_text(report.get('overall'))}** "
            f"(embeddings: {md_text(report.get('embedder'))}).{written}"
        ),
        "",
    ]
    lines += [f"- {md_text(w)}" for w in report.get("warnings") or []]
    if report.get("warnings"):
        lines.append("")
    lines += ["| Check | Status | Finding |", "|---|---|---|"]
    for f in report.get("findings") or []:
        cells = (f.get("title") or f.get("key"), f.get("status"), f.get("summary"))
        lines.append("| " + " | ".join(md_text(c) or " " for c in cells) + " |")
    return [*lines, ""]


def with_health_section(markdown: str, report: dict[str, Any] | None) -> str:
    """The Markdown report with the health section before the transcript (or at the end)."""
    section = "\n".join(health_markdown(report))
    if not section:
        return markdown
    marker = "\n## Transcript\n"
    at = markdown.find(marker)
    if at < 0:
        return markdown.rstrip() + "\n\n" + section
    return markdown[: at + 1] + section + "\n" + markdown[at + 1 :]
