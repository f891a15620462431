"""The curated list of GGUF instruct models that run on a CPU, offered for download.

Sizes are the hub's file sizes (approximate where the revision is not pinned; the download
checks the size the hub reports); memory is the file plus a 4k context; speeds are expected
generation rates on a recent 4-core laptop CPU with llama.cpp, not measured here (a 2-core
machine shared with the server gets about half). `revision` pins the repository commit
where it is known (with the sha256); the "main" entries take the commit the hub reports
when the download starts, which is recorded with the file (models/.sources.json).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

GB = 1_000_000_000
_REPO = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")
_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,250}\.gguf$", re.IGNORECASE)
_REVISION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,100}$")


@dataclass(frozen=True)
class CatalogModel:
    id: str
    name: str
    repo: str
    file: str
    revision: str
    size_bytes: int
    memory_gb: float
    tokens_per_second: int  # generation, 4-core laptop CPU
    speed: str
    description: str
    license: str
    sha256: str | None = None  # when known; otherwise the hub's published value is used
    kind: str = "chat"  # "chat" | "embedding" (sentence vectors, chosen on the Embeddings card)
    prefix: str = ""  # embedding models: put before every text (a task instruction)

    def view(self) -> dict[str, Any]:
        data = asdict(self)
        return {
            "id": data["id"],
            "name": data["name"],
            "repo": data["repo"],
            "file": data["file"],
            "revision": data["revision"],
            "sizeBytes": data["size_bytes"],
            "memoryGb": data["memory_gb"],
            "tokensPerSecond": data["tokens_per_second"],
            "speed": data["speed"],
            "description": data["description"],
            "license": data["license"],
            "kind": data["kind"],
        }


CATALOG: tuple[CatalogModel, ...] = (
    CatalogModel(
        id="qwen2.5-1.5b-instruct-q4_k_m",
        name="Qwen2.5 1.5B Instruct (Q4_K_M)",
        repo="Qwen/Qwen2.5-1.5B-Instruct-GGUF",
        file="qwen2.5-1.5b-instruct-q4_k_m.gguf",
        revision="91cad51170dc346986eccefdc2dd33a9da36ead9",
        size_bytes=1_117_320_736,
        memory_gb=2.0,
        tokens_per_second=25,
        speed="Fast: about 25 tokens/s",
        description="The smallest model that keeps to its persona and writes valid JSON.",
        license="Apache-2.0",
        sha256="6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e",
    ),
    CatalogModel(
        id="qwen2.5-3b-instruct-q4_k_m",
        name="Qwen2.5 3B Instruct (Q4_K_M)",
        repo="Qwen/Qwen2.5-3B-Instruct-GGUF",
        file="qwen2.5-3b-instruct-q4_k_m.gguf",
        revision="main",
        size_bytes=1_930_000_000,
        memory_gb=3.0,
        tokens_per_second=13,
        speed="Moderate: about 13 tokens/s",
        description="Noticeably better answers and insights; the best choice for most laptops.",
        license="Qwen Research License",
    ),
    CatalogModel(
        id="llama-3.2-3b-instruct-q4_k_m",
        name="Llama 3.2 3B Instruct (Q4_K_M)",
        repo="bartowski/Llama-3.2-3B-Instruct-GGUF",
        file="Llama-3.2-3B-Instruct-Q4_K_M.gguf",
        revision="main",
        size_bytes=2_020_000_000,
        memory_gb=3.0,
        tokens_per_second=12,
        speed="Moderate: about 12 tokens/s",
        description="Meta's small instruct model: natural conversational answers.",
        license="Llama 3.2 Community License",
    ),
    CatalogModel(
        id="qwen2.5-7b-instruct-q4_k_m",
        name="Qwen2.5 7B Instruct (Q4_K_M)",
        repo="bartowski/Qwen2.5-7B-Instruct-GGUF",
        file="Qwen2.5-7B-Instruct-Q4_K_M.gguf",
        revision="main",
        size_bytes=4_680_000_000,
        memory_gb=6.5,
        tokens_per_second=5,
        speed="Slow: about 5 tokens/s (needs 8+ GB free)",
        description="The best quality that still runs on a CPU.",
        license="Apache-2.0",
    ),
    # Embedding models (kind="embedding"): `tokens_per_second` is texts per second embedded.
    CatalogModel(
        id="nomic-embed-text-v1.5-q8_0",
        name="nomic-embed-text v1.5 (Q8_0)",
        repo="nomic-ai/nomic-embed-text-v1.5-GGUF",
        file="nomic-embed-text-v1.5.Q8_0.gguf",
        revision="0188c9bf409793f810680a5a431e7b899c46104c",
        size_bytes=146_146_432,
        memory_gb=0.3,
        tokens_per_second=40,
        speed="About 40 answers/s",
        description="768-dimension sentence embeddings (the model Ollama ships as "
        "nomic-embed-text); a large step up from the offline default.",
        license="Apache-2.0",
        sha256="3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7",
        kind="embedding",
        prefix="clustering: ",  # the model's task prefix for grouping texts by meaning
    ),
    CatalogModel(
        id="bge-small-en-v1.5-q8_0",
        name="bge-small-en v1.5 (Q8_0)",
        repo="CompendiumLabs/bge-small-en-v1.5-gguf",
        file="bge-small-en-v1.5-q8_0.gguf",
        revision="d32f8c040ea3b516330eeb75b72bcc2d3a780ab7",
        size_bytes=36_000_000,
        memory_gb=0.1,
        tokens_per_second=120,
        speed="About 120 answers/s",
        description="384-dimension English sentence embeddings: small and fast.",
        license="MIT",
        sha256="ec38e8da142596baa913124ae50550de284b6916bf59577ef2f0cb9660c2f514",
        kind="embedding",
    ),
)


def embedding_entry(file_name: str) -> CatalogModel | None:
    """The catalog's embedding model stored under this file name, if any."""
    return next(
        (m for m in CATALOG if m.kind == "embedding" and m.file.rsplit("/", 1)[-1] == file_name),
        None,
    )


def find(model_id: str) -> CatalogModel | None:
    return next((m for m in CATALOG if m.id == model_id), None)


def check_source(repo: str, file: str, revision: str) -> list[str]:
    """Problems with a hub repository / file / revision given by hand."""
    problems = []
    if not _REPO.match(repo or ""):
        problems.append("Repository must look like 'owner/name'")
    if not _FILE.match(file or "") or ".." in (file or "").split("/"):
        problems.append("File must be a .gguf file in that repository")
    if not _REVISION.match(revision or "") or ".." in revision:
        problems.append("Revision must be a branch, tag or commit")
    return problems


def split_spec(spec: str) -> tuple[str, str] | None:
    """'owner/name/path/file.gguf' -> ('owner/name', 'path/file.gguf')."""
    parts = spec.strip().split("/")
    if len(parts) < 3:
        return None
    return "/".join(parts[:2]), "/".join(parts[2:])
