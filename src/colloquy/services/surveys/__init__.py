"""Services of quantitative concept surveys: scales, SSR rating, results."""
