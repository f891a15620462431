"""The download catalog and the checks on a hub repository / file given by hand."""

from colloquy.domain.model_settings.catalog import (
    CATALOG,
    check_source,
    embedding_entry,
    find,
    split_spec,
)


def test_catalog_entries_are_cpu_instruct_ggufs():
    chat = [m for m in CATALOG if m.kind == "chat"]
    assert [m.id for m in chat] == [
        "qwen2.5-1.5b-instruct-q4_k_m",
        "qwen2.5-3b-instruct-q4_k_m",
        "llama-3.2-3b-instruct-q4_k_m",
        "qwen2.5-7b-instruct-q4_k_m",
    ]
    for m in chat:
        assert m.file.endswith(".gguf") and "Q4_K_M" in m.file.upper()
        assert check_source(m.repo, m.file, m.revision) == []
        assert m.memory_gb * 1e9 > m.size_bytes
    pinned = find("qwen2.5-1.5b-instruct-q4_k_m")
    assert pinned is not None and len(pinned.revision) == 40 and len(pinned.sha256 or "") == 64
    assert find("nope") is None


def test_embedding_entries_are_pinned_ggufs_found_by_file_name():
    embedding = [m for m in CATALOG if m.kind == "embedding"]
    assert [m.id for m in embedding] == ["nomic-embed-text-v1.5-q8_0", "bge-small-en-v1.5-q8_0"]
    for m in embedding:
        assert check_source(m.repo, m.file, m.revision) == []
        assert len(m.revision) == 40 and len(m.sha256 or "") == 64
        assert m.view()["kind"] == "embedding"
    assert embedding_entry("bge-small-en-v1.5-q8_0.gguf") is embedding[1]
    assert embedding_entry("nomic-embed-text-v1.5.Q8_0.gguf").prefix == "clustering: "
    assert embedding_entry("qwen2.5-1.5b-instruct-q4_k_m.gguf") is None


def test_check_source():
    assert check_source("a/b", "dir/m.gguf", "main") == []
    assert check_source("a", "m.gguf", "main") == ["Repository must look like 'owner/name'"]
    assert check_source("a/b", "m.bin", "main") == ["File must be a .gguf file in that repository"]
    assert check_source("a/b", "x/../m.gguf", "main") == [
        "File must be a .gguf file in that repository"
    ]
    assert check_source("a/b", "m.gguf", "../x") == ["Revision must be a branch, tag or commit"]


def test_split_spec():
    assert split_spec("owner/repo/file.gguf") == ("owner/repo", "file.gguf")
    assert split_spec("owner/repo/sub/file.gguf") == ("owner/repo", "sub/file.gguf")
    assert split_spec("owner/file.gguf") is None
