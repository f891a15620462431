"""The estimate's words: its basis and the assumptions of its range
(docs/usage-and-cost.md#estimate-before-a-run)."""

from __future__ import annotations

from colloquy.domain.usage import estimate_range as ends

SESSION_BASIS = (
    "Planned calls x this session's prompts ({unit}, with each participant's "
    "evidence) with answers at a typical size for the response length; no prompt cache "
    "assumed."
)
SURVEY_BASIS = (
    "Respondents x concepts x questions x samples (x 2 with the direct rating) with "
    "answers of one or two sentences; no prompt cache assumed."
)
SURVEY_REASKS = "Re-asked answers: none (a survey answer is not asked again)."
ANSWERS_ASSUMPTION = (
    "Answers: low, typical and high sizes for the response length (e.g. 2, 3 and 4 "
    "sentences for 2-4); longer answers also lengthen the later prompts."
)
CACHE_ASSUMPTION = "No prompt cache: cached tokens, where the provider has them, cost less."
COMBINED_ASSUMPTION = (
    "The ends combine answer sizes, the tokenizer and re-asks as independent: each one's "
    "deviation from the expected figure, added in quadrature."
)
# Runs whose tokenizer is llama.cpp's: small local models, re-asked more often.
LLAMA_UNITS = ("the model's own tokenizer", "the server's own tokenizer")


def assumptions(
    unit: str, rates: tuple[float, float, float], observed: bool, size: float | None
) -> list[str]:
    if unit in LLAMA_UNITS:
        tokenizer = f"Tokenizer: prompts counted with {unit}."
    else:
        tokenizer = (
            f"Tokenizer: prompts at {ends.PROMPT_LOW:g}x to {ends.PROMPT_HIGH:g}x of {unit}."
        )
    reasks = _reask_assumption(rates, observed, size)
    return [ANSWERS_ASSUMPTION, tokenizer, CACHE_ASSUMPTION, COMBINED_ASSUMPTION, reasks]


def _size_words(size: float | None) -> str:
    if size is None:
        return "a model of unknown size"
    return f"a model of {size * 1000:.0f}M parameters" if size < 1 else f"a {size:g}B model"


def _reask_assumption(rates: tuple[float, float, float], observed: bool, size: float | None) -> str:
    low, mid, high = rates
    if not observed:
        return (
            f"Re-asked answers: {low:.0%} (low), {mid:.0%} (expected) to {high:.0%} (high) "
            f"of the answers, as for {_size_words(size)} with no history of its own."
        )
    return (
        f"Re-asked answers: {mid:.0%} of the answers, as this model's stored answers were "
        f"({low:.0%} to {high:.0%} at the ends, with this run's number of answers)."
    )
