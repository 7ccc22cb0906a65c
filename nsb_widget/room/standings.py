"""The room's table of scores: live during the game, final places at the end.

Places follow the rulebook: the highest total wins; among equal totals, the best single round
score (Berlin: "whoever scored the highest points with a single U-Bahn line scoring"); players
still equal share the place, a shared victory when it is the first. Places after a shared one
skip as in sports (1, 1, 3): two players ahead of you means you are third.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import N_, Translator, translator

#: A participant's state against the room's cards.
STATUSES = ("joined", "drawing", "ready", "behind", "finished", "refused", "left")
#: Each state as a notebook's table shows it (``"behind"`` counts the cards, see
#: :func:`status_text`).
_STATUS_WORDS = {"joined": N_("joined"), "drawing": N_("drawing…"), "ready": N_("ready"),
                 "finished": N_("finished"), "refused": N_("refused"), "left": N_("left")}


@dataclass(frozen=True)
class Standing:
    """One participant's row."""

    name: str
    """The participant's name."""
    place: int | None
    """Their place by the score so far (final once everyone has finished); ``None`` when the
    room has no accepted game of theirs, or when the teacher ended the game before theirs was
    over."""
    shared: bool
    """True when another participant holds the same place (a tie the rulebook shares)."""
    total: int
    """Total so far, as their score sheet adds it up: the scored rounds and the points
    outside the rounds as they stand (the final result once their game is over)."""
    rounds: tuple[int, ...]
    """Their round scores so far."""
    tiebreak: int
    """Their best single round score (the first tie-breaker)."""
    round: int
    """The round they are playing (4 once over)."""
    taken: int
    """Turns their game has taken."""
    status: str
    """One of :data:`STATUSES`: ``"joined"`` (no card yet), ``"drawing"`` (on the latest card),
    ``"ready"`` (done with the latest card), ``"behind"`` (cards out they have not taken),
    ``"finished"`` (game over), ``"refused"`` (nothing of theirs could be accepted),
    ``"left"`` (the teacher ended the game before theirs was over: no place)."""
    behind: int
    """Cards out that they have not taken yet."""
    refusal: str | None
    """Why their last hand-in was refused (then their last accepted game is what counts)."""
    current: int | None = None
    """The round they are playing as it would score if it ended now (the round's box on
    their own sheet), from the cards they have taken: never from a card still face down.
    ``None`` before they take the round's first card and once their game is over. It is not
    in :attr:`total` nor in the places, which count a round once it is scored (the points
    outside the rounds, :attr:`bonus`, count as they stand)."""

    @property
    def bonus(self) -> int:
        """The points of :attr:`total` outside :attr:`rounds`: interchanges, the tourist
        track, objectives (so far)."""
        return self.total - sum(self.rounds)

    @property
    def ready(self) -> bool:
        """True when they wait for the next card (or are done, or left)."""
        return self.status in ("ready", "finished", "joined", "left")


@dataclass(frozen=True)
class Standings:
    """Every participant's row, best first; :meth:`to_csv` and a table in a notebook."""

    rows: tuple[Standing, ...]
    """Best first; participants without an accepted game last."""
    turns_out: int
    """Turns the room has turned over."""
    final: bool
    """True once every participant has finished (and, in a room dealt by the teacher, every
    card is out), or once the teacher has ended the game: the places are final."""
    language: str = "en"
    """The language of the table shown in a notebook (the room's; the CSV stays English)."""

    @property
    def ready(self) -> int:
        """Participants waiting for the next card (the "14 of 20 ready")."""
        return sum(r.ready for r in self.rows)

    @property
    def tie_broken(self) -> tuple[Standing, ...]:
        """The placed rows whose total equals another's while their places differ: the
        tie-break (the best single round, :attr:`Standing.tiebreak`) decided between them.
        Best first; empty when no tie-break decided anything."""
        placed = [r for r in self.rows if r.place is not None]
        return tuple(r for r in placed if len(
            {o.place for o in placed if o.total == r.total}) > 1)

    def tiebreak_text(self, t: Translator) -> str | None:
        """The line under the table saying that the best single round decided equal totals,
        with those participants' best rounds; ``None`` when it decided nothing."""
        rows = self.tie_broken
        if not rows:
            return None
        return t("Equal totals are decided by the best single round (the rulebook's "
                 "tie-break): {rounds}.", rounds=", ".join(f"{r.name} {r.tiebreak}"
                                                         for r in rows))

    def to_csv(self, t: Translator | None = None) -> str:
        """The table as CSV (column names in English: it is data)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["place", "shared", "name", "total", "round1", "round2", "round3",
                         "round4", "tiebreak", "status", "refusal", "current"])
        for r in self.rows:
            rounds = [*r.rounds, *([""] * (4 - len(r.rounds)))]
            writer.writerow(["" if r.place is None else r.place, "yes" if r.shared else "",
                             r.name, r.total, *rounds[:4], r.tiebreak, r.status,
                             r.refusal or "", "" if r.current is None else r.current])
        return out.getvalue()

    def _place_text(self, row: Standing, none: str, t: Translator) -> str:
        """``row``'s place as shown (:func:`place_text`), ``none`` before any round is scored
        (everyone would be first) and for a row without an accepted game, as the board shows
        it."""
        if row.place is None or not any(r.rounds for r in self.rows):
            return none
        return place_text(row.place, row.shared, t)

    def current_title(self, t: Translator) -> str | None:
        """The heading of the rounds in play ("Round 2 so far"; "Round so far" when the
        participants are in different rounds), ``None`` when nobody has a round in play."""
        rounds = {r.round for r in self.rows if r.current is not None}
        if not rounds:
            return None
        if len(rounds) == 1:
            return t("Round {n} so far", n=rounds.pop())
        return t("Round so far")

    def _repr_html_(self) -> str:
        t = translator(self.language)
        current = self.current_title(t)
        # The points in no round (interchanges...) get a column, so the row adds up.
        bonus = any(r.bonus for r in self.rows)
        titles = (t("Place"), t("Name"), t("Rounds"), *((t("Bonus"),) if bonus else ()),
                  t("Total"),
                  *(() if current is None else (current,)), t("Status"))
        head = "".join(f"<th>{html.escape(h)}</th>" for h in titles)
        body = []
        for r in self.rows:
            place = html.escape(self._place_text(r, "", t))
            rounds = " + ".join(str(x) for x in r.rounds)
            status = status_text(r, t) + (f" ({r.refusal})" if r.refusal else "")
            so_far = "" if current is None else f"<td>{signed(r.current)}</td>"
            extra = f"<td>{r.bonus}</td>" if bonus else ""
            body.append(f"<tr><td style='white-space:nowrap'>{place}</td>"
                        f"<td>{html.escape(r.name)}</td><td>{rounds}</td>"
                        f"{extra}<td><strong>{r.total}</strong></td>{so_far}"
                        f"<td>{html.escape(status)}</td></tr>")
        note = self.tiebreak_text(t)
        table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        return table if note is None else f"{table}<p>{html.escape(note)}</p>"

    def __str__(self) -> str:
        t = translator(self.language)
        width = max([4, *(len(self._place_text(r, "-", t)) for r in self.rows)])
        lines = []
        for r in self.rows:
            place = self._place_text(r, "-", t)
            lines.append(f"{place:>{width}} {r.name:<20} {r.total:>4} {signed(r.current):>4}  "
                         f"{status_text(r, t)}")
        note = self.tiebreak_text(t)
        return "\n".join(lines if note is None else [*lines, note])


def place_text(place: int, shared: bool, t: Translator) -> str:
    """A place as a reader of ``t``'s language expects it in a table column: English "1",
    "1=" when shared (as in British sports and exam lists); German "1.", "1. (geteilt)";
    French "1er", "2e", "1er ex æquo" (docs/languages.md). The CSV keeps the number and a
    ``shared`` column instead."""
    if shared:
        return t.ngettext("{n}=", "{n}=", place).format(n=place)
    return t.ngettext("{n}", "{n}", place).format(n=place)


def signed(points: int | None) -> str:
    """A round in play's points as shown beside the total ("+12"), empty for ``None``."""
    if points is None:
        return ""
    return f"+{points}" if points >= 0 else f"\u2212{-points}"


def status_text(row: Standing, t: Translator) -> str:
    """``row``'s state in words of ``t``'s language ("ready", "2 cards behind")."""
    if row.status == "behind":
        return t.ngettext("{n} card behind", "{n} cards behind", row.behind).format(n=row.behind)
    return t(_STATUS_WORDS.get(row.status, row.status))


def places(keys: Sequence[tuple[int, int]]) -> list[tuple[int, bool]]:
    """The place of each ``(total, tiebreak)`` and whether it is shared: 1 plus the number of
    keys strictly better; equal keys share the place."""
    out = []
    for key in keys:
        better = sum(other > key for other in keys)
        shared = sum(other == key for other in keys) > 1
        out.append((better + 1, shared))
    return out
