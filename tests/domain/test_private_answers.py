"""Private answers' pure rules (docs/natural-mode.md): the prompt, the stance, the shifts, and the
health report's conformity measured on them (hand-computed)."""

from colloquy.domain.sessions import private_answers as pa
from colloquy.domain.trust.health_private import private_conformity, public_majority
from colloquy.domain.trust.health_report import build_health_report


def test_stance_line_is_parsed_and_removed():
    assert pa.parse_stance("I like it.\nStance: 4") == ("I like it.", 4)
    assert pa.parse_stance("Not for me.\n**Stance:** 2 (disagree)") == ("Not for me.", 2)
    assert pa.parse_stance("No stance here.") == ("No stance here.", None)
    assert pa.parse_stance("Stance: 9") == ("Stance: 9", None)


def test_purchase_questions_and_ssr_points():
    assert pa.purchase_style("Would you buy it?")
    assert not pa.purchase_style("What do you think of the pouch?")
    assert pa.stance_from_pmf([0, 0, 0, 0.5, 0.5]) == 5  # 4.5 rounds up
    assert pa.stance_from_pmf([0.2] * 5) == 3
    assert pa.stance_from_pmf([1, 0, 0, 0, 0]) == 1


def test_private_prompt_before_and_after():
    before = pa.private_prompt("Would you buy it?", [], [], after=False)
    assert "Before the group discusses this question" in before
    assert "nobody else in the group will see your answer" in before
    assert "Discussion so far" not in before
    said = [{"speaker": "Ana", "content": "Too pricey.", "kind": "response"}]
    after = pa.private_prompt("Would you buy it?", [], said, after=True)
    assert "The group discussion of this question is over" in after
    assert "Ana: Too pricey." in after


def msg(i, kind, q, p, stance=None, sentiment="neutral", speaker=None, content=None):
    return {
        "id": f"m{i}",
        "kind": kind,
        "questionIndex": q,
        "participantIndex": p,
        "speaker": speaker or ["Ana", "Bob", "Cy"][p],
        "content": content or f"text {i}",
        "stance": stance,
        "sentiment": sentiment,
        "round": 0,
    }


SESSION = [
    msg(1, "private_before", 0, 0, 2),
    msg(2, "private_before", 0, 1, 4),
    msg(3, "private_before", 0, 2, 3),
    msg(4, "response", 0, 0, sentiment="positive", content="Yes, I'd buy it."),
    msg(5, "response", 0, 1, sentiment="positive", content="Absolutely, same here."),
    msg(6, "response", 0, 2, sentiment="negative", content="No, not for me."),
    msg(7, "private_after", 0, 0, 4),
    msg(8, "private_after", 0, 1, 2),
    msg(9, "private_after", 0, 2, 3),
]


def test_shifts_pair_before_and_after():
    rows = pa.shifts(SESSION)
    assert [
        (r["participantIndex"], r["stanceBefore"], r["stanceAfter"], r["shift"], r["changedMind"])
        for r in rows
    ] == [(0, 2, 4, 2, True), (1, 4, 2, -2, True), (2, 3, 3, 0, False)]
    assert rows[0]["before"] == "text 1" and rows[0]["after"] == "text 7"
    assert pa.public(SESSION) == SESSION[3:6]


def test_an_inferred_stance_is_not_counted_as_a_change_of_mind_unless_asked():
    session = [dict(m) for m in SESSION]
    session[6]["stanceMethod"] = "ssr-agreement"  # Ana's after-stance was not stated
    session[0]["stanceMethod"] = "stated"
    rows = pa.shifts(session)
    assert (rows[0]["shift"], rows[0]["changedMind"], rows[0]["inferredAfter"]) == (
        None,
        False,
        True,
    )
    assert rows[0]["methodAfter"] == "ssr-agreement" and rows[0]["methodBefore"] == "stated"
    assert [r["shift"] for r in rows[1:]] == [-2, 0]  # no method: older rows, stated
    assert pa.inferred_count(rows) == 1
    assert pa.shifts(session, include_inferred=True)[0]["shift"] == 2
    finding = private_conformity(session, ["Ana", "Bob", "Cy"])
    # Ana's move (2 -> 4, toward the majority) is left out: 0 of 2 toward, 1 away; the sign
    # test of 0 toward against 1 away: P(X >= 0 | n = 1, 1/2) = 1
    assert finding["summary"] == (
        "In private, 0 of 2 stances moved toward the group's public majority after the "
        "discussion (0%), 1 away from it. Sign test of toward against away: p = 1.000. "
        "1 stance was not stated but inferred from the wording, and left out."
    )
    assert finding["data"]["inferredStances"] == 1
    assert pa.inference_method("Would you buy it?") == "ssr-purchase-intent"
    assert pa.inference_method("Is the lid easy to open?") == "ssr-agreement"


def test_conformity_from_private_shifts_names_who_moved():
    assert public_majority(SESSION, 0) == 5  # two say yes, one no
    finding = private_conformity(SESSION, ["Ana", "Bob", "Cy"])
    # 1 of 3 = 33 % >= 25 %, but 1 toward against 1 away: P(X >= 1 | 2, 1/2) = 3/4.
    assert finding["status"] == "unclear"
    assert finding["summary"] == (
        "In private, 1 of 3 stances moved toward the group's public majority after the "
        "discussion (33%), 1 away from it. Sign test of toward against away: p = 0.750. "
        "Not enough answers to tell this from chance. Moved toward the group: Ana."
    )
    assert finding["messageIds"] == ["m1", "m7"]
    assert finding["data"]["changers"][0]["name"] == "Ana"
    tied = [m for m in SESSION if m["id"] != "m5"]  # one yes, one no: no majority
    na = private_conformity(tied, ["Ana", "Bob", "Cy"])
    assert na["status"] == "na" and na["data"]["stanced"] == 3
    assert "no majority to move toward" in na["summary"]
    assert private_conformity([m for m in SESSION if m["kind"] == "response"], []) is None


def test_health_report_uses_private_answers_and_leaves_them_out_of_answers():
    vectors = {m["id"]: [1.0, 0.0] for m in SESSION}
    report = build_health_report(
        SESSION,
        [{"name": n} for n in ("Ana", "Bob", "Cy")],
        vectors,
        embedder="test",
        provider="openai",
        model="big-70b",
    )
    assert report["answerCount"] == 3  # the public answers only
    conformity = next(f for f in report["findings"] if f["key"] == "conformity")
    assert conformity["data"]["method"] == "privateAnswers"


def test_natural_turns_read_as_three_phases_for_convergence():
    from colloquy.domain.trust.health_turns import as_phases

    answers = [{"questionIndex": 0, "round": t, "id": f"a{t}"} for t in range(9)]
    assert [a["round"] for a in as_phases(answers)] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    spec = [{"questionIndex": 0, "round": r, "id": f"b{r}"} for r in (0, 1, 2)]
    assert as_phases(spec) == spec  # rounds 0-2 stay as they are


def test_the_public_majority_comes_from_what_people_say_not_their_mood():
    # "Is it too expensive?": agreeing is negative in mood but on the yes side.
    said = ["Yes, way too expensive.", "Definitely, it's a rip-off.", "I don't agree, it's fine."]
    q = [msg(i, "response", 0, i % 3, content=t, sentiment="negative") for i, t in enumerate(said)]
    assert public_majority(q, 0) == 5
    # "Not good" is no praise; "I don't agree" and "not exactly" count for the other side.
    said = ["Not good, no.", "I don't agree with that at all.", "Not exactly, no.", "Yes."]
    q = [msg(i, "response", 0, i % 3, content=t, sentiment="positive") for i, t in enumerate(said)]
    assert public_majority(q, 0) == 1


def test_conformity_warns_when_moves_toward_the_group_beat_chance():
    rows = []
    for q in range(6):  # six questions, three people each: every mover moves toward "yes"
        for p in range(3):
            rows.append(msg(f"{q}b{p}", "private_before", q, p, 2))
            rows.append(msg(f"{q}r{p}", "response", q, p, content="Yes, I agree."))
            rows.append(msg(f"{q}a{p}", "private_after", q, p, 4 if p == 0 else 2))
    finding = private_conformity(rows, ["Ana", "Bob", "Cy"])
    # 6 of 18 toward (33 %), 0 away: P(X >= 6 | 6, 1/2) = 1/64 = 0.0156 < 0.05.
    assert finding["data"]["pToward"] == 0.0156 and finding["status"] == "warn"
