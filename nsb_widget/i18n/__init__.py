"""The library's words in English, German and French: gettext catalogues, chosen per game.

Messages are written in English in the code and translated where they are shown, by calling a
:class:`Translator` (``t = translator("de"); t("{station} is not on the map", station="Z9")``);
a message that is defined in one place and shown in another is marked with :func:`N_`. The
catalogues are standard gettext ``.po`` files under ``nsb_widget/i18n/locale/<lang>/LC_MESSAGES/``,
compiled to ``.mo`` with Babel (``./scripts/i18n``); the compiled files ship in the package, so a
``pip install`` needs no Babel. English needs no catalogue: the message ids are the English text.

Placeholders are named (``"{station} is not on the map"``) so a translation can put them in
its own order; calling a :class:`Translator` fills them after translating.
"""

from __future__ import annotations

import gettext as _gettext
import os
from functools import cache
from pathlib import Path

from ..errors import ArgumentError, quote

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "Translator",
    "default_language",
    "resolve_language",
    "translator",
]

#: The languages with a catalogue (English is the source language).
LANGUAGES: tuple[str, ...] = ("en", "de", "fr")
#: The language used when none is asked for and the environment names none we have.
DEFAULT_LANGUAGE = "en"
#: The gettext domain of the catalogues.
DOMAIN = "nsb_widget"
#: Where the compiled catalogues live inside the package.
LOCALE_DIR = Path(__file__).with_name("locale")

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: The decimal mark of each language (locale data, not a message); "." when not listed.
_DECIMAL_MARK = {"de": ",", "fr": ","}


def N_(message: str) -> str:  # the conventional gettext marker name
    """Mark ``message`` for extraction without translating it (it is translated when shown)."""
    return message


def _language_of(tag: str) -> str | None:
    """``"de_DE.UTF-8"``, ``"fr-CA"``, ``"de"`` -> the supported language, or None."""
    base = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def default_language() -> str:
    """The language of the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), if
    it is one we have, else English. ``C`` and ``POSIX`` mean English."""
    for variable in _LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        for tag in value.split(":"):  # LANGUAGE may list several, best first
            if tag and tag not in ("C", "POSIX"):
                found = _language_of(tag)
                if found is not None:
                    return found
    return DEFAULT_LANGUAGE


def resolve_language(language: str | None) -> str:
    """The catalogue for ``language``: ``None`` means the environment's locale
    (:func:`default_language`); a region or encoding is ignored (``"de_AT"`` is ``"de"``).

    Raises :class:`~nsb_widget.errors.ArgumentError` for a language without a catalogue.
    """
    if language is None:
        return default_language()
    if not isinstance(language, str):
        raise ArgumentError(f"language must be a string such as 'de', not "
                            f"{type(language).__name__}")
    found = _language_of(str.__str__(language))  # plain text, whatever subclass
    if found is None:
        raise ArgumentError(
            f"no messages in language {quote(language)}: choose one of {', '.join(LANGUAGES)}"
        )
    return found


class Translator:
    """The messages of one language and domain. ``t(message, **params)`` translates ``message``
    (an English message id) and fills its named placeholders."""

    def __init__(self, language: str, domain: str = DOMAIN) -> None:
        self.language = language
        self.domain = domain
        if language == DEFAULT_LANGUAGE:
            self._catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
        else:
            self._catalogue = _gettext.translation(domain, LOCALE_DIR, languages=[language])

    def __call__(self, message: str, /, **params: object) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``params``."""
        text = self._catalogue.gettext(message)
        return text.format(**params) if params else text

    def gettext(self, message: str) -> str:
        """``message`` (an English message id) in this language; itself if not translated."""
        return self._catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n`` in this language."""
        return self._catalogue.ngettext(singular, plural, n)

    def decimal(self, value: float, places: int = 1, sign: bool = False) -> str:
        """``value`` written with ``places`` decimals and this language's decimal mark
        (``"+2.4"``, ``"+2,4"``); ``sign`` writes ``+`` before a positive number."""
        text = f"{value:{'+' if sign else ''}.{places}f}"
        mark = _DECIMAL_MARK.get(self.language, ".")
        return text if mark == "." else text.replace(".", mark)

    def __repr__(self) -> str:
        return f"Translator({self.language!r}, {self.domain!r})"

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        """Pickled and copied as its language and domain (the catalogue is shared)."""
        return _cached_translator, (self.language, self.domain)


def translator(language: str | None = None, domain: str = DOMAIN) -> Translator:
    """The :class:`Translator` for ``language`` (see :func:`resolve_language`) and ``domain``
    (``"nsb_widget"`` for the engine's messages, ``"widget"`` for the front end's)."""
    return _cached_translator(resolve_language(language), domain)


@cache
def _cached_translator(language: str, domain: str) -> Translator:
    return Translator(language, domain)
