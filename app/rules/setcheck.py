"""The set checker: which completed set some cards make under a rule set, or why they make none."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .entries import Problem
from .model import CARD_POINTS, SET_SIZE, RuleSet, SetType
from .codes import Code

RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
CARD_HELP = "Write each card as its rank (4-10, J, Q, K, A, 2, 3) and suit (S, H, D, C), e.g. 7H, or JK for a joker."


@dataclass(frozen=True)
class Card:
    """One card: rank '4'..'A', '2', '3' or 'JK'; suit S/H/D/C ('' for a joker)."""

    rank: str
    suit: str

    @property
    def is_wild(self) -> bool:
        """2s and jokers are wild."""
        return self.rank in ("2", "JK")

    @property
    def points(self) -> int:
        """The card's points."""
        return CARD_POINTS[self.rank]

    def __str__(self) -> str:
        return self.rank + self.suit


@dataclass(frozen=True)
class SetVerdict:
    """What the cards make: a set type with its bonus, or the problems that stop them."""

    cards: tuple[Card, ...]
    set_type: SetType | None
    problems: tuple[Problem, ...]

    @property
    def points(self) -> int:
        """The card points of the cards."""
        return sum(card.points for card in self.cards)


def parse_card(token: str) -> Card | None:
    """A card from its short name, or None when it is not one."""
    token = token.strip().upper()
    if token in ("JK", "JOKER", "J*"):
        return Card("JK", "")
    rank, suit = token[:-1], token[-1:]
    if suit in SUITS and rank in (*RANKS, "2", "3"):
        return Card(rank, suit)
    return None


def parse_cards(text: str) -> tuple[list[Card], list[Problem]]:
    """Cards from '7H 7S JK ...' (spaces or commas), with a problem for each unknown name."""
    cards, problems = [], []
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if card is None:
            problems.append(Problem("cards", f"'{token[:12]}' is not a card. {CARD_HELP}", Code.CARDS_NOT_A_CARD))
        else:
            cards.append(card)
    if not cards and not problems:
        problems.append(Problem("cards", f"No cards given. {CARD_HELP}", Code.CARDS_NONE))
    return cards, problems


def pack_problems(ruleset: RuleSet, cards: list[Card]) -> list[Problem]:
    """More copies of a card than the pack holds."""
    problems = []
    for card, count in Counter(cards).items():
        limit = ruleset.pack.jokers if card.rank == "JK" else ruleset.pack.packs
        if count > limit:
            problems.append(Problem("cards", f"{ruleset.name} is played with {limit} "
                                    f"{'jokers' if card.rank == 'JK' else str(card) + ' cards'}; these cards have "
                                    f"{count}.", Code.CARDS_TOO_MANY))
    return problems


def wild_type(ruleset: RuleSet, wilds: list[Card]) -> SetVerdict | Problem:
    """Seven wild cards: the set type whose mix they match, the highest bonus first."""
    twos = sum(1 for c in wilds if c.rank == "2")
    jokers = len(wilds) - twos
    for set_type in sorted((s for s in ruleset.set_types if s.shape == "wild"), key=lambda s: -s.bonus):
        fits_mix = set_type.wild_mixes is None or (twos, jokers) in set_type.wild_mixes
        fits_size = set_type.min_cards <= len(wilds) <= set_type.max_cards
        if fits_mix and fits_size and twos >= set_type.min_twos and jokers >= set_type.min_jokers:
            return SetVerdict(tuple(wilds), set_type, ())
    if not any(s.shape == "wild" for s in ruleset.set_types):
        return Problem("cards", f"{ruleset.name} has no set of wild cards only.", Code.CARDS_NO_WILD_SET)
    if len(wilds) != SET_SIZE:
        return Problem("cards", f"A set of wild cards has exactly {SET_SIZE} cards; these are {len(wilds)}.",
                       Code.CARDS_WILD_SET_SIZE)
    return Problem("cards", f"{twos} twos and {jokers} jokers make no wild set of {ruleset.name}.", Code.CARDS_WILD_MIX)


def group_problem(set_type: SetType, naturals: int, wilds: int, size: int) -> str | None:
    """Why cards of one rank do not make this type of canasta, or None when they do."""
    if wilds < set_type.min_wild:
        return f"a {set_type.name} needs at least {set_type.min_wild} wild card"
    if wilds > set_type.max_wild:
        return (f"a {set_type.name} may hold at most {set_type.max_wild} wild cards; these have {wilds}"
                if set_type.max_wild else f"a {set_type.name} has no wild cards")
    if naturals < set_type.min_natural:
        return f"a {set_type.name} needs at least {set_type.min_natural} natural cards; these have {naturals}"
    if set_type.max_cards and size > set_type.max_cards:
        return f"a {set_type.name} has exactly {set_type.max_cards} cards; these are {size}"
    return None


def sequence_problem(ruleset: RuleSet, set_type: SetType, naturals: list[Card], wilds: int) -> str | None:
    """Why cards of one suit do not make this type of sequence, or None when they do."""
    size = len(naturals) + wilds
    if size != set_type.max_cards:
        return f"a {set_type.name} has exactly {set_type.max_cards} cards; these are {size}"
    if not set_type.min_wild <= wilds <= set_type.max_wild:
        return (f"a {set_type.name} holds exactly {set_type.min_wild} wild card" if set_type.min_wild
                else f"a {set_type.name} has no wild cards")
    ranks = [RANKS.index(c.rank) for c in naturals]
    if len(set(ranks)) < len(ranks):
        return f"a {set_type.name} cannot hold the same card twice"
    low, high = RANKS.index(ruleset.sequence_span[0]), RANKS.index(ruleset.sequence_span[1])
    outside = [RANKS[r] for r in ranks if not low <= r <= high]
    if outside:
        return (f"a {set_type.name} runs from {RANKS[low]} to {RANKS[high]} at most; "
                f"it cannot hold {', '.join(outside)}")
    length = set_type.max_cards
    windows = [RANKS[s:s + length] for s in range(low, high - length + 2)
               if s <= min(ranks) and max(ranks) < s + length]
    if not windows:
        return f"the cards of a {set_type.name} must follow on from each other, {length} in a row"
    if not any(all(r in window for r in ruleset.sequence_core) for window in windows):
        return f"a {set_type.name} must hold {', '.join(ruleset.sequence_core)}"
    return None


def natural_type(ruleset: RuleSet, naturals: list[Card], wilds: int) -> SetVerdict | Problem:
    """Cards of one rank or one suit: the canasta or sequence they make."""
    size = len(naturals) + wilds
    if len({c.rank for c in naturals}) == 1:
        shape, why = "group", lambda s: group_problem(s, len(naturals), wilds, size)
    elif len({c.suit for c in naturals}) == 1:
        shape, why = "sequence", lambda s: sequence_problem(ruleset, s, naturals, wilds)
    else:
        return Problem("cards", "Not a set: the natural cards are neither all of one value nor all of one suit.",
                       Code.CARDS_MIXED_SHAPE)
    candidates = [s for s in ruleset.set_types if s.shape == shape]
    if not candidates:
        return Problem("cards", f"{ruleset.name} has no sets of cards in sequence.", Code.CARDS_NO_SEQUENCES)
    reasons = []
    for set_type in sorted(candidates, key=lambda s: -s.bonus):
        reason = why(set_type)
        if reason is None:
            return SetVerdict((), set_type, ())
        reasons.append(reason)
    return Problem("cards", f"Not a completed set: {'; '.join(reasons)}.", Code.CARDS_NOT_A_SET)


def check_set(ruleset: RuleSet, text: str) -> SetVerdict:
    """Which set type the cards make under the rule set, or every reason they make none."""
    cards, problems = parse_cards(text)
    if problems:
        return SetVerdict(tuple(cards), None, tuple(problems))
    problems = pack_problems(ruleset, cards)
    if any(c.rank == "3" for c in cards):
        problems.append(Problem("cards", "3s are never part of a completed set.", Code.CARDS_THREES))
    if len(cards) < SET_SIZE:
        problems.append(Problem("cards", f"A completed set has at least {SET_SIZE} cards; these are {len(cards)}.",
                                Code.CARDS_TOO_FEW))
    if problems:
        return SetVerdict(tuple(cards), None, tuple(problems))
    naturals = [c for c in cards if not c.is_wild]
    wilds = [c for c in cards if c.is_wild]
    found = wild_type(ruleset, wilds) if not naturals else natural_type(ruleset, naturals, len(wilds))
    if isinstance(found, Problem):
        return SetVerdict(tuple(cards), None, (found,))
    return SetVerdict(tuple(cards), found.set_type, ())
