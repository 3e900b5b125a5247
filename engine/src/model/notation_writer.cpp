// The MPSZ notation written (docs/notation.md): tile counts and hands as text (format_hand and
// its Unicode form), so that parse_hand(format_hand(h)) == h (notation.cpp reads it).

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <string>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/support/swar.hpp"

namespace meldgraph {
namespace {

/// The kinds `counts` holds (bit t for kind t), eight counts a word. Counts are below 128.
TileMask held_kinds(const TileCounts& counts) {
  TileMask held = 0;
  for (std::size_t word = 0; word < kMaxTileKinds / 8; ++word) {
    const std::uint64_t bytes = swar::load_word(counts.data() + 8 * word);
    held |= swar::gather_high_bits(swar::bytes_at_least(bytes, swar::kOnes)) << (8 * word);
  }
  return held;
}

/// Tiles in MPSZ, grouped by suit, the first `red[t]` copies of a tile written as red fives,
/// with room for `room` more characters. A hand is written back on every line of a batch: only
/// the kinds it holds are visited (a hand holds a handful of a rule set's 34 or more kinds), each
/// tile's rank is stored four times and the end moves on by its count, so that the writing
/// branches on a new suit, a count above four and red fives alone. A suit's tiles have
/// consecutive ids, so the held kinds in id order come suit by suit.
std::string format_mpsz(const TileCounts& counts, const TileCounts& red, const RuleSet& rules,
                        std::size_t room = 0) {
  const TileMask held =
      held_kinds(counts) &
      (rules.tile_count() >= kMaxTileKinds ? ~TileMask{0} : tile_bit(rules.tile_count()) - 1);
  std::size_t tiles = 0;
  std::size_t kinds = 0;
  for (TileMask rest = held; rest != 0; rest &= rest - 1) {
    tiles += counts[static_cast<std::size_t>(std::countr_zero(rest))];
    ++kinds;
  }
  // At most a letter per kind held, and three bytes past the last tile for its store of four.
  const std::size_t most = tiles + kinds + 4;
  std::string out;
  out.reserve(std::max(most, tiles + kinds + room));
  out.resize(most);
  char* const begin = out.data();
  char* at = begin;
  char letter = 0;
  for (TileMask rest = held; rest != 0; rest &= rest - 1) {
    const auto t = static_cast<TileId>(std::countr_zero(rest));
    const TileInfo& info = rules.tile(t);
    if (info.letter != letter) {
      if (letter != 0) *at++ = letter;
      letter = info.letter;
    }
    const char rank = static_cast<char>('0' + info.rank);
    std::memset(at, rank, 4);
    if (counts[t] > 4) std::memset(at, rank, counts[t]);
    if (red[t] != 0) std::memset(at, '0', std::min(red[t], counts[t]));
    at += counts[t];
  }
  if (letter != 0) *at++ = letter;
  out.resize(static_cast<std::size_t>(at - begin));
  return out;
}

/// Concealed tiles less the winning tile, which is written last.
TileCounts concealed_without_winning(const Hand& hand) {
  TileCounts counts = hand.counts;
  if (hand.winning != kNoTile) --counts[hand.winning];
  return counts;
}

/// A declared meld as written: `[77*z]`, `(2222s)`, `[34-0m]`, `[555=5p]`: the source marker after
/// the claimed slot (`claimed_slot`, -1 when unknown: then after the last tile, or after the third
/// of an added kong, the places a meld built without its claimed tile has).
std::string format_declared_meld(const Group& meld, std::uint8_t red_slots, int claimed_slot,
                                 const RuleSet& rules) {
  std::string out(1, meld.concealed() ? '(' : '[');
  const int marker_after = meld.source() == MeldSource::unknown ? -1
                           : claimed_slot >= 0                  ? claimed_slot + 1
                           : meld.added_kong()                  ? 3
                                                                : meld.size;
  for (int slot = 0; slot < meld.size; ++slot) {
    const bool red = ((red_slots >> slot) & 1U) != 0;
    out += meld.is_wild(slot) ? '*'
           : red              ? '0'
                              : static_cast<char>('0' + rules.tile(meld.tiles[slot]).rank);
    if (slot + 1 == marker_after) out += meld_source_marker(meld.source());
  }
  out += rules.tile(meld.tiles[0]).letter;
  out += meld.concealed() ? ')' : ']';
  return out;
}

}  // namespace

std::string format_counts(const TileCounts& counts, const RuleSet& rules) {
  return format_mpsz(counts, TileCounts{}, rules);
}

std::string format_hand(const Hand& hand, const RuleSet& rules) {
  TileCounts red = hand.concealed_red();
  // A red winning tile is written last as `+0m`: the concealed part keeps the other red fives.
  const bool red_winning = hand.winning != kNoTile && hand.winning_red;
  if (red_winning) --red[hand.winning];
  // Room for the jokers, the melds (`[1-23m]`, 7 or 8 characters) and `+tile`.
  const std::size_t room =
      static_cast<std::size_t>(hand.jokers) + std::size_t{8} * hand.meld_count + 3;
  std::string out = format_mpsz(concealed_without_winning(hand), red, rules, room);
  out.append(static_cast<std::size_t>(hand.jokers - (hand.winning_joker ? 1 : 0)), '*');
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    out += format_declared_meld(hand.melds[m], hand.meld_red[m], hand.claimed_slot(m), rules);
  }
  if (hand.winning != kNoTile) {
    const TileInfo& winning = rules.tile(hand.winning);
    out += '+';
    out += red_winning ? '0' : static_cast<char>('0' + winning.rank);
    out += winning.letter;
  } else if (hand.winning_joker) {
    out += "+*";
  }
  return out;
}

std::string format_hand_unicode(const Hand& hand, const RuleSet& rules) {
  const TileCounts counts = concealed_without_winning(hand);
  std::string out;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    for (int k = 0; k < counts[t]; ++k) out += rules.tile(t).glyph;
  }
  const bool joker_wins = hand.winning_joker;
  for (int k = 0; k < hand.jokers - (joker_wins ? 1 : 0); ++k) out += kJokerGlyph;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    out += ' ';
    out += format_group_unicode(hand.melds[m], rules);
  }
  if (hand.winning != kNoTile) {
    out += " + ";
    out += rules.tile(hand.winning).glyph;
  } else if (joker_wins) {
    out += " + ";
    out += kJokerGlyph;
  }
  return out;
}

}  // namespace meldgraph
