"""Bad arguments become one tool error naming each field (colloquy/mcp/errors.py)."""

from pydantic import ValidationError

from colloquy.mcp.errors import invalid
from colloquy.mcp.tools.session_view import GetSessionArgs
from colloquy.schemas.sessions import SessionCreate


def _failure(model, data, prefix=""):
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return invalid(exc, prefix)
    raise AssertionError("no error")


def test_each_problem_names_its_argument():
    failure = _failure(GetSessionArgs, {"session_id": 5, "max_messages": 0, "colour": "red"})
    assert failure.errors == [
        "session_id: Input should be a valid string",
        "max_messages: Input should be greater than or equal to 1",
        "colour: Unknown argument",
    ]
    assert failure.message == "Invalid arguments: " + "; ".join(failure.errors)


def test_missing_argument_and_list_positions():
    assert _failure(GetSessionArgs, {}).errors == ["session_id: Field required"]
    failure = _failure(GetSessionArgs, {"session_id": "s", "include": ["transcript", "audio"]})
    assert failure.errors == ["include[1]: Input should be 'transcript', 'insights' or 'health'"]


def test_nested_object_errors_carry_the_argument_name():
    failure = _failure(
        SessionCreate, {"questions": [3], "settings": {"autoAdvance": "maybe"}}, "guide"
    )
    assert failure.errors == [
        "guide.questions[0]: Input should be a valid string",
        "guide.settings.autoAdvance: Input should be a valid boolean, unable to interpret input",
    ]


def test_nan_and_unstorable_text_are_refused_or_cleaned():
    failure = _failure(GetSessionArgs, {"session_id": "s", "offset": float("nan")})
    assert failure.errors == [
        "arguments: Numbers must be finite (NaN and Infinity are not allowed)"
    ]
    args = GetSessionArgs.model_validate({"session_id": "s\x00x"})
    assert args.session_id == "sx"
