"""Where a study stands (docs/interviews.md#studies), pure: each interview's state from its
session, the counts of interviews done, running, waiting, stopped and failed, the answers
done of the most the interviews can hold, and the study's status.

An interview is `done` when its session completed, `running` while a runner drives it,
`stopped` when the researcher (or the study's Stop) stopped it, `failed` when its run ended
with an error (the model, the budget), `waiting` before its run started, and `missing` when
its session was deleted on its own. The study is `running` while any interview runs or
waits, then `completed` when every interview is done, `failed` when one or more failed or
is missing and none runs; a study stopped stays `stopped`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

DONE, RUNNING, WAITING, STOPPED, FAILED, MISSING = (
    "done",
    "running",
    "waiting",
    "stopped",
    "failed",
    "missing",
)
STATES = (DONE, RUNNING, WAITING, STOPPED, FAILED, MISSING)
STUDY_RUNNING, STUDY_COMPLETED, STUDY_FAILED, STUDY_STOPPED = (
    "running",
    "completed",
    "failed",
    "stopped",
)
BUDGET_PREFIX = "Budget reached"


@dataclass(frozen=True)
class Interview:
    """What a study reads of one interview session (None: the session was deleted)."""

    status: str | None  # the session's status: draft, in-progress, completed
    running: bool = False
    error: str | None = None  # the message of the error its run ended with
    answers: int = 0
    planned: int = 0  # the most answers it can hold


def interview_state(interview: Interview, stopped_message: str) -> str:
    if interview.status is None:
        return MISSING
    if interview.status == "completed":
        return DONE
    if interview.running:
        return RUNNING
    if interview.error == stopped_message:
        return STOPPED
    if interview.error:
        return FAILED
    return WAITING


def counts(states: Iterable[str]) -> dict[str, int]:
    out = dict.fromkeys(STATES, 0)
    for state in states:
        out[state] += 1
    out["total"] = sum(out[s] for s in STATES)
    return out


def answers(interviews: Iterable[Interview]) -> dict[str, int]:
    """Answers so far of the most there can be. A done interview counts what it holds as its
    total (an AI interviewer that moved on early completes below its planned answers)."""
    done = total = 0
    for i in interviews:
        done += i.answers
        total += i.answers if i.status == "completed" else max(i.planned, i.answers)
    return {"done": done, "total": total}


def study_status(current: str, tally: Mapping[str, int]) -> str:
    """The study's status from its interviews' counts (a stopped study stays stopped)."""
    if current == STUDY_STOPPED:
        return STUDY_STOPPED
    if tally[RUNNING] or tally[WAITING]:
        return STUDY_RUNNING
    if tally["total"] and tally[DONE] == tally["total"]:
        return STUDY_COMPLETED
    if tally[STOPPED] and not (tally[FAILED] or tally[MISSING]):
        return STUDY_STOPPED
    return STUDY_FAILED


def budget_stop(errors: Iterable[str | None]) -> str | None:
    """The budget message of the first interview its budget share stopped, if any."""
    return next((e for e in errors if e and e.startswith(BUDGET_PREFIX)), None)


def progress_view(tally: Mapping[str, int], answer_counts: Mapping[str, int]) -> dict[str, Any]:
    total = tally["total"]
    finished = tally[DONE] + tally[FAILED] + tally[STOPPED] + tally[MISSING]
    return {
        "interviews": dict(tally),
        "answers": dict(answer_counts),
        "fraction": round(answer_counts["done"] / answer_counts["total"], 4)
        if answer_counts["total"]
        else (1.0 if total and finished == total else 0.0),
    }
