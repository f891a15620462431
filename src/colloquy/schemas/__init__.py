"""Request schemas, one module per feature."""
