"""Workspaces: which ones a caller may use, their administration, copies between them."""
