"""Persona import/export and tags through the API, on SQLite and PostgreSQL."""

import csv
import io
import json

from colloquy.domain.personas.file_export import EXPORT_COLUMNS
from colloquy.domain.personas.file_import import IMPORT_MAX_ROWS, REQUIRED_COLUMNS

HEADER = ",".join((*REQUIRED_COLUMNS, "tags"))
GOOD = 'Ana Ruiz,34,Female,"Austin, TX",$60-100k,70,60,50,65,40,hiking; coffee,Gen Z; Austin'
GOOD2 = "Ben Cole,45,Male,Chicago,$100k+,40,80,30,55,35,golf,Chicago"


def _upload(client, text, name="people.csv", dry=True, ctype="text/csv"):
    files = {"file": (name, text.encode("utf-8") if isinstance(text, str) else text, ctype)}
    return client.post(f"/api/personas/import?dryRun={'true' if dry else 'false'}", files=files)


def _names(client):
    return [p["name"] for p in client.get("/api/personas").json()]


def test_tags_create_update_list_filter(client):
    body = {
        "name": "Tagged",
        "age": 30,
        "gender": "Female",
        "location": "Chicago",
        "income": "$30-60k",
        "traits": dict.fromkeys(
            ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"), 50
        ),
        "interests": ["music"],
        "tags": [" Gen  Z ", "gen z", "Chicago"],
    }
    created = client.post("/api/personas", json=body).json()
    assert created["tags"] == ["Gen Z", "Chicago"]
    pid = created["id"]
    # An update without tags keeps them; with tags replaces them.
    kept = client.put(f"/api/personas/{pid}", json={**body, "tags": None} | {"name": "T2"})
    assert kept.json()["tags"] == []  # explicit null clears
    client.put(f"/api/personas/{pid}", json={**body, "tags": ["Millennial"]})
    body.pop("tags")
    assert client.put(f"/api/personas/{pid}", json=body).json()["tags"] == ["Millennial"]
    assert [p["id"] for p in client.get("/api/personas?tag=millennial").json()] == [pid]
    assert client.get("/api/personas?tag=nobody").json() == []
    assert all(p["tags"] == [] for p in client.get("/api/personas").json() if p["id"] != pid)
    bad = client.post(
        "/api/personas", json={**body, "tags": ["x" * 41] + [f"t{i}" for i in range(10)]}
    )
    assert bad.status_code == 422
    assert "Tags must be at most 40 characters" in bad.json()["errors"]
    assert "No more than 10 tags are allowed" in bad.json()["errors"]


def test_template_and_export_round_trip(client):
    template = client.get("/api/personas/import-template.csv")
    assert template.status_code == 200
    assert "attachment" in template.headers["content-disposition"]
    assert template.text.splitlines()[0] == HEADER
    # The template imports as it is.
    preview = _upload(client, template.text).json()
    assert preview["valid"] == 1 and preview["rows"][0]["ok"]

    exported = client.get("/api/personas/export.csv")
    assert exported.status_code == 200
    lines = exported.text.splitlines()
    assert lines[0].startswith("# ") and "Fictional personas" in lines[0]
    rows = list(csv.reader(io.StringIO("\n".join(lines[1:]))))
    assert tuple(rows[0]) == EXPORT_COLUMNS
    assert len(rows) == 11  # header + ten seed personas
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["id"] == "p1" and ";" in first["interests"] or first["interests"]

    selected = client.get("/api/personas/export.json?ids=p2,p1")
    doc = selected.json()
    assert doc["format"] == "colloquy-personas/1" and "not research data" in doc["notice"]
    assert [p["id"] for p in doc["personas"]] == ["p2", "p1"]
    assert set(doc["personas"][0]) >= {"traits", "interests", "tags", "createdAt"}
    assert client.get("/api/personas/export.json?ids=nope").status_code == 404

    # Re-importing an export: every name is already in the library.
    again = _upload(client, exported.text).json()
    assert again["valid"] == 0 and again["total"] == 10
    assert "is already in the library" in again["rows"][0]["errors"][0]
    again_json = _upload(client, selected.text, "p.json", ctype="application/json").json()
    assert again_json["total"] == 2 and again_json["valid"] == 0


def test_dry_run_previews_then_import_saves_valid_rows(client):
    text = f"{HEADER}\n{GOOD}\nBad,10,,x,y,500,1,1,1,1,,\n{GOOD2}"
    preview = _upload(client, text)
    assert preview.status_code == 200
    body = preview.json()
    assert body["dryRun"] and (body["total"], body["valid"], body["invalid"]) == (3, 2, 1)
    assert body["imported"] == 0
    bad = body["rows"][1]
    assert bad["row"] == 2 and not bad["ok"]
    assert "Age must be between 18 and 100" in bad["errors"]
    assert "Gender is required" in bad["errors"]
    assert "Openness must be between 0 and 100" in bad["errors"]
    assert "At least one interest is required" in bad["errors"]
    assert len(_names(client)) == 10  # nothing saved by a preview

    done = _upload(client, text, dry=False).json()
    assert done["imported"] == 2 and len(done["importedIds"]) == 2
    personas = client.get("/api/personas").json()
    assert [p["name"] for p in personas[-2:]] == ["Ana Ruiz", "Ben Cole"]
    ana = personas[-2]
    assert ana["interests"] == ["hiking", "coffee"] and ana["tags"] == ["Gen Z", "Austin"]
    assert ana["location"] == "Austin, TX" and ana["traits"]["openness"] == 70
    assert [p["name"] for p in client.get("/api/personas?tag=chicago").json()] == ["Ben Cole"]


def test_json_import_and_bad_json(client):
    items = [
        {
            "name": "Json Person",
            "age": 50,
            "gender": "Male",
            "location": "Denver",
            "income": "$60-100k",
            "traits": dict.fromkeys(
                ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"),
                50,
            ),
            "interests": "ski; beer",
            "tags": ["Boomer"],
        },
        "not an object",
    ]
    res = _upload(client, json.dumps(items), "p.json", dry=False, ctype="application/json")
    body = res.json()
    assert body["imported"] == 1
    assert body["rows"][1] == {
        "row": 2,
        "name": "",
        "ok": False,
        "errors": ["Row is not a persona object"],
    }
    res = _upload(client, json.dumps({"a": 1}), "p.json", ctype="application/json")
    assert res.status_code == 422
    assert "must hold a list of personas" in res.json()["error"]
    res = _upload(client, "{oops", "p.json", ctype="application/json")
    assert res.status_code == 422 and "not valid JSON" in res.json()["error"]


def test_wrong_header_is_refused_with_the_expected_columns(client):
    res = _upload(client, "nom,age\nAna,30\n")
    assert res.status_code == 422
    message = res.json()["error"]
    assert message.startswith("Wrong header: missing column(s): name, gender")
    assert "unknown column(s): 'nom'" in message
    assert "Download the template CSV" in message


def test_too_many_rows_is_refused_whole(client):
    rows = [HEADER] + [GOOD.replace("Ana Ruiz", f"P{i}") for i in range(10_000)]
    res = _upload(client, "\n".join(rows), dry=False)
    assert res.status_code == 422
    assert res.json()["error"] == (
        f"Too many rows: the file has 10,000 personas; import at most {IMPORT_MAX_ROWS:,} "
        "at a time (split the file)."
    )
    assert len(_names(client)) == 10


def test_formulas_are_refused_and_exports_neutralise(client):
    text = "\n".join(
        [
            HEADER,
            GOOD.replace("Ana Ruiz", '=HYPERLINK("http://x")'),
            GOOD2.replace("golf", "golf; @SUM(A1)"),
            GOOD.replace("Ana Ruiz", "Neg Age").replace(",34,", ",-5,"),
        ]
    )
    body = _upload(client, text).json()
    assert body["valid"] == 0
    assert body["rows"][0]["errors"] == [
        "Name starts with '=', which a spreadsheet runs as a formula; formulas are not imported"
    ]
    assert body["rows"][1]["errors"] == [
        "Interest starts with '@', which a spreadsheet runs as a formula; formulas are not imported"
    ]
    assert body["rows"][2]["errors"] == ["Age must be between 18 and 100"]
    # A persona saved through the form with a formula-like name is exported neutralised.
    form = client.get("/api/personas/p1").json()
    form["name"] = "=1+1"
    client.put("/api/personas/p1", json=form)
    exported = client.get("/api/personas/export.csv?ids=p1").text
    assert "'=1+1" in exported


def test_duplicate_names_in_the_file(client):
    text = "\n".join([HEADER, GOOD, GOOD2, GOOD.replace("Ana Ruiz", " ana  ruiz ")])
    body = _upload(client, text, dry=False).json()
    assert body["imported"] == 2
    assert body["rows"][2]["errors"] == ["Duplicate name: 'ana  ruiz' is also in row 1"]


def test_bad_uploads(client):
    assert _upload(client, "").status_code == 422
    assert "empty" in _upload(client, "").json()["error"]
    assert "header but no personas" in _upload(client, HEADER + "\n").json()["error"]
    latin = (HEADER + "\n" + GOOD.replace("Ana", "Añа")).encode("latin-1", "replace")
    assert "not UTF-8" in _upload(client, latin).json()["error"]
    short = _upload(client, HEADER + "\nAna,30\n").json()
    assert short["rows"][0]["errors"] == ["Row has 2 cells; the header has 12"]
    res = client.post("/api/personas/import", json={"a": 1})
    assert res.status_code == 422
    res = client.post("/api/personas/import", files={"other": ("x.csv", b"a", "text/csv")})
    assert res.json()["error"] == "No file selected"
    big = HEADER + "\n" + "x" * (5 * 1024 * 1024 + 10)
    res = _upload(client, big)
    assert res.status_code == 422 and res.json()["error"].startswith("File too large")
    long_gender = _upload(client, "\n".join([HEADER, GOOD.replace("Female", "F" * 41)])).json()
    assert long_gender["rows"][0]["errors"] == ["Gender must be at most 40 characters"]
