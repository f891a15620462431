"""Accounts on a shared server: who the caller is, sign-in limits, token rules (docs/teams.md)."""
