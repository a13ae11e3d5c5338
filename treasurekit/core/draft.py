"""One way to build the next position: a :class:`Draft` of a frozen position.

Every game keeps its whole state in one frozen dataclass, its *position*
(docs/architecture.md §4). A move never changes a position; its rules open a draft of
it, assign the fields that change, and freeze the draft into the next position::

    d = Draft(position)         # every field of the position, assignable
    d.turn = (d.turn + 1) % n
    next_position = d.freeze()  # a new frozen position; ``position`` is untouched

The draft's fields are the position's own, declared once, in the position class: a
draft reads them from the dataclass, so a field added to a position is a field of its
drafts. Assigning a name the position does not have is an ``AttributeError`` naming
the field and the position type, raised by :meth:`Draft.freeze` (nothing is built and
the old position is untouched).

A game whose rules need more than the fields while a move is applied (working copies,
a step to run next) subclasses :class:`Draft` and declares those extras in
``__slots__``, so that they stay out of the fields and out of the frozen position.

:func:`replace` is the one-line form, ``dataclasses.replace`` without re-running the
frozen ``__init__`` (which sets every field through ``object.__setattr__`` and made
each ply several times slower). Both build a position the same way (:class:`_Layout`), with
or without ``slots=True``, equal and hashing equal to the dataclass's own constructor
called with the same fields.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class P:
...     turn: int
...     dice: tuple[int, ...]
>>> p = P(turn=0, dice=())
>>> d = Draft(p)
>>> d.turn = 1
>>> d.freeze() == P(turn=1, dice=()), p.turn
(True, 0)
>>> replace(p, dice=(3, 4))
P(turn=0, dice=(3, 4))
>>> replace(p, die=6)
Traceback (most recent call last):
...
AttributeError: P has no field 'die' (fields: turn, dice)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

__all__ = ["Draft", "builder", "canonical", "drafter", "fields_of", "replace", "replacer"]

P = TypeVar("P")


class _Layout:
    """How to read and build positions of one frozen dataclass (cached per class).

    Two layouts, each built without the dataclass's ``__init__`` (which sets every
    field through ``object.__setattr__`` and made each ply several times slower):

    - a position that keeps its fields in its ``__dict__`` (no ``slots=True``: the
      games with many fields) is read with one dict copy and built by handing a copy of
      the draft's dict to a bare instance through the class's ``__dict__`` descriptor;
    - a slotted position (``slots=True``: a few fields, read very often; slots read
      faster than a dict set from outside) is read with one ``attrgetter`` and built by
      a function generated once per class (as ``dataclasses`` generates ``__init__``)
      that fills each slot through its descriptor.

    Either way the result is equal, and hashes equal, to the dataclass's constructor
    called with the same fields."""

    __slots__ = ("build_fields", "cls", "last", "names", "read", "replace", "set_dict",
                 "setters", "size")

    def __init__(self, cls: type) -> None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass: a draft needs a position type")
        self.cls = cls
        self.names: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(cls))
        if not self.names:
            raise TypeError(f"{cls.__name__} has no fields: a draft needs a position type")
        self.size = len(self.names)
        self.last = self.names[-1]
        holder = next((k for k in cls.__mro__ if "__dict__" in vars(k)), None)
        if holder is not None and holder is not object:
            set_dict = self.set_dict = vars(holder)["__dict__"].__set__
            #: The slot descriptors' setters in field order (None: the fields are in a dict).
            self.setters: tuple[Any, ...] | None = None

            def build_dict(values: dict[str, Any], new: Any = object.__new__) -> Any:
                built = new(cls)
                set_dict(built, dict(values))
                return built

            size, last = self.size, self.last

            def replace_dict(position: Any, **changes: Any) -> Any:
                values = dict(position.__dict__)
                values.update(changes)
                if len(values) != size or next(reversed(values)) != last:
                    self._refuse(values)
                built = object.__new__(cls)
                set_dict(built, values)  # a new dict of its own: nothing else holds it
                return built

            self.read: Any = lambda position: dict(position.__dict__)
            self.build_fields: Any = build_dict
            self.replace: Any = replace_dict
        else:
            names = self.names
            get = attrgetter(*names)
            self.read = ((lambda p: {names[0]: get(p)}) if len(names) == 1
                         else lambda p: dict(zip(names, get(p), strict=True)))
            self.set_dict = None
            self.setters = tuple(vars(cls)[n].__set__ for n in names)
            self.build_fields, self.replace = _slot_builders(cls, names)

    def build(self, values: dict[str, Any]) -> Any:
        """A new frozen position holding ``values`` (every field, no other; the dict is
        copied, never kept).

        ``values`` is a position's fields (in field order, as :func:`replace` reads
        them) updated by name: a name that is not a field comes after the last field.
        So the count and the last name tell a dict of the fields from one with a
        misspelt name, without comparing every key."""
        if len(values) != self.size or next(reversed(values)) != self.last:
            self._refuse(values)
        return self.build_fields(values)

    def _refuse(self, values: dict[str, Any]) -> None:
        unknown = [n for n in values if n not in self.names]
        if unknown:
            raise AttributeError(
                f"{self.cls.__name__} has no field {', '.join(map(repr, unknown))} "
                f"(fields: {', '.join(self.names)})")
        missing = [n for n in self.names if n not in values]
        raise AttributeError(f"{self.cls.__name__} is missing {', '.join(map(repr, missing))}")


def _slot_builders(cls: type, names: tuple[str, ...]) -> tuple[Any, Any]:
    """``build(values)`` and ``replace(position, **changes)`` for a slotted class: a bare
    instance, each slot filled through its descriptor's ``__set__`` bound once. The code
    is generated once per class, one line per field, as ``dataclasses`` generates
    ``__init__``; ``replace`` takes each field as a keyword defaulting to "unchanged"."""
    setters = {f"_set{i}": vars(cls)[n].__set__ for i, n in enumerate(names)}
    bound = ", ".join(f"{k}={k}" for k in setters)
    fields = ", ".join(f"{n}=_SAME" for n in names)
    lines = [f"def build(values, _new=_new, _cls=_cls, {bound}):",
             "    built = _new(_cls)",
             *(f"    _set{i}(built, values[{n!r}])" for i, n in enumerate(names)),
             "    return built",
             f"def replace(_position, *, {fields}, _new=_new, _cls=_cls, {bound}):",
             "    built = _new(_cls)",
             *(f"    _set{i}(built, _position.{n} if {n} is _SAME else {n})"
               for i, n in enumerate(names)),
             "    return built"]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_SAME": _SAME, **setters}
    exec("\n".join(lines), scope)  # our own text, as dataclasses generates __init__
    return scope["build"], scope["replace"]


#: "This field is unchanged" in a generated ``replace`` (no field can hold it).
_SAME: Any = object()

_LAYOUTS: dict[type, _Layout] = {}


def _layout(cls: type) -> _Layout:
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = _Layout(cls)
    return layout


def fields_of(position_type: type) -> tuple[str, ...]:
    """The field names of a position type, in declaration order."""
    return _layout(position_type).names


def replace(position: P, /, **changes: Any) -> P:
    """``dataclasses.replace(position, **changes)``, built by the drafts' one builder
    (about half the time of ``dataclasses.replace``: no ``__init__``).

    Raises:
        AttributeError: a name in ``changes`` is not a field of the position (it names
            the field and the position type).
        TypeError: ``position`` is not a dataclass instance.
    """
    try:
        built: P = _REPLACERS[type(position)](position, **changes)
    except KeyError:  # the first position of its type
        _REPLACERS[type(position)] = _layout(type(position)).replace
        return replace(position, **changes)
    except TypeError:  # a generated replace refuses a keyword that is no field
        layout = _layout(type(position))
        if changes.keys() <= set(layout.names):
            raise
        layout.build({**layout.read(position), **changes})  # raises, naming them
        raise
    return built


def replacer(position_type: type[P]) -> Callable[..., P]:
    """``position_type``'s own :func:`replace`, ``rep(position, **changes)``, for a hot
    path that builds one value per ply (it skips :func:`replace`'s lookup by type).

    Raises:
        TypeError: a name in ``changes`` is not a field (a slotted type's generated
            function refuses the keyword), or ``position_type`` is not a dataclass.
        AttributeError: the same, for a type whose fields are in its dict.
    """
    rep: Callable[..., P] = _layout(position_type).replace
    return rep


#: Each position type's ``replace`` (its layout's), looked up once per call.
_REPLACERS: dict[type, Any] = {}


def builder(value_type: type[P]) -> Callable[..., P]:
    """``value_type``'s constructor without its frozen ``__init__``: ``build(f1, f2, ...)``
    takes every field, in field order (or by name), and builds the value as a draft's
    ``freeze`` does; no ``__post_init__`` runs, so the values must already be in their
    canonical form (for values made many times a ply: moves, events, table cards).
    Generated once per class, as ``dataclasses`` generates ``__init__``; equal, and
    hashing equal, to the constructor's value.

    Raises:
        TypeError: ``value_type`` is not a dataclass; from ``build``, a field missing.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Spot:
    ...     x: float
    ...     y: float
    >>> build = builder(Spot)
    >>> build(1.0, y=2.0) == Spot(1.0, 2.0)
    True
    """
    made: Callable[..., P] | None = _BUILDERS.get(value_type)
    if made is None:
        if dataclasses.is_dataclass(value_type) and not dataclasses.fields(value_type):
            made = partial(object.__new__, value_type)  # a value without fields
        else:
            made = _args_builder(_layout(value_type))
        _BUILDERS[value_type] = made
    return made


#: Each value type's :func:`builder`.
_BUILDERS: dict[type, Any] = {}


def _args_builder(layout: _Layout) -> Callable[..., Any]:
    names = layout.names
    scope: dict[str, Any] = {"_b_new": object.__new__, "_b_cls": layout.cls}
    head = f"def build({', '.join(names)}, *, _b_new=_b_new, _b_cls=_b_cls"
    if layout.setters is None:
        scope["_b_set"] = layout.set_dict
        body = ["    built = _b_new(_b_cls)",
                f"    _b_set(built, {{{', '.join(f'{n!r}: {n}' for n in names)}}})"]
        lines = [head + ", _b_set=_b_set):", *body]
    else:
        scope.update({f"_b_set{i}": s for i, s in enumerate(layout.setters)})
        bound = ", ".join(f"_b_set{i}=_b_set{i}" for i in range(len(names)))
        lines = [head + f", {bound}):", "    built = _b_new(_b_cls)",
                 *(f"    _b_set{i}(built, {n})" for i, n in enumerate(names))]
    exec("\n".join([*lines, "    return built"]), scope)  # our own text, as dataclasses does
    build: Callable[..., Any] = scope["build"]
    return build


class Draft(Generic[P]):
    """The fields of a frozen position, assignable, while a move is applied.

    ``Draft(position)`` copies the fields (not the values: tuples and frozensets are
    shared, never changed); assign fields by name; :meth:`freeze` returns the new
    position. ``position`` itself is never touched.

    The fields are the position class's own: ``Draft(position)`` is an instance of a
    subclass made once per (draft class, position type), with its copy-in and freeze
    generated as straight-line code (as ``dataclasses`` generates ``__init__``). For a
    slotted position its ``__slots__`` are the position's field names: a field reads and
    writes at slot speed, and assigning a name that is neither a field nor a declared
    extra fails at once. For a position with a dict it keeps a dict (two dict copies a
    ply), and :meth:`freeze` refuses a name that is not a field.

    Subclasses may add working attributes, declared in their ``__slots__`` (they are
    not fields and are not frozen); they may override :meth:`freeze` to fold those back
    into fields before calling ``super().freeze()``.

    Raises:
        TypeError: ``position`` is not a dataclass instance.
        AttributeError: on assigning a name that is not a field of a slotted position
            (nor a declared extra); from :meth:`freeze`, for such a name in a draft of a
            position with a dict, or when a field was deleted.
    """

    __slots__ = ()
    _layout_: ClassVar[_Layout]

    def __new__(cls, position: P, *args: Any, **kwargs: Any) -> Draft[P]:
        kind = _DRAFT_KINDS.get((cls, type(position)))
        if kind is None:
            kind = _draft_kind(cls, type(position))
        draft: Draft[P] = object.__new__(kind)
        return draft

    def __init__(self, position: P) -> None:
        self._fill(position)

    def freeze(self) -> P:
        """The new position: a frozen instance of the position's type holding these
        fields (equal to the dataclass constructed from them)."""
        built: P = self._build()
        return built

    @property
    def position_type(self) -> type:
        """The type of position this draft freezes into."""
        cls: type = self._layout_.cls
        return cls

    def _fill(self, position: P) -> None:  # generated per kind (_draft_kind)
        raise NotImplementedError

    def _build(self) -> Any:  # generated per kind (_draft_kind)
        raise NotImplementedError

    if TYPE_CHECKING:  # the fields are the position's, read and written by name
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


#: The generated draft class of each (draft class, position type).
_DRAFT_KINDS: dict[tuple[type, type], type] = {}

D = TypeVar("D", bound=Draft[Any])


def drafter(draft: type[D], position_type: type) -> Callable[..., D]:
    """``draft``'s constructor for positions of ``position_type``: ``make(position,
    *args)`` is ``draft(position, *args)`` without :meth:`Draft.__new__`'s lookup of the
    generated class (for the hot path of a game that opens a draft every ply).

    Raises:
        TypeError: ``position_type`` is not a dataclass, or ``draft`` declares one of
            its fields in ``__slots__``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     turn: int
    >>> make = drafter(Draft, P)
    >>> d = make(P(0))
    >>> d.turn += 1
    >>> d.freeze()
    P(turn=1)
    """
    kind = _DRAFT_KINDS.get((draft, position_type)) or _draft_kind(draft, position_type)
    new, init = object.__new__, attrgetter("__init__")(kind)

    def make(position: Any, *args: Any) -> D:
        made: D = new(kind)
        init(made, position, *args)
        return made

    return make


def _draft_kind(draft: type, position: type) -> type:
    """The subclass of ``draft`` for ``position``, with a generated ``_fill`` (copy the
    fields in) and ``_build`` (the frozen position from them): for a slotted position its
    slots are the position's fields; for a position with a dict, it keeps a dict (a name
    that is not a field is then refused by ``freeze``)."""
    layout = _layout(position)
    names = layout.names
    clash = [n for n in names for k in draft.__mro__ if n in getattr(k, "__slots__", ())]
    if clash:
        raise TypeError(f"{draft.__name__} declares {', '.join(map(repr, clash))} in "
                        f"__slots__, a field of {position.__name__}")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": position}
    if layout.setters is None:  # fields in the position's dict: the draft keeps a dict
        # (two C-level dict copies a ply beat filling and reading dozens of slots)
        slots: tuple[str, ...] = ("__dict__",)
        scope.update(_set_dict=layout.set_dict, _size=layout.size, _last=layout.last,
                     _refuse=layout._refuse)
        lines = ["def _fill(self, position):", "    self.__dict__ = dict(position.__dict__)",
                 "def _build(self):", "    values = self.__dict__",
                 "    if len(values) != _size or next(reversed(values)) != _last:",
                 "        _refuse(values)",
                 "    built = _new(_cls)", "    _set_dict(built, dict(values))",
                 "    return built"]
    else:  # slotted position: the draft's slots are its fields
        slots = names
        scope.update({f"_set{i}": s for i, s in enumerate(layout.setters)})
        lines = ["def _fill(self, position):",
                 *(f"    self.{n} = position.{n}" for n in names),
                 "def _build(self):", "    built = _new(_cls)",
                 *(f"    _set{i}(built, self.{n})" for i, n in enumerate(names)),
                 "    return built"]
    exec("\n".join(lines), scope)  # our own text, as dataclasses generates __init__
    kind = type(draft.__name__, (draft,), {
        "__slots__": slots, "__module__": draft.__module__,
        "__qualname__": draft.__qualname__, "_layout_": layout,
        "_fill": scope["_fill"], "_build": scope["_build"]})
    _DRAFT_KINDS[draft, position] = kind
    return kind


def canonical(value: Any, **fields: Any) -> None:
    """Store the canonical form of fields a frozen dataclass's constructor was given, from
    its own ``__post_init__`` (a coordinate rounded to the grid, a pair put in order,
    cards sorted): the one place a frozen value writes its own fields.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Roll:
    ...     low: int
    ...     high: int
    ...     def __post_init__(self) -> None:
    ...         canonical(self, low=min(self.low, self.high), high=max(self.low, self.high))
    >>> Roll(6, 1)
    Roll(low=1, high=6)
    """
    for name, field_value in fields.items():
        object.__setattr__(value, name, field_value)
