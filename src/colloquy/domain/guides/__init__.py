"""Discussion guides as files (docs/guides.md): the pure rules (line-numbered messages, the
conversion between a guide and a session's setup, the plan a guide yields)."""
