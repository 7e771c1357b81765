"""The package is sound to mypy, as pyproject.toml configures it.

mypyc compiles only code that mypy accepts (setup.py), and the engine's public API is typed for
its readers: a change that breaks either shows here, with mypy's own report.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_is_sound_to_mypy(tmp_path: Path) -> None:
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                      "--cache-dir", str(tmp_path / "cache"), str(ROOT / "src" / "patience")])
    assert status == 0, report + errors
