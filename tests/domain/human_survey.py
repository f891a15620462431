"""People's own ratings of two snack concepts, written for these tests in the shape survey
tools export (respondent codes, concept titles as shown to people, the question's text,
one rating per row; some ratings written "4.0" as spreadsheets save them). Not real data."""

CONCEPTS = [
    {"id": "c1", "title": "Oat & Honey Crunch Bar"},
    {"id": "c2", "title": "Seaweed Rice Crackers"},
]
QUESTIONS = [
    {
        "id": "q1",
        "text": "How likely would you be to buy this product?",
        "scale": "purchase_intent",
    },
    {
        "id": "q2",
        "text": "How new and different is this from what is already available?",
        "scale": "uniqueness",
    },
]
POINTS = {"q1": 5, "q2": 5}

# respondent -> (bar: buy, new), (crackers: buy, new)
_PEOPLE = {
    "R-1041": ((4, 2), (2, 4)),
    "R-1042": ((5, 2), (1, 5)),
    "R-1043": ((4, 3), (3, 4)),
    "R-1044": ((3, 1), (2, 3)),
    "R-1045": ((4, 2), (4, 5)),
    "R-1046": ((2, 2), (1, 4)),
    "R-1047": ((4, 1), (2, 4)),
    "R-1048": ((5, 3), (3, 3)),
    "R-1049": ((3, 2), (1, 5)),
    "R-1050": ((4, 2), (2, 4)),
    "R-1051": ((1, 1), (2, 2)),
    "R-1052": ((4, 3), (5, 5)),
}
_TITLES = {"c1": "Oat & Honey Crunch Bar", "c2": "Seaweed Rice Crackers"}
_TEXTS = {"q1": QUESTIONS[0]["text"], "q2": QUESTIONS[1]["text"]}


def rows() -> list[tuple[str, str, str, str]]:
    """(respondent, concept title, question text, rating) in export order."""
    out = []
    for n, (person, ((b1, n1), (b2, n2))) in enumerate(_PEOPLE.items()):
        for cid, (buy, new) in (("c1", (b1, n1)), ("c2", (b2, n2))):
            rating = f"{buy}.0" if n % 5 == 4 else str(buy)
            out.append((person, _TITLES[cid], _TEXTS["q1"], rating))
            out.append((person, _TITLES[cid], _TEXTS["q2"], str(new)))
    return out


def csv_text() -> str:
    lines = ["Respondent,Concept,Question,Rating"]
    for person, concept, question, rating in rows():
        lines.append(f'{person},{concept},"{question}",{rating}')
    return "\r\n".join(lines) + "\r\n"


def ratings_of(concept: str, question: str) -> list[int]:
    index = 0 if concept == "c1" else 1
    part = 0 if question == "q1" else 1
    return [ratings[index][part] for ratings in _PEOPLE.values()]
