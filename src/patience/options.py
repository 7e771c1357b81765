"""Game options: variants the sources name, "some players" readings and editorial choices.

Each game declares its options with defaults; a game spec names a game and any
options that differ from the defaults, like ``"canfield(draw=3, redeals=2)"``.

>>> spec = parse_spec("canfield( draw = 3, partial=yes )")
>>> spec
('canfield', {'draw': '3', 'partial': 'yes'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from .errors import UnknownGame, UnknownOption

__all__ = ["Option", "Options", "parse_spec", "format_spec"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _kind(kind: type) -> str:
    """How an option's kind of value is named to one who gave a value of another kind."""
    return {int: "a whole number", float: "a number", str: "a text", bool: "true or false"}.get(
        kind, f"a {kind.__name__}")


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, allowed values and what it means.

    >>> draw = Option("draw", 1, "cards turned from the stock at a time", choices=(1, 3))
    >>> draw.convert("3")
    3
    >>> draw.convert("2")
    Traceback (most recent call last):
    ...
    patience.errors.UnknownOption: option draw must be one of 1, 3, not 2

    A switch may have a named third value among its choices:

    >>> wrap = Option("wrap", False, "how the files go round", choices=(False, True, "base"))
    >>> wrap.convert("true"), wrap.convert("base"), wrap.convert(False)
    (True, 'base', False)
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None

    def convert(self, value: Any) -> Any:
        """Check ``value`` (a Python value or the text of one) and return it typed like the default."""
        kind = type(self.default)
        named = [c for c in self.choices or () if isinstance(c, str)]
        if kind is not str and isinstance(value, str) and value.strip().lower() in named:
            # A named value beside values of the default's type (a switch with a third reading).
            return value.strip().lower()
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text not in _TRUE | _FALSE:
                    words = ", ".join(["true", "false", *named][:-1]) + " or " + (named or ["false"])[-1]
                    raise UnknownOption(f"option {self.name} must be {words}, not {value!r}")
                value = text in _TRUE
            else:
                try:
                    value = kind(text)
                except ValueError:
                    raise UnknownOption(f"option {self.name} must be {_kind(kind)}, not {value!r}") from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise UnknownOption(f"option {self.name} must be {_kind(kind)}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise UnknownOption(f"option {self.name} must be one of {allowed}, not {value}")
        return value


class Options(Mapping[str, Any]):
    """The resolved options of one game: every declared option with its value.

    >>> decl = (Option("draw", 1, "cards at a time", choices=(1, 3)), Option("redeals", 0, "re-deals"))
    >>> opts = Options.resolve(decl, {"draw": "3"})
    >>> opts["draw"], opts.redeals, opts.changed()
    (3, 0, {'draw': 3})
    >>> Options.resolve(decl, {"drew": 3})
    Traceback (most recent call last):
    ...
    patience.errors.UnknownOption: unknown option 'drew' (options: draw, redeals)
    """

    def __init__(self, decl: tuple[Option, ...], values: dict[str, Any]) -> None:
        self._decl = decl
        self._values = values
        # Each option is also a plain attribute, read without a method call (engines read them often).
        for name, value in values.items():
            if not hasattr(type(self), name):
                self.__dict__[name] = value

    @classmethod
    def resolve(cls, decl: Iterable[Option], given: Mapping[str, Any] | None = None) -> Options:
        decl = tuple(decl)
        by_name = {o.name: o for o in decl}
        values = {o.name: o.default for o in decl}
        for name, value in (given or {}).items():
            if name not in by_name:
                known = ", ".join(by_name) or "none"
                raise UnknownOption(f"unknown option {name!r} (options: {known})")
            values[name] = by_name[name].convert(value)
        return cls(decl, values)

    def changed(self) -> dict[str, Any]:
        """The options whose value differs from the default."""
        return {o.name: self._values[o.name] for o in self._decl if self._values[o.name] != o.default}

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Options):
            return self._values == other._values
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __repr__(self) -> str:
        return f"Options({self._values!r})"


_SPEC = re.compile(r"^\s*([a-z0-9][a-z0-9'-]*)\s*(?:\((.*)\))?\s*$", re.IGNORECASE)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"slug(name=value, …)"`` into the slug and the option texts."""
    if not isinstance(spec, str):
        raise TypeError(f"a game is named by a text such as 'canfield' or 'canfield(draw=3)', not {spec!r}")
    m = _SPEC.match(spec)
    if not m:
        raise UnknownGame(f"cannot read game {spec!r} (expected e.g. 'canfield' or 'canfield(draw=3)')")
    slug, args = m.group(1).lower(), m.group(2)
    options: dict[str, str] = {}
    if args and args.strip():
        for part in args.split(","):
            name, eq, value = part.partition("=")
            if not eq or not name.strip() or not value.strip():
                raise UnknownOption(f"cannot read option {part.strip()!r} in {spec!r} (expected name=value)")
            options[name.strip()] = value.strip()
    return slug, options


def format_spec(slug: str, options: Mapping[str, Any]) -> str:
    """The inverse of :func:`parse_spec`.

    >>> format_spec("canfield", {"draw": 3, "partial": True})
    'canfield(draw=3, partial=true)'
    """
    if not options:
        return slug
    parts = [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]
    return f"{slug}({', '.join(parts)})"
