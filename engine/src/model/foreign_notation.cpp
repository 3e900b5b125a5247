// Other notations a hand may come in, rewritten into meldgraph's own so that parse_hand stays the
// one reader of hands. Every character written remembers the column of the user's text it came
// from, so that parse_hand's errors point at the user's text.

#include <string>
#include <utility>
#include <vector>

#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"

namespace meldgraph {
namespace {

constexpr std::string_view kSuitLetters = "mpsz";

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_suit(char c) {
  return kSuitLetters.find(c) != std::string_view::npos;
}
bool is_marker(char c) {
  return c == '-' || c == '=' || c == '+';
}

/// The character as shown in a message (ASCII only reaches here; others are named by byte).
std::string shown(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7f) return std::string(1, c);
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("\\x") + kHex[byte >> 4U] + kHex[byte & 0xFU];
}

/// Appends characters with their source columns.
class Writer {
 public:
  void put(char c, int column) {
    out_.text += c;
    out_.columns.push_back(column);
  }
  NotationRewrite take() { return std::move(out_); }

 private:
  NotationRewrite out_;
};

/// Plain Tenhou MPSZ is meldgraph's notation without melds, jokers, bonus tiles or a winning
/// tile: the same text, once checked to hold nothing else.
NotationRewrite rewrite_tenhou(std::string_view text) {
  Writer out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const int column = static_cast<int>(i) + 1;
    if (!is_digit(c) && !is_suit(c) && c != ' ' && c != '\t') {
      throw NotationError(
          "plain Tenhou notation holds digits and the letters m, p, s, z only, not '" + shown(c) +
              "' (melds and '+' need --notation meldgraph)",
          column);
    }
    out.put(c, column);
  }
  return out.take();
}

/// One tile digit of majiang-core's text and its column.
struct Digit {
  char digit;
  int column;
};

/// A run of tiles after one suit letter.
struct SuitRun {
  char letter;
  int column;  ///< of the letter
  std::vector<Digit> digits;
};

/// One meld after a comma: its suit, digits and markers in order.
struct MajiangMeld {
  char letter = 0;
  int column = 0;
  std::vector<Digit> chars;  ///< digits and source markers, as written
  int tiles = 0;
  bool marked = false;
};

/// A hand in majiang-core's notation as read, before it is rewritten.
struct MajiangHand {
  std::vector<SuitRun> concealed;
  std::vector<MajiangMeld> melds;
  bool trailing_comma = false;  ///< the text ends just after a call: no tile was drawn
};

/// Reads majiang-core's 牌姿 character by character into a MajiangHand, every error naming the
/// column of the character at fault.
class MajiangReader {
 public:
  MajiangHand read(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const int column = static_cast<int>(i) + 1;
      if (c == ' ' || c == '\t') continue;
      if (c == ',') {
        start_meld(column);
        continue;
      }
      hand_.trailing_comma = false;
      if (meld_ == nullptr && riichi_mark_) {
        throw NotationError("nothing but melds may follow the riichi mark '*'", column);
      }
      read_character(c, column);
    }
    if (meld_ != nullptr && meld_->tiles == 0 && !hand_.trailing_comma) {
      throw NotationError("empty meld", meld_->column);
    }
    if (hand_.trailing_comma && !hand_.melds.empty()) hand_.melds.pop_back();  // after the last
    // riichi_mark_ is dropped: riichi is the context's `riichi` field, not a property of the tiles.
    return std::move(hand_);
  }

 private:
  /// A comma: the meld before it is done, a new one starts after it.
  void start_meld(int column) {
    if (meld_ != nullptr && meld_->tiles == 0) throw NotationError("empty meld", column);
    hand_.melds.emplace_back();
    meld_ = &hand_.melds.back();
    meld_->column = column + 1;
    hand_.trailing_comma = true;
  }

  void read_character(char c, int column) {
    if (is_suit(c)) {
      read_letter(c, column);
    } else if (is_digit(c)) {
      read_digit(c, column);
    } else if (is_marker(c) && meld_ != nullptr) {
      if (meld_->tiles == 0) {
        throw NotationError("a source marker follows the digit of the claimed tile", column);
      }
      meld_->chars.push_back({c, column});
      meld_->marked = true;
    } else if (c == '*' && meld_ == nullptr) {
      riichi_mark_ = true;
    } else if (c == '_') {
      throw NotationError("a face-down tile '_' cannot be analysed", column);
    } else {
      throw NotationError("unexpected character '" + shown(c) + "' in majiang-core notation",
                          column);
    }
  }

  /// A suit letter: a new run of concealed tiles, or the one letter of a meld, before its digits.
  void read_letter(char c, int column) {
    if (meld_ == nullptr) {
      hand_.concealed.push_back({c, column, {}});
    } else if (meld_->letter != 0) {
      throw NotationError("a meld's tiles are of one suit, written once", column);
    } else {
      meld_->letter = c;
      meld_->column = column;
    }
  }

  void read_digit(char c, int column) {
    if (meld_ == nullptr && hand_.concealed.empty()) {
      throw NotationError(
          "tile digits before their suit letter (majiang-core writes the suit first)", column);
    }
    if (meld_ != nullptr && meld_->letter == 0) {
      throw NotationError("a meld starts with its suit letter", column);
    }
    if (meld_ == nullptr) {
      hand_.concealed.back().digits.push_back({c, column});
    } else {
      meld_->chars.push_back({c, column});
      ++meld_->tiles;
    }
  }

  MajiangHand hand_;
  MajiangMeld* meld_ = nullptr;  ///< the meld being read (the last of hand_.melds), or none
  bool riichi_mark_ = false;
};

/// The concealed tiles of the hand; throws when a suit letter has no digits after it.
int concealed_tile_count(const MajiangHand& hand) {
  int tiles = 0;
  for (const SuitRun& run : hand.concealed) {
    if (run.digits.empty()) {
      throw NotationError(std::string("suit letter '") + run.letter + "' is followed by no tiles",
                          run.column);
    }
    tiles += static_cast<int>(run.digits.size());
  }
  return tiles;
}

/// The hand in meldgraph's notation: the concealed runs (less the drawn tile when `drawn`), each
/// meld in brackets (a concealed kong in parentheses), then the drawn tile after '+'.
NotationRewrite write_meldgraph(const MajiangHand& hand, bool drawn) {
  Writer out;
  for (std::size_t r = 0; r < hand.concealed.size(); ++r) {
    const SuitRun& run = hand.concealed[r];
    const bool last_run = r + 1 == hand.concealed.size();
    const std::size_t written = run.digits.size() - (drawn && last_run ? 1 : 0);
    if (written == 0) continue;
    for (std::size_t d = 0; d < written; ++d) out.put(run.digits[d].digit, run.digits[d].column);
    out.put(run.letter, run.column);
  }
  for (const MajiangMeld& m : hand.melds) {
    const bool concealed_kong = !m.marked && m.tiles == 4;
    out.put(concealed_kong ? '(' : '[', m.column);
    for (const Digit& d : m.chars) out.put(d.digit, d.column);
    out.put(m.letter, m.column);
    out.put(concealed_kong ? ')' : ']', m.column);
  }
  if (drawn) {
    const SuitRun& run = hand.concealed.back();
    out.put('+', run.digits.back().column);
    out.put(run.digits.back().digit, run.digits.back().column);
    out.put(run.letter, run.column);
  }
  return out.take();
}

/// majiang-core's 牌姿 (`m345p40677s67s8,m34-0`): the concealed tiles with each suit letter
/// before its digits, an optional `*` (riichi declared: not part of the hand, dropped), then each
/// called meld after a comma with its source marker after the claimed tile (`-` the previous
/// player, `=` across, `+` the next; an added kong is the pung, its marker, then the added tile);
/// a meld of four without a marker is a concealed kong. With 3n+2 tiles the last concealed tile
/// is the one just drawn, the winning tile; a trailing comma (just after a call) means none.
NotationRewrite rewrite_majiang(std::string_view text) {
  const MajiangHand hand = MajiangReader().read(text);
  const int concealed_tiles = concealed_tile_count(hand);
  // The drawn tile: the last concealed one, when the tiles make a complete-size hand.
  const bool drawn = !hand.trailing_comma && concealed_tiles > 0 &&
                     (concealed_tiles + 3 * static_cast<int>(hand.melds.size())) % 3 == 2;
  if (hand.concealed.empty() && hand.melds.empty()) throw NotationError("empty hand: no tiles", 1);
  return write_meldgraph(hand, drawn);
}

}  // namespace

std::string_view notation_name(Notation notation) {
  switch (notation) {
    case Notation::meldgraph:
      return "meldgraph";
    case Notation::majiang:
      return "majiang";
    case Notation::tenhou:
      return "tenhou";
  }
  return "?";
}

Notation notation_from_name(std::string_view name) {
  for (const Notation notation : {Notation::meldgraph, Notation::majiang, Notation::tenhou}) {
    if (notation_name(notation) == name) return notation;
  }
  throw Error("unknown notation '" + std::string(name) + "': meldgraph, majiang or tenhou");
}

NotationRewrite rewrite_notation(std::string_view text, Notation notation) {
  switch (notation) {
    case Notation::majiang:
      return rewrite_majiang(text);
    case Notation::tenhou:
      return rewrite_tenhou(text);
    case Notation::meldgraph:
      break;
  }
  NotationRewrite same{std::string(text), {}};
  for (std::size_t i = 0; i < text.size(); ++i) same.columns.push_back(static_cast<int>(i) + 1);
  return same;
}

}  // namespace meldgraph
