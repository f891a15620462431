"""Domain of quantitative concept surveys: scales, SSR rating, results."""
