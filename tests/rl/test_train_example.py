"""The training example runs end to end: MaskablePPO (sb3-contrib, CPU torch) on a real env, a few hundred steps.

``make test`` installs the ``train`` extra (and a CPU-only torch first), so this runs in CI; the
figures of a real training run are measured by running the example for minutes (docs/rl.md).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_the_training_example_trains_and_saves_its_learning_curve(tmp_path: Path) -> None:
    curve = tmp_path / "curve.png"
    args = ["--game", "bayon", "--players", "2", "--max-steps", "256", "--n-steps", "128", "--episodes", "3"]
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args, "--out", str(curve)],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert re.search(r"win rate before training \d+\.\d%", out), out
    trained = re.search(r"trained (\d+) steps in \d+s; win rate after \d+\.\d%", out)
    assert trained and int(trained.group(1)) >= 256, out
    assert "learning curve saved" in out, out
    assert curve.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
