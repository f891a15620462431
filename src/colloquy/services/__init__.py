"""Use cases: every state change lives here, atomic, with events published after commit.

Grouped by feature like domain/: personas/, sessions/, results/, trust/, surveys/, models/.
"""
