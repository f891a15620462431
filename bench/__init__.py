"""Colloquy benchmarks: how close a session comes to the limit the model's latency sets.

Run `python -m bench` (or `make bench`); `python -m bench --help` for scenarios and sizes.
Everything talks to 127.0.0.1 only: the server under test and the load-test model server
are subprocesses on free loopback ports, with a throwaway data directory.
"""
