"""How wide a text is in Helvetica/Arial (the widths of Liberation Sans, which has Arial's
metrics): enough to break the handouts' lines without a browser. Widths are in thousandths
of the font size; a character not listed counts as wide as an ``M``."""

from __future__ import annotations

from functools import cache

#: width -> the characters of that width, regular.
_REGULAR = {
    191: "'", 222: "ijl’‘", 260: "|¦", 278: " !,./:;I[\\]ft\xa0·ÌÍÎÏìíîï", 333: "()-`r¡¨²³´¸¹“”",
    334: "{}", 350: "•", 355: '"', 389: "*", 400: "°", 469: "^", 500: "Jcksvxyzçýÿ",
    549: "±÷≥≤", 556: "#$0123456789?L_abdeghnopqu¢£¤¥§«»àáâãäåèéêëðñòóôõöùúûüþ–€",
    584: "+<=>~¬×−", 611: "FTZ¿ßø", 667: "&ABEKPSVXYÀÁÂÃÄÅÈÉÊËÝÞ", 722: "CDHNRUwÇÐÑÙÚÛÜ",
    737: "©®", 778: "GOQÒÓÔÕÖØ", 833: "Mm", 889: "%æ", 944: "Wœ", 1000: "ÆŒ—…→",
    1015: "@",
}
#: width -> the characters of that width, bold.
_BOLD = {
    238: "'", 278: " ,./I\\ijl\xa0·ÌÍÎÏìíîï’‘", 280: "|¦", 333: "!()-:;[]`ft¡¨²³´¸¹",
    350: "•", 389: "*r{}", 400: "°", 474: '"', 500: "z“”", 549: "±÷≥≤",
    556: "#$0123456789J_aceksvxy¢£¤¥§«¶»àáâãäåçèéêëýÿ–€", 584: "+<=>^~¬×−",
    611: "?FLTZbdghnopqu¿ßðñòóôõöøùúûüþ", 667: "EPSVXYÈÉÊËÝÞ",
    722: "&ABCDHKNRUÀÁÂÃÄÅÇÐÑÙÚÛÜ", 737: "©®", 778: "GOQwÒÓÔÕÖØ", 833: "M", 889: "%mæ",
    944: "Wœ", 975: "@", 1000: "ÆŒ—…→",
}


@cache
def _table(bold: bool) -> dict[str, int]:
    return {ch: width for width, chars in (_BOLD if bold else _REGULAR).items() for ch in chars}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size`` (the same unit as ``size``)."""
    table = _table(bold)
    return sum(table.get(ch, 833) for ch in text) * size / 1000
