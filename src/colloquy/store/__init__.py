"""Persistence: SQLAlchemy 2 models, the async engine, migrations and repositories."""
