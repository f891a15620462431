"""How much a persona rests on evidence (docs/evidence.md): its tier, shown wherever it appears.

- grounded: at least one evidence document is attached (N documents, M words);
- generated: made by the generator from a description or document (`generatedFrom`);
- described: traits and demographics only, typed or imported by the researcher.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from colloquy.domain.trust.personality_audit import library_stats

DESCRIBED, GENERATED, GROUNDED = "described", "generated", "grounded"
TIERS = (DESCRIBED, GENERATED, GROUNDED)

MAX_DOCUMENTS = 20
MAX_WORDS = 200_000


def tier_of(persona: Mapping[str, Any], documents: int, words: int) -> dict[str, Any]:
    """{tier, documents, words} of a persona with `documents` evidence files of `words`."""
    if documents > 0:
        name = GROUNDED
    elif str(persona.get("generatedFrom") or "").strip():
        name = GENERATED
    else:
        name = DESCRIBED
    return {"tier": name, "documents": documents, "words": words}


def tier_label(evidence: Mapping[str, Any] | None) -> str:
    """'grounded (2 documents, 1,200 words)', 'generated', 'described'."""
    if not evidence:
        return DESCRIBED
    name = str(evidence.get("tier") or DESCRIBED)
    if name != GROUNDED:
        return name
    docs, words = int(evidence.get("documents") or 0), int(evidence.get("words") or 0)
    return f"grounded ({docs} document{'s' if docs != 1 else ''}, {words:,} words)"


def mix_sentence(tiers: Iterable[str | None], noun: str = "participants") -> str:
    """'3 of 5 participants are grounded in evidence' (is for one)."""
    names = list(tiers)
    grounded = sum(1 for t in names if t == GROUNDED)
    verb = "is" if grounded == 1 else "are"
    return f"{grounded} of {len(names)} {noun} {verb} grounded in evidence"


def limit_errors(
    filename: str, existing_documents: int, existing_words: int, new_words: int
) -> list[str]:
    """Why one more document of `new_words` cannot be added ([] when it can)."""
    errors: list[str] = []
    if existing_documents >= MAX_DOCUMENTS:
        errors.append(
            f"{filename}: a persona holds at most {MAX_DOCUMENTS} evidence documents; "
            "remove one first"
        )
    total = existing_words + new_words
    if total > MAX_WORDS:
        errors.append(
            f"{filename}: {new_words:,} words would bring this persona's evidence to "
            f"{total:,} words; the limit is {MAX_WORDS:,} words in all"
        )
    return errors


def fidelity_by_tier(
    audits: Sequence[Mapping[str, Any]], tiers: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The personality audit's mean r (assigned vs measured traits) per evidence tier:
    [{tier, audited, meanR}] in the order described, generated, grounded. `tiers`: persona
    id -> tier now; audits of personas no longer in the library are left out."""
    out = []
    for name in TIERS:
        own = [a for a in audits if tiers.get(str(a.get("personaId"))) == name]
        out.append({"tier": name, "audited": len(own), "meanR": library_stats(own)["meanR"]})
    return out
