"""One small error hierarchy: every failure the API reports has a status and a stable code."""

from typing import Any


class AppError(Exception):
    status = 400
    code = "bad_request"

    def __init__(
        self,
        message: str,
        errors: list[str] | None = None,
        *,
        status: int | None = None,
        code: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.errors = errors if errors is not None else [message]
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code
        self.extra = extra or {}

    def to_body(self) -> dict[str, Any]:
        return {"error": self.message, "errors": self.errors, "code": self.code, **self.extra}


class NotFound(AppError):
    status = 404
    code = "not_found"


class ValidationFailed(AppError):
    """Input broke the product rules (product-rules §5); `errors` holds their own messages."""

    status = 422
    code = "validation_failed"

    def __init__(self, errors: list[str], message: str | None = None) -> None:
        super().__init__(message or ". ".join(errors), errors)


class Conflict(AppError):
    status = 409
    code = "conflict"


class PayloadTooLarge(AppError):
    status = 413
    code = "payload_too_large"


class ModelError(AppError):
    """The language model failed; keeps its status code and message for the UI's hints."""

    status = 502
    code = "model_error"


class RateLimited(AppError):
    """Too many attempts: answered 429 with a Retry-After header of `retry_after` seconds."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
