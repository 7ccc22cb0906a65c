"""Participants' names: which are allowed, when two are the same, and the file each one gets."""

from __future__ import annotations

import hashlib
import itertools
import math
import unicodedata
from functools import lru_cache

from ..errors import RoomError, quote
from ..i18n import Translator

#: The longest name (in characters) a participant may take: it must fit a projected table.
MAX_NAME = 40
#: Characters that would make a name a path or let it hide or reorder text on the board.
_PATH_SEPARATORS = frozenset("/\\")
#: Scripts with letters that look alike: a name may use one of them, not two.
_LOOKALIKE_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")


def check_name(name: object, t: Translator) -> str:
    """The name as it will be shown (surrounding spaces removed, runs of spaces made one,
    Unicode composed), or :class:`RoomError` saying what is wrong with it: not text, empty,
    longer than :data:`MAX_NAME` characters, holding a path separator (``/``, ``\\``) or a
    control character (a line break, a tab, a text-direction mark)."""
    if not isinstance(name, str):
        raise RoomError(t("a name is text, like 'Ada', not {value}", value=quote(name)))
    shown = " ".join(unicodedata.normalize("NFC", name).split())
    if not shown:
        raise RoomError(t("the name is empty: type the name the room will know you by"))
    if len(shown) > MAX_NAME:
        raise RoomError(t("the name has {count} characters; at most {limit} fit the board",
                          count=len(shown), limit=MAX_NAME))
    if any(c in _PATH_SEPARATORS for c in shown):
        raise RoomError(t("a name may not contain / or \\ (it is not a path): {name}",
                          name=quote(shown)))
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI_CONTROLS
           for c in name):
        raise RoomError(t("a name may not contain control characters (line breaks, tabs, "
                          "text-direction marks): {name}", name=quote(shown)))
    if _invisible(shown):
        raise RoomError(t("a name may not contain invisible characters (a zero-width space, "
                          "a soft hyphen): {name}", name=quote(shown)))
    if len(_lookalike_scripts(shown)) > 1:
        raise RoomError(t("a name may not mix Latin, Greek and Cyrillic letters, which can "
                          "look alike (\"A\" and \"\u0410\"): {name}", name=quote(shown)))
    return shown


def _invisible(name: str) -> bool:
    """True when ``name`` holds an invisible (format) character, but for the zero-width joiner
    inside an emoji ("👩‍💻": a symbol, maybe a skin tone or a variation selector, the joiner,
    a symbol), which cannot make a name look like another."""
    for i, c in enumerate(name):
        if unicodedata.category(c) != "Cf":
            continue
        joins_emoji = (c == "\u200d" and 0 < i < len(name) - 1
                       and unicodedata.category(name[i - 1]) in ("So", "Sk", "Mn")
                       and unicodedata.category(name[i + 1]) == "So")
        if not joins_emoji:
            return True
    return False


def _lookalike_scripts(name: str) -> set[str]:
    """The scripts among Latin, Greek and Cyrillic whose letters ``name`` uses (after the
    compatibility folding that makes full-width letters plain): letters of two of them in
    one name can pass for another name (a Cyrillic "А" in "Аda")."""
    scripts = set()
    for c in unicodedata.normalize("NFKC", name):
        if c.isalpha():
            script = unicodedata.name(c, "").split(" ", 1)[0]
            if script in _LOOKALIKE_SCRIPTS:
                scripts.add(script)
    return scripts


#: Cyrillic and Greek letters that look like a Latin one, and that one: a name written wholly
#: in one script can pass for a name in another ("Рао" and "Pao", "ΝΟΑΗ" and "NOAH").
_LATIN_LOOKALIKES = str.maketrans(dict(zip(
    "АВЕЗКМНОРСТУХЅІЈԚԜҮ" "аеорсухѕіјһӏԁԛԝүё" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹϿ" "οιρνυχκϲϳ",
    "ABE3KMHOPCTYXSIJQWY" "aeopcyxsijhldqwyë" "ABEZHIKMNOPTYXCC" "oipvuxkcj", strict=True)))


def look_key(name: str) -> str:
    """What a (checked) name looks like: the same for names that read the same
    (:func:`name_key`'s folding: "Ada", "ada", "ＡＤＡ") and for names in different scripts
    that look the same ("Рао" in Cyrillic and "Pao" in Latin, "ΝΟΑΗ" and "NOAH")."""
    return _composed(name).translate(_LATIN_LOOKALIKES).casefold()


def name_key(name: str) -> str:
    """The key of a (checked) name: the same for names that read the same ("Ada", "ada",
    "ＡＤＡ", "Ada  "), and the name of the participant's file (hex digits only, so no name
    can make a path)."""
    folded = _composed(name).casefold()
    return hashlib.sha256(folded.encode("utf-8")).hexdigest()[:24]


def _composed(name: str) -> str:
    """``name`` as people read it: runs of spaces made one, compatibility forms folded
    ("ＡＤＡ" is "ADA")."""
    return unicodedata.normalize("NFKC", " ".join(name.split()))


def _keys_like() -> dict[str, tuple[str, ...]]:
    """For each character a look key may hold where a lookalike letter stood: the characters
    the name's key holds there instead (:func:`look_key` translates a letter, then folds its
    case; :func:`name_key` only folds it: "р" and "ρ" for the "p" of "pao")."""
    out: dict[str, set[str]] = {}
    for source, target in _LATIN_LOOKALIKES.items():
        looks, keyed = str(target).casefold(), chr(source).casefold()
        # (One character each, checked by test_lookalike_keys_hold_every_lookalikes_key: the
        # positions of a look key and of a name's key then match one for one.)
        out.setdefault(looks, set()).add(keyed)
    return {looks: tuple(sorted(keyed)) for looks, keyed in out.items()}


_KEYS_LIKE = _keys_like()


def lookalike_count(name: str) -> int:
    """How many keys :func:`lookalike_keys` gives for ``name`` (computed without making
    them: a long name of lookalike letters has millions)."""
    return math.prod(1 + len(_KEYS_LIKE.get(c, ())) for c in look_key(name))


@lru_cache(maxsize=4)
def lookalike_keys(name: str) -> frozenset[str]:
    """Every :func:`name_key` a name that looks like ``name`` (the same :func:`look_key`) can
    have, and more: the seat files a lookalike of ``name`` could have, so that a join reads
    those alone, not every file in ``seats/``. Exact, not a guess: both keys fold a name the
    same way character by character (:func:`_composed`, then ``casefold``), but for the
    lookalike letters, which :func:`look_key` first translates to the Latin letter they look
    like. So where the look key holds a character, the other name's key holds that same
    character or, where the other name had a lookalike letter, that letter folded; every such
    choice is made here (whatever its scripts, so a seat written by hand under a name that mixes
    them is among them too). See :func:`lookalike_count` first."""
    choices = [(c, *_KEYS_LIKE.get(c, ())) for c in look_key(name)]
    return frozenset(hashlib.sha256("".join(chars).encode("utf-8")).hexdigest()[:24]
                     for chars in itertools.product(*choices))
