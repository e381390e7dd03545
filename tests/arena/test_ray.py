"""The arena on a real Ray instance (started once here: 2 CPUs, no dashboard).

One test on purpose: with ``pytest -n 2`` two tests of this module could
land in two processes and start two Ray instances.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from meeple.arena import ArenaFolder, RayRunner, SerialRunner, run_arena
from tests.arena.common import outcomes, small_config

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture(scope="module")
def ray_address() -> Iterator[str]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


@pytest.mark.slow  # Ray's start-up: 5 to 20 s on the 2-core machine
def test_ray_plays_the_same_games_as_one_process_here_and_when_joining_a_cluster(
    ray_address: str, tmp_path: Path
) -> None:
    config = small_config(games=16, seed=11, bots=("random", "greedy"))
    expected = outcomes(run_arena(config, ArenaFolder(tmp_path / "serial"), SerialRunner()))

    # this process is connected already: the runner uses that Ray and leaves it running
    on_ray = run_arena(config, ArenaFolder(tmp_path / "ray"), RayRunner())
    assert outcomes(on_ray) == expected
    assert ray.is_initialized()

    # another process joins the running instance by its address: `meeple arena --ray ADDRESS`
    out = tmp_path / "joined"
    command = [sys.executable, "-m", "meeple.cli", "arena", "bayon", "--players", "2", "--bots", ",".join(config.bots)]
    command += ["-n", str(config.games), "--seed", str(config.seed), "--ray", ray_address, "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
    assert finished.returncode == 0, finished.stderr
    assert f"on Ray at {ray_address}" in finished.stdout
    assert outcomes(ArenaFolder(out).read_rows()) == expected
