// Hands written as text for the hand-computed tables (a small MPSZ reader of its own), and hands
// described in failure messages.

#include "reference/hand_text.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "meldgraph/model/error.hpp"

namespace meldgraph::testref {

/// A small MPSZ reader for the hand-computed tables, independent of the project's parser:
/// digits then a suit letter, `*` a joker. `[...]` an exposed meld, `(...)` a concealed kong
/// (digits and `*` then the letter; a chow's wildcard slot stands where its rank would), `+` before
/// the winning tile (written last). `wild` names tile kinds that are wild in this hand.
Hand hand_of(std::string_view text, const RuleSet& rules, std::string_view wild) {
  Hand hand;
  hand.wild_tiles = rules.fixed_wild_tiles();
  std::string pending;          // digits (and `*` inside a meld) waiting for their suit letter
  std::vector<int> meld_ranks;  // 0 for a wildcard slot
  char meld_letter = 0;
  char meld_open = 0;
  bool winning = false;
  const auto close_meld = [&](char closer) {
    REQUIRE(pending.empty());
    REQUIRE(meld_open == (closer == ']' ? '[' : '('));
    const int size = static_cast<int>(meld_ranks.size());
    REQUIRE((size == 3 || size == 4));
    Group g;
    g.size = static_cast<std::uint8_t>(size);
    g.flags = static_cast<std::uint8_t>(kGroupDeclared | (meld_open == '(' ? kGroupConcealed : 0));
    int natural = 0;
    bool same = true;
    for (int i = 0; i < size; ++i) {
      const int r = meld_ranks[static_cast<std::size_t>(i)];
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
      const TileId t = rules.find_tile(meld_letter, natural);
      REQUIRE(t != kNoTile);
      g.kind = size == 4 ? GroupKind::kong : GroupKind::pung;
      g.tiles = {t, t, t, size == 4 ? t : kNoTile};
    } else {
      REQUIRE(size == 3);
      if (g.wild_mask == 0) std::sort(meld_ranks.begin(), meld_ranks.end());
      int base = 0;
      for (int i = 0; i < size; ++i) {
        if (meld_ranks[static_cast<std::size_t>(i)] != 0)
          base = meld_ranks[static_cast<std::size_t>(i)] - i;
      }
      g.kind = GroupKind::chow;
      for (int i = 0; i < 3; ++i) {
        const TileId t = rules.find_tile(meld_letter, base + i);
        REQUIRE(t != kNoTile);
        g.tiles[static_cast<std::size_t>(i)] = t;
      }
    }
    REQUIRE(hand.meld_count < kMaxDeclaredMelds);
    hand.melds[hand.meld_count++] = g;
    meld_ranks.clear();
    meld_open = 0;
  };
  for (const char c : text) {
    if (c == ' ') continue;
    if (c == '[' || c == '(') {
      REQUIRE((meld_open == 0 && pending.empty()));
      meld_open = c;
    } else if (c == ']' || c == ')') {
      close_meld(c);
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
  std::string digits;
  for (const char c : wild) {
    if (c >= '1' && c <= '9') {
      digits += c;
    } else if (c >= 'a' && c <= 'z') {
      for (const char d : digits) {
        const TileId t = rules.find_tile(c, d - '0');
        REQUIRE(t != kNoTile);
        hand.wild_tiles |= tile_bit(t);
      }
      digits.clear();
    }
  }
  return hand;
}

std::string describe_hand(const Hand& hand, const RuleSet& rules) {
  std::string out = format_hand(hand, rules);
  for (int t = 0; t < rules.tile_count(); ++t) {
    if (((hand.wild_tiles >> t) & 1U) != 0)
      out += " wild:" + rules.tile(static_cast<TileId>(t)).code;
  }
  return out + " (rules " + rules.name() + ")";
}

}  // namespace meldgraph::testref
