"""The pure rules of guides: field names and lines of problems, and the conversion between
a guide and the API's bodies (hand-written expectations)."""

from colloquy.domain.guides import convert
from colloquy.domain.guides.problems import (
    GuideProblem,
    body_loc_to_guide,
    field_loc,
    field_name,
    line_of,
    problem,
    setup_message_loc,
)

LINES = {(): 1, ("name",): 2, ("stimuli",): 5, ("stimuli", 0): 6, ("stimuli", 1): 9}


def test_field_names_and_back():
    assert field_name(("stimuli", 1, "file")) == "stimuli[1].file"
    assert field_name(("participants", "ids", 0)) == "participants.ids[0]"
    assert field_name(()) == ""
    assert field_loc("stimuli[1].file") == ("stimuli", 1, "file")
    assert field_loc("participants.ids[12]") == ("participants", "ids", 12)
    assert field_loc("") == ()


def test_a_missing_field_is_reported_at_its_parent_line():
    assert line_of(("stimuli", 1, "title"), LINES) == 9
    assert line_of(("stimuli", 1), LINES) == 9
    assert line_of(("questions",), LINES) == 1
    assert line_of(("x",), {}) is None
    assert str(problem(("stimuli", 1, "title"), "Required", LINES)) == (
        "line 9: stimuli[1].title: Required"
    )
    assert str(GuideProblem("", "The guide is empty")) == "The guide is empty"


def test_api_messages_point_at_guide_fields():
    assert setup_message_loc("Please select 3-8 personas") == ("participants",)
    assert setup_message_loc("Please add at least 2 questions") == ("questions",)
    assert setup_message_loc("Discussion mode must be sequential or parallel") == (
        "settings",
        "discussionMode",
    )
    assert setup_message_loc("Moderator style must be formal, casual or probing") == (
        "moderator",
        "style",
    )
    assert setup_message_loc("Moderator must be scripted or ai") == ("moderator", "kind")
    assert setup_message_loc("Something else entirely") == ()
    assert body_loc_to_guide(("settings", "moderator")) == ("moderator", "kind")
    assert body_loc_to_guide(("participantIds", 3)) == ("participants",)
    assert body_loc_to_guide(("stimuli", 2, "content")) == ("stimuli", 2)
    assert body_loc_to_guide(("settings", "discussionMode")) == ("settings", "discussionMode")


GUIDE = {
    "kind": "focus-group",
    "name": "Pouch",
    "description": "",
    "participants": {"ids": ["p1"], "tags": [], "generate": None},
    "moderator": {"style": "casual", "kind": "ai"},
    "stimuli": [
        {
            "type": "text",
            "title": "Claim",
            "text": "Compostable.",
            "url": None,
            "file": None,
            "description": None,
        },
        {
            "type": "image",
            "title": "Pack",
            "text": None,
            "url": None,
            "file": "pack.png",
            "description": "Front",
        },
    ],
    "questions": ["One?", "Two?"],
    "settings": {"responseLength": "brief", "discussionMode": "natural", "autoAdvance": False},
}


def test_a_guide_as_the_session_body_and_back():
    body = convert.session_body(GUIDE, ["p1", "p2", "p3"], ["Compostable.", "/uploads/x.png"])
    assert body == {
        "kind": "group",
        "name": "Pouch",
        "description": "",
        "participantIds": ["p1", "p2", "p3"],
        "moderatorStyle": "casual",
        "stimuli": [
            {"type": "text", "title": "Claim", "content": "Compostable."},
            {"type": "image", "title": "Pack", "content": "/uploads/x.png", "description": "Front"},
        ],
        "questions": ["One?", "Two?"],
        # A mode the guide code does not know passes through to the API's own checks.
        "settings": {
            "responseLength": "brief",
            "discussionMode": "natural",
            "autoAdvance": False,
            "moderator": "ai",
        },
    }
    back = convert.guide_from_setup(body, {"provider": "openai", "name": "m", "baseUrl": None})
    assert back == {
        "kind": "focus-group",
        "version": 1,
        "name": "Pouch",
        "participants": {"ids": ["p1", "p2", "p3"]},
        "moderator": {"style": "casual", "kind": "ai"},
        "stimuli": [
            {"type": "text", "title": "Claim", "text": "Compostable."},
            {"type": "image", "title": "Pack", "url": "/uploads/x.png", "description": "Front"},
        ],
        "questions": ["One?", "Two?"],
        "settings": {"responseLength": "brief", "discussionMode": "natural", "autoAdvance": False},
        "model": {"provider": "openai", "name": "m"},
    }


def test_the_guide_seed_goes_to_the_session_settings():
    body = convert.session_body(GUIDE | {"seed": 7}, ["p1"], ["Compostable.", "/uploads/x.png"])
    assert body["settings"]["seed"] == 7
    own = GUIDE | {"seed": 7, "settings": {"seed": 3}}
    assert convert.session_body(own, ["p1"], ["a", "b"])["settings"]["seed"] == 3


def test_a_survey_as_a_guide():
    view = {
        "name": "Kettles",
        "concepts": [{"id": "c1", "type": "text", "title": "Solar", "content": "Sun."}],
        "questions": [
            {"id": "q1", "text": "Buy?", "scale": "purchase_intent", "points": 5},
            {"id": "q2", "text": "Like?", "scale": {"label": None, "anchors": ["No", "Yes"]}},
        ],
        "respondents": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}],
        "samples": 3,
        "askDirect": True,
    }
    guide = convert.guide_from_survey(view)
    assert guide["concepts"] == [{"type": "text", "title": "Solar", "text": "Sun."}]
    assert guide["respondents"] == {"ids": ["p1", "p2"]}
    assert guide["questions"][1] == {
        "text": "Like?",
        "scale": {"label": None, "anchors": ["No", "Yes"]},
    }
    body = convert.survey_body(guide, ["p1", "p2"], ["Sun."])
    assert body["concepts"] == [{"type": "text", "title": "Solar", "content": "Sun."}]
    assert body["samples"] == 3 and body["askDirect"] is True
