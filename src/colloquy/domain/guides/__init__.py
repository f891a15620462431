"""Discussion guides as files (issue 31): the pure rules (line-numbered messages, the
conversion between a guide and a session's setup, the plan a guide yields)."""
