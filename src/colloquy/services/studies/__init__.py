"""Synthesis across sessions: the model proposes themes and codes each respondent's answers
into verbatim quotes; the figures come from domain/studies (docs/synthesis.md)."""
