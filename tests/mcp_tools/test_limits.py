"""The size limits of tool answers (colloquy/mcp/limits.py), on hand-counted sizes."""

from colloquy.mcp.limits import clip, json_size, page


def test_clip_keeps_short_text_and_says_how_much_was_cut():
    assert clip("abcdef", 6) == "abcdef"
    assert clip("abcdefghij", 4) == "abcd… [cut: 6 more characters]"


def test_json_size_is_the_length_of_the_json_text():
    assert json_size({"a": "é"}) == len('{"a": "é"}') == 10


def test_page_by_count_and_next_offset():
    items = list(range(10))
    assert page(items, 0, 4) == ([0, 1, 2, 3], 4)
    assert page(items, 8, 4) == ([8, 9], None)  # the last page
    assert page(items, 10, 4) == ([], None)
    assert page(items, 12, 4) == ([], None)


def test_page_stops_at_the_character_budget_but_always_moves_on():
    items = ["aaaa", "bbbb", "cccc"]  # each "xxxx" is 6 characters as JSON
    assert page(items, 0, 10, budget=12) == (["aaaa", "bbbb"], 2)
    assert page(items, 0, 10, budget=11) == (["aaaa"], 1)
    assert page(items, 1, 10, budget=3) == (["bbbb"], 2)  # one item even over the budget


def test_progress_messages():
    from colloquy.mcp.progress import session_message, survey_message

    running = {"responses": 7, "total": 24, "questionIndex": 1, "round": 0, "participantIndex": 2}
    assert session_message(running) == "7 of 24 answers (question 2, round 1)"
    done = {"responses": 24, "total": 24, "questionIndex": 1, "round": 2, "participantIndex": None}
    assert session_message(done) == "24 of 24 answers"
    assert survey_message({"done": 12, "total": 40, "errors": 0}) == "12 of 40 answers"
    assert (
        survey_message({"done": 12, "total": 40, "errors": 1}) == "12 of 40 answers, 1 failed call"
    )
    assert survey_message({"done": 3, "total": 4, "errors": 2}) == "3 of 4 answers, 2 failed calls"
