"""Schemas of survey calibration against people's own ratings."""

from pydantic import Field

from colloquy.schemas.common import CamelModel


class HumanSsrPair(CamelModel):
    human: float
    ssr: float


class CalibrationOut(CamelModel):
    n: int
    embedder: str
    scale: str
    pearson: float | None = Field(description="None when either side does not vary")
    spearman: float | None
    mae: float
    ks: float = Field(description="Kolmogorov-Smirnov statistic, SSR rounded to the scale")
    mean: HumanSsrPair
    sd: HumanSsrPair
