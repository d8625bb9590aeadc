"""Properties over random tricks and hands of both games (hypothesis).

The reference below restates the orders (A2, B3–B5) and duties (B14–B16) of the facts in
examples/albastini/facts.md and examples/altbaumer/facts.md directly, so the kernels are checked
against the facts, not against themselves.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorial_engine.content.examples import Expectation, TrickExample
from tutorial_engine.engine.cards import Card, Rank, Suit
from tutorial_engine.engine.rules import Duty, Role, WinReason, legal_plays, trick_roles, trick_verdict
from tutorial_engine.problems import Location

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
NAME = st.text(alphabet="ABCDEFGHIJKabcdefghijkéüß ", min_size=1, max_size=6)

SIZES = {"albastini": (2, 6), "altbaumer": (3, 4)}
"""Cards per trick: Albastini 2–6 (A4), Altbaumer 3–4 (B2, B12)."""

ALBASTINI_ORDER = [Rank.parse(r) for r in "A 7 K J Q 6 5 4 3".split()]          # A2
ALBASTINI_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}                  # A3
ALTBAUMER_TREES = [Card.parse("Q♣"), Card.parse("J♣")]                         # B3
ALTBAUMER_TRUMP = [Rank.parse(r) for r in "A K 10 Q J 9".split()]              # B4
ALTBAUMER_PLAIN = [Rank.parse(r) for r in "A 10 K Q J 9".split()]              # B5


class Reference:
    """The rules of the facts, written out plainly for one game."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.trees = ALTBAUMER_TREES if game_id == "altbaumer" else []

    def is_trump(self, card: Card, trump: Suit) -> bool:
        return card in self.trees or card.suit is trump

    def trump_rank(self, card: Card, trump: Suit) -> int:
        """Smaller is stronger."""
        if self.game_id == "albastini":
            return ALBASTINI_ORDER.index(card.rank)
        if card in self.trees:
            return self.trees.index(card)
        return 2 + ALTBAUMER_TRUMP.index(card.rank)

    def plain_rank(self, card: Card) -> int:
        order = ALBASTINI_ORDER if self.game_id == "albastini" else ALTBAUMER_PLAIN
        return order.index(card.rank)

    def led_suit(self, lead: Card, trump: Suit) -> Suit:
        return trump if self.is_trump(lead, trump) else lead.suit

    def winner(self, trump: Suit, plays: list[Card]) -> Card:
        """A14, B17: highest trump, else highest card of the suit led."""
        trumps = [card for card in plays if self.is_trump(card, trump)]
        if trumps:
            return min(trumps, key=lambda card: self.trump_rank(card, trump))
        led = plays[0].suit
        return min((card for card in plays if card.suit is led), key=self.plain_rank)

    def points(self, card: Card) -> int:
        if self.game_id == "altbaumer":
            return 0                                                            # B6
        return ALBASTINI_POINTS.get(card.rank.value, 0)

    def legal(self, trump: Suit, trick: list[Card], hand: list[Card]) -> list[Card]:
        """A13 for Albastini; B14–B16 for Altbaumer."""
        if not trick or self.game_id == "albastini":
            return list(hand)
        lead = trick[0]
        if self.is_trump(lead, trump):                          # trump or tree led (B16)
            follow = [c for c in hand if self.is_trump(c, trump)]
            if follow:
                return follow
            return list(hand)
        ordinary_club = lead.suit is Suit.CLUBS                 # clubs are not trump here
        following = [c for c in hand if c.suit is lead.suit and c not in self.trees]
        trees = [c for c in hand if c in self.trees]
        if following:
            return [c for c in hand if c in following or (ordinary_club and c in trees)]  # B15
        if ordinary_club and trees:
            return trees                                        # B15: a tree is compulsory
        trumps = [c for c in hand if self.is_trump(c, trump)]
        return trumps or list(hand)                             # B14


@st.composite
def tricks(draw, games):
    game = games[draw(st.sampled_from(sorted(SIZES)))]
    low, high = SIZES[game.id]
    size = draw(st.integers(low, high))
    plays = draw(st.lists(st.sampled_from(game.deck), min_size=size, max_size=size, unique=True))
    trump = draw(st.sampled_from(list(Suit)))
    return game, trump, plays


@st.composite
def positions(draw, games):
    """A game, a trump, a trick in progress and a hand, all distinct cards."""
    game = games[draw(st.sampled_from(sorted(SIZES)))]
    trick_size = draw(st.integers(0, SIZES[game.id][1] - 1))
    hand_size = draw(st.integers(1, 8))
    cards = draw(st.lists(st.sampled_from(game.deck), min_size=trick_size + hand_size,
                          max_size=trick_size + hand_size, unique=True))
    trump = draw(st.sampled_from(list(Suit)))
    return game, trump, cards[:trick_size], cards[trick_size:]


@SETTINGS
@given(data=st.data())
def test_winner_is_a_trump_or_of_the_suit_led(games, data):
    """A14, B17: the winner is a trump (trees included) or a card of the suit led."""
    game, trump, plays = data.draw(tricks(games))
    ref = Reference(game.id)
    verdict = trick_verdict(game, trump, plays)
    card = verdict.card
    assert plays[verdict.winner] is card
    led = ref.led_suit(plays[0], trump)
    assert verdict.led is led
    assert ref.is_trump(card, trump) or card.suit is led
    if any(ref.is_trump(c, trump) for c in plays):
        assert ref.is_trump(card, trump)
        expected_reason = WinReason.TREE if card in ref.trees else WinReason.HIGHEST_TRUMP
    else:
        expected_reason = WinReason.HIGHEST_OF_LED_SUIT
    assert verdict.reason is expected_reason


@SETTINGS
@given(data=st.data())
def test_winner_matches_the_spec_reference(games, data):
    """A2, A14; B3–B5, B17: the kernel names the card the facts' orders name."""
    game, trump, plays = data.draw(tricks(games))
    assert trick_verdict(game, trump, plays).card is Reference(game.id).winner(trump, plays)


@SETTINGS
@given(data=st.data())
def test_points_are_the_sum_of_card_values(games, data):
    """A3, B6."""
    game, trump, plays = data.draw(tricks(games))
    ref = Reference(game.id)
    verdict = trick_verdict(game, trump, plays)
    assert verdict.card_points == tuple(ref.points(card) for card in plays)
    assert verdict.points == sum(ref.points(card) for card in plays)


@SETTINGS
@given(data=st.data())
def test_roles_agree_with_the_verdict(games, data):
    game, trump, plays = data.draw(tricks(games))
    ref = Reference(game.id)
    verdict = trick_verdict(game, trump, plays)
    roles = trick_roles(game, verdict)
    assert len(roles) == len(plays)
    assert roles.count(Role.WINS) == 1 and roles[verdict.winner] is Role.WINS
    led = ref.led_suit(plays[0], trump)
    for card, role in zip(plays, roles):
        if role is Role.WINS:
            continue
        if ref.is_trump(card, trump):
            assert role is Role.LOWER_TRUMP
        elif card.suit is led:
            assert role is (Role.TRUMPED if ref.is_trump(verdict.card, trump) else Role.LOWER_OF_LED_SUIT)
        else:
            assert role is Role.OFF_SUIT


@SETTINGS
@given(data=st.data())
def test_the_order_of_the_followers_does_not_change_the_winning_card(games, data):
    game, trump, plays = data.draw(tricks(games))
    followers = data.draw(st.permutations(plays[1:]))
    assert (trick_verdict(game, trump, [plays[0], *followers]).card
            is trick_verdict(game, trump, plays).card)


def _example(game, trump, seats, leader, plays) -> TrickExample:
    return TrickExample(id="prop", location=Location("prop.yml", 1, 1), game=game, title=None,
                        cites=(), expect=Expectation(), trump=trump, seats=tuple(seats),
                        leader=leader, plays=tuple(plays))


@settings(SETTINGS, max_examples=120)
@given(data=st.data())
def test_the_result_does_not_depend_on_seat_names(games, data):
    """Renaming the seats and rotating the seat list (same person, same card) keeps the winner."""
    game, trump, plays = data.draw(tricks(games))
    n = len(plays)
    seats = data.draw(st.lists(NAME, min_size=n, max_size=n, unique=True))
    leader = data.draw(st.integers(0, n - 1))
    original = _example(game, trump, seats, leader, plays)
    verdict = original.solve()

    renamed_seats = data.draw(st.lists(NAME, min_size=n, max_size=n, unique=True))
    rename = dict(zip(seats, renamed_seats))
    shift = data.draw(st.integers(0, n - 1))
    rotated = [rename[seats[(i + shift) % n]] for i in range(n)]
    other = _example(game, trump, rotated, (leader - shift) % n, plays)
    other_verdict = other.solve()

    assert other_verdict.card is verdict.card
    assert other_verdict.points == verdict.points
    assert other.player(other_verdict.winner) == rename[original.player(verdict.winner)]


@SETTINGS
@given(data=st.data())
def test_legal_plays_partition_the_hand(games, data):
    """A13, B14: never empty for a non-empty hand; legal ∪ refused = hand, disjoint, hand order."""
    game, trump, trick, hand = data.draw(positions(games))
    legality = legal_plays(game, trump, trick, hand)
    assert legality.legal
    assert set(legality.legal).isdisjoint(legality.refused)
    assert set(legality.legal) | set(legality.refused) == set(hand)
    assert list(legality.legal) == [card for card in hand if card in legality.legal]
    assert list(legality.refused) == [card for card in hand if card in legality.refused]
    assert set(legality.refused.values()) <= ({legality.duty.refusal} - {None})
    if not trick:
        assert legality.duty is Duty.LEAD and not legality.refused


@SETTINGS
@given(data=st.data())
def test_legal_plays_match_the_spec_reference(games, data):
    """A13; B14–B16: the legal cards are exactly those the spec allows, in hand order."""
    game, trump, trick, hand = data.draw(positions(games))
    assert list(legal_plays(game, trump, trick, hand).legal) == Reference(game.id).legal(trump, trick, hand)
