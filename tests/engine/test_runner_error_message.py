"""The message stored on a session when the model fails (product-rules §8 'Generation errors')."""

from colloquy.engine.halting import error_message
from colloquy.llm import errors as e


def test_product_worded_errors_are_kept_as_they_are():
    assert error_message(e.rate_limited()) == "Rate limit exceeded (429)"
    assert error_message(e.credits_depleted()) == "Credits depleted (402)"
    assert error_message(e.timed_out()) == "Request timeout"
    assert error_message(e.LLMError("No response from AI", kind="empty")) == "No response from AI"


def test_other_failures_read_as_the_product_default_with_the_detail():
    err = e.LLMError("stream broke", status=None, kind="connection")
    assert error_message(err) == "Failed to generate response: stream broke"
    assert error_message(e.LLMError("", kind="server")) == "Failed to generate response"
