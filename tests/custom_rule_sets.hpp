// Custom rule sets that both the fast queries' tests (test_fast_path.cpp) and the lister's
// (test_listing.cpp) cross-check against the exact search, written once so both check the same
// sets. A rule set's name is registered nowhere (tests and messages only read it), so each set
// keeps one name in every test that loads it.

#pragma once

namespace meldgraph::custom_rules {

/// Capped copies: wildcards (jokers and the wild honour 5z) never stand in beyond a kind's
/// copies, and seven pairs need distinct kinds, so abstract groups need the exact check.
inline constexpr const char* kCappedYaml = R"(name: custom_capped
extends: laizi
wildcards: {exceed_copies: false, tiles: "5z"}
forms:
  seven_pairs: {four_as_two_pairs: false}
)";

/// Pair rules (a 2-5-8 pair, wildcards in it only beside a natural tile), which neither the
/// tables nor the lister model: the whole rule set falls back.
inline constexpr const char* kPairRulesYaml = R"(name: custom_pair_rules
extends: laizi
forms:
  standard: {pair_tiles: "258m258p258s", pair_wildcards: with_natural}
)";

/// Small suits of two and three copies, a suit of five ranks, four jokers and one wild kind, and
/// a 17-tile hand with a form of seven distinct pairs and a pung (ligu).
inline constexpr const char* kSmallSuitsYaml = R"(name: custom_small
extends: basic
tiles:
  suits:
    - {letter: m, ranks: 1-9, sequences: true, copies: 3}
    - {letter: p, ranks: 1-5, sequences: true, copies: 2}
    - {letter: s, ranks: 1-9, sequences: true}
    - {letter: z, ranks: 1-4, copies: 3}
hand: {tiles: 17}
wildcards: {jokers: 4, tiles: "4z"}
forms:
  ligu: {type: pairs, pairs: 7, pungs: 1, four_as_two_pairs: false}
)";

/// Restricted stand-ins (jokers stand for number tiles only): the tables and the lister assume a
/// wildcard may be any tile, so they decline hands holding wildcards; other hands are unaffected.
inline constexpr const char* kRestrictedYaml = R"(name: custom_restricted
extends: laizi
wildcards: {stand_ins: {joker: numbers}}
)";

/// A suit must be lacked (sichuan) and jokers stand in: the tables and the lister model the rule
/// for hands without wildcards and decline hands holding them (which suits a wildcard touches is
/// the search's business).
inline constexpr const char* kMissingJokersYaml = R"(name: custom_missing_jokers
extends: sichuan
wildcards: {jokers: 8}
)";

}  // namespace meldgraph::custom_rules
