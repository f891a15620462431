"""Synthesis across sessions: themes, their support, contradictions, segment differences
and theme recall/precision, as pure rules (docs/synthesis.md)."""
