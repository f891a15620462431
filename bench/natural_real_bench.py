"""Natural mode on a real model: are the drawn turn lengths produced? (docs/natural-mode.md)

Runs one natural session (P personas x Q questions, moderate length, scripted moderator,
a fixed seed) on the embedded SmolLM2 in-process (the `local` provider) and on the same
GGUF behind llama-cpp-python's own OpenAI-compatible server (`python -m
llama_cpp.server`), and prints per backend: the turns, words requested and produced per
turn (median, share under 25 words), Spearman's rank correlation between requested and
produced, how many answers cleaning repaired or asked again, and the health report's
grade. Small on purpose (the CI machine has 2 cores); say the machine load beside the
figures you quote.

    python -m bench.natural_real_bench                  # P=4, Q=2, both backends
    python -m bench.natural_real_bench --only local -P 3 -Q 1
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MODEL = "SmolLM2-135M-Instruct"


class _NoFake:
    def reset(self) -> None:
        """run_session resets a fake server's log; a real model has none."""


@contextmanager
def llama_server(model: str) -> Iterator[str]:
    """llama-cpp-python's server on a free loopback port; its /v1 base URL."""
    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", model, "--n_ctx", "8192"]
        + ["--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")},
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError("llama_cpp.server exited")
            try:
                if httpx.get(f"{base}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("llama_cpp.server did not start")
            time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def measure(run: dict[str, Any], seed: int, provider: str) -> dict[str, Any]:
    """Requested vs produced words per turn, repairs and re-asks, the health grade."""
    from scipy.stats import spearmanr

    from bench.natural_bench import health_of
    from colloquy.domain.sessions.answer_quality import REASKED
    from colloquy.domain.sessions.tokens import word_count
    from colloquy.domain.sessions.turn_floor import REASKED_SHORT
    from colloquy.domain.sessions.turn_length_fit import length_fit
    from colloquy.engine import natural_plan

    turns = [m for m in run["messages"] if m["kind"] == "response"]
    requested = [
        natural_plan.turn_target(
            run["participants"], seed, m["questionIndex"], m["round"], m["participantIndex"],
            "moderate",
        )
        for m in turns
    ]  # fmt: skip
    produced = [word_count(m["content"]) for m in turns]
    fit = length_fit(requested, produced)
    # the same rank correlation by another library, as a check on length_fit's own
    fit["spearmanScipy"] = round(float(spearmanr(requested, produced).statistic), 3)
    fit["repaired"] = sum(1 for m in turns if m.get("repairs"))
    fit["reasked"] = sum(1 for m in turns if REASKED in (m.get("repairs") or []))
    # asked once more for being far shorter than asked (domain/sessions/turn_floor.py)
    fit["reaskedShort"] = sum(1 for m in turns if REASKED_SHORT in (m.get("repairs") or []))
    health = health_of(run, provider, MODEL) if turns else None
    fit["health"] = health["overall"] if health else None
    # Which checks made the grade: the findings that warn or fail, with their summary.
    fit["findings"] = [
        f"{f['key']}={f['status']}: {f['summary']}"
        for f in (health["findings"] if health else [])
        if f["status"] in ("warn", "bad")
    ]
    # The answers that broke character, as the model wrote them (what made the finding).
    breaks = next((f for f in health["findings"] if f["key"] == "characterBreaks"), None)
    fit["breaks"] = (
        [
            f"{it['speaker']}: {it['excerpt'][:100]}"
            for it in (breaks or {}).get("data", {}).get("items", [])
        ]
        if health
        else []
    )
    fit["pairs"] = list(zip(requested, produced, strict=True))
    return fit


def run_backend(name: str, settings: Any, P: int, Q: int, seed: int) -> dict[str, Any]:
    from bench.natural_bench import run_session

    started = time.perf_counter()
    run = asyncio.run(run_session(settings, _NoFake(), "natural", P, Q, "scripted", seed))
    out = measure(run, seed, settings.llm_provider)
    out.update(backend=name, wall=time.perf_counter() - started, status=run["status"])
    out["error"] = run["error"]
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.natural_real_bench", description=__doc__)
    p.add_argument("-P", "--participants", type=int, default=4)
    p.add_argument("-Q", "--questions", type=int, default=2)
    p.add_argument("--seed", type=int, default=2028)
    p.add_argument("--only", choices=("local", "server"), default=None)
    p.add_argument("--pairs", action="store_true", help="print every (requested, produced)")
    opts = p.parse_args(argv)
    sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests"), str(ROOT)]
    from colloquy.llm.llama_loader import embedded_model_path
    from colloquy.settings import Settings

    gguf = embedded_model_path()
    if not gguf:
        print("the embedded SmolLM2 GGUF is missing (make setup)")
        return 1
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        if opts.only in (None, "local"):
            settings = Settings(
                data_dir=Path(tmp) / "local", llm_provider="local", llm_timeout=300.0
            )
            settings.data_dir.mkdir(parents=True)
            results.append(run_backend("local (in-process)", settings, *_pqs(opts)))
            report(results[-1:], opts)  # at once: the server's run may take long
        if opts.only in (None, "server"):
            with llama_server(gguf) as base:
                settings = Settings(
                    data_dir=Path(tmp) / "server",
                    llm_provider="openai",
                    llm_base_url=base,
                    llm_api_key="bench",
                    llm_model=MODEL,
                    llm_timeout=300.0,  # a shared machine: slow calls are not faults here
                )
                settings.data_dir.mkdir(parents=True)
                results.append(run_backend("llama_cpp.server", settings, *_pqs(opts)))
                report(results[-1:], opts)
    return 0 if all(r["status"] == "completed" and r["error"] is None for r in results) else 1


def _pqs(opts: argparse.Namespace) -> tuple[int, int, int]:
    return opts.participants, opts.questions, opts.seed


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def report(results: list[dict[str, Any]], opts: argparse.Namespace) -> int:
    print(
        f"\nNatural mode on {MODEL}: P={opts.participants}, Q={opts.questions}, moderate, "
        f"seed {opts.seed}; load average {os.getloadavg()[0]:.1f} at the end"
    )
    print(
        f"{'backend':<20} {'turns':>5} {'req med':>8} {'got med':>8} {'req <25':>8} "
        f"{'got <25':>8} {'spearman':>9} {'repaired':>9} {'reasked':>8} {'health':>7} {'wall s':>7}"
    )
    ok = True
    for r in results:
        print(
            f"{r['backend']:<20} {r['turns']:>5} {r['requestedMedian'] or 0:>8.0f} "
            f"{r['producedMedian'] or 0:>8.0f} {_pct(r['requestedUnder25']):>8} "
            f"{_pct(r['producedUnder25']):>8} {r['spearman'] if r['spearman'] is not None else '-':>9} "
            f"{r['repaired']:>9} {r['reasked']:>8} {r['health'] or '-':>7} {r['wall']:>7.0f}"
        )
        print(f"  spearman by scipy.stats.spearmanr: {r['spearmanScipy']}")
        print(f"  asked again for being far too short: {r['reaskedShort']}")
        for finding in r["findings"]:
            print(f"  health {finding}")
        for line in r["breaks"]:
            print(f"    broke character: {line}")
        if opts.pairs:
            print("  (requested, produced):", r["pairs"], flush=True)
        ok = ok and r["status"] == "completed" and r["error"] is None
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
