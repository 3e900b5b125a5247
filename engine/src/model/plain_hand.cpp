// The plain hand's scanner (tile_scanner.hpp): the common case of parse_hand read in one pass
// without the general scanner's items, each with a vector of tokens. A corpus line's hand is such
// a text; reading it through the items cost more than scoring it.

#include <cstdint>

#include "tile_scanner.hpp"

namespace meldgraph::detail {

namespace {

/// Digits read and waiting for their suit letter.
struct PendingDigits {
  std::array<std::uint8_t, PlainHandTokens::kMaxTokens> digits{};
  std::array<int, PlainHandTokens::kMaxTokens> columns{};
  std::size_t count = 0;
};

/// Appends the pending digits as tiles of the suit `letter`, or returns false where the general
/// scanner would throw: an unknown suit, no digits, a red five the suit lacks, a tile not in
/// the set, or more tokens than a plain hand holds.
bool close_suit(char letter, const RuleSet& rules, PendingDigits& pending, PlainHandTokens& out) {
  const int suit = rules.find_suit(letter);
  if (suit < 0 || pending.count == 0) return false;
  if (out.count + pending.count > PlainHandTokens::kMaxTokens) return false;
  const bool suit_has_red = rules.suits()[static_cast<std::size_t>(suit)].red_fives > 0;
  for (std::size_t i = 0; i < pending.count; ++i) {
    const bool red = pending.digits[i] == 0;
    if (red && !suit_has_red) return false;
    const TileId tile = rules.find_tile(letter, red ? 5 : pending.digits[i]);
    if (tile == kNoTile) return false;
    out.tokens[out.count++] = {tile, red, pending.columns[i]};
  }
  pending.count = 0;
  return true;
}

}  // namespace

bool scan_plain_hand(std::string_view text, const RuleSet& rules, PlainHandTokens& out) {
  out.count = 0;
  out.winning_column = 0;
  PendingDigits pending;
  std::size_t winning_from = 0;  // the token the winning tile is, once `+` is read
  for (std::size_t pos = 0; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == ' ') continue;
    // Nothing but spaces follows the winning tile.
    if (out.winning_column != 0 && out.count > winning_from) return false;
    const int column = static_cast<int>(pos) + 1;  // ASCII: a character is a byte
    if (c >= '0' && c <= '9') {
      // After `+`, one tile: a second digit before the letter is the general scanner's error.
      if (out.winning_column != 0 && pending.count != 0) return false;
      if (pending.count == pending.digits.size()) return false;
      pending.digits[pending.count] = static_cast<std::uint8_t>(c - '0');
      pending.columns[pending.count++] = column;
    } else if (c >= 'a' && c <= 'z') {
      if (!close_suit(c, rules, pending, out)) return false;
    } else if (c == '*') {
      if (pending.count != 0 || out.count == out.tokens.size()) return false;
      out.tokens[out.count++] = {kNoTile, false, column};
    } else if (c == '+') {
      if (pending.count != 0 || out.winning_column != 0) return false;
      out.winning_column = column;
      winning_from = out.count;
    } else {
      return false;  // melds, tabs, other characters and bytes: the general scanner's
    }
  }
  if (pending.count != 0) return false;
  return out.winning_column == 0 || out.count == winning_from + 1;
}

}  // namespace meldgraph::detail
