"""The session runner: plan (pure), runner (one session's loop), manager (registry),
journal (its transactions), events (live pub/sub), publisher (event payloads)."""
