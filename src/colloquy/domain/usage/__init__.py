"""Token usage, prices, cost estimates and budgets (docs/usage-and-cost.md): pure arithmetic."""
