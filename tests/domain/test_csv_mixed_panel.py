"""The CSV transcript of a mixed panel (docs/models.md) gains a last Model column; a panel on
one model keeps the product's four columns. Expected text written by hand."""

from colloquy.domain.results.csv_export import session_csv

SESSION = {
    "name": "Mixed",
    "createdAt": "2024-05-01T10:00:00Z",
    "participants": [{"id": "pa"}, {"id": "pb"}],
}


def msg(speaker, content, kind, model=None, sentiment=None, second=0):
    return {
        "speaker": speaker,
        "content": content,
        "kind": kind,
        "model": model,
        "profileName": None if model is None else f"profile of {model}",
        "sentiment": sentiment,
        "timestamp": f"2024-05-01T10:00:0{second}Z",
    }


MIXED = [
    msg("Moderator", "Would you buy it?", "question", second=1),
    msg("Ana", "Yes, at that price.", "response", "gpt-4o-mini", "positive", 2),
    msg("Ben", "No, too flimsy.", "response", "llama-3.1-8b", "negative", 3),
    msg("Cy", "Maybe.", "response", None, "neutral", 4),
]


def test_mixed_panel_has_a_model_column():
    assert session_csv(SESSION, MIXED, None) == (
        "Session Name,Mixed\r\n"
        "Date,2024-05-01\r\n"
        "Participants,2\r\n"
        "Total Responses,3\r\n"
        "\r\n"
        "Transcript\r\n"
        "Speaker,Content,Sentiment,Timestamp,Model\r\n"
        "Moderator,Would you buy it?,N/A,2024-05-01T10:00:01Z,\r\n"
        'Ana,"Yes, at that price.",positive,2024-05-01T10:00:02Z,gpt-4o-mini\r\n'
        'Ben,"No, too flimsy.",negative,2024-05-01T10:00:03Z,llama-3.1-8b\r\n'
        "Cy,Maybe.,neutral,2024-05-01T10:00:04Z,unknown model\r\n"
    )


def test_one_model_keeps_the_product_columns():
    same = [{**m, "model": "gpt-4o-mini"} if m["kind"] == "response" else m for m in MIXED]
    assert session_csv(SESSION, same, None) == (
        "Session Name,Mixed\r\n"
        "Date,2024-05-01\r\n"
        "Participants,2\r\n"
        "Total Responses,3\r\n"
        "\r\n"
        "Transcript\r\n"
        "Speaker,Content,Sentiment,Timestamp\r\n"
        "Moderator,Would you buy it?,N/A,2024-05-01T10:00:01Z\r\n"
        'Ana,"Yes, at that price.",positive,2024-05-01T10:00:02Z\r\n'
        'Ben,"No, too flimsy.",negative,2024-05-01T10:00:03Z\r\n'
        "Cy,Maybe.,neutral,2024-05-01T10:00:04Z\r\n"
    )


def test_no_recorded_model_keeps_the_product_columns():
    unrecorded = [{**m, "model": None} for m in MIXED]
    header = session_csv(SESSION, unrecorded, None).split("\r\n")[6]
    assert header == "Speaker,Content,Sentiment,Timestamp"
