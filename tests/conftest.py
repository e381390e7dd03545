"""Suite-wide hooks."""

from __future__ import annotations

from typing import Any

import pytest

_reporter: list[Any] = []  # the terminal reporter of this process, once pytest has configured it


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        _reporter.append(reporter)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Print why a retried test failed the first time.

    The web tests get one retry (``tests/web/conftest.py``) and ``-rR`` names the
    retried ones, but the failure itself is otherwise lost once the retry passes;
    printing it lets an intermittent one be tracked down from a CI log. (Under
    xdist this runs in the controlling process, which prints the workers' reports.)
    """
    if report.outcome == "rerun" and _reporter:
        _reporter[0].write_line(f"\nfirst failure of {report.nodeid} ({report.when}), retried:")
        _reporter[0].write_line(report.longreprtext)
