"""Use cases: every state change lives here, atomic, with events published after commit."""
