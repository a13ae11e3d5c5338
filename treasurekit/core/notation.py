"""Move notation declared once per move class: its text and its parser both come from it.

A move class (a frozen dataclass) declares ``NOTATION``: a tuple of words, each either a
literal (``"move"``) or a *slot* binding one field (or a few) to a word codec
(``INT("steps")``). A class written more than one way declares a tuple of such forms;
the first form that can write a move's values writes it. :class:`Notation` builds each
class's ``__str__`` from its declaration and reads texts back by the first word:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Step:
...     NOTATION = ("move", Num(words={0: "start"})("source"), Num()("steps", example="2"))
...     source: int
...     steps: int
>>> notation = Notation("a Demo move", (Step,))
>>> str(Step(0, 3)), notation.parse("Move 7  2")
('move start 3', Step(source=7, steps=2))
>>> notation.parse("move x 2")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
treasurekit.core.errors.MoveParseError: illegal move 'move x 2': 'move x 2' is not a Demo move
('x' is not a whole number or 'start'); write 'move 3 2'

Codecs: :class:`Word` (one word passing a test), :class:`Choice` (one of a few words,
optionally standing for other values), :class:`Num` (a bounded whole number, optionally
with words for some values), :class:`Prefixed` (``p2``, ``d7``), :class:`Many` (the
following words, each read by a codec), :class:`Opt` (a last word that may be left out),
:class:`Flag` (words present for True), :class:`OrNone` (a word for None),
:class:`Const` (no word: a field's value in this form). Games add their own by
subclassing :class:`Codec` (a point ``x,y``, a hex name).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import MoveParseError
from .inputs import MAX_DIGITS, parse_int, short
from .moves import fresh_move

__all__ = ["Choice", "Codec", "Const", "Flag", "Many", "Notation", "Num", "Opt", "OrNone",
           "Prefixed", "Slot", "Word"]


class Miss(Exception):
    """A word (or the end of the text) does not fit the form: ``word`` None = missing."""

    def __init__(self, word: str | None, what: str) -> None:
        super().__init__(word, what)
        self.word, self.what = word, what


class Codec:
    """Reads a value from the words at ``i`` and writes a value as words.

    Subclasses set ``what`` (the word's description for errors: "a whole number") and
    ``example`` (a word for the list of forms), and override :meth:`read_word` and
    :meth:`write` (one word), or :meth:`read` for a codec reading several words.
    """

    what = "a word"
    example: str | tuple[str, ...] = "x"
    #: True for a codec that may read no word (it has a default).
    optional = False
    #: Names the fragments of :meth:`inline` call (a helper function), by name.
    helpers: ClassVar[dict[str, Any]] = {}

    def __call__(self, *names: str, example: str | tuple[str, ...] | None = None) -> Slot:
        """This codec bound to the field(s) ``names`` (several: the value is their tuple)."""
        return Slot(names, self, self.example if example is None else example)

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        """The value read at ``words[i]`` and the next index. Raises :class:`Miss`."""
        if i >= len(words):
            raise Miss(None, self.what)
        value = self.read_word(words[i])
        if value is _NO:
            raise Miss(words[i], self.what)
        return value, i + 1

    def read_word(self, word: str) -> Any:
        """The value of one word, or ``_NO``."""
        return word

    def write(self, value: Any) -> str | None:
        """The words for ``value`` (possibly empty), or None: not this form's value."""
        return str(value)

    def inline(self, expr: str, strict: bool) -> str | None:
        """An f-string fragment writing the value of ``expr`` as :meth:`write` does
        (``strict``: None stands for "another form", else for ``str(value)``), or None
        if this codec needs its :meth:`write` called."""
        return None

    def inline_fields(self, exprs: tuple[str, ...], strict: bool) -> str | None:
        """:meth:`inline` for a codec bound to several fields (``exprs``, one each)."""
        return None


_NO: Any = object()


@dataclass(frozen=True)
class Slot:
    """A codec bound to one field (or several, read and written as one tuple)."""

    names: tuple[str, ...]
    codec: Codec
    example: str | tuple[str, ...]


class Word(Codec):
    """One word passing ``test`` (any word by default); its value is the word itself."""

    def __init__(self, what: str = "a word", example: str = "x",
                 test: Callable[[str], object] | None = None,
                 read: Callable[[str], Any] | None = None) -> None:
        self.what, self.example = what, example
        self._test, self._read = test, read

    def read_word(self, word: str) -> Any:
        if self._read is not None:
            value = self._read(word)
            return _NO if value is None else value
        return word if self._test is None or self._test(word) else _NO

    def write(self, value: Any) -> str | None:
        return value if isinstance(value, str) else None

    def inline(self, expr: str, strict: bool) -> str | None:
        plain = type(self).write is Word.write  # not a subclass writing its own way
        return None if strict or not plain else f"{{{expr}}}"


class Choice(Codec):
    """One of ``words``; with ``values``, word ``k`` stands for ``values[k]``."""

    def __init__(self, words: Sequence[str], values: Sequence[Any] | None = None,
                 what: str | None = None) -> None:
        self.words = tuple(words)
        self.values = tuple(words if values is None else values)
        self._read = dict(zip(self.words, self.values, strict=True))
        self._write = {v: w for w, v in zip(self.words, self.values, strict=True)}
        self.what = what or "one of " + ", ".join(self.words)
        self.example = self.words[0]

    def read_word(self, word: str) -> Any:
        return self._read.get(word, _NO)

    def inline(self, expr: str, strict: bool) -> str | None:
        return f"{{{expr}}}" if self.values == self.words and not strict else None

    def write(self, value: Any) -> str | None:
        try:
            word: str | None = self._write.get(value)
            return word
        except TypeError:  # unhashable: not one of ours
            return None


class Num(Codec):
    """A whole number in ASCII digits (at most ``digits``), from ``low`` to ``high``;
    ``words`` names some values instead (``{0: "start"}``, ``{None: "none"}``)."""

    def __init__(self, low: int = 0, high: int | None = None, digits: int = MAX_DIGITS,
                 words: Mapping[Any, str] | None = None,
                 example: str | tuple[str, ...] = "3") -> None:
        self.low, self.high, self.digits = low, high, digits
        self.words: dict[Any, str] = dict(words or {})
        self._named = {w: v for v, w in self.words.items()}
        span = f" from {low} to {high}" if high is not None else ""
        named = "".join(f" or {w!r}" for w in self.words.values())
        self.what = f"a whole number{span}{named}"
        self.example = example

    def read_word(self, word: str) -> Any:
        if word in self._named:
            return self._named[word]
        n = parse_int(word, self.digits)
        if n is None or n < self.low or (self.high is not None and n > self.high):
            return _NO
        return n

    def write(self, value: Any) -> str | None:
        named: str | None
        try:
            named = self.words.get(value)
        except TypeError:
            named = None
        if named is not None:
            return named
        if type(value) is not int or value < self.low or (
                self.high is not None and value > self.high):
            return None
        return str(value)

    def inline(self, expr: str, strict: bool) -> str | None:
        if strict or not all(v is None or type(v) is int for v in self.words):
            return None
        # as hand-written: ``"start" if self.source == 0 else self.source``
        test = "".join(f"{w!r} if {expr} {'is' if v is None else '=='} {v!r} else "
                       for v, w in self.words.items())
        return f"{{{test}{expr}}}" if test else f"{{{expr}}}"


class Prefixed(Codec):
    """A letter and a whole number, ``p2`` or ``d7``: the value is the number."""

    def __init__(self, prefix: str, what: str, digits: int = MAX_DIGITS,
                 high: int | None = None) -> None:
        self.prefix, self.digits, self.high = prefix, digits, high
        self.what, self.example = what, f"{prefix}1"

    def read_word(self, word: str) -> Any:
        if not word.startswith(self.prefix):
            return _NO
        n = parse_int(word[len(self.prefix):], self.digits)
        return _NO if n is None or (self.high is not None and n > self.high) else n

    def write(self, value: Any) -> str | None:
        return f"{self.prefix}{value}"

    def inline(self, expr: str, strict: bool) -> str | None:
        return f"{self.prefix}{{{expr}}}"


class Many(Codec):
    """``low`` to ``high`` words each read by ``item``: a tuple (the rest of the text, up
    to what the codecs after it read from its end)."""

    def __init__(self, item: Codec, low: int = 1, high: int | None = None) -> None:
        self.item, self.low, self.high = item, low, high
        self.what = f"{item.what} (at least {low}" + (f", at most {high})" if high else ")")
        one = item.example if isinstance(item.example, str) else item.example[0]
        self.example = " ".join([one] * max(low, 1))

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        out = []
        read = self.item.read_word
        for word in words[i:]:
            value = read(word)
            if value is _NO:
                raise Miss(word, self.item.what)
            out.append(value)
        if len(out) < self.low:
            raise Miss(None, self.item.what)
        if self.high is not None and len(out) > self.high:
            raise Miss(words[i + self.high], "")  # one word too many
        return tuple(out), len(words)

    def write(self, value: Any) -> str | None:
        w = self.item.write
        return " ".join(str(v) if (t := w(v)) is None else t for v in value)

    def inline(self, expr: str, strict: bool) -> str | None:
        # words that are their own text: one join, as hand-written
        if strict:
            return None
        if type(self.item) is Word:
            joined = f"' '.join({expr})"
        elif type(self.item) is Num and not self.item.words:
            joined = f"' '.join(map(str, {expr}))"
        else:
            return None
        return f" {{{joined}}}" if self.low else f"{{' ' + {joined} if {expr} else ''}}"


class Opt(Codec):
    """``codec``'s word, or nothing for ``default`` (written as nothing too)."""

    optional = True

    def __init__(self, codec: Codec, default: Any = None) -> None:
        self.codec, self.default = codec, default
        self.what, self.example = codec.what, codec.example

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        if i < len(words):
            value = self.codec.read_word(words[i])
            if value is not _NO:
                return value, i + 1
        return self.default, i

    def write(self, value: Any) -> str | None:
        return "" if value == self.default else self.codec.write(value)

    def inline(self, expr: str, strict: bool) -> str | None:
        if strict or self.default is not None or self.codec.inline("v", False) != "{v}":
            return None
        return f"{{'' if {expr} is None else ' ' + str({expr})}}"


class OrNone(Codec):
    """``word`` (say ``raft``) for None, else ``codec``'s word."""

    def __init__(self, codec: Codec, word: str) -> None:
        self.codec, self.word = codec, word
        self.what = f"{codec.what} or {word!r}"
        self.example: str | tuple[str, ...] = (
            codec.example if isinstance(codec.example, str) else codec.example[0], word)

    def read_word(self, word: str) -> Any:
        return None if word == self.word else self.codec.read_word(word)

    def write(self, value: Any) -> str | None:
        return self.word if value is None else self.codec.write(value)

    def inline(self, expr: str, strict: bool) -> str | None:
        if self.codec.inline(expr, strict) != f"{{{expr}}}":
            return None
        return f"{{{self.word!r} if {expr} is None else {expr}}}"


class Flag(Codec):
    """``words`` (say ``from locker``) present for True, left out for False."""

    optional = True

    def __init__(self, *words: str) -> None:
        self.words = list(words)
        self.what = repr(" ".join(words))
        self.example: str | tuple[str, ...] = ("", " ".join(words))

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        n = len(self.words)
        if list(words[i:i + n]) == self.words:
            return True, i + n
        return False, i

    def write(self, value: Any) -> str | None:
        return " ".join(self.words) if value is True else "" if value is False else None


class Const(Codec):
    """No word: the field has ``value`` in this form (written only for that value)."""

    optional = True

    def __init__(self, value: Any) -> None:
        self.value, self.what, self.example = value, repr(value), ""

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        return self.value, i

    def write(self, value: Any) -> str | None:
        return "" if value == self.value else None


Form = tuple[Any, ...]


def _forms(cls: type) -> tuple[Form, ...]:
    notation = cls.__dict__.get("NOTATION")
    if not notation:
        raise TypeError(f"move class {cls.__name__} declares no NOTATION")
    return tuple(notation) if isinstance(notation[0], tuple) else (tuple(notation),)


def _heads(form: Form) -> tuple[str, ...]:
    first = form[0]
    if isinstance(first, str):
        return (first,)
    if isinstance(first, Slot) and isinstance(first.codec, Choice):
        return first.codec.words
    raise TypeError(f"a form must start with a word or a choice of words: {form!r}")


def _examples(form: Form) -> list[str]:
    """The form's examples for error messages (a slot may give several: ``("1", "ship")``)."""
    out = [""]
    for p in form:
        if isinstance(p, str) or p.example:
            words = (p,) if isinstance(p, str) else (
                p.example if isinstance(p.example, tuple) else (p.example,))
            out = [" ".join(f"{o} {w}".split()) for o in out for w in words]
    return out


def _writer(cls: type, forms: tuple[Form, ...]) -> Callable[[Any], str]:
    """``cls.__str__`` from its forms: the first form whose codecs all write the move (a
    hand-built move no form fits is written in the first form, a value its codec cannot
    write as ``str(value)``). Each form is compiled once to an f-string, as quick as a
    hand-written ``__str__``."""
    fn = _compile(forms[0], None)
    for form in reversed(forms if len(forms) > 1 else ()):
        fn = _compile(form, fn)
    fn.__qualname__ = f"{cls.__qualname__}.__str__"
    fn.__notation__ = forms  # type: ignore[attr-defined]
    return fn


def _compile(form: Form, otherwise: Callable[[Any], str] | None) -> Callable[[Any], str]:
    """A function writing a move in ``form``; if a codec cannot write its value it calls
    ``otherwise`` (None: writes that value with ``str``)."""
    strict = otherwise is not None
    env: dict[str, Any] = {"_otherwise": otherwise}
    lines, template = [], []
    for k, part in enumerate(form):
        if isinstance(part, str):
            template.append(" " + part.replace("{", "{{").replace("}", "}}"))
            continue
        expr = (f"self.{part.names[0]}" if len(part.names) == 1
                else "(" + "".join(f"self.{n}, " for n in part.names) + ")")
        env.update(part.codec.helpers)
        inline = (part.codec.inline(expr, strict) if len(part.names) == 1 else
                  part.codec.inline_fields(tuple(f"self.{n}" for n in part.names), strict))
        if inline is not None:  # an optional word's or a list's fragment has its own space
            spaced = part.codec.optional or isinstance(part.codec, Many)
            template.append(inline if spaced else f" {inline}")
            continue
        env[f"_w{k}"] = part.codec.write
        lines.append(f"t{k} = _w{k}({expr})")
        lines.append(f"if t{k} is None: return _otherwise(self)" if strict
                     else f"if t{k} is None: t{k} = str({expr})")
        if part.codec.optional or isinstance(part.codec, Many):
            lines.append(f"t{k} = ' ' + t{k} if t{k} else ''")
            template.append(f"{{t{k}}}")
        else:
            template.append(f" {{t{k}}}")
    body = "".join(template)
    assert body.startswith(" "), form  # a form starts with a word
    lines.append(f"return f{body[1:]!r}")
    exec("def write(self):\n" + "".join(f"    {line}\n" for line in lines), env)
    fn: Callable[[Any], str] = env["write"]
    return fn


def _tail_start(tail: Form, words: Sequence[str], i: int) -> int:
    """Where the words of ``tail`` (single words or :class:`Opt`, after a :class:`Many`)
    begin, counted from the end of ``words``."""
    end = len(words)
    for part in reversed(tail):
        codec = None if isinstance(part, str) else part.codec
        if isinstance(codec, Opt) and not (end > i and codec.codec.read_word(words[end - 1])
                                           is not _NO):
            continue
        end -= 1
    return max(end, i)


def _read(cls: type, form: Form, words: Sequence[str]) -> Any:
    """The move of ``cls`` that ``words`` spell in ``form``, or raise :class:`Miss`."""
    values: dict[str, Any] = {}
    i, skipped = 0, ""
    for k, part in enumerate(form):
        if isinstance(part, str):
            if i >= len(words) or words[i] != part:
                raise Miss(words[i] if i < len(words) else None, repr(part))
            i, skipped = i + 1, ""
            continue
        start = i
        if isinstance(part.codec, Many) and k + 1 < len(form):
            value, i = part.codec.read(words[:_tail_start(form[k + 1:], words, i)], i)
        else:
            value, i = part.codec.read(words, i)
        # an optional word left out: a word still to come was meant for it
        skipped = part.codec.what if i == start else ""
        if len(part.names) == 1:
            values[part.names[0]] = value
        else:
            values.update(zip(part.names, value, strict=True))
    if i < len(words):
        raise Miss(words[i], skipped)
    return cls(**values)


class Notation:
    """A game's move notation, from its move classes' ``NOTATION`` declarations.

    Installs each class's ``__str__`` and reads texts back (:meth:`parse`): the first
    word picks the forms to try; a text is read once (kept, up to ``KEEP_TEXTS``; each
    caller gets its own copy of the move, so changing it changes nothing kept).

    Args:
        kind: the error message's name for a move ("an Ahoy move").
        classes: the game's move classes, in the order the forms are listed in errors.
    """

    KEEP_TEXTS: ClassVar[int] = 20_000
    KEEP_CHARS: ClassVar[int] = 60

    def __init__(self, kind: str, classes: Sequence[type]) -> None:
        self.kind = kind
        self.classes = tuple(classes)
        self._by_head: dict[str, list[tuple[type, Form]]] = {}
        examples: list[str] = []
        for cls in self.classes:
            forms = _forms(cls)
            fields = {f.name for f in dataclasses.fields(cls)}
            for form in forms:
                bad = [n for p in form if isinstance(p, Slot) for n in p.names if n not in fields]
                if bad:
                    raise TypeError(f"{cls.__name__}.NOTATION names no field {bad[0]!r}")
            write = _writer(cls, forms)
            write.notation = self  # type: ignore[attr-defined]
            setattr(cls, "__str__", write)  # noqa: B010
            for form in forms:
                examples.extend(repr(e) for e in _examples(form))
                for head in _heads(form):
                    self._by_head.setdefault(head, []).append((cls, form))
        #: The accepted forms, for error messages: ``'roll 1', 'move 3 2'...``.
        self.forms = ", ".join(examples)
        self._kept: dict[str, Any] = {}

    def parse(self, text: str) -> Any:
        """The move ``text`` writes (case and spacing do not matter).

        Raises:
            MoveParseError: the text is not one of the forms; the message names the word
                that does not fit and lists the accepted forms.
        """
        move = self._kept.get(text) if isinstance(text, str) else None
        if move is not None:  # a copy: what the engine keeps is never handed out
            return fresh_move(move)
        if not isinstance(text, str):
            raise MoveParseError(text, f"{short(text)} is not move text; write {self.forms}")
        words = text.strip().lower().split()
        tries = self._by_head.get(words[0], ()) if words else ()
        miss: Miss | None = None
        for cls, form in tries:
            try:
                move = _read(cls, form, words)
                break
            except Miss as exc:
                miss = miss or exc
        if move is None:
            raise self._error(text, words, miss)
        if len(text) <= self.KEEP_CHARS:
            if len(self._kept) >= self.KEEP_TEXTS:
                self._kept.clear()
            self._kept[text] = fresh_move(move)
        return move

    def _error(self, text: str, words: list[str], miss: Miss | None) -> MoveParseError:
        if miss is None:
            why = f"{short(words[0]) if words else 'an empty text'} starts no move"
        elif not miss.what:
            why = f"{short(miss.word)} is one word too many"
        elif miss.word is None:
            why = f"it ends where {miss.what} should follow"
        else:
            why = f"{short(miss.word)} is not {miss.what}"
        return MoveParseError(text, f"{short(text)} is not {self.kind} ({why}); "
                                    f"write {self.forms}")
