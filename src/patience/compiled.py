"""The modules of the engine that the package's build compiles, and how a module finds its compiled copy.

Where most of a search's time goes into one module's plain computation, the build (``setup.py``)
compiles a copy of that module with mypy's ``mypyc``, named ``_<module>_compiled`` and marked with the
hash of the text it was made from (``COMPILED_FROM``).  The module keeps its own code, docstrings and
doctests, and takes from the copy only the functions it names, and only if the copy was made from its
present text: an edit is never shadowed by a stale build (it runs uncompiled, and slower, until the next
build), and where nothing was compiled (Pyodide, or a build with ``PATIENCE_PURE=1``) it runs as it is.
``tests/test_compiled.py`` holds each copy to its module's own functions.

One search is written in C (Demon's, ``games/_demon_search.c``): its extension is marked the same way,
with the hash of its C text, and :func:`extension` gives it only if it was built from the present
text.  A copy looks for no copy of its own:

>>> copy_of("patience._blocked_compiled", __file__) is None
True
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "IN_C", "copy_of", "extension"]

#: The modules compiled (``setup.py`` compiles the same), by their names in the package.
MODULES = ("blocked", "solve")
#: The extensions written in C (``setup.py`` builds the same), by their names in the package.
IN_C = ("games._demon_search",)


def copy_of(module: str, path: str) -> ModuleType | None:
    """The compiled copy of the module named ``module`` (of the package's, its source at ``path``), if the
    build made one from the text at ``path`` now; None otherwise, and in a copy itself."""
    package, _, name = module.rpartition(".")
    if name not in MODULES:
        return None
    return _built(f"{package}._{name}_compiled", Path(path))


def extension(name: str) -> ModuleType | None:
    """The extension ``patience.<name>`` (one of :data:`IN_C`), if the build made it from the text of
    its C source (``<name>.c`` in the package) now; None otherwise.

    >>> extension("games._nothing") is None
    True
    """
    if name not in IN_C:
        return None
    return _built(f"{__package__}.{name}", Path(__file__).parent.joinpath(*name.split(".")).with_suffix(".c"))


def _built(module: str, source: Path) -> ModuleType | None:
    """The module named ``module`` if it is marked as built from the text at ``source`` (None if it
    cannot be imported, or the text is not there to compare)."""
    try:
        built = importlib.import_module(module)
        made_from = hashlib.sha256(source.read_bytes()).hexdigest()
    except (ImportError, OSError):
        return None
    return built if getattr(built, "COMPILED_FROM", None) == made_from else None
