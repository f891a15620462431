"""`make test` starts its own PostgreSQL and Redis (tests/support/services.py): proved where
nothing else could answer. A child pytest runs the lease (PostgreSQL) and relay (Redis) tests
inside a network namespace of its own, where nothing listens on 5432/6379, with the server
URLs unset; every test must run and pass, none skip."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD_TESTS = ["tests/reliability/test_lease_claim.py", "tests/reliability/test_redis_relay.py"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

# In the new namespace: loopback up, then nothing may answer on the usual ports.
SCRIPT = """
ip link set lo up
for port in 5432 6379; do
  if (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; then echo "port $port answers"; exit 90; fi
done
exec "$@"
"""


def test_postgres_and_redis_tests_run_with_no_server_reachable():
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("a network namespace needs root and unshare (CI runs as root)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COLLOQUY_", "PYTEST_"))}
    argv = [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-q", "-rs"]
    done = subprocess.run(
        ["unshare", "-n", "bash", "-c", SCRIPT, "bash", *argv, *CHILD_TESTS],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=280,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-3000:]
    summary = out.strip().splitlines()[-1]
    passed = re.search(r"(\d+) passed", summary)
    assert passed and int(passed.group(1)) >= 4, summary
    assert "skipped" not in summary and "error" not in summary, summary
