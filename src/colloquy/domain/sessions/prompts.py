"""Prompts for persona answers (product-rules §7 "Prompt for persona responses").

Why this shape: the system prompt fixes who the persona is (demographics, Big Five with
descriptors at the 50 threshold, interests, top 5 values, enriched extras, answer length,
moderator style, staying in character); the user prompt carries what changes per turn
(stimuli, the discussion so far, the question, and from round 2 the request to react to
the others). Both are pure text so tests can pin them and every provider gets the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import (
    DEFAULT_RESPONSE_LENGTH,
    LENGTH_INSTRUCTIONS,
    MODERATOR_SPEAKER,
    ROUNDS_PER_QUESTION,
    TRAIT_DEFAULT,
    TRAIT_HIGH_THRESHOLD,
    TRAITS,
)
from colloquy.domain.numbers.mathutil import number_or
from colloquy.domain.personas.enrichment import enrich, top_values
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.moderation import follow_up_instruction
from colloquy.domain.sessions.stimuli import StimulusRecord, stimulus_block
from colloquy.domain.sessions.tokens import estimate_tokens

TRAIT_DESCRIPTORS: dict[str, tuple[str, str]] = {  # (high, low)
    "openness": ("curious, imaginative", "practical, conventional"),
    "conscientiousness": ("organized, dependable", "spontaneous, flexible"),
    "extraversion": ("outgoing, energetic", "reserved, reflective"),
    "agreeableness": ("cooperative, trusting", "competitive, skeptical"),
    "neuroticism": ("anxious, sensitive to stress", "calm, emotionally stable"),
}
# Where the persona is: the session's; a survey passes its own (domain/surveys/rules.py).
FOCUS_GROUP_SETTING = "taking part in a market research focus group"
MODERATOR_STYLE_NOTES: dict[str, str] = {
    "formal": "The moderator runs a formal, structured discussion; answer respectfully "
    "and to the point.",
    "casual": "The moderator keeps the conversation relaxed and friendly; answer "
    "naturally, as you would talk with friends.",
    "probing": "The moderator probes for the reasons behind opinions; explain why you "
    "feel the way you do, with concrete examples from your life.",
}


def _num(value: Any) -> str:
    v = number_or(value, TRAIT_DEFAULT)
    return str(int(v)) if v == int(v) else f"{v:g}"


def _label(key: str) -> str:
    return key.replace("_", "-").capitalize()


_GENDER_NOUNS = {"male": "man", "female": "woman", "non-binary": "non-binary person"}


def demographic_line(persona: PersonaRecord, setting: str = FOCUS_GROUP_SETTING) -> str:
    """'You are Ana, a 34-year-old woman from Austin, TX with a household income of ...'"""
    name = persona.get("name") or "a participant"
    gender = str(persona.get("gender") or "").strip().lower()
    noun = _GENDER_NOUNS.get(gender, "person")
    age = persona.get("age")
    if number_or(age, -1) >= 0:
        years = _num(age)
        article = "an" if years.startswith("8") or years in ("11", "18") else "a"
        who = f"{article} {years}-year-old {noun}"
    else:
        who = f"a {noun}"
    line = f"You are {name}, {who}"
    if persona.get("location"):
        line += f" from {persona['location']}"
    if persona.get("income"):
        line += f" with a household income of {persona['income']}"
    return f"{line}, {setting}."


def round_moderator_message(round_number: int) -> str:
    """The moderator's prompt between rounds (product-rules §4)."""
    return f"[Round {round_number}] Please respond to what others have shared."


def _trait_lines(traits: dict[str, Any]) -> list[str]:
    lines = []
    for t in TRAITS:
        value = number_or(traits.get(t), TRAIT_DEFAULT)
        high = value >= TRAIT_HIGH_THRESHOLD
        level, words = (
            ("high", TRAIT_DESCRIPTORS[t][0]) if high else ("low", TRAIT_DESCRIPTORS[t][1])
        )
        lines.append(f"- {t.capitalize()}: {_num(value)}/100 ({level} - {words})")
    return lines


def _extras(enriched: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    m = enriched.get("motivationStyle")
    if m:
        lines.append(
            f"- Motivation: {m.get('regulatoryFocus')}-focused (strength "
            f"{_num(m.get('focusStrength'))}/100), need for closure "
            f"{_num(m.get('needForClosure'))}/100, caution (BIS) {_num(m.get('bis'))}/100, "
            f"drive (BAS) {_num(m.get('bas'))}/100"
        )
    d = enriched.get("decisionStyle")
    if d:
        lines.append(
            f"- Decision style: {d.get('type')}, need for cognition "
            f"{_num(d.get('needForCognition'))}/100, research depth "
            f"{_num(d.get('researchDepth'))}/100, loss aversion {d.get('lossAversion')}, "
            f"risk aversion {_num(d.get('riskAversion'))}/100"
        )
    h = enriched.get("healthBeliefs")
    if h:
        lines.append(
            f"- Health beliefs: perceived susceptibility "
            f"{_num(h.get('perceivedSusceptibility'))}/100, severity "
            f"{_num(h.get('perceivedSeverity'))}/100, benefits "
            f"{_num(h.get('perceivedBenefits'))}/100, barriers "
            f"{_num(h.get('perceivedBarriers'))}/100, cues to action needed: "
            f"{h.get('cuesRequired')}, self-efficacy {_num(h.get('selfEfficacy'))}/100"
        )
    style, lang = enriched.get("languageStyle"), enriched.get("language") or {}
    if style or lang:
        parts = []
        if style:
            parts.append(f"formality {_num(style.get('formality'))}/100")
            parts.append(
                "uses regional slang" if style.get("regionalSlang") else "no regional slang"
            )
        if lang:
            parts.append(
                f"region {lang.get('region')}, {lang.get('ageRegister')} register, "
                f"{lang.get('hedgeFrequency')} hedging"
            )
            if lang.get("fillerWords"):
                parts.append("filler words: " + ", ".join(lang["fillerWords"]))
            parts.append("uses emojis" if lang.get("emojiUsage") else "no emojis")
        lines.append("- Language style: " + "; ".join(parts))
    s = enriched.get("shopping")
    if s:
        text = (
            f"- Shopping: willing to pay about ${number_or(s.get('willingnessToPay'), 0):.2f} "
            f"for a typical product, brand loyalty {_num(s.get('brandLoyalty'))}/100, "
            f"price sensitivity {_num(s.get('priceSensitivity'))}/100, research "
            f"intensity {s.get('researchIntensity')}"
        )
        if s.get("preferredRetailers"):
            text += ", shops at " + ", ".join(s["preferredRetailers"])
        if s.get("bannedIngredients"):
            text += ", avoids " + ", ".join(s["bannedIngredients"])
        lines.append(text)
    return lines


def build_system_prompt(
    persona: PersonaRecord,
    enriched: dict[str, Any] | None,
    moderator_style: str | None,
    response_length: str | None,
    length_rule: str | None = None,
    *,
    setting: str = FOCUS_GROUP_SETTING,
    moderated: bool = True,
) -> str:
    """Who the persona is and how to answer; `enriched` is derived when None.
    `length_rule`: the "How to answer" length line instead of the response length's (the
    natural mode asks for a length per turn, natural_prompts.py). `setting`: where the
    persona is; `moderated` False leaves out the moderator's style (a survey has none)."""
    enriched = enriched if enriched is not None else enrich(persona)
    name = persona.get("name") or "a participant"
    traits = persona.get("traits") or {}
    interests = [i for i in persona.get("interests") or [] if isinstance(i, str) and i.strip()]
    length = LENGTH_INSTRUCTIONS.get(
        response_length or "", LENGTH_INSTRUCTIONS[DEFAULT_RESPONSE_LENGTH]
    )
    lines = [
        demographic_line(persona, setting),
        "",
        "Your personality (Big Five, 0-100):",
        *_trait_lines(traits),
        "",
        "Your interests: " + (", ".join(interests) if interests else "none in particular"),
    ]
    values = top_values(enriched.get("values") or {})
    if values:
        lines.append("Your top values: " + ", ".join(f"{_label(k)} ({_num(v)})" for k, v in values))
    extras = _extras(enriched)
    if extras:
        lines += ["", "More about you:", *extras]
    if moderated:
        style = moderator_style or ""
        lines += ["", MODERATOR_STYLE_NOTES.get(style, MODERATOR_STYLE_NOTES["formal"])]
    lines += [
        "",
        "How to answer:",
        length_rule or f"- Keep each answer to {length}.",
        (
            f"- Stay in character as {name} at all times; let your personality, values "
            "and circumstances shape your opinions."
        ),
        "- Speak in the first person, in natural conversational language.",
        "- Never mention being an AI, a language model or a simulated persona.",
    ]
    return "\n".join(lines)


def build_user_prompt(
    question: str,
    stimuli: Sequence[StimulusRecord] | None,
    discussion: Sequence[Mapping[str, Any]] | None,
    round_index: int,
    follow_up: str | None = None,
) -> str:
    """The turn's prompt; `round_index` is 0-based (0 = initial responses). `follow_up`:
    the AI moderator's prompt of this round (domain/moderation.py)."""
    lines: list[str] = []
    if stimuli:
        lines.append("Materials shown to the group:")
        for i, s in enumerate(stimuli, 1):
            lines += stimulus_block(i, s)
        lines.append("")
    # Stable parts first and the discussion appended in order, so each prompt of a
    # participant extends their previous one (a model's prompt cache reads only the rest).
    lines.append(f"Moderator's question: {question}")
    if discussion:
        lines += ["", "Discussion so far:"]
        lines += [f"{m.get('speaker')}: {m.get('content')}" for m in discussion]
    if round_index >= 1 and follow_up:
        lines += follow_up_instruction(round_index, follow_up)
    elif round_index >= 1:
        lines += [
            "",
            (
                f"This is discussion round {round_index + 1} of {ROUNDS_PER_QUESTION}. "
                "Respond to what the others have shared: agree or disagree with specific "
                "people by name and add something new instead of repeating your earlier "
                "answer."
            ),
        ]
    else:
        lines += ["", "Give your own first answer to the question."]
    return "\n".join(lines)


def _is_round_prompt(message: Mapping[str, Any]) -> bool:
    return str(message.get("content", "")).startswith("[Round ")


def trim_discussion(
    discussion: Sequence[Mapping[str, Any]], token_budget: int
) -> list[Mapping[str, Any]]:
    """The most recent messages that fit the token budget, in their original order. The
    moderator's question (its first non-round-prompt message) is always kept, even when
    it alone exceeds the budget; the recent window is contiguous."""
    items = list(discussion)
    question_at = next(
        (
            i
            for i, m in enumerate(items)
            if m.get("speaker") == MODERATOR_SPEAKER and not _is_round_prompt(m)
        ),
        None,
    )

    def cost(m: Mapping[str, Any]) -> int:
        return estimate_tokens(f"{m.get('speaker')}: {m.get('content')}")

    budget = token_budget - (cost(items[question_at]) if question_at is not None else 0)
    kept: list[int] = []
    for i in range(len(items) - 1, -1, -1):
        if i == question_at:
            continue
        spend = cost(items[i])
        if spend > budget:
            break
        budget -= spend
        kept.append(i)
    if question_at is not None:
        kept.append(question_at)
    return [items[i] for i in sorted(kept)]
