"""list_personas and create_personas through the tool dispatch."""

import pytest

from colloquy.mcp.errors import ToolFailure
from colloquy.schemas.personas import PersonaUpdate
from colloquy.services.personas import library
from support.mcp_harness import Recorder

pytestmark = pytest.mark.timeout(120)


async def test_list_personas_pages_and_filters_by_tag(harness):
    everyone = await harness.call("list_personas", {})
    total = everyone["total"]
    assert total >= 3 and len(everyone["personas"]) == total and everyone["nextOffset"] is None
    first = everyone["personas"][0]
    assert set(first) == {
        "id", "name", "age", "gender", "location", "income", "traits", "interests", "tags",
        "generatedFrom",
    }  # fmt: skip
    two = await harness.call("list_personas", {"limit": 2, "offset": 1})
    assert [p["id"] for p in two["personas"]] == [p["id"] for p in everyone["personas"][1:3]]
    assert two["nextOffset"] == 3 and two["total"] == total

    ids = [p["id"] for p in everyone["personas"][:2]]
    async with harness.ctx.runtime.sessionmaker() as db:
        for pid in ids:
            persona = await library.get_persona(db, pid)
            body = PersonaUpdate.model_validate({**persona, "tags": ["Gen Z", "urban"]})
            await library.update_persona(db, pid, body)
    tagged = await harness.call("list_personas", {"tag": "gen z"})
    assert tagged["total"] == 2 and [p["id"] for p in tagged["personas"]] == ids
    assert tagged["personas"][0]["tags"] == ["Gen Z", "urban"]
    assert (await harness.call("list_personas", {"tag": "nobody"}))["total"] == 0


async def test_list_personas_bad_arguments_are_tool_errors(harness):
    with pytest.raises(ToolFailure) as caught:
        await harness.call("list_personas", {"limit": 0, "tags": "x"})
    assert caught.value.errors == [
        "limit: Input should be greater than or equal to 1",
        "tags: Unknown argument",
    ]
    with pytest.raises(ToolFailure, match="The arguments must be a JSON object"):
        await harness.call("list_personas", ["x"])
    with pytest.raises(ToolFailure, match="Unknown tool: list_people"):
        await harness.call("list_people", {})


async def test_create_personas_stores_them_and_reports_progress(harness):
    before = (await harness.call("list_personas", {}))["total"]
    progress = Recorder()
    out = await harness.call(
        "create_personas",
        {"description": "Urban cyclists in their thirties who commute daily", "count": 3},
        progress,
    )
    assert out["created"] == 3 and len({p["name"] for p in out["personas"]}) == 3
    listed = await harness.call("list_personas", {"offset": before})
    assert [p["id"] for p in listed["personas"]] == [p["id"] for p in out["personas"]]
    assert progress.reports == [
        (0, 1, "Generating 3 personas"),
        (1, 1, "3 personas created"),
    ]
    assert any("Urban cyclists" in str(r["messages"]) for r in harness.fake.requests)


async def test_create_personas_refusals_store_nothing(harness):
    before = (await harness.call("list_personas", {}))["total"]
    with pytest.raises(ToolFailure) as caught:
        await harness.call("create_personas", {"description": "short"})
    assert caught.value.errors == ["Input is too short. Please provide more details."]
    with pytest.raises(ToolFailure) as caught:
        await harness.call("create_personas", {"description": "x" * 20, "count": 21})
    assert caught.value.errors == ["count: Input should be less than or equal to 20"]
    assert (await harness.call("list_personas", {}))["total"] == before
    assert harness.fake.requests == []
