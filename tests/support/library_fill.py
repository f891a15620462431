"""A small library in every copied table, written straight to a database (the copy's tests):
personas with evidence and an audit, a completed session with messages, its health report and
a webhook delivery, a survey with answers and people's uploaded answers, a synthesis, a
model profile and saved settings, with encrypted secrets where the app keeps them."""

from datetime import UTC, datetime, timedelta

from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.tables import (
    AppSettingRow,
    EvidencePassageRow,
    MessageRow,
    ModelProfileRow,
    PersonaAuditRow,
    PersonaEvidenceRow,
    PersonaRow,
    SessionHealthRow,
    SessionRow,
    StudyRow,
    SurveyAnswerRow,
    SurveyHumanAnswerRow,
    SurveyRow,
    SynthesisRow,
    WebhookDeliveryRow,
)

T0 = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)

# Rows written per table by `fill` (worked out from the rows below).
EXPECTED_ROWS = {
    "workspaces": 1,  # the first, "default", which every database has from its migration
    "personas": 2,
    "persona_evidence": 1,
    "evidence_passages": 2,
    "persona_audits": 1,
    "sessions": 1,
    "messages": 3,
    "session_health": 1,
    "webhook_deliveries": 1,
    "surveys": 1,
    "survey_answers": 2,
    "survey_human_answers": 2,
    "syntheses": 1,
    "studies": 1,
    "model_profiles": 1,
    "app_settings": 2,
}
# What a copy inserts: all but the first workspace, which the target has already.
EXPECTED_INSERTED = {**EXPECTED_ROWS, "workspaces": 0}


def _persona(pid: str, name: str, age: int) -> PersonaRow:
    return PersonaRow(
        id=pid, name=name, age=age, gender="female", location="Lyon, France", income="$50k",
        traits={"openness": 0.75, "notes": "likes café au lait"}, interests=["cycling"],
        tags=["Gen Z"], created_at=T0, updated_at=T0,
    )  # fmt: skip


async def fill(url: str, box: SecretBox) -> None:
    engine = make_engine(url)
    try:
        async with make_sessionmaker(engine)() as db, db.begin():
            db.add_all([_persona("p-1", "Ana", 29), _persona("p-2", "Bea", 41)])
            await db.flush()
            db.add(PersonaEvidenceRow(
                id="e-1", persona_id="p-1", filename="interview.txt", kind="txt",
                stored_name="e-1.txt", text="I ride to work.", words=4, created_at=T0,
            ))  # fmt: skip
            db.add(PersonaAuditRow(
                id="a-1", persona_id="p-2", assigned={"openness": 0.5}, measured={"openness": 0.4375},
                items=[{"item": 1, "answer": 4}], engaging=True, model="m", created_at=T0,
            ))  # fmt: skip
            db.add(SessionRow(
                id="s-1", name="Coffee", status="completed", created_at=T0,
                completed_at=T0 + timedelta(minutes=5), updated_at=T0,
                participants=[{"id": "p-1", "name": "Ana"}], stimuli=[], questions=["Why?"],
                settings={"rounds": 1}, tokens_used=321, insights={"summary": "Likes it"},
                model_override={"provider": "openai", "model": "x", "apiKey": box.encrypt("sk-1")},
            ))  # fmt: skip
            db.add(SurveyRow(
                id="v-1", name="Prices", status="completed", concepts=[{"id": "c1"}],
                questions=[{"id": "q1"}], respondents=[{"id": "p-1"}], created_at=T0, updated_at=T0,
            ))  # fmt: skip
            await db.flush()
            db.add_all([
                EvidencePassageRow(id=f"ep-{i}", evidence_id="e-1", persona_id="p-1", position=i,
                                   text=f"passage {i}", vector=[0.1 * i, -1.5e-7], embedder="e")
                for i in range(2)
            ])  # fmt: skip
            db.add_all([
                MessageRow(id=f"m-{i}", session_id="s-1", seq=i, speaker="Ana", content=f"answer {i}",
                           timestamp=T0 + timedelta(seconds=i), participant_index=0 if i else None,
                           question_index=0, round_index=i, cost_usd=0.000123 * (i + 1),
                           repairs=["trimmed"] if i == 1 else None, stance=i or None)
                for i in range(3)
            ])  # fmt: skip
            db.add(SessionHealthRow(
                session_id="s-1", overall="good", report={"checks": []}, message_count=3,
                computed_at=T0,
            ))  # fmt: skip
            db.add(WebhookDeliveryRow(
                id="w-1", target_kind="session", target_id="s-1", event="session.completed",
                url="http://127.0.0.1:9/hook", status="failed", attempts=3, created_at=T0,
                updated_at=T0,
            ))  # fmt: skip
            db.add_all([
                SurveyAnswerRow(id=f"sa-{i}", survey_id="v-1", respondent_id="p-1", concept_id="c1",
                                question_id="q1", sample=i, text="Yes",
                                pmf=None if i else [0.1, 0.2, 0.3, 0.2, 0.2],
                                created_at=T0)
                for i in range(2)
            ])  # fmt: skip
            db.add_all([
                SurveyHumanAnswerRow(survey_id="v-1", concept_id="c1", question_id="q1",
                                     respondent=f"r{i}", rating=3 + i, line=i + 2,
                                     file_name="people.csv", created_at=T0)
                for i in range(2)
            ])  # fmt: skip
            db.add(SynthesisRow(
                id="y-1", cache_key="k", session_ids=["s-1"], status="completed", themes=[],
                respondents=[], quotes=[], dropped={}, created_at=T0, updated_at=T0,
            ))  # fmt: skip
            db.add(StudyRow(
                id="st-1", name="Pouch study", questions=["Why?"], persona_ids=["p-1"],
                settings={"moderator": "ai", "maxProbes": 2, "responseLength": "brief"},
                session_ids=["s-1"], status="completed", synthesis_id="y-1",
                created_at=T0, updated_at=T0,
            ))  # fmt: skip
            db.add(ModelProfileRow(
                id="mp-1", name="Team model", provider="openai", base_url="http://127.0.0.1:9/v1",
                model="x", api_key=box.encrypt("sk-profile"), is_default=True, created_at=T0,
                updated_at=T0,
            ))  # fmt: skip
            db.add_all([
                AppSettingRow(key="prices", data={"x": {"input": 0.15, "output": 0.6}}, updated_at=T0),
                AppSettingRow(key="webhooks", data={"url": "http://127.0.0.1:9/h",
                                                    "secret": box.encrypt("whsec")}, updated_at=T0),
            ])  # fmt: skip
    finally:
        await engine.dispose()
