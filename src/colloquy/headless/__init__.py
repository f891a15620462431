"""Headless runs (docs/guides.md): `colloquy run GUIDE.yaml` and `colloquy survey run`,
against the local database (the app in-process) or a running server, both through the
same HTTP API."""
