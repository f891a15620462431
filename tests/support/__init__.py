"""Reusable test doubles (fake model servers on loopback) for tests and the benchmark."""
