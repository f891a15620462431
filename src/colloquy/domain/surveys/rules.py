"""Survey mode rules: limits, validation, the plan of calls and the prompts.

Design: monadic. Every call shows one concept and asks one question; the respondent
answers in character in one or two sentences (SSR rates that text). When direct ratings
are asked, a second call in the same conversation asks for a number on the scale.
The plan is every (respondent, concept, question, sample); each is answered exactly once.
"""

from __future__ import annotations

import re

from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.sessions.stimuli import StimulusRecord, stimulus_block, validate_stimulus
from colloquy.domain.surveys.records import QuestionRecord, SurveyRecord
from colloquy.domain.surveys.scales import anchor_sets, scale_label, scale_points, validate_scale

CONCEPTS_MIN, CONCEPTS_MAX = 1, 6
QUESTIONS_MIN, QUESTIONS_MAX = 1, 10
RESPONDENTS_MIN, RESPONDENTS_MAX = 1, 500
SAMPLES_MIN, SAMPLES_MAX, SAMPLES_DEFAULT = 1, 5, 2
# Each bound allows 500 x 6 x 10 x 5 = 150,000 answers together: hours of calls, and on a
# paid model real money, from one click. Past this the plan is refused with its size.
PLANNED_ANSWERS_MAX = 20_000
QUESTION_MAX_LENGTH = 500
SURVEY_NAME_MAX = 200
SURVEY_STIMULUS_TYPES = ("text", "image", "url")
ANSWER_MAX_TOKENS = 120
DIRECT_MAX_TOKENS = 10
SURVEY_STATUSES = ("draft", "running", "stopped", "completed", "failed")


def validate_survey(survey: SurveyRecord) -> list[str]:
    """Every problem of a survey definition, in words."""
    errors: list[str] = []
    name = survey.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.append("A survey needs a name")
    concepts = survey.get("concepts") or []
    if not CONCEPTS_MIN <= len(concepts) <= CONCEPTS_MAX:
        errors.append(f"A survey needs {CONCEPTS_MIN}-{CONCEPTS_MAX} concepts")
    for concept in concepts:
        if concept.get("type") not in SURVEY_STIMULUS_TYPES:
            errors.append(f"Concepts can be {', '.join(SURVEY_STIMULUS_TYPES)}")
        for message in validate_stimulus(concept):
            if message not in errors:
                errors.append(message)
    questions = survey.get("questions") or []
    if not QUESTIONS_MIN <= len(questions) <= QUESTIONS_MAX:
        errors.append(f"A survey needs {QUESTIONS_MIN}-{QUESTIONS_MAX} questions")
    for question in questions:
        text = question.get("text")
        if not isinstance(text, str) or not text.strip():
            errors.append("Every question needs its text")
        elif len(text) > QUESTION_MAX_LENGTH:
            errors.append(f"Questions must be at most {QUESTION_MAX_LENGTH} characters")
        errors += [m for m in validate_scale(question.get("scale")) if m not in errors]
    respondents = survey.get("respondents") or []
    if not RESPONDENTS_MIN <= len(respondents) <= RESPONDENTS_MAX:
        errors.append(f"A survey needs {RESPONDENTS_MIN}-{RESPONDENTS_MAX} respondents")
    samples = survey.get("samples", SAMPLES_DEFAULT)
    if not isinstance(samples, int) or not SAMPLES_MIN <= samples <= SAMPLES_MAX:
        errors.append(f"Samples per respondent must be {SAMPLES_MIN}-{SAMPLES_MAX}")
    elif (planned := len(respondents) * len(concepts) * len(questions) * samples) > (
        PLANNED_ANSWERS_MAX
    ):
        errors.append(
            f"A survey can plan at most {PLANNED_ANSWERS_MAX:,} answers; this one plans "
            f"{planned:,}. Choose fewer respondents, concepts, questions or samples"
        )
    return errors


PlanKey = tuple[str, str, str, int]  # respondent id, concept id, question id, sample


def plan(survey: SurveyRecord) -> list[PlanKey]:
    """Every call the survey makes, respondent by respondent (so partial results cover
    whole respondents early)."""
    return [
        (r["id"], c["id"], q["id"], s)
        for r in survey.get("respondents") or []
        for c in survey.get("concepts") or []
        for q in survey.get("questions") or []
        for s in range(int(survey.get("samples") or SAMPLES_DEFAULT))
    ]


SURVEY_SETTING = "answering a market research survey"


def survey_system_prompt(persona: PersonaRecord) -> str:
    """The session persona prompt (who they are, their personality and values), in a
    survey's setting: no focus group, no moderator, answers of one or two sentences."""
    enriched = persona.get("enriched")
    return build_system_prompt(
        persona, enriched, None, "brief", setting=SURVEY_SETTING, moderated=False
    )


def answer_prompt(concept: StimulusRecord, question: QuestionRecord) -> str:
    """The user prompt of one monadic call: one concept, one question."""
    lines = ["You are shown this concept:"]
    lines += stimulus_block(1, concept)
    lines += [
        "",
        f"Question: {question['text']}",
        "",
        (
            "Answer in character, honestly, in one or two sentences, saying how you feel "
            "about it. Do not give a number."
        ),
    ]
    return "\n".join(lines)


def direct_prompt(question: QuestionRecord) -> str:
    """The follow-up asking for a number on the question's scale."""
    scale = question["scale"]
    points = scale_points(scale)
    anchors = anchor_sets(scale)[0]
    return (
        f"Now rate it on the {scale_label(scale).lower()} scale from 1 to {points}, where 1 "
        f'means "{anchors[0]}" and {points} means "{anchors[-1]}". '
        "Reply with the number only."
    )


_NUMBER = re.compile(r"(?<![\d.])(\d{1,2})(?![\d.])")


def parse_direct(text: str, points: int) -> int | None:
    """The first whole number on the scale in a direct-rating reply; None when absent."""
    for match in _NUMBER.finditer(text or ""):
        value = int(match.group(1))
        if 1 <= value <= points:
            return value
    return None
