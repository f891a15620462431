"""The health report on real people (the "people" scenario; docs/trust.md, "Measured on
real groups"): import every transcript of a folder through the product's API, in process,
and print each group's grade and every warning with its cause.

    PYTHONPATH=src python -m bench.people_bench FOLDER [FOLDER ...] [--moderator NAME]
        [--first TURNS]

`--first 60` imports only the first 60 turns of each JSON or text transcript (the size of
a short focus group: 20-60 answers), so the checks' decisions are measured where the
sample is small; DOCX and PDF transcripts are imported whole.

A folder holds transcripts as the import takes them (TXT, MD, DOCX, PDF, JSON, CSV) and
optionally `moderators.json`, {"file name or *.ext": "moderator's name"}, for transcripts
whose moderator is not marked (a role, or a usual name such as Moderator). Nothing is
copied anywhere: the transcripts are read where they are, imported into a throwaway
database and measured with the default offline embedder. The summary counts, per check,
how many groups it warned about (warn or bad), how many it could not decide ("unclear"),
and the grades: on people, every warning is a false alarm unless the text says otherwise.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import logging
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

EXTENSIONS = (".txt", ".md", ".docx", ".pdf", ".json", ".csv")
FIGURES = {  # the figure printed beside each check's status
    "distinctiveness": ("ratioToChance", "x chance"),
    "conformity": ("spreadRatio", " spread ratio"),
    "positivity": ("positiveShare", " positive"),
    "verbosity": ("medianWords", " median words"),
    "diversity": ("meanDistance", " mean distance"),
    "repetition": ("count", " repeats"),
    "characterBreaks": ("count", " breaks"),
}


def _moderator(folder: Path, name: str, default: str | None) -> str | None:
    table_file = folder / "moderators.json"
    table: dict[str, str] = json.loads(table_file.read_text()) if table_file.exists() else {}
    for pattern, moderator in table.items():
        if fnmatch.fnmatch(name, pattern):
            return moderator
    return default


def _head(path: Path, first: int | None) -> bytes:
    """The transcript's bytes, cut to its first turns when asked (JSON lists and text)."""
    raw = path.read_bytes()
    if first is None:
        return raw
    if path.suffix.lower() == ".json":
        return json.dumps(json.loads(raw)[:first]).encode()
    if path.suffix.lower() in (".txt", ".md"):
        lines = [ln for ln in raw.decode("utf-8").splitlines() if ln.strip()]
        return "\n".join(lines[:first]).encode()
    return raw


def _import(client: Any, path: Path, moderator: str | None, first: int | None) -> dict[str, Any]:
    data = {"moderator": moderator} if moderator else {}
    files = {"file": (path.name, _head(path, first))}
    r = client.post("/api/sessions/import", files=files, data=data)
    if r.status_code != 201:
        return {"error": f"{r.status_code} {r.text[:200]}"}
    saved = r.json()
    health = client.get(f"/api/sessions/{saved['id']}/health").json()
    probes = sum(1 for t in saved.get("moderatorTurns", []) if not t["opensQuestion"])
    return {"import": saved, "health": health, "probes": probes}


def _line(key: str, f: dict[str, Any]) -> str:
    figure, unit = FIGURES.get(key, ("", ""))
    value = f["data"].get(figure)
    shown = f" ({value}{unit})" if value is not None and figure else ""
    return f"    {f['status']:>7}  {key}{shown}"


def run(folders: list[Path], moderator: str | None, first: int | None = None) -> int:
    from fastapi.testclient import TestClient

    from colloquy.app import create_app
    from colloquy.settings import Settings

    logging.disable(logging.INFO)  # the in-process client logs every request
    grades: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    unclear: Counter[str] = Counter()
    groups = 0
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            data_dir=Path(tmp) / "data",
            llm_provider="openai",
            llm_base_url="http://127.0.0.1:9/v1",  # no model: people wrote these answers
            llm_api_key="unused",
            llm_model="none",
            public_hosts=["testserver"],
        )
        with TestClient(create_app(settings)) as client:
            for folder in folders:
                files = sorted(
                    p
                    for p in folder.iterdir()
                    if p.suffix.lower() in EXTENSIONS and p.name != "moderators.json"
                )
                print(f"\n== {folder} ({len(files)} transcripts)")
                for path in files:
                    start = time.perf_counter()
                    out = _import(client, path, _moderator(folder, path.name, moderator), first)
                    took = time.perf_counter() - start
                    if "error" in out:
                        print(f"  {path.name}: not imported: {out['error']}")
                        continue
                    groups += 1
                    h, saved = out["health"], out["import"]
                    grades[h["overall"]] += 1
                    print(
                        f"  {path.name}: {h['overall'].upper()} - {h['answerCount']} answers, "
                        f"{h['participantCount']} people, {len(saved['questions'])} questions, "
                        f"{out['probes']} probes ({took:.1f} s)"
                    )
                    for f in h["findings"]:
                        if f["status"] in ("warn", "bad"):
                            flagged[f["key"]] += 1
                        if f["status"] == "unclear":
                            unclear[f["key"]] += 1
                        print(_line(f["key"], f))
                    for w in h["warnings"]:
                        print(f"    ! {w}")
    print(f"\n{groups} groups: " + ", ".join(f"{grades[g]} {g}" for g in ("good", "fair", "poor")))
    for key in sorted(set(flagged) | set(unclear)):
        print(f"  {key}: warned on {flagged[key]} of {groups}, undecided on {unclear[key]}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--moderator", default=None, help="moderator's name when not marked")
    parser.add_argument("--first", type=int, default=None, help="import only the first turns")
    args = parser.parse_args()
    raise SystemExit(run(args.folders, args.moderator, args.first))


if __name__ == "__main__":
    main()
