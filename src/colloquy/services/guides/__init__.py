"""Discussion guides as files (docs/guides.md): load and validate YAML/JSON guides, turn them
into sessions and surveys, save a session or a form as a guide."""
