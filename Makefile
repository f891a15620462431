# Colloquy: `make run` serves the app, `make test` runs the static checks (`make lint`) and every
# suite. Both install what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := run

UV_VERSION := 0.13.8
UV := $(shell command -v uv 2>/dev/null || echo .tools/bin/uv)
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
# The tests run on SQLite and PostgreSQL, the event relay's on Redis: by default on throwaway
# servers the run starts itself (Debian's packages, `make services`); set
# COLLOQUY_TEST_POSTGRES_URL / COLLOQUY_TEST_REDIS_URL to use running ones instead.
# Parallel test processes (pytest-xdist): the Python suites one more than cores (their tests
# wait now and then on threads, subprocesses and loopback servers, and the extra worker
# fills those gaps), the browser tests one per core (each drives a Chromium and a server).
NPROC := $(shell nproc)
TEST_WORKERS ?= $(shell echo $$(( $(NPROC) + 1 )))
E2E_WORKERS ?= $(NPROC)
PYTEST := $(VENV)/bin/pytest --dist loadgroup

.PHONY: setup run lint format fix test test-fast test-python test-frontend chromium services pdf-libs bench clean openapi

setup: $(VENV)/.synced frontend/dist/index.html pdf-libs

.tools/bin/uv:
	python3 -m venv .tools
	.tools/bin/pip install --quiet uv==$(UV_VERSION)

# Offline first: uv then reuses its cached llama-cpp-python build even when the registry's
# cache headers have expired (a rebuild takes minutes); a fresh machine falls back to online.
$(VENV)/.synced: pyproject.toml uv.lock | $(UV)
	$(UV) sync --frozen --python python3.11 --offline 2>/dev/null || $(UV) sync --frozen --python python3.11
	touch $@

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

frontend/dist/index.html: frontend/node_modules/.installed $(shell find frontend/src frontend/index.html frontend/vite.config.ts -type f 2>/dev/null)
	cd frontend && npm run build

run: setup
	$(VENV)/bin/colloquy serve

# Debian's Chromium drives the browser tests (Playwright cannot download its own here).
chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The test run's own PostgreSQL and Redis (tests/support/services.py starts them as needed;
# iproute2 and util-linux for `make`).
SERVICE_DEBS := postgresql redis-server iproute2 util-linux
services:
	@{ ls /usr/lib/postgresql/*/bin/initdb && command -v redis-server && command -v ip; } >/dev/null 2>&1 || \
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SERVICE_DEBS); }

# PDF reports: WeasyPrint needs Pango (and a font); the PDF tests read the output back with
# poppler-utils (pdftoppm, pdftotext).
PDF_DEBS := libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils
pdf-libs:
	@{ ldconfig -p | grep -q libpangoft2-1.0 && command -v pdftoppm >/dev/null; } || \
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PDF_DEBS); } || \
	echo "warning: could not install $(PDF_DEBS); PDF reports and their tests need them"

# Static checks: ruff (lint and format), mypy on src/ (strict everywhere; see pyproject.toml),
# ESLint (hooks rules, import boundaries) and tsc on the frontend.
lint: $(VENV)/.synced frontend/node_modules/.installed
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/ruff format --check src tests
	$(VENV)/bin/mypy
	cd frontend && npm run --silent lint
	cd frontend && npm run --silent typecheck

# Rewrites the code the way `make lint` wants it: ruff's safe fixes (import order, newer syntax)
# and its formatter on the Python, Prettier on the frontend. `make fix` adds ESLint's fixes.
format: $(VENV)/.synced frontend/node_modules/.installed
	$(VENV)/bin/ruff check --fix-only --quiet src tests
	$(VENV)/bin/ruff format src tests
	cd frontend && npm run --silent format -- --log-level warn

fix: format
	cd frontend && npx eslint --fix .

# The static checks run beside the Python suites (mostly one core, while the suites' tests
# wait now and then on servers and processes); their output is printed after the suites', and
# either failing fails the run. The browser tests run in their own pytest process, then Vitest.
LINT_LOG := .lint.log
test: setup chromium services
	@{ $(MAKE) --no-print-directory lint > $(LINT_LOG) 2>&1; echo $$? > $(LINT_LOG).status; } & \
	$(PYTEST) -n $(TEST_WORKERS) --ignore=tests/e2e; suites=$$?; wait; \
	echo "--- make lint (ran beside the Python suites):"; cat $(LINT_LOG); \
	test "$$(cat $(LINT_LOG).status)" = 0 || { echo "make lint failed"; exit 1; }; exit $$suites
	$(PYTEST) -n $(E2E_WORKERS) tests/e2e
	cd frontend && npm test

# The developers' inner loop: SQLite only, no browser, no PostgreSQL/Redis, no kill -9.
# As many workers as the full run (2 cores, 3 workers: 2:13; tests/README.md).
FAST_WORKERS ?= $(TEST_WORKERS)
test-fast: $(VENV)/.synced
	COLLOQUY_TEST_SERVICES=off $(VENV)/bin/pytest -n $(FAST_WORKERS) --dist loadgroup \
		--ignore=tests/e2e -m "not slow" -q

test-python: setup chromium services
	$(PYTEST) -n $(TEST_WORKERS) --ignore=tests/e2e
	$(PYTEST) -n $(E2E_WORKERS) tests/e2e

test-frontend: frontend/node_modules/.installed
	cd frontend && npm test

# The server's OpenAPI schema and the TypeScript types generated from it (both committed;
# tests/api/test_openapi_types_current.py fails when they are stale).
openapi: $(VENV)/.synced frontend/node_modules/.installed
	$(VENV)/bin/colloquy openapi --out frontend/openapi.json
	cd frontend && npm run gen:api

# The multi-process scenario needs the PostgreSQL of COLLOQUY_TEST_POSTGRES_URL (it creates
# and drops its own database, bench_cluster, on that server).
bench: setup
	$(PY) -m bench
	$(PY) -m bench.ai_moderator_bench
	$(PY) -m bench.natural_bench
	$(PY) -m bench.scenarios.multi_process

clean:
	rm -rf $(VENV) .tools frontend/node_modules frontend/dist
