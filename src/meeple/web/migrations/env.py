"""Alembic environment: run with the connection the app hands over, or a URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from meeple.web import (
    analysisstore,
    ratings,
    storage,
    tablestore,  # noqa: F401  (it adds the tables players and chat to storage's)
)
from meeple.web.storage import normalize_url

config = context.config
# Every table of the schema, for ``alembic revision --autogenerate``: storage's own and those
# ``tablestore`` adds to it, the ratings' and the analyses' (which have their own MetaData).
metadata = [storage.metadata, ratings.metadata, analysisstore.metadata]
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url (the database URL) to run migrations")
    engine = create_engine(normalize_url(url))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
