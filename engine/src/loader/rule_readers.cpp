/// Readers of single keys of a rule file (rule_readers.hpp).

#include "meldgraph/loader/rule_readers.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>

namespace meldgraph::rule_file {

namespace {

/// Edit distance with transpositions (optimal string alignment): "honors" is 1 from "honours",
/// "sequecnes" 1 from "sequences".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string did_you_mean(std::string_view word, std::span<const std::string_view> words) {
  // Long hostile words are not worth comparing; no valid word is anywhere near that long.
  if (word.empty() || word.size() > 64) return "";
  // A third of the word may be wrong, at least one character: close enough to be a slip, far
  // enough apart not to suggest 'gap' for 'tag'.
  const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
  std::string_view best;
  std::size_t best_distance = allowed + 1;
  for (const std::string_view candidate : words) {
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  if (best.empty()) return "";
  return "; did you mean '" + std::string(best) + "'?";
}

std::string word_list(std::span<const std::string_view> words) {
  std::string out;
  for (const std::string_view word : words) {
    if (!out.empty()) out += ", ";
    out += word;
  }
  return out;
}

void check_keys(const Value& map, std::span<const std::string_view> allowed,
                const std::string& section, Diagnostics& diagnostics) {
  for (const Item& item : map.entries) {
    if (std::find(allowed.begin(), allowed.end(), item.key) != allowed.end()) continue;
    diagnostics.add(Problem{item.key_where, "unknown key '" + item.key + "' in " + section +
                                                did_you_mean(item.key, allowed) +
                                                " (valid keys: " + word_list(allowed) + ")"});
  }
}

void check_keys(const Value& map, std::initializer_list<std::string_view> allowed,
                const std::string& section, Diagnostics& diagnostics) {
  check_keys(map, std::span<const std::string_view>(allowed.begin(), allowed.size()), section,
             diagnostics);
}

const Value& expect_map(const Item& item) {
  if (item.value.kind != Kind::map) {
    fail(item.value.where, "expected a map for '" + item.key + "', got " + describe(item.value));
  }
  return item.value;
}

bool read_bool(const Item& item) {
  const std::string& text = item.value.text;
  if (item.value.kind == Kind::scalar && item.value.plain) {
    // YAML 1.2 core booleans only: `yes`/`no` would silently mean strings to other tools.
    if (text == "true" || text == "True" || text == "TRUE") return true;
    if (text == "false" || text == "False" || text == "FALSE") return false;
  }
  std::string hint;
  if (item.value.kind == Kind::scalar && !item.value.plain) {
    hint = " (a quoted scalar is a string; write true or false without quotes)";
  }
  fail(item.value.where,
       "expected a boolean for '" + item.key + "', got " + describe(item.value) + hint);
}

int read_int(const Value& value, std::string_view what, int lo, int hi) {
  int result = 0;
  bool ok = value.kind == Kind::scalar && value.plain && !value.text.empty();
  if (ok) {
    const char* first = value.text.data();
    const char* last = first + value.text.size();
    if (*first == '+') ++first;
    const auto [end, ec] = std::from_chars(first, last, result);
    ok = ec == std::errc() && end == last;
    if (ec == std::errc::result_out_of_range) {
      fail(value.where, "'" + std::string(what) + "' must be between " + std::to_string(lo) +
                            " and " + std::to_string(hi) + ", got " + value.text);
    }
  }
  if (!ok) {
    const std::string hint = value.kind == Kind::scalar && !value.plain
                                 ? " (a quoted scalar is a string; write the number without quotes)"
                                 : "";
    fail(value.where,
         "expected an integer for '" + std::string(what) + "', got " + describe(value) + hint);
  }
  if (result < lo || result > hi) {
    fail(value.where, "'" + std::string(what) + "' must be between " + std::to_string(lo) +
                          " and " + std::to_string(hi) + ", got " + std::to_string(result));
  }
  return result;
}

int read_int(const Item& item, int lo, int hi) {
  return read_int(item.value, item.key, lo, hi);
}

std::string read_string(const Item& item) {
  if (item.value.kind != Kind::scalar) {
    fail(item.value.where, "expected a string for '" + item.key + "', got " + describe(item.value));
  }
  return item.value.text;
}

std::size_t read_choice(const Item& item, const std::string& path,
                        std::initializer_list<std::string_view> words) {
  const std::string text = read_string(item);
  const auto found = std::find(words.begin(), words.end(), text);
  if (found != words.end()) return static_cast<std::size_t>(found - words.begin());
  const std::span<const std::string_view> valid(words.begin(), words.size());
  fail(item.value.where, "unknown value '" + text + "' for " + path + did_you_mean(text, valid) +
                             " (valid values: " + word_list(valid) + ")");
}

/// Ranks as a list of 1..9 strictly ascending, or a range string "a-b".
std::vector<std::uint8_t> read_ranks(const Item& item) {
  std::vector<std::uint8_t> ranks;
  const Value& value = item.value;
  if (value.kind == Kind::scalar) {
    std::string compact;
    for (const char c : value.text) {
      if (c != ' ') compact += c;
    }
    const bool is_range = compact.size() == 3 && compact[1] == '-' && compact[0] >= '1' &&
                          compact[0] <= '9' && compact[2] >= '1' && compact[2] <= '9';
    if (!is_range) {
      fail(value.where, "expected a list of ranks or a range like \"1-9\" for '" + item.key +
                            "', got " + describe(value));
    }
    if (compact[0] > compact[2]) {
      fail(value.where, "range '" + value.text + "' of '" + item.key + "' runs backwards");
    }
    for (char r = compact[0]; r <= compact[2]; ++r) {
      ranks.push_back(static_cast<std::uint8_t>(r - '0'));
    }
    return ranks;
  }
  if (value.kind != Kind::list) {
    fail(value.where, "expected a list of ranks or a range like \"1-9\" for '" + item.key +
                          "', got " + describe(value));
  }
  if (value.elements.empty()) fail(value.where, "'" + item.key + "' must not be empty");
  for (const Value& element : value.elements) {
    const int rank = read_int(element, item.key, 1, 9);
    if (!ranks.empty() && rank <= ranks.back()) {
      fail(element.where, "'" + item.key + "' must be strictly ascending: " + std::to_string(rank) +
                              " after " + std::to_string(ranks.back()));
    }
    ranks.push_back(static_cast<std::uint8_t>(rank));
  }
  return ranks;
}

/// Tile codes as an MPSZ string ("19m19p1234567z") or a list of such strings.
std::vector<TileRef> read_tile_codes(const Item& item, const std::string& path) {
  std::vector<const Value*> strings;
  if (item.value.kind == Kind::scalar) {
    strings.push_back(&item.value);
  } else if (item.value.kind == Kind::list) {
    for (const Value& element : item.value.elements) {
      if (element.kind != Kind::scalar) {
        fail(element.where,
             "expected a tile code for '" + item.key + "', got " + describe(element));
      }
      strings.push_back(&element);
    }
  } else {
    fail(item.value.where, "expected tile codes (\"19m\" or [\"1m\", \"9m\"]) for '" + item.key +
                               "', got " + describe(item.value));
  }
  std::vector<TileRef> refs;
  for (const Value* text : strings) {
    std::string digits;
    for (const char c : text->text) {
      if (c >= '0' && c <= '9') {
        digits += c;
      } else if (c >= 'a' && c <= 'z') {
        if (digits.empty()) {
          fail(text->where, "cannot read tile codes '" + text->text + "' in " + path +
                                ": suit letter '" + c + "' has no rank before it");
        }
        for (const char d : digits) {
          if (d == '0') {
            fail(text->where, "'0" + std::string(1, c) + "' in " + path +
                                  " is a red five, not a tile kind; write 5" + c);
          }
          refs.push_back(TileRef{c, d - '0', text->where});
        }
        digits.clear();
      } else if (c != ' ') {
        fail(text->where, "cannot read tile codes '" + text->text + "' in " + path +
                              ": unexpected character '" + c + "'");
      }
    }
    if (!digits.empty()) {
      fail(text->where, "cannot read tile codes '" + text->text + "' in " + path + ": ranks '" +
                            digits + "' have no suit letter");
    }
  }
  return refs;
}

bool valid_name(std::string_view name, bool allow_dash) {
  if (name.empty()) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || (allow_dash && c == '-');
  });
}

}  // namespace meldgraph::rule_file
