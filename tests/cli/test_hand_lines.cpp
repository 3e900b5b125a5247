// The fast paths of batch lines against their slow, obviously correct references, on many random
// lines: read_hand_line (simdjson into a FieldValue tree) against read_hand_object of nlohmann's
// parse of the same line, answers and errors alike; read_hand_members (members in any order)
// against read_hand_fields of the settled object; JsonText's strings against nlohmann's dump;
// write_win_context_json against win_context_to_json's dump. Tagged [lines].

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "meldgraph/answers/hand_input.hpp"
#include "meldgraph/answers/json_text.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/model/error.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

/// A line's read, or its error: what a reader says of a line.
std::string outcome(const RuleSet& rules, const std::function<HandLine()>& read) {
  try {
    const HandLine line = read();
    std::string text = "hand " + line.hand + " indicator " + line.indicator;
    if (line.context) text += " context " + win_context_to_json(*line.context, rules).dump();
    return text;
  } catch (const Error& error) {
    return std::string("error ") + error.what();
  }
}

/// A random member value for `key`: mostly good values, some of a wrong type or out of range.
std::string random_value(const std::string& key, std::mt19937& random) {
  static const std::vector<std::string> anything = {"true",
                                                    "false",
                                                    "null",
                                                    "0",
                                                    "1",
                                                    "3",
                                                    "-1",
                                                    "1.5",
                                                    "1e2",
                                                    "70000",
                                                    "\"E\"",
                                                    "\"S\"",
                                                    "\"x\"",
                                                    "[]",
                                                    "{}",
                                                    "[\"5m\"]",
                                                    "[\"5m\",\"9p\"]",
                                                    "\"4s1z\"",
                                                    "[1]",
                                                    "{\"a\":1}",
                                                    "18446744073709551615",
                                                    "\"self-draw\"",
                                                    "\"discard\"",
                                                    "\"left\"",
                                                    "\"\\u00e9\""};
  const auto pick = [&](const std::vector<std::string>& values) {
    return values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(random)];
  };
  if (std::uniform_int_distribution<int>(0, 3)(random) == 0) return pick(anything);
  if (key == "win") return pick({"\"self-draw\"", "\"discard\""});
  if (key == "from") return pick({"\"left\"", "\"across\"", "\"right\""});
  if (key == "seat_wind" || key == "round_wind") return pick({"\"E\"", "\"S\"", "\"W\"", "\"N\""});
  if (key == "dora" || key == "ura") return pick({"[\"5m\"]", "[\"1z\",\"9s\"]", "\"3p\"", "[]"});
  if (key == "honba" || key == "riichi_sticks") return pick({"0", "1", "2"});
  if (key == "flowers" || key == "set_aside") return "0";
  if (key == "hand") return pick({"\"123m456p789s11z22z+2z\"", "\"222m33405p11133z+4p\""});
  return pick({"true", "false"});
}

/// A random line: some context fields (in a random order, now and then one twice, or unknown),
/// sometimes a corpus line's `index` and `context`, now and then cut short (malformed).
std::string random_line(std::mt19937& random) {
  static const std::vector<std::string> keys = {
      "win",       "from",          "seat_wind",  "round_wind",   "riichi", "double_riichi",
      "ippatsu",   "last_tile",     "after_kong", "robbing_kong", "dora",   "ura",
      "honba",     "riichi_sticks", "flowers",    "set_aside",    "hand",   "hand",
      "indicator", "unknown",       "first_draw", "last_of_kind"};
  const auto members = [&](int count) {
    std::string text;
    for (int i = 0; i < count; ++i) {
      const std::string& key =
          keys[std::uniform_int_distribution<std::size_t>(0, keys.size() - 1)(random)];
      if (!text.empty()) text += ',';
      text += "\"" + key + "\":" + random_value(key, random);
    }
    return text;
  };
  std::string line = "{" + members(std::uniform_int_distribution<int>(0, 8)(random));
  if (std::uniform_int_distribution<int>(0, 4)(random) == 0) {
    line += std::string(line.size() > 1 ? "," : "") + "\"index\":7,\"context\":{" +
            members(std::uniform_int_distribution<int>(0, 5)(random)) + "}";
  }
  line += "}";
  if (std::uniform_int_distribution<int>(0, 20)(random) == 0) {
    line.resize(std::uniform_int_distribution<std::size_t>(1, line.size() - 1)(random));
  }
  return line;
}

}  // namespace

TEST_CASE("lines: simdjson's reader says what nlohmann's says of every line", "[lines]") {
  const RuleSet rules = load_rules("riichi");
  std::mt19937 random(20261207);
  int read = 0;
  const int lines = 3000 / test::kScale;
  for (int i = 0; i < lines; ++i) {
    const std::string line = random_line(random);
    const std::string fast = outcome(rules, [&] { return read_hand_line(rules, line); });
    const std::string reference = outcome(rules, [&] {
      nlohmann::json object;
      try {
        object = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception&) {
        // The fast reader's message for malformed JSON is checked by the CLI's tests.
        return read_hand_line(rules, line);
      }
      return read_hand_object(rules, object);
    });
    INFO(line);
    CHECK(fast == reference);
    read += fast.rfind("hand ", 0) == 0 ? 1 : 0;
  }
  // Both kinds of outcome were met many times.
  CHECK(read > lines / 30);
  CHECK(read < lines - lines / 30);
}

TEST_CASE("lines: members in any order read as the settled object does", "[lines]") {
  // read_hand_members (a Python dict's members, in its order) against read_hand_fields of the
  // same object, answers and errors alike: of several bad fields, the same one is named.
  const RuleSet rules = load_rules("riichi");
  std::mt19937 random(1207);
  int read = 0;
  int objects = 0;
  const int lines = 3000 / test::kScale;
  for (int i = 0; i < lines; ++i) {
    nlohmann::json object;
    try {
      object = nlohmann::json::parse(random_line(random));
    } catch (const nlohmann::json::exception&) {
      continue;
    }
    ++objects;
    FieldArena arena;
    const FieldValue tree = field_value(object, arena);
    std::vector<FieldValue> members(tree.items.begin(), tree.items.end());
    std::shuffle(members.begin(), members.end(), random);
    const std::string fast = outcome(rules, [&] { return read_hand_members(rules, members); });
    const std::string reference = outcome(rules, [&] { return read_hand_fields(rules, tree); });
    INFO(object.dump());
    CHECK(fast == reference);
    read += fast.rfind("hand ", 0) == 0 ? 1 : 0;
  }
  CHECK(read > objects / 30);
  CHECK(read < objects - objects / 30);
}

TEST_CASE("lines: strings written directly are nlohmann's on random bytes", "[lines]") {
  std::mt19937 random(7);
  const std::vector<std::string> pieces = {
      "a",    "Z", " ",    "\"", "\\",   "\n",   "\t",       "\x01",         "\x1f",
      "\x7f", "é", "立直", "😀",  "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80"};
  for (int i = 0; i < 2000 / test::kScale; ++i) {
    std::string sample;
    const int count = std::uniform_int_distribution<int>(0, 12)(random);
    for (int k = 0; k < count; ++k) {
      sample += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(random)];
    }
    std::string out;
    JsonText text(out);
    text.string(sample);
    // nlohmann's `ignore` leaves bad bytes out, as the writer does (and flags).
    INFO(sample);
    CHECK(out ==
          nlohmann::json(sample).dump(-1, ' ', false, nlohmann::json::error_handler_t::ignore));
    bool valid = true;
    try {
      (void)nlohmann::json(sample).dump();
    } catch (const nlohmann::json::exception&) {
      valid = false;
    }
    CHECK(text.invalid_utf8() == !valid);
  }
}

TEST_CASE("lines: objects written directly are nlohmann's, nested and in any order", "[lines]") {
  std::mt19937 random(11);
  const std::vector<std::string> keys = {"b", "a", "ab", "aa", "Z", "é", "fu", "han", "id", "x_y"};
  for (int i = 0; i < 500; ++i) {
    std::vector<std::string> chosen = keys;
    std::shuffle(chosen.begin(), chosen.end(), random);
    chosen.resize(std::uniform_int_distribution<std::size_t>(0, keys.size())(random));
    // A third in key order, each member written in place; in a third the first half is.
    const int order = i % 3;
    const auto sorted_end =
        order == 0 ? chosen.end() : chosen.begin() + (order == 1 ? 0 : chosen.size() / 2);
    std::sort(chosen.begin(), sorted_end);
    nlohmann::json reference = nlohmann::json::object();
    std::string out = "prefix";
    JsonText text(out);
    JsonObject object(text);
    for (const std::string& key : chosen) {
      const int value = std::uniform_int_distribution<int>(-5, 5)(random);
      if (value % 2 == 0) {
        object.add(key, [&](JsonText& v) {
          JsonObject inner(v);
          if (value % 4 == 0) inner.add("a", [&](JsonText& w) { w.string(key); });
          inner.add("z", [&](JsonText& w) { w.integer(value); });
          if (value % 4 != 0) inner.add("a", [&](JsonText& w) { w.string(key); });
          inner.close();
        });
        reference[key] = {{"z", value}, {"a", key}};
      } else {
        object.add(key, [&](JsonText& v) { v.integer(value); });
        reference[key] = value;
      }
    }
    object.close();
    CHECK(out == "prefix" + reference.dump());
  }
}

TEST_CASE("lines: contexts written directly are win_context_to_json's", "[lines]") {
  std::mt19937 random(3);
  int written = 0;
  for (const std::string name : {"riichi", "hongkong", "mcr", "taiwan", "sichuan"}) {
    const RuleSet rules = load_rules(name);
    for (int i = 0; i < 400 / test::kScale; ++i) {
      HandLine line;
      try {
        line = read_hand_line(rules, random_line(random));
      } catch (const Error&) {
        continue;
      }
      if (!line.context) continue;
      std::string out;
      write_win_context_json(*line.context, rules, out);
      CHECK(out == win_context_to_json(*line.context, rules).dump());
      ++written;
    }
  }
  CHECK(written > 100 / test::kScale);
}
