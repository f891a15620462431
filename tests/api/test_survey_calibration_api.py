"""POST /api/surveys/calibrate through the in-process client (docs/measured-against-people.md). The
figures are recomputed here by hand from SSR's own expected values, which the test reads
back by rating each answer alone (a one-row file cannot be sent: three rows are needed, so
each answer is rated among copies of itself)."""

import statistics

import pytest

ANSWERS = [
    ("I would definitely buy this, it is exactly what I need.", 5),
    ("Probably yes, if the price is right.", 4),
    ("Not sure, maybe, maybe not.", 3),
    ("Probably not, it is not for me.", 2),
    ("I would never buy this.", 1),
]


def post(client, body: str, scale: str | None = None, name: str = "answers.csv"):
    data = {"scale": scale} if scale else {}
    return client.post(
        "/api/surveys/calibrate", files={"file": (name, body.encode(), "text/csv")}, data=data
    )


def csv_of(rows):
    return "text,rating\n" + "".join(f'"{t}",{r}\n' for t, r in rows)


def test_figures_match_an_independent_computation(client):
    res = post(client, csv_of(ANSWERS))
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["n"] == 5 and body["scale"] == "purchase_intent"
    assert body["embedder"].startswith("wordllama")
    # Each answer's SSR expected value, read alone (three copies: mean of equal values).
    ssr = []
    for text, rating in ANSWERS:
        alone = post(client, csv_of([(text, rating)] * 3)).json()
        ssr.append(alone["mean"]["ssr"])
    human = [r for _, r in ANSWERS]
    assert body["mean"]["ssr"] == pytest.approx(statistics.fmean(ssr), abs=1e-3)
    assert body["mae"] == pytest.approx(
        statistics.fmean(abs(h - s) for h, s in zip(human, ssr, strict=False)), abs=1e-3
    )
    assert body["pearson"] == pytest.approx(statistics.correlation(human, ssr), abs=1e-3)
    assert body["sd"]["human"] == pytest.approx(statistics.pstdev(human), abs=1e-4)


@pytest.mark.parametrize(
    ("body", "scale", "message"),
    [
        ("", None, "The file is empty"),
        ("answer,score\nx,1\n", None, "Wrong header"),
        ("text,rating\nok,9\nfine,2\nyes,3\n", None, "Row 2: the rating '9'"),
        ("text,rating\nok,1\nfine,2\nyes,3\n", "no_such_scale", "Unknown scale: no_such_scale"),
    ],
)
def test_bad_input_gets_a_clear_message(client, body, scale, message):
    res = post(client, body, scale)
    assert res.status_code == 422
    assert message in res.text


def test_binary_and_missing_files_are_refused(client):
    res = client.post(
        "/api/surveys/calibrate", files={"file": ("x.csv", b"\x00\x01\x02\xff" * 50, "text/csv")}
    )
    assert res.status_code == 422 and "not text" in res.text
    res = client.post("/api/surveys/calibrate", files={"other": ("x.csv", b"a", "text/csv")})
    assert res.status_code == 422 and "No file selected" in res.text
