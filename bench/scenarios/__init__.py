"""One module per benchmark scenario; each returns a list of result rows (dicts)."""
