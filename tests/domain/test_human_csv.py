"""People's ratings of a survey read from a CSV (domain/surveys/human_csv.py): matching by
title, id or number, and a message naming the row for every problem."""

import pytest

from colloquy.domain.surveys.human_csv import HUMAN_MAX_ROWS, decode_utf8, parse_human_csv
from domain.human_survey import CONCEPTS, POINTS, QUESTIONS, csv_text, ratings_of


def parse(text):
    return parse_human_csv(text, CONCEPTS, QUESTIONS, POINTS)


def test_the_fixture_reads_whole():
    ratings, errors = parse(csv_text())
    assert errors == []
    assert len(ratings) == 48
    got = [r.rating for r in ratings if (r.concept_id, r.question_id) == ("c2", "q1")]
    assert got == ratings_of("c2", "q1")
    assert ratings[0].respondent == "R-1041" and ratings[0].line == 2


def test_concepts_and_questions_by_id_number_or_name_in_any_case():
    text = (
        "rating,QUESTION,concept\n"
        "4,q2,c1\n"
        "3,2,2\n"
        '2,"  how LIKELY would you be to buy   this product? ",seaweed rice crackers\n'
    )
    ratings, errors = parse(text)
    assert errors == []
    assert [(r.concept_id, r.question_id, r.rating) for r in ratings] == [
        ("c1", "q2", 4),
        ("c2", "q2", 3),
        ("c2", "q1", 2),
    ]
    # Without a respondent column every row is a respondent of its own.
    assert [r.respondent for r in ratings] == ["row 2", "row 3", "row 4"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The file is empty"),
        ("\n\n", "The file is empty"),
        ("concept,question,rating\n", "The file has a header but no ratings."),
        (
            "concept,question,score\nc1,q1,3\n",
            (
                "Wrong header: the first row must name the columns "
                "concept, question and rating (and optionally respondent); missing rating (found: concept, question, score)."
            ),
        ),
        (
            "concept,rating,rating,question\nc1,1,2,q1\n",
            "Wrong header: the column rating appears more than once.",
        ),
        (
            "concept,question,rating\nc1,q1,4\nOat bar,q1,4\n",
            (
                'Row 3: no concept "Oat bar" in this survey (by number, id or title: 1 "Oat & Honey Crunch Bar", '
                '2 "Seaweed Rice Crackers").'
            ),
        ),
        ("concept,question,rating\nc1,q9,4\n", 'Row 2: no question "q9" in this survey'),
        (
            "concept,question,rating\nc1,q1,6\n",
            "Row 2: the rating 6 is outside the question's scale (1 to 5).",
        ),
        (
            "concept,question,rating\nc1,q1,0\n",
            "Row 2: the rating 0 is outside the question's scale (1 to 5).",
        ),
        (
            "concept,question,rating\nc1,q1,four\n",
            "Row 2: the rating 'four' is not a whole number from 1 to 5.",
        ),
        (
            "concept,question,rating\nc1,q1,3.5\n",
            "Row 2: the rating '3.5' is not a whole number from 1 to 5.",
        ),
        ("concept,question,rating\nc1,q1,\n", "Row 2: the rating is empty."),
        ("concept,question,rating\nc1,q1\n", "Row 2: the rating is empty."),
        ("concept,question,rating\n,q1,3\n", "Row 2: the concept is empty."),
        (
            "respondent,concept,question,rating\nR1,c1,q1,3\n,c1,q1,3\n",
            "Row 3: the respondent is empty.",
        ),
        (
            "respondent,concept,question,rating\nR1,c1,q1,3\nR2,c1,q1,4\nR1,1,How likely would you be to buy this product?,5\n",
            'Row 4: respondent "R1" already rated this concept and question on row 2.',
        ),
        ('concept,question,rating\nc1,"q1,4\n', "Row 2: the CSV cannot be read"),
        # A huge number is echoed as written, not as its 309 digits.
        (
            "concept,question,rating\nc1,q1,1e308\n",
            "Row 2: the rating 1e308 is outside the question's scale (1 to 5).",
        ),
    ],
)
def test_bad_input_names_the_row_and_the_problem(text, message):
    ratings, errors = parse(text)
    assert ratings == []
    assert any(message in e for e in errors), errors


def test_several_problems_on_one_row_and_many_rows():
    _ratings, errors = parse("concept,question,rating\nnope,q7,x\n")
    assert errors == [
        (
            'Row 2: no concept "nope" in this survey (by number, id or title: '
            '1 "Oat & Honey Crunch Bar", 2 "Seaweed Rice Crackers"); no question "q7" in this survey '
            '(by number, id or text: 1 "How likely would you be to buy this product?", '
            '2 "How new and different is this from what is already available?").'
        )
    ]
    _, errors = parse("concept,question,rating\n" + "c1,q1,9\n" * 30)
    assert len(errors) == 21 and errors[-1] == "… and 10 more rows with problems."
    assert errors[0].startswith("Row 2:") and errors[19].startswith("Row 21:")


def test_a_title_shared_by_two_concepts_must_be_given_by_id():
    twins = [{"id": "c1", "title": "Bar"}, {"id": "c2", "title": "bar"}]
    _, errors = parse_human_csv("concept,question,rating\nBar,q1,3\n", twins, QUESTIONS, POINTS)
    assert errors == ['Row 2: concept "Bar" names several concepts; use its id (c1, c2).']


def test_too_many_rows():
    body = "concept,question,rating\n" + "c1,q1,3\n" * (HUMAN_MAX_ROWS + 1)
    assert parse(body) == ([], [f"Too many rows: at most {HUMAN_MAX_ROWS:,} ratings per file."])
    ratings, errors = parse("concept,question,rating\n" + "c1,q1,3\n" * HUMAN_MAX_ROWS)
    assert errors == [] and len(ratings) == HUMAN_MAX_ROWS


def test_only_utf8_text():
    assert decode_utf8("Crème brûlée".encode()) == "Crème brûlée"
    assert decode_utf8(b"\xef\xbb\xbfconcept") == "concept"
    assert decode_utf8("Crème".encode("latin-1")) is None
    assert decode_utf8(b"concept\x00") is None
