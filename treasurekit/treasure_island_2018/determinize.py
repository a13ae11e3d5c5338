"""Determinization for search bots: a position in which everything a seat cannot see is
resampled, consistently with what it can see (its view).

Long John Silver knows every secret but the future draws (which the engine draws at
chance nodes, so a plain copy is enough for him). For a pirate ``p`` every hidden item
is drawn again from ``rng``:

* the **treasure**: from what ``p`` knows (:func:`~.posterior.sample_treasure`, each
  unverified hint trusted with weight 0.8), TI2018 §5;
* the **Information tokens** under face-down hints (and CONFESSION answers) that ``p`` has
  not verified: Bluff where the hint is false at the new treasure; where it holds, Truth
  or, now and then, Bluff (:data:`BLUFF_ON_TRUE`; Silver may bluff with a true hint);
  Silver's tokens left follow (a draw that needs more Bluff or Truth tokens than Silver
  ever held is rejected and the treasure drawn again), TI2018 §5 Information tokens;
* the **District Hints** ``p`` has not seen: the other pirates' hands, the undealt ones
  and the one set aside are permuted among themselves so that the one set aside is the
  new treasure's district (counts per hand are public and kept; a hint ``p`` was shown
  under PARROT or MANUSCRIPT stays where ``p`` saw it), and what PARROT showed the other
  pirates follows the permutation, TI2018 §6;
* the **Chest tokens** the other pirates received: each is redrawn from the tokens ``p``
  has not seen (Silver's supply and the other pirates' tokens), an information token only
  where it is true at the new treasure, seen from the search that earned it; whether a
  token was an item or information is kept, because an information token's place is
  that of its search and an item's is not recorded (TI2018 §5 Chest tokens);
* the **Compass Hints** the other pirates received: each redrawn from the cards ``p`` has
  not seen, only one true where the compass lay (Silver cannot lie with one), TI2018 §7;
* **Silver's hands** of Starting, Black Spot and Compass Hints: redrawn from the cards
  ``p`` has not seen (hands' sizes are public).

What each seat may see is in ``view.py``; ``tests/treasure_island_2018/test_determinize.py``
checks each item varies and that ``view(p)`` is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.draft import replace
from .context import TI2018Context
from .flow import SILVER
from .geometry import Pt, sector_of
from .hints import truthful
from .position import ChestInfoView, CompassView, PlayedHint, TIPosition
from .posterior import sample_treasure
from .rules.chest import chest_token_true
from .rules.setup import order
from .view import TIView

__all__ = ["BLUFF_ON_TRUE", "TRIES", "determinized"]

#: Treasure draws tried before giving up on a consistent resample (the position is then
#: returned with only Silver's hands redrawn and the treasure kept; rare, see the tests).
TRIES = 30
#: The chance that a face-down hint true at the drawn treasure gets a Bluff token in the
#: copy, while Silver has Bluff tokens to spare (he may bluff with a true hint; the pirate
#: cannot tell): 1 - 0.8, the trust the treasure is drawn with.
BLUFF_ON_TRUE = 0.2


def determinized(d: TIPosition, ctx: TI2018Context, view_of: Callable[[int], TIView], player: int,
                 rng: Any) -> TIPosition:
    """A position in which what ``player`` cannot know is resampled (see the module
    docstring); ``view_of(player)`` is the player's view of ``d`` and is unchanged in the
    result. Silver's seat, a finished game or a treasure not yet buried: ``d`` itself.

    Args:
        d: the position.
        ctx: the game's rules context.
        view_of: seat -> that seat's view of ``d``.
        player: the seat to determinize for.
        rng: a ``random.Random`` (anything else: a fixed ``random.Random(0)``).
    """
    if player == SILVER or d.treasure is None or d.winner is not None:
        return d
    gen = rng if isinstance(rng, random.Random) else random.Random(0)
    view = view_of(player)
    for _ in range(TRIES):
        t = sample_treasure(view, ctx.map, gen, trust=0.8)
        if t is None:
            break
        changes = _consistent(d, ctx, player, t, gen)
        if changes is not None:
            changes.update(_hands(d, ctx, gen, changes.pop("compass_pool")))
            return replace(d, treasure=t, **changes)
    return replace(d, **_hands(d, ctx, gen, list(d.compass_hand) + list(d.compass_pile)))


def _consistent(d: TIPosition, ctx: TI2018Context, p: int, t: Pt,
                gen: random.Random) -> dict[str, Any] | None:
    """The hidden items redrawn for treasure ``t``, or None if ``t`` cannot be made
    consistent (too few tokens of a kind, no true card or token for a slot)."""
    out: dict[str, Any] = {}
    for step in (_tokens, _districts, _chest, _compass):
        got = step(d, ctx, p, t, gen)
        if got is None:
            return None
        out.update(got)
    return out


def _tokens(d: TIPosition, ctx: TI2018Context, p: int, t: Pt,
            gen: random.Random) -> dict[str, Any] | None:
    """Face-down Information tokens ``p`` has not verified: Bluff where the hint is false
    at ``t``; where it holds, Truth, or Bluff (Silver may bluff with a true hint) with
    probability :data:`BLUFF_ON_TRUE` while Bluff tokens are left. Silver's tokens left are
    recounted; None if ``t`` needs more of a kind than Silver ever held."""
    mine = set(d.verified[p])
    truth_total = d.truth + sum(1 for h in d.played if h.token == "truth")
    bluff_total = d.bluff + sum(1 for h in d.played if h.token == "bluff")
    hidden = [not (h.face_up or h.number in mine or h.token not in ("truth", "bluff"))
              for h in d.played]
    true = [hid and truthful(h.kind, h.args, h.situation, ctx.map, t)
            for h, hid in zip(d.played, hidden, strict=True)]
    forced = sum(1 for hid, ok in zip(hidden, true, strict=True) if hid and not ok)
    kept = sum(1 for h, hid in zip(d.played, hidden, strict=True)
               if not hid and h.token == "bluff")
    spare = bluff_total - forced - kept
    played: list[PlayedHint] = []
    for h, hid, ok in zip(d.played, hidden, true, strict=True):
        if not hid:
            played.append(h)
            continue
        token = "truth" if ok else "bluff"
        if ok and spare > 0 and gen.random() < BLUFF_ON_TRUE:
            token, spare = "bluff", spare - 1
        played.append(h if token == h.token else _with_token(h, token))
    truth_used = sum(1 for h in played if h.token == "truth")
    bluff_used = sum(1 for h in played if h.token == "bluff")
    if truth_used > truth_total or bluff_used > bluff_total:
        return None
    return {"played": tuple(played), "truth": truth_total - truth_used,
            "bluff": bluff_total - bluff_used}


def _with_token(h: PlayedHint, token: str) -> PlayedHint:
    return PlayedHint(h.number, h.deck, h.kind, h.args, token, h.face_up, h.situation, h.day)


def _districts(d: TIPosition, ctx: TI2018Context, p: int, t: Pt,
               gen: random.Random) -> dict[str, Any] | None:
    """The District Hints ``p`` has not seen, permuted so that the one set aside is ``t``'s
    district (kept when ``t`` lies in none, or nothing is set aside yet)."""
    if d.set_aside is None:
        return {}
    known = set(d.dealt[p]) | {x for _, x in d.shared[p]} | {x for x, _ in d.revealed}
    unknown = sorted(({x for s in ctx.pirates if s != p for x in d.dealt[s]}
                      | set(d.undealt) | {d.set_aside}) - known)
    target = ctx.map.district_at(t)
    if target is None or d.set_aside in known:
        # no district, or the one set aside was shown (MANUSCRIPT under a Bluff): kept
        target = d.set_aside
    elif target not in unknown:
        return None
    shuffled = list(unknown)
    gen.shuffle(shuffled)
    sigma = dict(zip(unknown, shuffled, strict=True))
    if d.set_aside in sigma:
        # make sigma(set aside) the treasure's district by swapping two images
        holder = next(k for k, v in sigma.items() if v == target)
        sigma[holder], sigma[d.set_aside] = sigma[d.set_aside], target

    def m(x: int) -> int:
        return sigma.get(x, x)

    dealt = tuple(hand if s == p else tuple(m(x) for x in hand)
                  for s, hand in enumerate(d.dealt))
    shared = tuple(seen if s == p else tuple((q, x if q == p else m(x)) for q, x in seen)
                   for s, seen in enumerate(d.shared))
    share_choice = tuple((s, x if s == p else m(x)) for s, x in d.share_choice)
    return {"set_aside": target, "dealt": dealt, "undealt": tuple(m(x) for x in d.undealt),
            "shared": shared, "share_choice": share_choice}


def _chest(d: TIPosition, ctx: TI2018Context, p: int, t: Pt,
           gen: random.Random) -> dict[str, Any] | None:
    """The other pirates' Chest tokens redrawn from the ones ``p`` has not seen (an item
    for an item, a true information token for an information token)."""
    others = [s for s in ctx.pirates if s != p]
    items = list(d.chest_left) + [x for s in others for x in d.chest_items[s]]
    infos = [tok.token for s in others for tok in d.chest_info[s]]
    pool_items = [x for x in items if ctx.decks.chest_token(x).kind == "item"]
    pool_info = [x for x in items if ctx.decks.chest_token(x).kind != "item"] + infos
    gen.shuffle(pool_items)
    gen.shuffle(pool_info)
    chest_items = list(d.chest_items)
    chest_info = list(d.chest_info)
    for s in others:
        chest_items[s] = tuple(pool_items.pop() for _ in d.chest_items[s])
        new = []
        for tok in d.chest_info[s]:
            district = ctx.map.district_at(tok.at)
            i = next((i for i, x in enumerate(pool_info)
                      if chest_token_true(x, tok.at, district, t, ctx.map)), None)
            if i is None:
                return None
            x = pool_info.pop(i)
            new.append(ChestInfoView(x, tok.at, district if x == "district" else None))
        chest_info[s] = tuple(new)
    ids = [tok.id for tok in ctx.decks.chest_tokens]
    return {"chest_items": tuple(chest_items), "chest_info": tuple(chest_info),
            "chest_left": tuple(sorted(pool_items + pool_info, key=ids.index))}


def _compass(d: TIPosition, ctx: TI2018Context, p: int, t: Pt,
             gen: random.Random) -> dict[str, Any] | None:
    """The Compass Hints the other pirates received, redrawn from the cards ``p`` has not
    seen, each true where its compass lay; what is left of them is Silver's to redraw."""
    pool = list(d.compass_hand) + list(d.compass_pile) + [
        c.card for s, c in d.compass_given if s != p]
    gen.shuffle(pool)
    given: list[tuple[int, CompassView]] = []
    for s, c in d.compass_given:
        if s == p:
            given.append((s, c))
            continue
        where = set(sector_of(c.at, t))
        i = next((i for i, x in enumerate(pool)
                  if not where & set(ctx.decks.compass_card(x).skulls)), None)
        if i is None:
            return None
        card = ctx.decks.compass_card(pool.pop(i))
        given.append((s, CompassView(card.id, card.skulls, c.mini, c.at)))
    return {"compass_given": tuple(given), "compass_pool": pool}


def _hands(d: TIPosition, ctx: TI2018Context, gen: random.Random,
           compass_pool: list[int]) -> dict[str, Any]:
    """Silver's hands redrawn from the cards ``p`` has not seen (sizes kept)."""
    out: dict[str, Any] = {}
    for hand_f, pile_f in (("start_hand", "start_pile"), ("bs_hand", "bs_pile")):
        hand = list(getattr(d, hand_f))
        pool = hand + list(getattr(d, pile_f))
        gen.shuffle(pool)
        out[hand_f] = tuple(pool[: len(hand)])
        out[pile_f] = tuple(sorted(pool[len(hand):], key=order(ctx.decks, hand_f)))
    pool = list(compass_pool)
    gen.shuffle(pool)
    k = len(d.compass_hand)
    out["compass_hand"] = tuple(sorted(int(x) for x in pool[:k]))
    out["compass_pile"] = tuple(sorted(int(x) for x in pool[k:]))
    return out
