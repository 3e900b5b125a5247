#include <string>
#include <vector>

#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"

namespace meldgraph {
namespace {

/// One tile read from MPSZ text.
struct TileToken {
  TileId tile = kNoTile;  ///< kNoTile for a joker
  bool red = false;
  int column = 0;         ///< 1-based, in characters
};

/// Splits MPSZ text into tile tokens. Digits wait for their suit letter; spaces may stand anywhere
/// between tiles. Every error names the column of the offending character.
class TileScanner {
 public:
  TileScanner(std::string_view text, const RuleSet& rules) : text_(text), rules_(rules) {}

  std::vector<TileToken> scan() {
    std::vector<TileToken> tokens;
    std::size_t pos = 0;
    int column = 0;
    while (pos < text_.size()) {
      ++column;
      const char c = text_[pos];
      const std::size_t length = utf8_length(static_cast<unsigned char>(c));
      if (c == ' ' || c == '\t') {
        ++pos;
        continue;
      }
      if (c >= '0' && c <= '9') {
        pending_.push_back({c - '0', column});
      } else if (c == '*') {
        require_no_pending();
        tokens.push_back({kNoTile, false, column});
      } else if (c >= 'a' && c <= 'z') {
        close_suit(c, column, tokens);
      } else {
        const std::string shown(text_.substr(pos, std::min(length, text_.size() - pos)));
        throw NotationError("unexpected character '" + shown + "'", column);
      }
      pos += length;
    }
    require_no_pending();
    return tokens;
  }

 private:
  struct PendingDigit {
    int digit;
    int column;
  };

  static std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
  }

  void require_no_pending() const {
    if (pending_.empty()) return;
    std::string digits;
    for (const PendingDigit& d : pending_) digits += static_cast<char>('0' + d.digit);
    throw NotationError("tiles '" + digits + "' have no suit letter", pending_.front().column);
  }

  void close_suit(char letter, int column, std::vector<TileToken>& tokens) {
    const int suit = rules_.find_suit(letter);
    if (suit < 0) throw NotationError(std::string("unknown suit '") + letter + "'", column);
    if (pending_.empty()) {
      throw NotationError(std::string("suit letter '") + letter + "' follows no tile digits",
                          column);
    }
    const SuitInfo& info = rules_.suits()[static_cast<std::size_t>(suit)];
    for (const PendingDigit& d : pending_) {
      const bool red = d.digit == 0;
      if (red && info.red_fives == 0) {
        throw NotationError(std::string("red five '0") + letter + "' but rule set '" +
                                rules_.name() + "' has no red fives in suit '" + letter + "'",
                            d.column);
      }
      const int rank = red ? 5 : d.digit;
      const TileId tile = rules_.find_tile(letter, rank);
      if (tile == kNoTile) {
        throw NotationError("tile " + std::to_string(rank) + letter + " is not in rule set '" +
                                rules_.name() + "'",
                            d.column);
      }
      tokens.push_back({tile, red, d.column});
    }
    pending_.clear();
  }

  std::string_view text_;
  const RuleSet& rules_;
  std::vector<PendingDigit> pending_;
};

std::string ordinal(int n) {
  if (n % 100 >= 11 && n % 100 <= 13) return std::to_string(n) + "th";
  switch (n % 10) {
    case 1:
      return std::to_string(n) + "st";
    case 2:
      return std::to_string(n) + "nd";
    case 3:
      return std::to_string(n) + "rd";
    default:
      return std::to_string(n) + "th";
  }
}

}  // namespace

int Hand::size(const RuleSet& rules) const {
  int total = jokers;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (t < rules.meldable_count() || (wild_tiles & tile_bit(t)) != 0) total += counts[t];
  }
  return total;
}

int Hand::wildcard_count() const {
  int total = jokers;
  for (std::size_t t = 0; t < kMaxTileKinds; ++t) {
    if ((wild_tiles & tile_bit(static_cast<TileId>(t))) != 0) total += counts[t];
  }
  return total;
}

TileCounts Hand::natural_counts(const RuleSet& rules) const {
  TileCounts naturals{};
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((wild_tiles & tile_bit(t)) == 0) naturals[t] = counts[t];
  }
  return naturals;
}

Hand parse_hand(std::string_view text, const RuleSet& rules, TileMask extra_wild) {
  Hand hand;
  hand.wild_tiles = rules.fixed_wild_tiles() | extra_wild;
  const std::vector<TileToken> tokens = TileScanner(text, rules).scan();
  if (tokens.empty()) throw NotationError("empty hand: no tiles", 1);
  int size = 0;
  for (const TileToken& token : tokens) {
    if (token.tile == kNoTile) {
      const int allowed = rules.wildcards().jokers;
      if (allowed == 0) {
        throw NotationError("joker '*' is not allowed by rule set '" + rules.name() + "'",
                            token.column);
      }
      if (hand.jokers == allowed) {
        throw NotationError("more than " + std::to_string(allowed) + " jokers '*'",
                            token.column);
      }
      ++hand.jokers;
      ++size;
    } else {
      const TileInfo& info = rules.tile(token.tile);
      const int count = ++hand.counts[token.tile];
      if (count > info.copies) {
        throw NotationError(ordinal(count) + " copy of " + info.code + ": the set has only " +
                                std::to_string(info.copies),
                            token.column);
      }
      if (token.red) {
        const int red = ++hand.red[token.tile];
        const int allowed = rules.suits()[info.suit].red_fives;
        if (red > allowed) {
          throw NotationError(ordinal(red) + " red five 0" + std::string(1, info.letter) +
                                  ": the set has only " + std::to_string(allowed),
                              token.column);
        }
      }
      if (!info.bonus || (hand.wild_tiles & tile_bit(token.tile)) != 0) ++size;
    }
    if (size > rules.hand_tiles()) {
      throw NotationError("hand holds more than " + std::to_string(rules.hand_tiles()) +
                              " tiles, the most rule set '" + rules.name() + "' allows",
                          token.column);
    }
  }
  return hand;
}

TileId parse_tile(std::string_view text, const RuleSet& rules) {
  const std::vector<TileToken> tokens = TileScanner(text, rules).scan();
  if (tokens.empty()) throw NotationError("expected one tile, got none", 1);
  if (tokens.size() > 1) throw NotationError("expected one tile", tokens[1].column);
  if (tokens.front().tile == kNoTile) {
    throw NotationError("expected a tile, not a joker", tokens.front().column);
  }
  return tokens.front().tile;
}

TileMask parse_wild_choice(std::string_view text, const RuleSet& rules) {
  if (!rules.wildcards().per_hand) {
    throw Error("rule set '" + rules.name() +
                "' does not let a hand choose its wildcard tiles (wildcards.per_hand is false)");
  }
  std::string spaced(text);
  for (char& c : spaced) {
    if (c == ',') c = ' ';
  }
  const std::vector<TileToken> tokens = TileScanner(spaced, rules).scan();
  if (tokens.empty()) throw NotationError("expected wildcard tiles, got none", 1);
  TileMask mask = 0;
  for (const TileToken& token : tokens) {
    if (token.tile == kNoTile) {
      throw NotationError("expected a tile, not a joker", token.column);
    }
    mask |= tile_bit(token.tile);
  }
  return mask;
}

std::string format_counts(const TileCounts& counts, const RuleSet& rules) {
  std::string out;
  char open_letter = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const TileInfo& info = rules.tile(t);
    if (open_letter != 0 && open_letter != info.letter) {
      out += open_letter;
      open_letter = 0;
    }
    for (int k = 0; k < counts[t]; ++k) {
      out += static_cast<char>('0' + info.rank);
      open_letter = info.letter;
    }
  }
  if (open_letter != 0) out += open_letter;
  return out;
}

std::string format_hand(const Hand& hand, const RuleSet& rules) {
  std::string out;
  char open_letter = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const TileInfo& info = rules.tile(t);
    if (open_letter != 0 && open_letter != info.letter) {
      out += open_letter;
      open_letter = 0;
    }
    for (int k = 0; k < hand.counts[t]; ++k) {
      out += static_cast<char>(k < hand.red[t] ? '0' : '0' + info.rank);
      open_letter = info.letter;
    }
  }
  if (open_letter != 0) out += open_letter;
  out.append(hand.jokers, '*');
  return out;
}

std::string format_hand_unicode(const Hand& hand, const RuleSet& rules) {
  std::string out;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    for (int k = 0; k < hand.counts[t]; ++k) out += rules.tile(t).glyph;
  }
  for (int k = 0; k < hand.jokers; ++k) out += kJokerGlyph;
  return out;
}

}  // namespace meldgraph
