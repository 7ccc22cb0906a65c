"""A third city is a map file plus a ruleset: a toy ruleset written against the contract
plays through the unchanged driver, files, pictures and widget state."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from nsb_widget import Game, NotationError
from nsb_widget.maps import Symbol, get_map, load_map
from nsb_widget.rules.ruleset import Ruleset, Slot, TurnOpening, known_rulesets, register_ruleset
from nsb_widget.scoring import LineScore, RoundScore, ScoreSheet
from nsb_widget.widget.state import game_info_state, hints_state, scores_state, turn_state


@dataclass(frozen=True)
class ToyCard:
    """A card: its text form, the kind it counts as, its symbol."""

    symbol: Symbol
    kind: str = "cards"
    joker: bool = False

    def __str__(self) -> str:
        return self.symbol.value


class _NoFlags:
    def copy(self) -> _NoFlags:
        return self


class ToyRuleset(Ruleset):
    """Four symbol cards; a round is three cards; a round scores its line's stations."""

    name = "toy"
    title = "Toy City"
    deck = tuple(ToyCard(Symbol(s)) for s in ("square", "triangle", "pentagon", "circle"))
    count_names = ("cards",)

    @property
    def line_ids(self) -> tuple[str, ...]:
        return ("line",)

    def parse_card(self, text: object) -> ToyCard:
        for card in self.deck:
            if text == card or text == str(card):
                return card
        raise NotationError(f"unknown toy card {text!r}")

    def describe(self, game: Any) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "deck": [str(c) for c in self.deck]}

    def deal_options(self, game_map, rng, modules, choices):
        return {}

    def new_round_state(self, setup, round_index):
        return _NoFlags()

    def open_turn(self, game, state, take, counts) -> TurnOpening:
        card = take("the card")
        targets = game.map.symbol_mask[card.symbol]
        slot = Slot(0, False, targets, f"the card shows a {card}")
        return TurnOpening((card,), (counts[0] + 1,), counts[0] + 1 >= 3, None, (slot,))

    def line_name(self, sheet, line) -> str:
        return "your line"

    def score_round(self, game, player, state) -> RoundScore:
        sheet = game.sheets[player]
        lines = sheet.finish_round(game.round - 1)
        stations = lines[0].stations.bit_count() if lines else 0
        line = LineScore(("line",), (), (), (), 1, (), stations, 1, stations, 0, stations)
        return RoundScore(game.round, sheet.pencil, None, (line,), False, stations)

    def score_sheet(self, game, player) -> ScoreSheet:
        rounds = tuple(game.sheets[player].round_scores)
        total = sum(r.score for r in rounds)
        return ScoreSheet(player, game.setup.names[player], rounds, total, (), 0, (), 0, total,
                          max((r.score for r in rounds), default=0), game.is_over, None)


@pytest.fixture(scope="module")
def toy_map():
    register_ruleset(ToyRuleset())
    doc = json.loads(json.dumps(get_map("london").source))
    doc.update(id="toy-city", ruleset="toy", title="Toy City")
    return load_map(doc)


def test_a_toy_city_plays_through_the_generic_driver(toy_map):
    assert "toy" in known_rulesets()
    game = Game.new(2, 4, map=toy_map)
    rng = random.Random(0)
    while not game.is_over:
        game.reveal()
        assert len(game.cards) == 1
        for p in range(2):
            moves = game.legal_moves(p)
            if moves:
                game.play(rng.choice(moves), p)
            else:
                game.pass_turn(p)
    assert game.round == 4 and all(len(game.round_scores(p)) == 4 for p in range(2))
    for p in range(2):
        drawn = len(game.sheets[p].history)
        # Each round's line has one more station than it has sections.
        assert game.score(p) == drawn + sum(1 for r in game.round_scores(p) if r.score)


def test_a_toy_game_saves_with_its_map_draws_and_feeds_the_widget(toy_map):
    game = Game.new(1, 9, map=toy_map)
    game.reveal()
    moves = game.legal_moves()
    if moves:
        game.play(moves[0])
    copy = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json() and copy.map.ruleset == "toy"
    assert "<svg" in game.svg()
    assert game_info_state(game)["ruleset"]["title"] == "Toy City"
    assert turn_state(game, 0)["revealed"] == {"cards": 1}
    assert hints_state(game, 0)["player"] == 0
    assert scores_state(game, 0)["total"] == game.provisional_score_sheet().total  # running


def test_toy_cards_are_checked_by_the_toy_ruleset(toy_map):
    game = Game.new(1, map=toy_map, scenario=True, pencils=["green", "pink", "purple", "blue"])
    with pytest.raises(NotationError, match="unknown toy card"):
        game.reveal("underground square")
    game.reveal("circle")
    assert [str(c) for c in game.cards] == ["circle"]
