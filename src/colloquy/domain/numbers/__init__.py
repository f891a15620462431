"""Shared kernel: JavaScript-style rounding, safe numbers, vector maths on numpy."""
