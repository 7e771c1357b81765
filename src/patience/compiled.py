"""The modules of the engine that the package's build compiles, and how a module finds its compiled copy.

Where most of a search's time goes into one module's plain computation, the build (``setup.py``)
compiles a copy of that module with mypy's ``mypyc``, named ``_<module>_compiled`` and marked with the
hash of the text it was made from (``COMPILED_FROM``).  The module keeps its own code, docstrings and
doctests, and takes from the copy only the functions it names, and only if the copy was made from its
present text: an edit is never shadowed by a stale build (it runs uncompiled, and slower, until the next
build), and where nothing was compiled (Pyodide, or a build with ``PATIENCE_PURE=1``) it runs as it is.
``tests/test_compiled.py`` holds each copy to its module's own functions.  A copy looks for no copy of
its own:

>>> copy_of("patience._blocked_compiled", __file__) is None
True
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "copy_of"]

#: The modules compiled (``setup.py`` compiles the same), by their names in the package.
MODULES = ("blocked", "solve")


def copy_of(module: str, path: str) -> ModuleType | None:
    """The compiled copy of the module named ``module`` (of the package's, its source at ``path``), if the
    build made one from the text at ``path`` now; None otherwise, and in a copy itself."""
    package, _, name = module.rpartition(".")
    if name not in MODULES:
        return None
    try:
        copy = importlib.import_module(f"{package}._{name}_compiled")
    except ImportError:
        return None
    made_from = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    return copy if getattr(copy, "COMPILED_FROM", None) == made_from else None
