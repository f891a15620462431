"""Token usage, prices, cost estimates and budgets (issue 31 item 4): pure arithmetic."""
