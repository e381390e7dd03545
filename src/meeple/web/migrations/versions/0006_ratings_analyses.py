"""Ratings and analyses: their tables, until now made by their modules at start-up.

A database those modules already served has the tables: each is made only
where it is missing, so such a database is taken to this revision as it is
(its ratings, jobs and the origin hashes' secret kept). The secret is made
here once, where there is none.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

ACTIVE = ("queued", "running")  # the analysis jobs that hold their requester's one place


def _ratings() -> None:
    op.create_table(
        "player_ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("last_played", sa.Float, nullable=False),
    )
    op.create_index("ix_player_ratings_board", "player_ratings", ["game", "ordinal"])


def _rating_events() -> None:
    op.create_table(
        "rating_events",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_events_player", "rating_events", ["player", "at"])


def _rated_matches() -> None:
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("settled_at", sa.Float, nullable=True),
        sa.Column("verdict", sa.Text, nullable=True),
    )


def _match_results() -> None:
    op.create_table(
        "match_results",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("scores", sa.Text, nullable=False),
        sa.Column("winners", sa.Text, nullable=False),
    )


def _player_origins() -> None:
    op.create_table(
        "player_origins",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("origin", sa.String(64), primary_key=True),
        sa.Column("last_seen", sa.Float, nullable=False),
    )
    op.create_index("ix_player_origins_origin", "player_origins", ["origin"])


def _ratings_meta() -> None:
    op.create_table(
        "ratings_meta",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def _analyses() -> None:
    op.create_table(
        "analyses",
        sa.Column("match_id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("requester", sa.String(80), nullable=False),
        sa.Column("requested_at", sa.Float, nullable=False),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("cpu_seconds", sa.Float, nullable=True),
        sa.Column("max_decisions", sa.Integer, nullable=True),
        sa.Column("total_moves", sa.Integer, nullable=False),
        sa.Column("next_move", sa.Integer, nullable=False),
        sa.Column("partial", sa.Text, nullable=True),
        sa.Column("saved_move", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("claims", sa.Integer, nullable=False),
        sa.Column("takeovers", sa.Integer, nullable=False),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    # One queued or running job per requester, enforced by the database (every process at once).
    active = sa.column("status").in_(ACTIVE)
    op.create_index(
        "analyses_one_active_per_requester",
        "analyses",
        ["requester"],
        unique=True,
        sqlite_where=active,
        postgresql_where=active,
    )
    op.create_index("analyses_by_status", "analyses", ["status", "requested_at"])


TABLES = {
    "player_ratings": _ratings,
    "rating_events": _rating_events,
    "rated_matches": _rated_matches,
    "match_results": _match_results,
    "player_origins": _player_origins,
    "ratings_meta": _ratings_meta,
    "analyses": _analyses,
}


def upgrade() -> None:
    found = set(sa.inspect(op.get_bind()).get_table_names())
    for name, make in TABLES.items():
        if name not in found:  # made (with its indexes) by the module of an earlier version otherwise
            make()
    meta = sa.table("ratings_meta", sa.column("name", sa.String), sa.column("value", sa.Text))
    salt = op.get_bind().execute(sa.select(meta.c.value).where(meta.c.name == "origin_salt")).first()
    if salt is None:  # the secret key of the address hashes (meeple.web.ratings.note_origin)
        op.execute(sa.insert(meta).values(name="origin_salt", value=secrets.token_hex(32)))


def downgrade() -> None:
    for name in reversed(TABLES):
        op.drop_table(name)
