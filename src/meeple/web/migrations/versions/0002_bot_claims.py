"""Bot turns that any process can claim: which match waits for a bot, since when, claimed by whom.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("bot_due", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("due_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("claimed_by", sa.String(64), nullable=True))
        batch.add_column(sa.Column("claimed_until", sa.Float, nullable=True))
    op.create_index("ix_matches_bot_due", "matches", ["bot_due", "due_at"])
    # Running games of an older server: mark those with a bot seat due; a bot
    # that is not actually to move just gives its claim back.
    op.execute(
        "UPDATE matches SET bot_due = true, due_at = 0 WHERE status = 'running' AND kind = 'live' "
        "AND id IN (SELECT match_id FROM seats WHERE kind = 'bot')"
    )


def downgrade() -> None:
    op.drop_index("ix_matches_bot_due", table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("claimed_until")
        batch.drop_column("claimed_by")
        batch.drop_column("due_at")
        batch.drop_column("bot_due")
