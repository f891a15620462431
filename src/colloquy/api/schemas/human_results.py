"""Schemas of a survey's human results beside its simulated ones
(docs/measured-against-people.md)."""

from datetime import datetime
from typing import Literal

from pydantic import Field

from colloquy.schemas.common import CamelModel


class HumanSide(CamelModel):
    n: int = Field(description="People who rated this concept x question")
    pmf: list[float] = Field(description="Share of each scale point, lowest first")
    mean: float
    sd: float = Field(description="Population standard deviation of the ratings")


class RaterScore(CamelModel):
    rater: Literal["simulated", "uniform", "majority"]
    n: int | None = Field(default=None, description="Simulated respondents (simulated only)")
    point: int | None = Field(
        default=None, description="The people's most common rating (majority only)"
    )
    pmf: list[float]
    mean: float
    ks_similarity: float = Field(description="1 - Kolmogorov-Smirnov statistic against the people")
    mean_difference: float = Field(description="This rater's mean minus the people's")
    ci: list[float] = Field(description="95 % bootstrap interval of the mean difference")
    holds: bool = Field(description="The interval excludes 0")


class Beats(CamelModel):
    ks: bool
    mean: bool


class HumanCell(CamelModel):
    concept_id: str
    question_id: str
    points: int
    human: HumanSide
    scores: list[RaterScore] = Field(description="simulated (when answered), uniform, majority")
    beats: dict[str, Beats] | None = Field(
        description="Per floor: whether the simulation beats it; None before simulated answers"
    )


class HumanResultsOut(CamelModel):
    survey_id: str
    file_name: str | None
    uploaded_at: datetime | None
    rows: int
    respondents: int
    cells: list[HumanCell]
