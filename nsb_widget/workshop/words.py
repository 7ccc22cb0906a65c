"""The workshop kit's words: its own gettext domain, ``workshop``, beside the engine's.

The kit's texts (the notebooks' cells, the exercises' questions and verdicts, the handouts) are
written in English in :mod:`nsb_widget.workshop` and translated with the catalogues in
``nsb_widget/i18n/locale/<lang>/LC_MESSAGES/workshop.po`` (``./scripts/i18n`` extracts them).
What the engine says (why a section is illegal, the cards' and effects' names) comes from the
engine's own catalogue, so the kit uses the same words as the game.
"""

from __future__ import annotations

from ..i18n import Translator, resolve_language, translator

#: The gettext domain of the kit's texts.
DOMAIN = "workshop"


def words(language: str | None) -> Translator:
    """The kit's translator for ``language`` (``"en"``, ``"de"``, ``"fr"``; ``None``: the
    environment's)."""
    return translator(resolve_language(language), DOMAIN)


def after_colon(reason: str, t: Translator) -> str:
    """``reason`` (an error's message, which starts in lower case) as it reads after a colon
    in ``t``'s language: German starts the sentence after a colon with a capital (the Duden
    rule the catalogues follow: "Noch nichts exportiert: Noch ist niemand ..."); English and
    French go on in lower case."""
    if t.language == "de" and reason[:1].islower():
        return reason[0].upper() + reason[1:]
    return reason
