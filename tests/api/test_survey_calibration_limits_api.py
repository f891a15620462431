"""POST /api/surveys/calibrate refuses the files over its limits with a whole-file message
(over 10,000 rows, over 5 MB), through the in-process client."""


def post(client, body: bytes):
    return client.post("/api/surveys/calibrate", files={"file": ("answers.csv", body, "text/csv")})


def test_over_ten_thousand_rows_is_refused(client):
    body = "text,rating\n" + "Probably, if it were on offer.,4\n" * 10_001
    res = post(client, body.encode())
    assert res.status_code == 422
    assert res.json()["error"] == "Too many rows: at most 10,000 answers per file."


def test_over_five_megabytes_is_refused(client):
    body = b"text,rating\n" + b'"' + b"so " * (2 * 1024 * 1024) + b'",3\n'
    res = post(client, body)
    assert res.status_code == 422
    assert res.json()["error"] == "The file is too large: at most 5 MB."
