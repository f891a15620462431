"""Services of what a session yields: analytics, insights, exports, reports, comparison."""
