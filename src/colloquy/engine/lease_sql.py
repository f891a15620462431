"""The statements of one kind of job's leases (engine/cluster.py's LeaseOwnership), built
from the names of its lease table and job table, so sessions and surveys share one lease
strategy: the same acquire, renew, release, stop request and adoption scan.

A lease table has (<key> primary key referencing the job, owner, expires_at,
stop_request); `running` is the SQL condition, on the job table's columns, of a job that
must run.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import TextClause, text


@dataclass(frozen=True)
class LeaseSql:
    acquire: TextClause  # :sid, :me, :ttl -> the id when taken
    renew: TextClause  # :me, :ids, :ttl -> (id, stop_request) of each renewed
    release: TextClause  # :sid, :me
    release_all: TextClause  # :me
    ask_stop: TextClause  # :sid, :me, :kind -> the owner when asked
    held: TextClause  # :sid -> whether its lease is live (no row: none)
    orphans: TextClause  # ids of jobs that must run and no live process holds


def lease_sql(leases: str, key: str, jobs: str, running: str) -> LeaseSql:
    """The statements for lease table `leases` (primary key `key`) of table `jobs`."""
    return LeaseSql(
        acquire=text(
            f"""
            INSERT INTO {leases} ({key}, owner, expires_at, stop_request)
            SELECT CAST(:sid AS varchar), CAST(:me AS varchar),
                   now() + make_interval(secs => CAST(:ttl AS float8)), NULL
            WHERE EXISTS (SELECT 1 FROM {jobs} WHERE id = CAST(:sid AS varchar) AND {running})
            ON CONFLICT ({key}) DO UPDATE
                SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at,
                    stop_request = NULL
                WHERE {leases}.expires_at < now()
            RETURNING {key}
            """
        ),
        renew=text(
            f"""
            UPDATE {leases}
            SET expires_at = now() + make_interval(secs => CAST(:ttl AS float8))
            WHERE owner = :me AND {key} = ANY(CAST(:ids AS varchar[]))
            RETURNING {key}, stop_request
            """
        ),
        release=text(f"DELETE FROM {leases} WHERE {key} = :sid AND owner = :me"),
        release_all=text(f"DELETE FROM {leases} WHERE owner = :me"),
        ask_stop=text(
            f"""
            UPDATE {leases} SET stop_request = :kind
            WHERE {key} = :sid AND owner <> :me AND expires_at >= now()
            RETURNING owner
            """
        ),
        held=text(f"SELECT expires_at >= now() FROM {leases} WHERE {key} = :sid"),
        orphans=text(
            f"""
            SELECT j.id FROM {jobs} j LEFT JOIN {leases} l ON l.{key} = j.id
            WHERE {running} AND (l.{key} IS NULL OR l.expires_at < now())
            ORDER BY j.updated_at LIMIT 100
            """
        ),
    )


SESSION_LEASES = lease_sql(
    "session_leases", "session_id", "sessions", "running AND status <> 'completed'"
)
SURVEY_LEASES = lease_sql("survey_leases", "survey_id", "surveys", "status = 'running'")
