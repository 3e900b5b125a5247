// The plain hand's scanner (parse_hand's way for loose tiles and a `+tile`) against the general
// scanner with its items, on random texts: mostly hands as corpora write them, disturbed by
// inserted, deleted and replaced characters so that every error path is reached.
//
// The general scanner is reached by the same text with a tab for a space: both scanners skip a
// space, only the general one skips a tab (tile_scanner.hpp), and a tab is one column as a space
// is. So `text + " "` is read by the plain scanner when it can, `text + "\t"` by the general one,
// and the two must give the same hand or the same error at the same column.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>

#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/support/random_draws.hpp"

using namespace meldgraph;

namespace {

/// A hand, or the message of the error reading it.
std::variant<Hand, std::string> read(std::string_view text, const RuleSet& rules) {
  try {
    return parse_hand(text, rules);
  } catch (const NotationError& error) {
    return std::string(error.what());
  }
}

/// `text` with up to three characters inserted, deleted or replaced.
std::string disturbed(std::string text, RandomDraws& draws) {
  static constexpr std::string_view kAlphabet = "0123456789mpszfxM*+ [";
  const auto edits = draws.below(4);
  for (std::uint64_t e = 0; e < edits; ++e) {
    const auto at = static_cast<std::size_t>(draws.below(text.size() + 1));
    const char c = kAlphabet[draws.below(kAlphabet.size())];
    switch (draws.below(3)) {
      case 0:
        text.insert(at, 1, c);
        break;
      case 1:
        if (at < text.size()) text.erase(at, 1);
        break;
      default:
        if (at < text.size()) text[at] = c;
        break;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("plain hands: read as the general scanner reads them", "[notation][plain]") {
  for (const char* name : {"riichi", "laizi", "mcr", "sichuan", "taiwan", "guangdong_red"}) {
    const RuleSet rules = load_rules(name);
    RandomHands hands(rules, 17);
    RandomDraws draws(23);
    int plain_read = 0;
    int errors = 0;
    for (int i = 0; i < 3000; ++i) {
      const int size = static_cast<int>(rules.hand_tiles()) - static_cast<int>(draws.below(2));
      Hand hand =
          i % 2 == 0 ? hands.complete(size + (size % 3 == 1 ? 1 : 0), 2) : hands.random(size, 2);
      std::string text = format_hand(hand, rules);
      if (i % 3 == 0 && text.find('+') == std::string::npos) text += "+" + text.substr(0, 1) + "z";
      if (i % 4 != 0) text = disturbed(text, draws);
      const auto plain = read(text + " ", rules);
      const auto general = read(text + "\t", rules);
      INFO(name << ": '" << text << "'");
      REQUIRE(plain == general);
      (std::holds_alternative<Hand>(plain) ? plain_read : errors) += 1;
    }
    // Both outcomes are common, so both ways were compared.
    CHECK(plain_read > 300);
    CHECK(errors > 300);
  }
}

TEST_CASE("format_hand: the hand it writes reads back as the same hand, every rule set",
          "[notation][plain]") {
  // format_mpsz visits only the kinds a hand holds: random hands of every shipped rule set
  // (jokers, bonus tiles, red fives and winning tiles among them) must come back whole.
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    RandomHands hands(rules, 31);
    RandomDraws draws(37);
    INFO("rules " << name);
    for (int i = 0; i < 500; ++i) {
      const int size = static_cast<int>(rules.hand_tiles()) - static_cast<int>(draws.below(2));
      const Hand hand =
          i % 2 == 0 ? hands.complete(size + (size % 3 == 1 ? 1 : 0), 3) : hands.random(size, 3);
      const std::string text = format_hand(hand, rules);
      INFO("'" << text << "'");
      REQUIRE(parse_hand(text, rules) == hand);
      // Suits in the rule set's order, each letter once, after its tiles.
      std::string letters;
      for (const char c : text.substr(0, text.find_first_of("+[(*"))) {
        if (c < '0' || c > '9') letters += c;
      }
      std::string unique = letters;
      unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
      CHECK(unique == letters);
    }
  }
}
