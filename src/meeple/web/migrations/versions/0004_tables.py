"""Play together: players, open tables, rematches, chat and clocks.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("creator", sa.String(32), nullable=True))
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("last_move_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("chat_spectators", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("ended", sa.Text, nullable=True))
    op.create_index("ix_matches_deadline", "matches", ["deadline"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("time_left", sa.Float, nullable=True))
        batch.add_column(sa.Column("clock_since", sa.Float, nullable=True))
        batch.add_column(sa.Column("away", sa.String(32), nullable=True))
        batch.add_column(sa.Column("lost", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_seats_player_id", "seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", "seats")
    with op.batch_alter_table("seats") as batch:
        for column in ("lost", "away", "clock_since", "time_left", "player_id"):
            batch.drop_column(column)
    op.drop_index("ix_matches_deadline", "matches")
    with op.batch_alter_table("matches") as batch:
        for column in (
            "ended",
            "chat_spectators",
            "rematch",
            "rematch_of",
            "last_move_at",
            "deadline",
            "clock",
            "creator",
            "public",
        ):
            batch.drop_column(column)
    op.drop_table("chat")
    op.drop_table("players")
