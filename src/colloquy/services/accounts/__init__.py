"""Accounts: users, passwords, browser sessions, API tokens and the audit log (docs/teams.md)."""
