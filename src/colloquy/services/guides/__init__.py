"""Discussion guides as files (issue 31): load and validate YAML/JSON guides, turn them
into sessions and surveys, save a session or a form as a guide."""
