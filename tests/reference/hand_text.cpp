// Hands written as text for the hand-computed tables (a small MPSZ reader of its own), and hands
// described in failure messages.

#include "reference/hand_text.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "meldgraph/model/error.hpp"

namespace meldgraph::testref {

namespace {

/// A declared meld of `ranks` (0 for a wildcard slot) of suit `letter`: a pung or kong of one rank,
/// else a chow whose wildcard slots stand where their ranks would (an all-natural chow may be
/// written in any order).
Group declared_meld(std::vector<int> ranks, char letter, bool concealed, const RuleSet& rules) {
  const int size = static_cast<int>(ranks.size());
  REQUIRE((size == 3 || size == 4));
  Group g;
  g.size = static_cast<std::uint8_t>(size);
  g.flags = static_cast<std::uint8_t>(kGroupDeclared | (concealed ? kGroupConcealed : 0));
  int natural = 0;
  bool same = true;
  for (int i = 0; i < size; ++i) {
    const int r = ranks[static_cast<std::size_t>(i)];
    if (r == 0) {
      g.wild_mask = static_cast<std::uint8_t>(g.wild_mask | (1U << i));
    } else if (natural == 0) {
      natural = r;
    } else if (r != natural) {
      same = false;
    }
  }
  REQUIRE(natural != 0);
  if (same) {
    const TileId t = rules.find_tile(letter, natural);
    REQUIRE(t != kNoTile);
    g.kind = size == 4 ? GroupKind::kong : GroupKind::pung;
    g.tiles = {t, t, t, size == 4 ? t : kNoTile};
    return g;
  }
  REQUIRE(size == 3);
  if (g.wild_mask == 0) std::sort(ranks.begin(), ranks.end());
  int base = 0;
  for (int i = 0; i < size; ++i) {
    if (ranks[static_cast<std::size_t>(i)] != 0) base = ranks[static_cast<std::size_t>(i)] - i;
  }
  g.kind = GroupKind::chow;
  for (int i = 0; i < 3; ++i) {
    const TileId t = rules.find_tile(letter, base + i);
    REQUIRE(t != kNoTile);
    g.tiles[static_cast<std::size_t>(i)] = t;
  }
  return g;
}

/// The tile kinds written in `wild` ("5m", "19p"), as a mask.
TileMask wild_kinds(std::string_view wild, const RuleSet& rules) {
  TileMask mask = 0;
  std::string digits;
  for (const char c : wild) {
    if (c >= '1' && c <= '9') {
      digits += c;
    } else if (c >= 'a' && c <= 'z') {
      for (const char d : digits) {
        const TileId t = rules.find_tile(c, d - '0');
        REQUIRE(t != kNoTile);
        mask |= tile_bit(t);
      }
      digits.clear();
    }
  }
  return mask;
}

}  // namespace

/// A small MPSZ reader for the hand-computed tables, independent of the project's parser:
/// digits then a suit letter, `*` a joker. `[...]` an exposed meld, `(...)` a concealed kong
/// (digits and `*` then the letter; a chow's wildcard slot stands where its rank would), `+` before
/// the winning tile (written last). `wild` names tile kinds that are wild in this hand.
Hand hand_of(std::string_view text, const RuleSet& rules, std::string_view wild) {
  Hand hand;
  hand.wild_tiles = rules.fixed_wild_tiles() | wild_kinds(wild, rules);
  std::string pending;          // digits (and `*` inside a meld) waiting for their suit letter
  std::vector<int> meld_ranks;  // 0 for a wildcard slot
  char meld_letter = 0;
  char meld_open = 0;
  bool winning = false;
  for (const char c : text) {
    if (c == ' ') continue;
    if (c == '[' || c == '(') {
      REQUIRE((meld_open == 0 && pending.empty()));
      meld_open = c;
    } else if (c == ']' || c == ')') {
      REQUIRE(pending.empty());
      REQUIRE(meld_open == (c == ']' ? '[' : '('));
      REQUIRE(hand.meld_count < kMaxDeclaredMelds);
      hand.melds[hand.meld_count++] = declared_meld(meld_ranks, meld_letter, c == ')', rules);
      meld_ranks.clear();
      meld_open = 0;
    } else if (c == '+') {
      REQUIRE((meld_open == 0 && pending.empty()));
      winning = true;
    } else if (c == '*' && meld_open == 0) {
      ++hand.jokers;
      if (winning) hand.winning_joker = true;
    } else if ((c >= '1' && c <= '9') || c == '*') {
      pending += c;
    } else {
      REQUIRE((c >= 'a' && c <= 'z'));
      REQUIRE(!pending.empty());
      for (const char d : pending) {
        if (meld_open != 0) {
          meld_ranks.push_back(d == '*' ? 0 : d - '0');
          continue;
        }
        const TileId t = rules.find_tile(c, d - '0');
        REQUIRE(t != kNoTile);
        ++hand.counts[t];
        if (winning) hand.winning = t;
      }
      meld_letter = c;
      pending.clear();
    }
  }
  REQUIRE((pending.empty() && meld_open == 0));
  return hand;
}

std::string describe_hand(const Hand& hand, const RuleSet& rules) {
  std::string out = format_hand(hand, rules);
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (((hand.wild_tiles >> t) & 1U) != 0) {
      out += " wild:" + rules.tile(static_cast<TileId>(t)).code;
    }
  }
  return out + " (rules " + rules.name() + ")";
}

}  // namespace meldgraph::testref
