"""Headless runs (issue 31 item 2): `colloquy run GUIDE.yaml` and `colloquy survey run`,
against the local database (the app in-process) or a running server, both through the
same HTTP API."""
