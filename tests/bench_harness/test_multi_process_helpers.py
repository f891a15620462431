"""bench/scenarios/multi_process.py: its pure helpers (placement, percentile, plan check,
who ran a session). The benchmark itself is run by hand; nothing here is timed."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.scenarios.multi_process import (
    default_admin_url,
    dsn_for,
    owners,
    percentile,
    placement,
    plan_problems,
)


def complete_plan(questions: int, participants: int) -> list[tuple]:
    rows: list[tuple] = []
    for q in range(questions):
        for r in range(3):
            kind = "question" if r == 0 else "round"
            rows.append((len(rows) + 1, kind, q, r, None))
            rows += [(len(rows) + 1 + i, "response", q, r, i) for i in range(participants)]
    return rows


def test_percentile_nearest_rank_and_empty():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 51.0  # round(0.5 * 99) = 50 -> the 51st value
    assert percentile(values, 0.99) == 99.0
    assert percentile(values, 1.0) == 100.0
    assert percentile([3.0, 1.0, 2.0], 0.0) == 1.0
    assert percentile([], 0.99) != percentile([], 0.99)  # NaN


def test_placement_one_process_is_all_local():
    assert {placement(i, 1) for i in range(10)} == {(0, 0, 0)}


def test_placement_two_processes_spread_and_half_relayed():
    places = [placement(i, 2) for i in range(200)]
    runs = [r for _, r, _ in places]
    assert runs.count(0) == runs.count(1) == 100
    assert all(c != r for c, r, _ in places)  # created on one process, run on the other
    for k in (0, 1):
        followed = [sse for _, r, sse in places if r == k]
        assert followed.count(k) == 50  # half of each process's sessions followed locally
    assert sum(1 for _, r, sse in places if sse != r) == 100


def test_plan_complete_has_no_problem():
    assert plan_problems(complete_plan(3, 5), 3, 5) == []


def test_plan_gap_duplicate_missing_and_count():
    rows = complete_plan(2, 3)
    dup = rows + [(len(rows) + 1, *rows[3][1:])]
    assert plan_problems(dup, 2, 3) == ["1 slot(s) stored twice", "25 messages, expected 24"]
    missing = [r for r in rows if r[1:] != ("response", 0, 1, 1)]
    problems = plan_problems(missing, 2, 3)
    assert "seq is not 1..23" in problems
    assert "1 planned answer(s) missing" in problems
    assert plan_problems([], 1, 1) == ["3 planned answer(s) missing", "0 messages, expected 6"]


def test_owners_by_committing_process():
    per_process = [{"m1", "m2"}, {"m3", "m4"}]
    messages = {"a": ["m1", "m2"], "b": ["m3"], "c": ["m2", "m4"], "d": ["zz"]}
    assert owners(per_process, messages) == {"a": {0}, "b": {1}, "c": {0, 1}, "d": set()}


def test_dsn_for_swaps_database_and_driver():
    admin = "postgresql://postgres@127.0.0.1:5432/postgres"
    assert dsn_for(admin, "bench_cluster") == "postgresql://postgres@127.0.0.1:5432/bench_cluster"
    assert (
        dsn_for(admin, "x", "postgresql+asyncpg")
        == "postgresql+asyncpg://postgres@127.0.0.1:5432/x"
    )


def test_admin_url_on_the_test_suites_server(monkeypatch):
    monkeypatch.setenv("COLLOQUY_TEST_POSTGRES_URL", "postgresql+asyncpg://u:pw@db:5433/test")
    assert default_admin_url() == "postgresql://u:pw@db:5433/postgres"
    monkeypatch.delenv("COLLOQUY_TEST_POSTGRES_URL")
    assert default_admin_url() == "postgresql://postgres@127.0.0.1:5432/postgres"
