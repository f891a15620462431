"""Schemathesis against the app's own OpenAPI schema, in-process (ASGI): no input makes
the server answer 5xx, and every response fits its documented schema and content type.
The model is a loopback fake so generation and insights work; the event stream (open-ended)
is left out."""

from __future__ import annotations

import asyncio

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import shutdown_lifespans
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
)

from colloquy.app import create_app
from colloquy.settings import Settings
from conftest import BACKENDS, _admin
from support.fake_openai import run_fake_openai

pytestmark = pytest.mark.timeout(240)
EXAMPLES = 20  # per operation, half valid and half invalid input on average
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]


@pytest.fixture(scope="module", params=BACKENDS)
def api_schema(request, tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    url = f"sqlite+aiosqlite:///{root / 'fuzz.db'}"
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_database")
        asyncio.run(_admin(url, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    with run_fake_openai() as fake:
        app = create_app(
            Settings(
                data_dir=root / "data",
                database_url=url,
                llm_provider="openai",
                llm_base_url=fake.base_url,
                llm_api_key="test",
                llm_model="fake",
                llm_retry_base_delay=0.01,
                llm_timeout=5,
                public_hosts=["testserver", "localhost"],
                frontend_dist=root / "no-dist",
            )
        )
        yield schemathesis.openapi.from_asgi("/openapi.json", app)
        shutdown_lifespans()  # the app's runners and database, started by schemathesis


# Operations that call whatever endpoint the request names: fuzzed input would send real
# requests to invented hosts (the internet); tests/api/test_model_settings_api.py covers them.
CALLS_GIVEN_ENDPOINT = {
    ("PUT", "/api/settings/model"),
    ("POST", "/api/settings/model/test"),
    ("GET", "/api/settings/models"),
}


def operations() -> list[tuple[str, str]]:
    """(method, path) of every operation but the event stream and those that call an endpoint
    named in the request; read without starting the app."""
    spec = create_app(Settings(frontend_dist=None)).openapi()
    return [
        (method.upper(), path)
        for path, item in spec["paths"].items()
        for method in item
        if not path.endswith("/events") and (method.upper(), path) not in CALLS_GIVEN_ENDPOINT
    ]


# Hand-driven hypothesis rather than schema.parametrize(): schemathesis' pytest loader for
# fixtures does not work with pytest 9 (it reads a private Function._nodeid).
@pytest.mark.parametrize("method,path", operations())
def test_no_5xx_and_responses_fit_the_schema(api_schema, method, path):
    operation = api_schema[path][method]
    cases = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )

    @given(case=cases)
    @settings(
        max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def fuzz(case):
        case.call_and_validate(checks=CHECKS)

    fuzz()
