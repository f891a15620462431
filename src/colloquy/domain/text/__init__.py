"""Shared kernel: words, stop words, keyword sentiment, text safety (CSV neutralising)."""
