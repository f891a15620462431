"""The catalogue the transports publish, and the dispatch's catch-all: an unexpected
failure inside a tool is a tool error, not a crash."""

import pytest

from colloquy.mcp import catalog
from colloquy.mcp.errors import MSG_INTERNAL, ToolFailure
from colloquy.mcp.tools.personas import ListPersonasArgs


def test_the_tools_and_their_argument_schemas():
    assert list(catalog.BY_NAME) == [
        "list_personas",
        "create_personas",
        "run_focus_group",
        "get_session",
        "run_survey",
        "get_survey_results",
        "run_study",
        "get_study",
        "estimate_cost",
    ]
    schemas = {t.name: t.input_schema() for t in catalog.TOOLS}
    for name, schema in schemas.items():
        assert schema["type"] == "object" and schema["additionalProperties"] is False, name
    assert schemas["run_focus_group"]["required"] == ["guide"]
    assert schemas["get_session"]["required"] == ["session_id"]
    assert schemas["get_survey_results"]["required"] == ["survey_id"]
    assert schemas["estimate_cost"]["required"] == ["guide"]
    assert schemas["run_study"]["required"] == ["guide"]
    assert schemas["get_study"]["required"] == ["study_id"]
    assert "required" not in schemas["list_personas"]
    limit = schemas["list_personas"]["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 500, 100)
    assert schemas["create_personas"]["properties"]["diversity"]["enum"] == [
        "low",
        "medium",
        "high",
    ]
    assert all(len(t.description) > 40 for t in catalog.TOOLS)


async def test_an_unexpected_failure_is_a_tool_error(monkeypatch, caplog):
    async def broken(ctx, args, report):
        raise RuntimeError("disk on fire")

    tool = catalog.Tool("list_personas", "x", ListPersonasArgs, broken)
    monkeypatch.setitem(catalog.BY_NAME, "list_personas", tool)
    with pytest.raises(ToolFailure) as caught:
        await catalog.call_tool(None, "list_personas", {})  # type: ignore[arg-type]
    assert caught.value.message == MSG_INTERNAL and "disk on fire" not in MSG_INTERNAL
    assert "disk on fire" in caplog.text  # the details go to the server log


async def test_results_are_plain_json_values(monkeypatch):
    from datetime import UTC, datetime

    async def dated(ctx, args, report):
        return {"at": datetime(2026, 11, 26, 8, 0, tzinfo=UTC)}

    monkeypatch.setitem(
        catalog.BY_NAME,
        "list_personas",
        catalog.Tool("list_personas", "x", ListPersonasArgs, dated),
    )
    out = await catalog.call_tool(None, "list_personas", None)  # type: ignore[arg-type]
    assert out == {"at": "2026-11-26T08:00:00Z"}
