"""A failed model call as the API reports it (product-rules §8): the status the UI keys its hints
on (402 credits, 429 rate limit, 504 timeout), anything else a 502; the model's message."""

from colloquy.errors import ModelError
from colloquy.llm.errors import LLMError

_KEPT_STATUSES = (402, 429)


def model_error(err: LLMError, fallback: str) -> ModelError:
    if err.status in _KEPT_STATUSES:
        status = err.status
    elif err.kind == "timeout" or err.status in (408, 504):
        status = 504
    else:
        status = 502
    return ModelError(err.message or fallback, status=status)
