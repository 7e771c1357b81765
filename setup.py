"""The package's build: everything is in pyproject.toml but the modules compiled with mypyc.

The proof that a card can never go up (``src/patience/blocked.py``) is most of the search's time in
the games that use it, and runs about four times as fast compiled; the depth-first search itself and
the runs of the pack (``src/patience/solve.py``) are much of the rest.  So the build compiles a copy of
each, ``patience._<module>_compiled``, marked with the hash of the text it was made from; a module uses
its copy only if the hash is its own (see ``src/patience/compiled.py``, whose ``MODULES`` are these).
The copies are made, compiled and taken away again here; nothing generated is kept in ``src/`` but the
compiled extensions.

Some games' searches are written in C (``src/patience/games/_<module>_search.c``, on the core's search
written once in ``_search.h``; see ``patience.compiled``), as their deals need millions of positions
searched where Python searches tens of thousands a second.  Each is built
as the extension ``patience.games._<module>_search``, marked the same way with the hash of its texts.

``PATIENCE_PURE=1`` builds the package without them: the wheel the book's Play panel loads in Pyodide
is built so, and runs the same module uncompiled.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import Extension, setup

def _compiled() -> Any:
    """``src/patience/compiled.py``, which lists what to compile (``MODULES``, the modules, and
    ``IN_C``, the extensions in C), read without importing the package: it needs nothing but the
    standard library."""
    spec = importlib.util.spec_from_file_location("_patience_compiled", "src/patience/compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED_PY = _compiled()

#: The modules compiled, each as (the module, its compiled copy).
COMPILED = [(f"src/patience/{name}.py", f"src/patience/_{name}_compiled.py") for name in COMPILED_PY.MODULES]


#: The extensions written in C, each as (its name, its texts: the C source, then the headers it shares).
IN_C = [(f"patience.{name}", [str(path) for path in COMPILED_PY.sources(name, Path("src/patience"))])
        for name in COMPILED_PY.IN_C]


def marked(*paths: str) -> str:
    """The hash of the texts at ``paths``, by which a module knows the build it was made by."""
    return hashlib.sha256(b"".join(Path(path).read_bytes() for path in paths)).hexdigest()


def c_extensions() -> list[Extension]:
    """The extensions of :data:`IN_C` (none with ``PATIENCE_PURE``), each marked ``COMPILED_FROM``;
    optional, as the compiled copies are."""
    if os.environ.get("PATIENCE_PURE"):
        return []
    return [Extension(name, texts[:1], depends=texts[1:], define_macros=[("COMPILED_FROM", f'"{marked(*texts)}"')],
                      extra_compile_args=["-O3"], optional=True) for name, texts in IN_C]


def compiled_extensions() -> list[Extension]:
    """The extensions mypyc makes of :data:`COMPILED` (none with ``PATIENCE_PURE``)."""
    if os.environ.get("PATIENCE_PURE"):
        return []
    from mypyc.build import mypycify

    copies = []
    try:
        for module, copy in COMPILED:
            mark = f'\n\n#: The hash of the text this copy was made from.\nCOMPILED_FROM = "{marked(module)}"\n'
            Path(copy).write_bytes(Path(module).read_bytes() + mark.encode())
            copies.append(copy)
        # Only the copies need be sound to mypy: the modules they import stay interpreted.
        extensions = mypycify(["--follow-imports=silent", *copies], opt_level="3")
        # Without a C compiler the package installs uncompiled, with a warning (and the test that it
        # runs compiled fails, so that a developer's machine or CI says so).
        for extension in extensions:
            extension.optional = True
        return extensions
    finally:
        for copy in copies:
            Path(copy).unlink()


setup(ext_modules=compiled_extensions() + c_extensions())
