// The MPSZ notation (docs/notation.md): hands, tiles, wildcard choices and indicators read from
// text (parse_hand and its kin, every error naming a column), and hands written back
// (format_hand), so that parse_hand(format_hand(h)) == h.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/hand_flowers.hpp"
#include "tile_scanner.hpp"

namespace meldgraph {
namespace {

using detail::TileToken;

/// A part of a hand: loose concealed tiles, a declared meld, or the winning tile.
struct HandItem {
  enum class Kind { loose, exposed_meld, concealed_kong, winning };
  Kind kind = Kind::loose;
  std::vector<TileToken> tiles;
  int column = 0;  ///< of the opening bracket or '+'
  /// An exposed meld's source marker (`-` left, `=` across, `+` right) and the number of tiles
  /// written before it; marker_after is -1 when the meld has no marker.
  MeldSource source = MeldSource::unknown;
  int marker_after = -1;
  int marker_column = 0;
};

/// How an offending character is shown in a message: printable text as it is, control characters
/// and bytes that are not UTF-8 escaped (`\0`, `\x7f`), so that a NUL cannot cut the message.
std::string shown_character(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text.front());
  const bool ascii_printable = lead >= 0x20 && lead < 0x7f;
  bool valid_utf8 = lead >= 0xC2 && lead <= 0xF4 && text.size() > 1;
  for (std::size_t i = 1; i < text.size(); ++i) {
    valid_utf8 = valid_utf8 && (static_cast<unsigned char>(text[i]) & 0xC0U) == 0x80U;
  }
  if (ascii_printable || valid_utf8) return std::string(text);
  if (lead == 0) return "\\0";
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\\x";
  out += kHex[lead >> 4U];
  out += kHex[lead & 0xFU];
  return out;
}

/// The seat a source marker names, or nullopt when `c` is not a marker (majiang-core's: `-` the
/// previous player, `=` across, `+` the next).
std::optional<MeldSource> marker_source(char c) {
  switch (c) {
    case '-':
      return MeldSource::left;
    case '=':
      return MeldSource::across;
    case '+':
      return MeldSource::right;
    default:
      return std::nullopt;
  }
}

/// Splits MPSZ text into items of tile tokens. Digits wait for their suit letter; spaces may stand
/// anywhere between tiles. Every error names the column of the offending character.
class TileScanner {
 public:
  TileScanner(std::string_view text, const RuleSet& rules) : text_(text), rules_(rules) {}

  /// Loose tiles only (single tiles, wildcard choices).
  std::vector<TileToken> scan_tiles() {
    std::vector<HandItem> items = scan(false);
    if (items.size() == 1) return std::move(items.front().tiles);
    std::vector<TileToken> tokens;
    for (HandItem& item : items) {
      tokens.insert(tokens.end(), item.tiles.begin(), item.tiles.end());
    }
    return tokens;
  }

  /// The whole hand grammar: loose tiles, [melds], (kongs) and a final +tile.
  std::vector<HandItem> scan(bool hand_grammar) {
    // Room for a usual hand at once: a hand is read per line, and growing these vectors a tile
    // at a time cost more than the reading itself (no pointer into `items` outlives a growth).
    std::vector<HandItem> items;
    items.reserve(kUsualItems);
    items.emplace_back();
    items.front().tiles.reserve(text_.size());
    pending_.reserve(text_.size());
    HandItem* open_meld = nullptr;  // inside [] or ()
    char closer = 0;
    bool after_plus = false;
    bool winning_done = false;
    int column = 0;
    for (std::size_t pos = 0; pos < text_.size();) {
      ++column;
      const char c = text_[pos];
      const std::size_t length =
          std::min(utf8_length(static_cast<unsigned char>(c)), text_.size() - pos);
      pos += length;
      if (c == ' ' || c == '\t') continue;
      if (winning_done) {
        throw NotationError("nothing may follow the winning tile", column);
      }
      HandItem& current = open_meld != nullptr ? *open_meld : items.back();
      if (c >= '0' && c <= '9') {
        if (after_plus && !pending_.empty()) {
          throw NotationError("'+' takes exactly one winning tile; write the others before it",
                              column);
        }
        pending_.push_back({c - '0', column});
      } else if (c == '*') {
        if (open_meld != nullptr) {
          pending_.push_back({kJokerDigit, column});  // a wildcard slot of the meld
        } else {
          require_no_pending();
          current.tiles.push_back({kNoTile, false, column});
        }
      } else if (c >= 'a' && c <= 'z') {
        close_suit(c, column, current.tiles);
      } else if (hand_grammar && (c == '[' || c == '(') && open_meld == nullptr && !after_plus) {
        require_no_pending();
        items.push_back(
            {c == '[' ? HandItem::Kind::exposed_meld : HandItem::Kind::concealed_kong, {}, column});
        open_meld = &items.back();
        closer = c == '[' ? ']' : ')';
      } else if (hand_grammar && open_meld != nullptr && marker_source(c).has_value()) {
        read_marker(*open_meld, *marker_source(c), column);
      } else if (hand_grammar && open_meld != nullptr && c == closer) {
        require_no_pending();
        if (open_meld->tiles.empty()) throw NotationError("empty meld", open_meld->column);
        open_meld = nullptr;
        items.emplace_back();  // loose tiles may follow
      } else if (hand_grammar && c == '+' && open_meld == nullptr && !after_plus) {
        require_no_pending();
        items.push_back({HandItem::Kind::winning, {}, column});
        after_plus = true;
      } else {
        throw NotationError(
            "unexpected character '" + shown_character(text_.substr(pos - length, length)) + "'",
            column);
      }
      if (after_plus && !items.back().tiles.empty()) winning_done = true;
    }
    require_no_pending();
    if (open_meld != nullptr) {
      throw NotationError(std::string("meld is not closed with '") + closer + "'",
                          open_meld->column);
    }
    if (after_plus && !winning_done) {
      throw NotationError("'+' must be followed by the winning tile", items.back().column);
    }
    return items;
  }

 private:
  static constexpr int kJokerDigit = -1;
  /// Items of a hand with four declared melds and a winning tile, each followed by loose tiles.
  static constexpr std::size_t kUsualItems = 10;

  struct PendingDigit {
    int digit;  ///< 0-9, or kJokerDigit for a wildcard slot inside a meld
    int column;
  };

  /// A source marker inside a meld: it follows the claimed tile's digit (or a joker's `*`).
  void read_marker(HandItem& meld, MeldSource source, int column) const {
    if (meld.kind == HandItem::Kind::concealed_kong) {
      throw NotationError("a concealed kong was claimed from no one: no source marker", column);
    }
    if (meld.marker_after >= 0) {
      throw NotationError("a meld has one source marker", column);
    }
    if (pending_.empty()) {
      throw NotationError("a source marker follows the digit of the claimed tile", column);
    }
    meld.source = source;
    meld.marker_after = static_cast<int>(meld.tiles.size() + pending_.size());
    meld.marker_column = column;
  }

  static std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
  }

  void require_no_pending() const {
    if (pending_.empty()) return;
    std::string digits;
    for (const PendingDigit& d : pending_) {
      digits += d.digit == kJokerDigit ? '*' : static_cast<char>('0' + d.digit);
    }
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
      if (d.digit == kJokerDigit) {
        // A wildcard slot: remember the suit through the column; the meld reader places it.
        tokens.push_back({kNoTile, false, d.column});
        continue;
      }
      const bool red = d.digit == 0;
      if (red && info.red_fives == 0) {
        throw NotationError(std::string("red five '0") + letter + "' but rule set '" +
                                rules_.name() + "' has no red fives in suit '" + letter + "'",
                            d.column);
      }
      const int rank = red ? 5 : d.digit;
      const TileId tile = rules_.find_tile(letter, rank);
      if (tile == kNoTile) {
        throw NotationError(
            "tile " + std::to_string(rank) + letter + " is not in rule set '" + rules_.name() + "'",
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

/// A declared meld as read: its group, which of its slots hold red fives, and which was claimed.
struct ReadMeld {
  Group group;
  std::uint8_t red_slots = 0;  ///< bit i: slot i is a red five
  int claimed_slot = -1;       ///< the slot whose digit the source marker follows, -1 without one
};

/// The slot of the claimed tile: the token the marker follows, found in the group's slot order
/// (`ordered`, the tokens as the group lays them out). A chow's tiles differ, so its claimed tile
/// keeps its own rank's slot however the chow was written (`[53-4m]`: 3m, slot 0); a pung's and a
/// kong's slots are alike, so the marker's place is kept as written.
int claimed_slot_of(const HandItem& item, const Group& group,
                    const std::vector<TileToken>& ordered) {
  if (item.marker_after <= 0) return -1;
  const auto written = static_cast<std::size_t>(item.marker_after - 1);
  if (group.kind != GroupKind::chow || group.wild_mask != 0) return static_cast<int>(written);
  for (std::size_t slot = 0; slot < ordered.size(); ++slot) {
    if (ordered[slot].tile == item.tiles[written].tile) return static_cast<int>(slot);
  }
  return static_cast<int>(written);
}

/// Red fives of a pung or kong take its first natural slots, so that `[505m]` and `[055m]` are
/// one meld; a chow's red five is its five slot.
std::uint8_t red_slots_of(const Group& group, const std::vector<TileToken>& ordered) {
  std::uint8_t red = 0;
  if (group.kind == GroupKind::chow) {
    for (std::size_t slot = 0; slot < ordered.size(); ++slot) {
      if (ordered[slot].red) red = static_cast<std::uint8_t>(red | (1U << slot));
    }
    return red;
  }
  int reds = 0;
  for (const TileToken& token : ordered) reds += token.red ? 1 : 0;
  for (int slot = 0; slot < group.size && reds > 0; ++slot) {
    if (group.is_wild(slot)) continue;
    red = static_cast<std::uint8_t>(red | (1U << slot));
    --reds;
  }
  return red;
}

/// Where the meld came from: the source marker, checked against the kind of meld. A marker
/// after the third of a kong's four tiles makes it an added kong (the pung as claimed, then the
/// tile added to it), anywhere else in a kong an exposed kong claimed from a discard.
void apply_source(const HandItem& item, Group& group) {
  if (item.marker_after < 0) return;
  if (group.kind == GroupKind::chow && item.source != MeldSource::left) {
    throw NotationError("a chow is claimed from the previous player only: its marker is '-'",
                        item.marker_column);
  }
  group.set_source(item.source);
  if (group.kind == GroupKind::kong && item.marker_after == 3) group.flags |= kGroupAddedKong;
}

/// Builds the group of a declared meld from its tokens (jokers are wildcard slots).
ReadMeld read_meld(const HandItem& item, const RuleSet& rules) {
  const std::vector<TileToken>& tokens = item.tiles;
  const bool concealed = item.kind == HandItem::Kind::concealed_kong;
  if (tokens.size() != 3 && tokens.size() != 4) {
    throw NotationError("a declared meld holds 3 or 4 tiles, not " + std::to_string(tokens.size()),
                        item.column);
  }
  if (concealed && tokens.size() != 4) {
    throw NotationError("parentheses hold a concealed kong: four of one tile", item.column);
  }
  TileId first = kNoTile;
  bool same = true;
  for (const TileToken& token : tokens) {
    if (token.tile == kNoTile) continue;
    const TileInfo& info = rules.tile(token.tile);
    if (info.bonus) throw NotationError("bonus tile " + info.code + " in a meld", token.column);
    if (first == kNoTile) {
      first = token.tile;
    } else if (rules.tile(first).letter != info.letter) {
      throw NotationError("a meld's tiles must be of one suit", token.column);
    } else if (token.tile != first) {
      same = false;
    }
  }
  if (first == kNoTile) {
    throw NotationError("a declared meld needs at least one natural tile", item.column);
  }
  Group group;
  group.size = static_cast<std::uint8_t>(tokens.size());
  group.flags = static_cast<std::uint8_t>(kGroupDeclared | (concealed ? kGroupConcealed : 0));
  for (std::size_t slot = 0; slot < tokens.size(); ++slot) {
    if (tokens[slot].tile == kNoTile) {
      group.wild_mask = static_cast<std::uint8_t>(group.wild_mask | (1U << slot));
    }
  }
  if (same) {
    group.kind = tokens.size() == 4 ? GroupKind::kong : GroupKind::pung;
    group.tiles = {first, first, first, tokens.size() == 4 ? first : kNoTile};
    apply_source(item, group);
    return {group, red_slots_of(group, tokens), claimed_slot_of(item, group, tokens)};
  }
  if (tokens.size() == 4) throw NotationError("a kong is four of one tile", item.column);
  // A chow: written in any order when all natural; with wildcard slots, in rank order, so that
  // each slot's position says which rank it stands for.
  std::vector<TileToken> ordered = tokens;
  if (group.wild_mask == 0) {
    std::sort(ordered.begin(), ordered.end(), [&](const TileToken& a, const TileToken& b) {
      return rules.tile(a.tile).rank < rules.tile(b.tile).rank;
    });
  }
  int base = -1;
  for (std::size_t slot = 0; slot < ordered.size(); ++slot) {
    if (ordered[slot].tile == kNoTile) continue;
    const int slot_base = rules.tile(ordered[slot].tile).rank - static_cast<int>(slot);
    if (base >= 0 && slot_base != base) base = -2;
    if (base != -2) base = slot_base;
  }
  const char letter = rules.tile(first).letter;
  const TileId low = base > 0 ? rules.find_tile(letter, base) : kNoTile;
  const TileId middle = low == kNoTile ? kNoTile : rules.tile(low).next;
  const TileId high = middle == kNoTile ? kNoTile : rules.tile(middle).next;
  if (high == kNoTile) {
    throw NotationError("not a meld: neither one tile nor a sequence of this suit", item.column);
  }
  group.kind = GroupKind::chow;
  group.tiles = {low, middle, high, kNoTile};
  apply_source(item, group);
  return {group, red_slots_of(group, ordered), claimed_slot_of(item, group, ordered)};
}

}  // namespace

namespace {

/// Reads the scanned items of a hand into a Hand, checking as it goes what the items alone
/// cannot: copies, red fives, jokers, forbidden tiles and the hand's size.
class HandReader {
 public:
  HandReader(const RuleSet& rules, TileMask extra_wild) : rules_(rules) {
    hand_.wild_tiles = rules.fixed_wild_tiles() | extra_wild;
  }

  Hand read(const std::vector<HandItem>& items) {
    for (const HandItem& item : items) {
      if (item.kind == HandItem::Kind::exposed_meld ||
          item.kind == HandItem::Kind::concealed_kong) {
        read_declared_meld(item);
        continue;
      }
      for (const TileToken& token : item.tiles) {
        read_concealed_tile(token, item.kind == HandItem::Kind::winning);
      }
    }
    return finish(items.back().column);
  }

  /// The same for a plain hand's tokens, read as the items of its loose tiles and its `+tile`.
  Hand read(const detail::PlainHandTokens& plain) {
    for (std::size_t i = 0; i < plain.count; ++i) {
      read_concealed_tile(plain.tokens[i], plain.winning_column != 0 && i + 1 == plain.count);
    }
    return finish(plain.winning_column);
  }

 private:
  /// The checks of the whole hand; `winning_column` is the `+`'s.
  Hand finish(int winning_column) const {
    if (!any_tile_) throw NotationError("empty hand: no tiles", 1);
    if (hand_.has_winning_tile() && size_ % 3 != 2) {
      // The winning tile completes a hand: with it the hand holds 3n+2 tiles. Anything else is a
      // mistake in the hand (a tile too many or too few), not a hand to analyse without its '+'.
      throw NotationError("a hand with a winning tile '+' holds 3n+2 tiles with it, this one " +
                              std::to_string(size_),
                          winning_column);
    }
    return hand_;
  }

  /// A declared meld: its group, then each of its tiles counted against the copies (a joker in
  /// it only where the rules allow wildcards in declared melds).
  void read_declared_meld(const HandItem& item) {
    if (hand_.meld_count == kMaxDeclaredMelds) {
      throw NotationError("more than " + std::to_string(kMaxDeclaredMelds) + " declared melds",
                          item.column);
    }
    const ReadMeld meld = read_meld(item, rules_);
    check_call(item, meld.group);
    for (const TileToken& token : item.tiles) {
      if (token.tile != kNoTile && (rules_.forbidden_tiles() & tile_bit(token.tile)) != 0) {
        throw NotationError(rules_.tile(token.tile).code +
                                " cannot be in a declared meld under "
                                "rule set '" +
                                rules_.name() + "' (hand.forbidden_tiles)",
                            token.column);
      }
      if (token.tile != kNoTile) {
        count_natural(token);
        continue;
      }
      if (!rules_.wildcards().in_melds) {
        throw NotationError("rule set '" + rules_.name() +
                                "' allows no wildcards in declared melds (wildcards.in_melds)",
                            token.column);
      }
      count_joker(token.column);
    }
    hand_.meld_red[hand_.meld_count] = meld.red_slots;
    hand_.meld_claimed[hand_.meld_count] = static_cast<std::uint8_t>(meld.claimed_slot + 1);
    hand_.melds[hand_.meld_count++] = meld.group;
    any_tile_ = true;
    size_ += 3;
    check_size(item.column);
  }

  /// A declared meld the rule set's calls allow: a chow only where chows may be claimed
  /// (calls.chows), a source only among the seats the players have (no one sits across three).
  void check_call(const HandItem& item, const Group& group) const {
    if (group.kind == GroupKind::chow && !rules_.calls().chows) {
      throw NotationError("rule set '" + rules_.name() +
                              "' allows no claimed chows (calls.chows): a declared chow is one",
                          item.column);
    }
    if (group.source() == MeldSource::across && rules_.players() < 4) {
      throw NotationError("rule set '" + rules_.name() + "' has " +
                              std::to_string(rules_.players()) +
                              " players: no one sits across, so no meld comes from '='",
                          item.marker_column);
    }
  }

  /// A concealed tile, the winning one when `winning`. A bonus tile that is not wild does not
  /// count towards the hand's size, and cannot be the winning tile.
  void read_concealed_tile(const TileToken& token, bool winning) {
    any_tile_ = true;
    if (token.tile == kNoTile) {
      count_joker(token.column);
      ++hand_.jokers;
      ++size_;
      if (winning) hand_.winning_joker = true;
      check_size(token.column);
      return;
    }
    count_natural(token);
    ++hand_.counts[token.tile];
    const bool wild = (hand_.wild_tiles & tile_bit(token.tile)) != 0;
    const bool bonus = rules_.tile(token.tile).bonus;
    if (!bonus || wild) ++size_;
    if (winning) {
      if (bonus && !wild) {
        throw NotationError("the winning tile must be a tile that forms groups", token.column);
      }
      hand_.winning = token.tile;
      hand_.winning_red = token.red;
    }
    check_size(token.column);
  }

  /// One more joker, concealed or in a declared meld, within the rule set's jokers.
  void count_joker(int column) {
    const int allowed = rules_.wildcards().jokers;
    if (allowed == 0) {
      throw NotationError("joker '*' is not allowed by rule set '" + rules_.name() + "'", column);
    }
    if (++jokers_ > allowed) {
      throw NotationError("more than " + std::to_string(allowed) + " jokers '*'", column);
    }
  }

  /// One more natural tile, concealed or in a declared meld, within its copies and (a red five)
  /// its suit's red fives.
  void count_natural(const TileToken& token) {
    const TileInfo& info = rules_.tile(token.tile);
    const int count = ++held_[token.tile];
    if (count > info.copies) {
      throw NotationError(ordinal(count) + " copy of " + info.code + ": the set has only " +
                              std::to_string(info.copies),
                          token.column);
    }
    if (!token.red) return;
    const int red = ++hand_.red[token.tile];
    const int allowed = rules_.suits()[info.suit].red_fives;
    if (red > allowed) {
      throw NotationError(ordinal(red) + " red five 0" + std::string(1, info.letter) +
                              ": the set has only " + std::to_string(allowed),
                          token.column);
    }
  }

  void check_size(int column) const {
    if (size_ > rules_.hand_tiles()) {
      throw NotationError("hand holds more than " + std::to_string(rules_.hand_tiles()) +
                              " tiles, the most rule set '" + rules_.name() + "' allows",
                          column);
    }
  }

  const RuleSet& rules_;
  Hand hand_;
  TileCounts held_{};  ///< natural tiles read so far, concealed and declared
  int size_ = 0;       ///< the hand's size so far (Hand::size: a declared meld counts three)
  int jokers_ = 0;     ///< jokers read so far, concealed and declared
  bool any_tile_ = false;
};

/// A hand in another notation: rewritten into meldgraph's and read, its errors' columns mapped
/// back to the user's text.
Hand parse_rewritten_hand(std::string_view text, const RuleSet& rules, TileMask extra_wild,
                          Notation notation) {
  const NotationRewrite rewrite = rewrite_notation(text, notation);
  try {
    return parse_hand(rewrite.text, rules, extra_wild);
  } catch (const NotationError& error) {
    // The message names a column of the rewritten text: name the user's column instead.
    std::string message = error.what();
    message.resize(message.rfind(" at column "));
    const auto index = static_cast<std::size_t>(error.column() - 1);
    const int column = index < rewrite.columns.size() ? rewrite.columns[index]
                       : rewrite.columns.empty()      ? 1
                                                      : rewrite.columns.back();
    throw NotationError(message, column);
  }
}

}  // namespace

Hand parse_hand(std::string_view text, const RuleSet& rules, TileMask extra_wild,
                Notation notation) {
  if (notation != Notation::meldgraph) {
    return parse_rewritten_hand(text, rules, extra_wild, notation);
  }
  if (detail::PlainHandTokens plain; detail::scan_plain_hand(text, rules, plain)) {
    return HandReader(rules, extra_wild).read(plain);
  }
  const std::vector<HandItem> items = TileScanner(text, rules).scan(true);
  return HandReader(rules, extra_wild).read(items);
}

std::vector<TilePlace> bonus_tile_places(std::string_view text, const RuleSet& rules,
                                         Notation notation) {
  NotationRewrite rewrite;
  if (notation != Notation::meldgraph) rewrite = rewrite_notation(text, notation);
  const std::string_view scanned = notation == Notation::meldgraph ? text : rewrite.text;
  std::vector<TilePlace> places;
  for (const HandItem& item : TileScanner(scanned, rules).scan(true)) {
    if (item.kind != HandItem::Kind::loose && item.kind != HandItem::Kind::winning) continue;
    for (const TileToken& token : item.tiles) {
      if (token.tile == kNoTile || !rules.tile(token.tile).bonus) continue;
      const auto index = static_cast<std::size_t>(token.column - 1);
      const bool mapped = notation != Notation::meldgraph && index < rewrite.columns.size();
      places.push_back({token.tile, mapped ? rewrite.columns[index] : token.column});
    }
  }
  return places;
}

TileId detail::plain_tile(std::string_view text, const RuleSet& rules) {
  if (text.size() != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'z') {
    return kNoTile;
  }
  return rules.find_tile(text[1], text[0] - '0');
}

std::vector<detail::TileToken> detail::scan_tiles(std::string_view text, const RuleSet& rules) {
  return TileScanner(text, rules).scan_tiles();
}

TileId parse_tile(std::string_view text, const RuleSet& rules) {
  if (const TileId tile = detail::plain_tile(text, rules); tile != kNoTile) return tile;
  const std::vector<TileToken> tokens = TileScanner(text, rules).scan_tiles();
  if (tokens.empty()) throw NotationError("expected one tile, got none", 1);
  if (tokens.size() > 1) throw NotationError("expected one tile", tokens[1].column);
  if (tokens.front().tile == kNoTile) {
    throw NotationError("expected a tile, not a joker", tokens.front().column);
  }
  return tokens.front().tile;
}

namespace {

/// The tiles of a list such as `5m,7z` or `1m 55m`, each with its column; no jokers.
std::vector<TileToken> scan_tile_list(std::string_view text, const RuleSet& rules) {
  std::string spaced(text);
  for (char& c : spaced) {
    if (c == ',') c = ' ';
  }
  std::vector<TileToken> tokens = TileScanner(spaced, rules).scan_tiles();
  for (const TileToken& token : tokens) {
    if (token.tile == kNoTile) throw NotationError("expected a tile, not a joker", token.column);
  }
  return tokens;
}

}  // namespace

std::vector<TileId> parse_tiles(std::string_view text, const RuleSet& rules) {
  if (const TileId tile = detail::plain_tile(text, rules); tile != kNoTile) return {tile};
  const std::vector<TileToken> tokens = scan_tile_list(text, rules);
  std::vector<TileId> tiles;
  tiles.reserve(tokens.size());
  for (const TileToken& token : tokens) tiles.push_back(token.tile);
  return tiles;
}

TileMask parse_wild_choice(std::string_view text, const RuleSet& rules) {
  if (!rules.wildcards().per_hand) {
    throw Error("rule set '" + rules.name() +
                "' does not let a hand choose its wildcard tiles (wildcards.per_hand is false)");
  }
  const std::vector<TileToken> tokens = scan_tile_list(text, rules);
  if (tokens.empty()) throw NotationError("expected wildcard tiles, got none", 1);
  TileMask mask = 0;
  for (const TileToken& token : tokens) {
    // A bonus tile turned up is set aside and another turned up, unless the rules make a bonus
    // kind the game's wildcard.
    if (rules.tile(token.tile).bonus && !rules.wildcards().per_hand_bonus) {
      throw NotationError("bonus tile " + rules.tile(token.tile).code +
                              " cannot be a hand's wildcard under rule set '" + rules.name() +
                              "' (wildcards.per_hand_bonus is false)",
                          token.column);
    }
    mask |= tile_bit(token.tile);
  }
  return mask;
}

TileMask parse_indicator(std::string_view text, const RuleSet& rules) {
  const IndicatorRules& indicator = rules.wildcards().indicator;
  if (!indicator.enabled) {
    throw Error("rule set '" + rules.name() +
                "' does not choose wildcards by an indicator (wildcards.indicator)");
  }
  const TileId tile = parse_tile(text, rules);
  if (rules.tile(tile).bonus) {
    throw NotationError("bonus tile " + rules.tile(tile).code + " cannot be an indicator", 1);
  }
  if (!rules.can_indicate(tile)) {
    throw NotationError(rules.tile(tile).code + " cannot be an indicator under rule set '" +
                            rules.name() + "' (hand.forbidden_tiles; it is drawn again)",
                        1);
  }
  return rules.indicator_wild_tiles(tile);
}

TileCounts parse_visible(std::string_view text, const RuleSet& rules) {
  TileCounts counts{};
  for (const detail::TileToken& token : detail::scan_tiles(text, rules)) {
    if (token.tile == kNoTile) {
      throw NotationError("jokers are not counted among visible tiles", token.column);
    }
    const TileInfo& info = rules.tile(token.tile);
    if (++counts[token.tile] > info.copies) {
      throw NotationError("more visible copies of " + info.code + " than the set holds (" +
                              std::to_string(info.copies) + ")",
                          token.column);
    }
  }
  return counts;
}

}  // namespace meldgraph
