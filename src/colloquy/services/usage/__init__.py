"""Usage, cost, estimates, budgets and webhooks (docs/usage-and-cost.md)."""
