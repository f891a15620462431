"""The AI moderator in a natural discussion (docs/natural-mode.md), pure: when it may probe, what it
is asked, and the cap on its share of the words.

Why a cap: in human focus groups the moderator speaks about 2.5 % of the words; simulated
moderators in a published benchmark spoke 10.8 %. In natural mode the AI moderator may
probe before any participant turn (not only between rounds), but only while its share of
the question's words, counting the probe it would add (PROBE_WORDS) and the closing
summary still to come (SUMMARY_WORDS), stays at or under SHARE_CAP (8 %), and at most
MAX_PROBES times per question. It probes only for a reason:
  - quiet: after `participant count` turns someone has not spoken on the question yet;
  - stalling: the last two turns added no new point (saturation.py's novelty);
  - consensus: the last three turns all had the same non-neutral sentiment.
Never before the first PROBE_AFTER turns (let the group talk first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.sessions.moderation import participation, quietest
from colloquy.domain.sessions.saturation import NOVELTY_MIN

SHARE_CAP = 0.08
PROBE_WORDS = 45  # a probe's expected words (PROBE_MAX_TOKENS caps it)
SUMMARY_WORDS = 40  # the two-sentence summary still to come
MAX_PROBES = 2
PROBE_AFTER = 3
PROBE_MAX_TOKENS = 80
CONSENSUS_TURNS = 3
FALLBACK_PROBE = "Does anyone see it differently?"


def moderator_share(moderator_words: int, participant_words: int, extra: int = 0) -> float:
    """The moderator's share of all words with `extra` more moderator words."""
    total = moderator_words + participant_words + extra
    return (moderator_words + extra) / total if total else 0.0


def probe_reason(
    *,
    turns: int,
    participant_count: int,
    unspoken: Sequence[int],
    novelty: Sequence[float],
    sentiments: Sequence[str | None],
    probes_so_far: int,
    moderator_words: int,
    participant_words: int,
    summary_to_come: bool = True,
) -> str | None:
    """Why the moderator probes before the next turn ("quiet", "stalling", "consensus"),
    or None when it does not (too early, too many probes, over its share, no reason)."""
    if turns < PROBE_AFTER or probes_so_far >= MAX_PROBES:
        return None
    extra = PROBE_WORDS + (SUMMARY_WORDS if summary_to_come else 0)
    if moderator_share(moderator_words, participant_words, extra) > SHARE_CAP:
        return None
    if turns >= participant_count and unspoken:
        return "quiet"
    if len(novelty) >= 2 and all(n < NOVELTY_MIN for n in novelty[-2:]):
        return "stalling"
    last = list(sentiments[-CONSENSUS_TURNS:])
    if len(last) == CONSENSUS_TURNS and len(set(last)) == 1 and last[0] in ("positive", "negative"):
        return "consensus"
    return None


_ASKS = {
    "quiet": "{name} has not said anything on this question yet: invite them by name.",
    "stalling": "The last turns repeated points already made: ask for a new angle, a concrete "
    "example or a trade-off.",
    "consensus": "The last turns all leaned one way: challenge the group and ask whether "
    "anyone sees it differently.",
}


def natural_probe_prompt(
    question: str,
    shown: Sequence[Mapping[str, Any]],
    whole_question: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    reason: str,
    unspoken_name: str | None,
) -> str:
    """The request for a probe in the middle of a natural discussion: one short line."""
    lines = [f"The question under discussion: {question}", "", "Discussion so far:"]
    lines += [f"{m.get('speaker')}: {m.get('content')}" for m in shown] or ["(nothing yet)"]
    lines += ["", "Words said so far on this question:"]
    lines += [f"- {n}: {w}" for n, w in participation(whole_question, names)]
    quiet = unspoken_name or quietest(whole_question, names)
    ask = _ASKS.get(reason, _ASKS["stalling"]).format(name=quiet or "Someone")
    lines += [
        "",
        ask,
        (
            "Step in the way a good moderator does in a lively group: one or two short "
            "sentences (under 40 words), addressing one participant by name at the start "
            '("Name, ..."). Then stop: the participants carry the discussion.'
        ),
    ]
    return "\n".join(lines)
