"""Shared kernel: reading stored values and the moments stored on records."""
