"""Which focus group's participant can be interviewed in a follow-up (docs/interviews.md
"Follow-up interviews"), pure: the refusals, each naming the problem, and the link a
follow-up interview stores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews.rules import INTERVIEW

NAME_MAX = 200
MSG_IS_INTERVIEW = (
    "This session is an interview: a follow-up interview is made from a focus group's participant"
)
MSG_HUMAN_GROUP = (
    "This is a real human group imported from a transcript: its people cannot be interviewed "
    "by the model. Make personas from its people and interview one of them instead"
)


def msg_not_completed(name: str, status: str) -> str:
    return f"Only a completed focus group can be followed up: '{name}' is {status}"


def msg_not_participant(participant_id: str) -> str:
    return f"Participant '{participant_id}' did not take part in this focus group"


def group_refusal(kind: str, status: str, source: str, name: str) -> str | None:
    """Why this session cannot be followed up (None: it can); 409 in the API."""
    if kind == INTERVIEW:
        return MSG_IS_INTERVIEW
    if source == "human":
        return MSG_HUMAN_GROUP
    if status != "completed":
        return msg_not_completed(name, status)
    return None


def participant_index(participants: Sequence[Mapping[str, Any]], participant_id: str) -> int | None:
    """The participant's place in the group (its persona id in the group's snapshot)."""
    for i, p in enumerate(participants):
        if isinstance(p, Mapping) and p.get("id") == participant_id:
            return i
    return None


def follow_up_name(participant_name: str, group_name: str) -> str:
    """The interview's default name: "Follow-up: Ana (Meal kits)", at most NAME_MAX."""
    head = f"Follow-up: {participant_name} ("
    room = max(1, NAME_MAX - len(head) - 1)
    return f"{head}{group_name[:room]})"


def link_record(stored: Any, session_id: Any) -> dict[str, Any] | None:
    """The interview's `followUpOf` as the API shows it, from its stored link (None: not a
    follow-up, or a hand-edited row without the shape written for it)."""
    if not isinstance(session_id, str) or not isinstance(stored, Mapping):
        return None
    found = stored.get("memory")
    memory: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    kept = memory.get("turns")
    turns: list[Any] = kept if isinstance(kept, list) else []
    left_out = int(memory.get("droppedOwn") or 0) + int(memory.get("droppedOthers") or 0)
    return {
        "sessionId": session_id,
        "participantId": str(stored.get("participantId") or ""),
        "participantName": str(stored.get("participantName") or ""),
        "groupName": str(stored.get("groupName") or ""),
        "rememberedTurns": len(turns),
        "leftOut": left_out,
        "shortened": int(memory.get("shortened") or 0),
    }
