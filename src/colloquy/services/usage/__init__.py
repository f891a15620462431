"""Usage, cost, estimates, budgets and webhooks (issue 31 items 4 and 5)."""
