"""Natural mode on the embedded model (SmolLM2 in-process, the `local` provider): a real
small model, not the scripted fake that obeys the requested length. 3 personas, 2
questions, brief: the turns it produces, against the lengths natural mode drew
(tests/support/natural_real.py; figures in docs/natural-mode.md#measured)."""

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.settings import Settings
from support.natural_real import check_turns, run_natural

# With the llama.cpp server's tests on one worker: never two real models at once (two
# models on 2 cores pushed calls past their deadline).
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900), pytest.mark.xdist_group("llama")]


def test_a_natural_session_on_the_embedded_model(tmp_path):
    settings = Settings(
        data_dir=tmp_path / "data",
        frontend_dist=tmp_path / "no-dist",
        public_hosts=["testserver"],
        llm_timeout=120.0,  # compute time per call: a loaded 2-core machine is slow, not broken
    )
    assert settings.llm_provider == "local"
    with TestClient(create_app(settings)) as client:
        check_turns(run_natural(client, timeout=840))
