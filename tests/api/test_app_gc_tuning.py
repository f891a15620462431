"""create_app(freeze_gc=True), as `colloquy serve` builds it: after start-up the objects
that exist are exempt from the cyclic collector and young collections are rarer."""

import gc

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.startup import GC_YOUNG_THRESHOLD


def test_serve_freezes_the_startup_heap(settings):
    before = gc.get_threshold()
    try:
        with TestClient(create_app(settings, freeze_gc=True)) as client:
            assert client.get("/api/health").status_code == 200
            assert gc.get_freeze_count() > 10_000
            assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_tests_and_embedders_keep_the_default_collector(settings):
    gc.unfreeze()
    with TestClient(create_app(settings)):
        assert gc.get_freeze_count() == 0
