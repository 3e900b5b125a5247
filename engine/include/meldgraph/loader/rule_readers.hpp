#pragma once
/// Readers of single keys of a rule file: scalars, ranks, tile codes, choices among words, and the
/// check for unknown keys. Type and range errors point at the value, unknown keys at the key;
/// every message about a word that is not valid lists the valid ones and, when one is close,
/// suggests it ("did you mean 'honours'?").

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/loader/rule_tree.hpp"

namespace meldgraph::rule_file {

/// "; did you mean 'honours'?" when one of `words` is a likely misspelling of `word` (a small
/// edit distance for its length), else "".
[[nodiscard]] std::string did_you_mean(std::string_view word,
                                       std::span<const std::string_view> words);

/// The words separated by ", ".
[[nodiscard]] std::string word_list(std::span<const std::string_view> words);

/// Records every key of `map` not in `allowed` as a problem (with a suggestion and the valid
/// keys); the other keys are then read as usual.
void check_keys(const Value& map, std::span<const std::string_view> allowed,
                const std::string& section, Diagnostics& diagnostics);
void check_keys(const Value& map, std::initializer_list<std::string_view> allowed,
                const std::string& section, Diagnostics& diagnostics);

const Value& expect_map(const Item& item);
bool read_bool(const Item& item);
/// An integer in [lo, hi]; `what` names it in messages.
int read_int(const Value& value, std::string_view what, int lo, int hi);
int read_int(const Item& item, int lo, int hi);
std::string read_string(const Item& item);
/// The index in `words` of the item's value; `path` names the key in messages.
std::size_t read_choice(const Item& item, const std::string& path,
                        std::initializer_list<std::string_view> words);

/// Ranks as a list of 1..9 strictly ascending, or a range string "a-b".
std::vector<std::uint8_t> read_ranks(const Item& item);

/// A tile named in a rule file, before it is resolved against the tile table.
struct TileRef {
  char letter = 0;
  int rank = 0;
  Where where;
  [[nodiscard]] std::string code() const { return std::to_string(rank) + letter; }
};

/// Tile codes as an MPSZ string ("19m19p1234567z") or a list of such strings.
std::vector<TileRef> read_tile_codes(const Item& item, const std::string& path);

/// A name of a-z, 0-9, '_' (and '-' when allowed), not empty.
[[nodiscard]] bool valid_name(std::string_view name, bool allow_dash);

[[nodiscard]] inline bool is_hand_size(int tiles) {
  return tiles % 3 == 2;
}

}  // namespace meldgraph::rule_file
