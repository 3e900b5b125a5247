// Shanten, waits and improving tiles.
//
// Two kinds of checks:
//   * hand-worked cases: every expected value below was worked out by hand from the rules (the
//     working is in the comments), not taken from the implementation's output;
//   * cross-checks on random hands against two independent oracles:
//       - a slow reference shanten written from the definition: it enumerates every multiset of
//         groups from a catalogue of all the groups the rules allow (pungs, chows, pairs; the set
//         forms' tiles), with branch and bound, and prices each target hand by literally assigning
//         its slots to the tiles held, the wildcards held and draws of copies not held. It shares
//         no code with engine/src/shanten.cpp;
//       - the decomposition engine: a tile is a wait exactly when the hand plus that tile has an
//         interpretation (Decomposition::wins, per form), a drawn wildcard likewise, and a 3n+2
//         hand has shanten -1 exactly when it wins.
//
// Every TEST_CASE is tagged [shanten].

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/error.hpp"
#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"
#include "meldgraph/shanten.hpp"

namespace {

using namespace meldgraph;

// =============================================================================================
// Rule sets
// =============================================================================================

/// One suit of nine and three honours, copies capped, pairs that must differ, a set form for
/// 8-tile hands and a three-wildcard instant win. Small enough for the reference at every size.
constexpr const char* kTinyCappedYaml = R"(name: tiny_capped
extends: basic
tiles:
  suits:
    - {letter: m, name: characters, ranks: 1-9, sequences: true}
    - {letter: z, name: honours, ranks: 1-3}
hand: {tiles: 14}
wildcards: {jokers: 3, exceed_copies: false, in_melds: true}
forms:
  seven_pairs: {type: pairs, pairs: 7, four_as_two_pairs: false}
  orphans: {type: set, tiles: "1379m123z"}
  three_wildcards: {type: wildcards, count: 3}
)";

/// Two copies of every tile (so no natural pung at all), wildcards that may exceed the copies, 2z
/// wild in every hand, and seven pairs where four of a kind counts as two pairs.
constexpr const char* kTwoCopiesYaml = R"(name: two_copies
extends: basic
tiles:
  copies: 2
  suits:
    - {letter: m, ranks: 1-9, sequences: true}
    - {letter: p, ranks: 1-5, sequences: true}
    - {letter: z, ranks: 1-2}
hand: {tiles: 14}
wildcards: {jokers: 2, tiles: "2z"}
forms:
  seven_pairs: {type: pairs, pairs: 7}
)";

/// The small set again, with pair rules: the standard pair only on 2m 5m 8m and never two
/// wildcards alone, seven pairs with no wildcard in a pair, and at most two wildcards in a win.
constexpr const char* kTinyPairsYaml = R"(name: tiny_pairs
extends: basic
tiles:
  suits:
    - {letter: m, name: characters, ranks: 1-9, sequences: true}
    - {letter: z, name: honours, ranks: 1-3}
hand: {tiles: 14}
wildcards: {jokers: 4, max_in_win: 2, in_melds: true}
forms:
  standard: {pair_tiles: "258m", pair_wildcards: with_natural}
  seven_pairs: {type: pairs, pairs: 7, pair_wildcards: none}
  four_wildcards: {type: wildcards, count: 4}
)";

/// Copies capped, a standard pair without wildcards, seven pairs whose pairs need a natural tile.
constexpr const char* kTinyNoWildPairYaml = R"(name: tiny_no_wild_pair
extends: basic
tiles:
  suits:
    - {letter: m, name: characters, ranks: 1-9, sequences: true}
    - {letter: z, name: honours, ranks: 1-3}
hand: {tiles: 14}
wildcards: {jokers: 3, exceed_copies: false}
forms:
  standard: {pair_wildcards: none}
  seven_pairs: {type: pairs, pairs: 7, pair_wildcards: with_natural}
)";

/// laizi with a 2-5-8 pair that a wildcard may only complete, and one wildcard at most in a win.
constexpr const char* kTwoFiveEightYaml = R"(name: two_five_eight
extends: laizi
wildcards: {max_in_win: 1}
forms:
  standard: {pair_tiles: "258m258p258s", pair_wildcards: with_natural}
)";

/// laizi where a tile the hand holds every copy of still counts as a wait.
constexpr const char* kExhaustedYaml = R"(name: exhausted
extends: laizi
hand: {exhausted_waits: true}
)";

/// laizi with stand-ins capped at the copies and pairs that must differ.
constexpr const char* kCappedDistinctYaml = R"(name: capped_distinct
extends: laizi
wildcards: {exceed_copies: false}
forms:
  seven_pairs: {four_as_two_pairs: false}
)";

/// Three short suits where a winning hand must lack one (Sichuan's rule), with pairs that differ.
/// A small set with 嚦咕嚦咕-like forms: one pung and four pairs in 11 tiles, pairs that may repeat
/// or must differ, beside the standard form.
constexpr const char* kTinyLiguYaml = R"(name: tiny_ligu
tiles:
  copies: 4
  suits:
    - {letter: m, ranks: 1-6, sequences: true}
    - {letter: z, ranks: 1-3}
wildcards: {jokers: 4}
hand: {tiles: 11}
forms:
  standard: {type: melds}
  ligu: {type: pairs, pairs: 4, pungs: 1}
  ligu_distinct: {type: pairs, pairs: 4, pungs: 1, four_as_two_pairs: false}
)";

constexpr const char* kTinySichuanYaml = R"(name: tiny_sichuan
tiles:
  suits:
    - {letter: m, ranks: 1-5, sequences: true}
    - {letter: p, ranks: 1-5, sequences: true}
    - {letter: s, ranks: 1-5, sequences: true}
hand: {tiles: 8, missing_suits: 1}
forms:
  standard: {type: melds}
  four_pairs: {type: pairs, pairs: 4, four_as_two_pairs: false}
)";

/// MCR's knitted forms alone (the melds forms' reference is too slow at 14 tiles), with jokers
/// that may also be knit tiles, singles and pairs; stand-ins capped at the copies.
constexpr const char* kKnittedYaml = R"(name: knitted_only
extends: mcr
wildcards: {jokers: 3, exceed_copies: false}
forms:
  standard: {enabled: false}
  seven_pairs: {enabled: false}
  thirteen_orphans: {enabled: false}
)";

/// Taiwan's 十六不搭 alone, with jokers.
constexpr const char* kUnrelatedYaml = R"(name: unrelated_only
extends: taiwan
wildcards: {jokers: 3}
forms:
  standard: {enabled: false}
  ligu: {enabled: false}
)";

const RuleSet& rules_named(const std::string& name) {
  static std::map<std::string, RuleSet> cache;
  if (const auto found = cache.find(name); found != cache.end()) return found->second;
  const std::map<std::string, const char*> yaml = {
      {"tiny_capped", kTinyCappedYaml},        {"two_copies", kTwoCopiesYaml},
      {"tiny_pairs", kTinyPairsYaml},          {"tiny_no_wild_pair", kTinyNoWildPairYaml},
      {"two_five_eight", kTwoFiveEightYaml},   {"exhausted", kExhaustedYaml},
      {"capped_distinct", kCappedDistinctYaml}, {"tiny_sichuan", kTinySichuanYaml},
      {"tiny_ligu", kTinyLiguYaml},            {"knitted_only", kKnittedYaml},
      {"unrelated_only", kUnrelatedYaml}};
  if (const auto text = yaml.find(name); text != yaml.end()) {
    return cache.emplace(name, load_rules_from_string(text->second, name + ".yaml")).first->second;
  }
  return cache.emplace(name, load_rules(name)).first->second;
}

TileId tile_of(const RuleSet& rules, const std::string& code) {
  return parse_tile(code, rules);
}

/// Form name -> shanten.
std::map<std::string, int> named(const ShantenResult& result, const RuleSet& rules) {
  std::map<std::string, int> out;
  for (const FormShanten& form : result.by_form) out[rules.forms()[form.form].name] = form.shanten;
  return out;
}

/// Tile code -> (form names, remaining).
std::map<std::string, std::pair<std::set<std::string>, int>> named(const Waits& waits,
                                                                   const RuleSet& rules) {
  std::map<std::string, std::pair<std::set<std::string>, int>> out;
  for (const WaitTile& tile : waits.tiles) {
    std::set<std::string> forms;
    for (const std::size_t f : tile.forms) forms.insert(rules.forms()[f].name);
    out[rules.tile(tile.tile).code] = {forms, tile.remaining};
  }
  return out;
}

/// Tile code -> remaining.
std::map<std::string, int> named(const std::vector<Improvement>& tiles, const RuleSet& rules) {
  std::map<std::string, int> out;
  for (const Improvement& tile : tiles) out[rules.tile(tile.tile).code] = tile.remaining;
  return out;
}

// =============================================================================================
// The reference shanten
// =============================================================================================

/// The shanten of every form, computed from the definition: the least number of exchanges that
/// turn the hand into a complete target hand W, less one. W is a multiset of groups over tiles
/// (the values of its slots) of the hand's concealed size (one more for a 3n+1 hand), next to the
/// declared melds; pairs and set forms take whole hands only (no declared meld).
class ReferenceShanten {
 public:
  ReferenceShanten(const RuleSet& rules, const Hand& hand) : rules_(rules) {
    kinds_ = rules.meldable_count();
    for (int t = 0; t < kinds_; ++t) {
      const bool wild = (hand.wild_tiles >> t & 1U) != 0;
      held_.push_back(wild ? 0 : hand.counts[static_cast<std::size_t>(t)]);
      declared_.push_back(0);
      wild_.push_back(wild);
    }
    for (std::size_t m = 0; m < hand.meld_count; ++m) {
      const Group& meld = hand.melds[m];
      for (int slot = 0; slot < meld.size; ++slot) {
        if (!meld.is_wild(slot)) ++declared_[meld.tiles[static_cast<std::size_t>(slot)]];
      }
    }
    hand_wild_ = hand.wild_tiles;
    declared_melds_ = hand.meld_count;
    wildcards_ = hand.wildcard_count();
    concealed_ = hand.concealed_size(rules);
    target_ = concealed_ + (hand.size(rules) % 3 == 1 ? 1 : 0);
    // The catalogue: every pung, every chow (three ranks in a row of a sequence suit), every pair.
    for (int t = 0; t < kinds_; ++t) {
      pungs_and_chows_.push_back({t, t, t});
      const TileInfo& info = rules.tile(static_cast<TileId>(t));
      if (rules.suits()[info.suit].sequences) {
        const TileId second = rules.find_tile(info.letter, info.rank + 1);
        const TileId third = rules.find_tile(info.letter, info.rank + 2);
        if (second != kNoTile && third != kNoTile) pungs_and_chows_.push_back({t, second, third});
      }
    }
  }

  /// Form index -> shanten, for the forms that apply to the size and can be completed.
  std::map<std::size_t, int> by_form() {
    std::map<std::size_t, int> result;
    for (std::size_t f = 0; f < rules_.forms().size(); ++f) {
      const FormSpec& form = rules_.forms()[f];
      if (!form.enabled) continue;
      const std::optional<int> exchanges = form_exchanges(form);
      if (exchanges) result[f] = *exchanges - 1;
    }
    return result;
  }

 private:
  std::optional<int> form_exchanges(const FormSpec& form) {
    // Wildcards the target may hold: none for a form without them, at most max_in_win.
    usable_ = form.wildcards ? wildcards_ : 0;
    if (rules_.wildcards().max_in_win != 0) {
      usable_ = std::min<int>(usable_, rules_.wildcards().max_in_win);
    }
    // Natural slots each pair needs, and the tiles a pair may be.
    pair_natural_ = form.pair_wildcards == PairWildcards::none           ? 2
                    : form.pair_wildcards == PairWildcards::with_natural ? 1
                                                                         : 0;
    pairs_.clear();
    for (int t = 0; t < kinds_; ++t) {
      if (form.pair_tiles == 0 || (form.pair_tiles >> t & 1U) != 0) pairs_.push_back({t, t});
    }
    best_ = INT_MAX;
    demand_.assign(static_cast<std::size_t>(kinds_), 0);
    pairs_at_.assign(static_cast<std::size_t>(kinds_), 0);
    const bool whole_hand = declared_melds_ == 0;
    switch (form.type) {
      case FormType::wildcards: {
        // W is `count` wildcards and other tiles; wildcards must be drawn as well (this form is
        // about drawing them), and the set must hold enough of them.
        int supply = rules_.wildcards().jokers;
        for (int t = 0; t < rules_.tile_count(); ++t) {
          if ((hand_wild_ >> t & 1U) != 0) supply += rules_.tile(static_cast<TileId>(t)).copies;
        }
        if (form.count > target_ || supply < form.count) return std::nullopt;
        const int wildcards_to_draw = std::max(0, form.count - wildcards_);
        return std::max(wildcards_to_draw, target_ - concealed_);
      }
      case FormType::melds: {
        const int rest = target_ - 2 * form.pairs;
        if (rest < 0 || rest % 3 != 0) return std::nullopt;
        choose_melds(0, rest / 3, form.pairs);
        break;
      }
      case FormType::pairs:
        if (2 * form.pairs + 3 * form.pungs != target_ || !whole_hand) return std::nullopt;
        choose_pungs(0, form.pungs, form.pairs, form.four_as_two_pairs);
        break;
      case FormType::set:
        if (static_cast<int>(form.set_tiles.size()) + 1 != target_ || !whole_hand) {
          return std::nullopt;
        }
        for (const TileId t : form.set_tiles) ++demand_[t];
        for (const TileId extra : form.set_tiles) {
          ++demand_[extra];
          const auto cost = price();
          if (cost && lacks_enough_suits()) best_ = std::min(best_, *cost);
          --demand_[extra];
        }
        break;
      case FormType::knitted: {
        // Every assignment of 147/258/369 to the three sequence suits, then the melds form's
        // targets over the rest.
        const int rest = target_ - 9 - 2 * form.pairs;
        if (rest < 0 || rest % 3 != 0) return std::nullopt;
        std::vector<int> suits;
        for (int t = 0; t < kinds_; ++t) {
          const TileInfo& info = rules_.tile(static_cast<TileId>(t));
          if (rules_.suits()[info.suit].sequences && info.rank == 1) suits.push_back(t);
        }
        std::array<int, 3> knit{0, 1, 2};
        do {
          for (std::size_t k = 0; k < 3; ++k) {
            for (int r = 0; r < 3; ++r) ++demand_[static_cast<std::size_t>(suits[k] + knit[k] + 3 * r)];
          }
          choose_melds(0, rest / 3, form.pairs);
          for (std::size_t k = 0; k < 3; ++k) {
            for (int r = 0; r < 3; ++r) --demand_[static_cast<std::size_t>(suits[k] + knit[k] + 3 * r)];
          }
        } while (std::next_permutation(knit.begin(), knit.end()));
        break;
      }
      case FormType::singles:
        if (form.hand_tiles != target_ || !whole_hand) return std::nullopt;
        choose_singles(form, 0, form.hand_tiles - form.pairs, SinglesPattern{-1, 0, 0});
        break;
    }
    if (best_ == INT_MAX) return std::nullopt;
    return best_;
  }

  /// Adds `left` more melds (catalogue indices from `from` up, repeats allowed), then `pairs`
  /// pairs. The price of a partial target never falls as groups are added, so a partial target
  /// priced at best_ or more is dropped.
  void choose_melds(std::size_t from, int left, int pairs) {
    const std::optional<int> cost = price();
    if (!cost || *cost >= best_) return;
    if (left == 0) {
      choose_pairs(0, pairs, true);
      return;
    }
    for (std::size_t i = from; i < pungs_and_chows_.size(); ++i) {
      for (const int t : pungs_and_chows_[i]) ++demand_[static_cast<std::size_t>(t)];
      choose_melds(i, left - 1, pairs);
      for (const int t : pungs_and_chows_[i]) --demand_[static_cast<std::size_t>(t)];
    }
  }

  /// Where a singles target stands while its tiles are chosen in id order.
  struct SinglesPattern {
    int suit = -1;      ///< suit of the last sequence-suit tile taken
    int last_rank = 0;  ///< its rank
    int used = 0;       ///< knitted: classes taken by suits (bit per class)
  };

  /// Whether `t` may join a singles target after `pattern`; updates `next`. Knitted: all ranks
  /// of a suit in one class, each suit its own class; gapped: ranks of a suit `gap` apart.
  [[nodiscard]] bool singles_admits(const FormSpec& form, const SinglesPattern& pattern, int t,
                                    SinglesPattern& next) const {
    next = pattern;
    const TileInfo& info = rules_.tile(static_cast<TileId>(t));
    if (!rules_.suits()[info.suit].sequences) return ((form.single_tiles >> t) & 1U) != 0;
    const bool same_suit = pattern.suit == info.suit;
    next.suit = info.suit;
    next.last_rank = info.rank;
    if (form.singles_suits == SinglesSuits::gapped) {
      return !same_suit || info.rank - pattern.last_rank >= form.gap;
    }
    const int knit = (info.rank - 1) % 3;
    if (same_suit) return (pattern.last_rank - 1) % 3 == knit;
    if ((pattern.used >> knit & 1) != 0) return false;
    next.used |= 1 << knit;
    return true;
  }

  /// The most tiles a singles target can still take from tile `from` on: three per sequence
  /// suit (fewer in the part of a suit left), one per admitted honour.
  [[nodiscard]] int singles_room(const FormSpec& form, int from) const {
    int room = 0;
    for (int t = from; t < kinds_; ++t) {
      const TileInfo& info = rules_.tile(static_cast<TileId>(t));
      if (!rules_.suits()[info.suit].sequences) {
        room += ((form.single_tiles >> t) & 1U) != 0 ? 1 : 0;
      } else if (info.rank % 3 == 1) {
        room += 1;  // ranks 1, 4, 7 start each third of the suit: at most one tile per third
      }
    }
    return room;
  }

  /// Chooses `left` more distinct tiles (ids from `from` up) that keep the singles pattern, then
  /// which of them are doubled; records complete targets holding the required tiles.
  void choose_singles(const FormSpec& form, int from, int left, const SinglesPattern& pattern) {
    const std::optional<int> cost = price();
    if (!cost || *cost >= best_) return;
    if (left == 0) {
      for (int t = 0; t < kinds_; ++t) {
        if (((form.required >> t) & 1U) != 0 && demand_[static_cast<std::size_t>(t)] == 0) return;
      }
      choose_doubled(0, form.pairs);
      return;
    }
    if (left > singles_room(form, from)) return;
    for (int t = from; t < kinds_; ++t) {
      // A required tile passed over can never be taken.
      if (t > from && ((form.required >> (t - 1)) & 1U) != 0) break;
      SinglesPattern next;
      if (!singles_admits(form, pattern, t, next)) continue;
      ++demand_[static_cast<std::size_t>(t)];
      choose_singles(form, t + 1, left - 1, next);
      --demand_[static_cast<std::size_t>(t)];
    }
  }

  /// Doubles `left` more of the chosen tiles (ids from `from` up).
  void choose_doubled(int from, int left) {
    if (left == 0) {
      const auto cost = price();
      if (cost && lacks_enough_suits()) best_ = std::min(best_, *cost);
      return;
    }
    for (int t = from; t < kinds_; ++t) {
      if (demand_[static_cast<std::size_t>(t)] != 1) continue;
      ++demand_[static_cast<std::size_t>(t)];
      choose_doubled(t + 1, left - 1);
      --demand_[static_cast<std::size_t>(t)];
    }
  }

  /// Adds `left` more pungs (tiles from `from` up, repeats allowed), then `pairs` pairs.
  void choose_pungs(int from, int left, int pairs, bool repeat) {
    const std::optional<int> cost = price();
    if (!cost || *cost >= best_) return;
    if (left == 0) {
      choose_pairs(0, pairs, repeat);
      return;
    }
    for (int t = from; t < kinds_; ++t) {
      demand_[static_cast<std::size_t>(t)] += 3;
      choose_pungs(t, left - 1, pairs, repeat);
      demand_[static_cast<std::size_t>(t)] -= 3;
    }
  }

  /// Adds `left` more pairs (indices from `from` up; `repeat`: a tile may pair more than once) and
  /// records complete targets in best_.
  void choose_pairs(std::size_t from, int left, bool repeat) {
    const std::optional<int> cost = price();
    if (!cost || *cost >= best_) return;
    if (left == 0) {
      if (lacks_enough_suits()) best_ = *cost;
      return;
    }
    for (std::size_t i = from; i < pairs_.size(); ++i) {
      const auto t = static_cast<std::size_t>(pairs_[i].front());
      demand_[t] += 2;
      ++pairs_at_[t];
      choose_pairs(repeat ? i : i + 1, left - 1, repeat);
      demand_[t] -= 2;
      --pairs_at_[t];
    }
  }

  /// Whether the target (with the declared melds) holds no tile of at least hand.missing_suits
  /// sequence suits.
  [[nodiscard]] bool lacks_enough_suits() const {
    int lacking = 0;
    for (std::size_t s = 0; s < rules_.suits().size(); ++s) {
      if (rules_.suits()[s].bonus || !rules_.suits()[s].sequences) continue;
      bool present = false;
      for (int t = 0; t < kinds_; ++t) {
        const auto i = static_cast<std::size_t>(t);
        if (rules_.tile(static_cast<TileId>(t)).suit != s) continue;
        present = present || demand_[i] + declared_[i] > 0;
      }
      lacking += present ? 0 : 1;
    }
    return lacking >= rules_.missing_suits();
  }

  /// The exchanges that turn the hand into the target demand_, or none when the rules forbid the
  /// target. Slot by slot: a natural copy held fills a slot of its own tile (the natural slots of
  /// a pair first); a slot no held copy fills is a drawn natural copy (one the hand holds nowhere,
  /// declared melds included; a wild tile kind has no natural copies) or a held wildcard the form
  /// may use. A pair slot that must be natural is drawn; slots no draw can fill must be wildcards;
  /// every other usable wildcard saves one draw of a slot a wildcard may fill. With copies capped,
  /// natural copies held (declared included) plus stand-ins may not pass a tile's copies (for a
  /// wild kind only the stand-ins count).
  [[nodiscard]] std::optional<int> price() const {
    int drawn = 0;          // draws before wildcards save any
    int must_drawn = 0;     // draws of pair slots that must be natural
    int wildcard_only = 0;  // slots only a wildcard can fill
    for (int t = 0; t < kinds_; ++t) {
      const auto i = static_cast<std::size_t>(t);
      const int demand = demand_[i];
      if (demand == 0) continue;
      const int copies = rules_.tile(static_cast<TileId>(t)).copies;
      // A hypothetical hand (a draw beyond the copies, for exhausted waits) has its own tiles.
      const int natural_in_set = wild_[i] ? 0 : std::max(copies, held_[i] + declared_[i]);
      const int natural_room = natural_in_set - declared_[i];  // natural copies W may hold
      if (!rules_.wildcards().exceed_copies) {
        // A wild kind's copies in declared melds are natural there and use up copies.
        const int limit = wild_[i] ? copies - declared_[i] : natural_room;
        if (demand > limit) return std::nullopt;
      }
      const int natural_slots = pair_natural_ * pairs_at_[i];
      if (natural_slots > natural_room) return std::nullopt;
      const int from_hand = std::min(demand, held_[i]);
      const int open = demand - from_hand;
      const int can_draw = natural_in_set - held_[i] - declared_[i];
      const int must = std::max(0, natural_slots - held_[i]);
      const int optional = std::min(open - must, can_draw - must);
      drawn += must + optional;
      must_drawn += must;
      wildcard_only += open - must - optional;
    }
    if (wildcard_only > usable_) return std::nullopt;
    const int spare = usable_ - wildcard_only;
    return drawn - std::min(spare, drawn - must_drawn);
  }

  const RuleSet& rules_;
  int kinds_ = 0;
  std::vector<int> held_;      ///< natural concealed copies (none for a wild kind)
  std::vector<int> declared_;  ///< natural copies in declared melds
  std::vector<bool> wild_;
  TileMask hand_wild_ = 0;  ///< the hand's wild tile kinds, bonus kinds included
  int wildcards_ = 0;
  int concealed_ = 0;
  int target_ = 0;
  std::vector<std::vector<int>> pungs_and_chows_;
  std::vector<std::vector<int>> pairs_;
  std::vector<int> demand_;
  std::vector<int> pairs_at_;  ///< pairs of the target per tile
  int declared_melds_ = 0;
  int usable_ = 0;
  int pair_natural_ = 0;
  int best_ = INT_MAX;
};

std::map<std::size_t, int> engine_by_form(const RuleSet& rules, const Hand& hand) {
  std::map<std::size_t, int> out;
  for (const FormShanten& form : compute_shanten(rules, hand).by_form) {
    out[form.form] = form.shanten;
  }
  return out;
}

int minimum_of(const std::map<std::size_t, int>& by_form) {
  int best = INT_MAX;
  for (const auto& [form, shanten] : by_form) best = std::min(best, shanten);
  return best;
}

// =============================================================================================
// Random hands
// =============================================================================================

/// Writes random hands as text: declared melds (some with a joker where the rules allow), jokers,
/// and natural tiles, half of them built from groups and then disturbed so that many hands are
/// ready or nearly so, some holding four of a kind.
class HandMaker {
 public:
  HandMaker(const RuleSet& rules, std::uint32_t seed) : rules_(rules), rng_(seed) {
    for (const FormSpec& form : rules.forms()) {
      knit_bias_ = knit_bias_ || form.type == FormType::knitted || form.type == FormType::singles;
    }
  }

  struct Made {
    std::string text;
    TileMask wild = 0;
  };

  Made make(int size, int max_jokers, int max_declared, bool choose_wild) {
    Made made;
    available_.assign(rules_.meldable_count(), 0);
    for (TileId t = 0; t < rules_.meldable_count(); ++t) available_[t] = rules_.tile(t).copies;
    jokers_left_ = std::min<int>(max_jokers, rules_.wildcards().jokers);
    std::string melds;
    const int declared = max_declared == 0 ? 0 : pick(0, std::min(max_declared, (size - 1) / 3));
    for (int m = 0; m < declared; ++m) melds += declared_meld();
    int concealed = size - 3 * (static_cast<int>(std::count(melds.begin(), melds.end(), '[')) +
                                static_cast<int>(std::count(melds.begin(), melds.end(), '(')));
    const int jokers = pick(0, std::min(jokers_left_, concealed));
    concealed -= jokers;
    std::vector<TileId> tiles;
    if (knit_bias_ && pick(0, 3) != 0) {
      knitted_tiles(concealed, tiles);
      grouped_tiles(concealed, tiles);
    } else if (pick(0, 1) == 0) {
      grouped_tiles(concealed, tiles);
    }
    while (static_cast<int>(tiles.size()) < concealed) {
      if (pick(0, 9) == 0 && concealed - static_cast<int>(tiles.size()) >= 4) {
        const TileId t = random_tile();  // four of a kind
        if (available_[t] == rules_.tile(t).copies && available_[t] >= 4) {
          for (int k = 0; k < 4; ++k) take(t, tiles);
          continue;
        }
      }
      const TileId t = random_tile();
      if (available_[t] > 0) take(t, tiles);
    }
    for (const TileId t : tiles) made.text += rules_.tile(t).code;
    made.text += std::string(static_cast<std::size_t>(jokers), '*');
    made.text += melds;
    if (choose_wild && pick(0, 3) == 0) made.wild = tile_bit(random_tile());
    return made;
  }

  int pick(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }

 private:
  TileId random_tile() { return static_cast<TileId>(pick(0, rules_.meldable_count() - 1)); }

  void take(TileId t, std::vector<TileId>& tiles) {
    --available_[t];
    tiles.push_back(t);
  }

  /// Distinct tiles of one knit (147, 258, 369 over the three sequence suits) and the honours,
  /// up to `count` tiles, most of them, so that knitted forms are often near.
  void knitted_tiles(int count, std::vector<TileId>& tiles) {
    std::array<int, 3> knit{0, 1, 2};
    std::shuffle(knit.begin(), knit.end(), rng_);
    std::vector<TileId> pool;
    std::size_t suit = 0;
    for (const SuitInfo& info : rules_.suits()) {
      if (info.bonus) continue;
      for (const std::uint8_t rank : info.ranks) {
        const TileId t = rules_.find_tile(info.letter, rank);
        if (!info.sequences || (suit < 3 && knit_class(rank) == knit[suit])) pool.push_back(t);
      }
      suit += info.sequences ? 1 : 0;
    }
    // Half the time the nine knit tiles first (the knitted straight), else distinct tiles.
    const bool straight = pick(0, 1) == 0 && count >= 9;
    std::stable_partition(pool.begin(), pool.end(), [&](TileId t) {
      return rules_.suits()[rules_.tile(t).suit].sequences == straight;
    });
    std::shuffle(pool.begin() + (straight ? 9 : 0), pool.end(), rng_);
    if (!straight) std::shuffle(pool.begin(), pool.end(), rng_);
    const int want = straight ? 9 : count - pick(0, 2);
    for (const TileId t : pool) {
      if (static_cast<int>(tiles.size()) >= want) break;
      if (available_[t] > 0) take(t, tiles);
    }
  }

  /// Groups (a pair, then pungs and chows) up to `count` tiles, then one or two swapped out.
  void grouped_tiles(int count, std::vector<TileId>& tiles) {
    for (int attempt = 0; attempt < 40 && static_cast<int>(tiles.size()) < count; ++attempt) {
      const TileId t = random_tile();
      const TileInfo& info = rules_.tile(t);
      const int room = count - static_cast<int>(tiles.size());
      const int shape = tiles.empty() ? 0 : pick(0, 2);  // pair, pung, chow
      if (shape == 2) {
        const TileId second = info.next;
        const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
        if (third == kNoTile || room < 3 || available_[t] == 0 || available_[second] == 0 ||
            available_[third] == 0) {
          continue;
        }
        for (const TileId c : {t, second, third}) take(c, tiles);
        continue;
      }
      const int size = shape == 0 ? 2 : 3;
      if (room < size || available_[t] < size) continue;
      for (int k = 0; k < size; ++k) take(t, tiles);
    }
    for (int swaps = pick(0, 2); swaps > 0 && !tiles.empty(); --swaps) {
      const auto index = static_cast<std::size_t>(pick(0, static_cast<int>(tiles.size()) - 1));
      ++available_[tiles[index]];
      tiles.erase(tiles.begin() + static_cast<std::ptrdiff_t>(index));
    }
  }

  /// A declared pung, chow or kong as text, or nothing when the tiles ran out.
  std::string declared_meld() {
    for (int attempt = 0; attempt < 20; ++attempt) {
      const TileId t = random_tile();
      const TileInfo& info = rules_.tile(t);
      const int shape = pick(0, 3);  // pung, chow, exposed kong, concealed kong
      std::vector<TileId> tiles;
      if (shape == 1) {
        const TileId second = info.next;
        const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
        if (third == kNoTile) continue;
        tiles = {t, second, third};
      } else {
        tiles.assign(shape == 0 ? 3 : 4, t);
      }
      std::vector<int> need(rules_.meldable_count(), 0);
      bool fits = true;
      for (const TileId c : tiles) fits = fits && ++need[c] <= available_[c];
      if (!fits) continue;
      // A joker in a pung or chow, where the rules allow it.
      const int joker_slot =
          shape <= 1 && rules_.wildcards().in_melds && jokers_left_ > 0 && pick(0, 3) == 0
              ? pick(0, 2)
              : -1;
      std::string text(1, shape == 3 ? '(' : '[');
      for (std::size_t slot = 0; slot < tiles.size(); ++slot) {
        if (static_cast<int>(slot) == joker_slot) {
          text += '*';
          --jokers_left_;
          continue;
        }
        --available_[tiles[slot]];
        text += static_cast<char>('0' + rules_.tile(tiles[slot]).rank);
      }
      text += info.letter;
      text += shape == 3 ? ')' : ']';
      return text;
    }
    return "";
  }

  const RuleSet& rules_;
  std::mt19937 rng_;
  bool knit_bias_ = false;  ///< the rules have knitted or singles forms
  std::vector<int> available_;
  int jokers_left_ = 0;
};

// =============================================================================================
// Cross-checks of one hand
// =============================================================================================

/// Forms (indices) of an enabled form graph that matches.
std::set<std::size_t> winning_forms(const RuleSet& rules, const Hand& hand) {
  std::set<std::size_t> forms;
  const Decomposition decomposition(rules, hand);
  for (const FormGraph& graph : decomposition.graphs()) {
    if (!graph.empty()) forms.insert(graph.form());
  }
  return forms;
}

/// Whether the set holds a wildcard this hand does not: a joker or a copy of a wild kind.
bool wildcard_drawable(const RuleSet& rules, const Hand& hand) {
  int jokers = hand.jokers;
  for (std::size_t m = 0; m < hand.meld_count; ++m) {
    jokers += hand.melds[m].wildcard_count();
  }
  if (jokers < rules.wildcards().jokers) return true;
  const TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0 && held[t] < rules.tile(t).copies) return true;
  }
  return false;
}

struct CheckOptions {
  bool reference = true;   ///< compare shanten with the reference
  bool improving = false;  ///< compare improving tiles with the reference (costly)
};

struct Tally {
  int hands = 0;
  int ready = 0;           ///< 3n+1 hands with a wait
  int complete = 0;        ///< 3n+2 hands that win
  int wildcard_waits = 0;  ///< 3n+1 hands a drawn wildcard completes
  int exhausted = 0;       ///< waits on a tile the hand holds every copy of
  int four_of_a_kind = 0;  ///< hands holding every copy of some tile
  int declared = 0;        ///< hands with declared melds
};

/// Every check of one hand; CAPTUREs name the hand on failure.
void check_hand(const RuleSet& rules, const Hand& hand, const CheckOptions& options, Tally& tally) {
  ++tally.hands;
  const int size = hand.size(rules);
  tally.declared += hand.meld_count > 0 ? 1 : 0;
  const TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) == 0 && held[t] == rules.tile(t).copies) {
      ++tally.four_of_a_kind;
      break;
    }
  }
  const std::map<std::size_t, int> by_form = engine_by_form(rules, hand);
  if (options.reference) {
    const std::map<std::size_t, int> reference = ReferenceShanten(rules, hand).by_form();
    CHECK(by_form == reference);
  }
  if (size % 3 == 2) {
    // Complete exactly when the engine finds an interpretation, form by form.
    std::set<std::size_t> complete;
    for (const auto& [form, shanten] : by_form) {
      if (shanten == -1) complete.insert(form);
    }
    const std::set<std::size_t> wins = winning_forms(rules, hand);
    CHECK(complete == wins);
    tally.complete += wins.empty() ? 0 : 1;
    return;
  }

  // Waits: each natural tile added, asked of the engine.
  const Waits waits = compute_waits(rules, hand, nullptr);
  std::map<TileId, std::vector<std::size_t>> got;
  for (const WaitTile& tile : waits.tiles) got[tile.tile] = tile.forms;
  std::map<TileId, std::vector<std::size_t>> expected;
  int remaining_total = 0;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    if ((hand.wild_tiles & tile_bit(t)) != 0) continue;
    const bool drawable = held[t] < rules.tile(t).copies;
    if (!drawable && !rules.exhausted_waits()) continue;
    Hand drawn = hand;
    ++drawn.counts[t];
    const std::set<std::size_t> wins = winning_forms(rules, drawn);
    if (wins.empty()) continue;
    expected[t] = std::vector<std::size_t>(wins.begin(), wins.end());
    remaining_total += std::max(0, rules.tile(t).copies - held[t]);
    tally.exhausted += drawable ? 0 : 1;
  }
  CHECK(got == expected);
  CHECK(waits.remaining_total == remaining_total);
  tally.ready += expected.empty() ? 0 : 1;

  // A drawn wildcard, asked of the engine (a joker stands for any wildcard).
  const bool wildcards_exist = rules.wildcards().jokers > 0 || hand.wild_tiles != 0;
  CHECK(waits.wildcards_exist == wildcards_exist);
  if (wildcards_exist && (wildcard_drawable(rules, hand) || rules.exhausted_waits())) {
    Hand drawn = hand;
    ++drawn.jokers;
    const std::set<std::size_t> wins = winning_forms(rules, drawn);
    CHECK(waits.wildcard_forms == std::vector<std::size_t>(wins.begin(), wins.end()));
    CHECK(waits.wildcard_completes == !wins.empty());
    tally.wildcard_waits += wins.empty() ? 0 : 1;
  } else {
    CHECK_FALSE(waits.wildcard_completes);
  }

  // Ready (shanten 0) in a form other than the instant wildcard win exactly when a tile that can
  // be drawn completes that form.
  for (const auto& [form, shanten] : by_form) {
    if (rules.forms()[form].type == FormType::wildcards) continue;
    bool completed_by_draw = false;
    for (const auto& [tile, forms] : expected) {
      if (held[tile] >= rules.tile(tile).copies) continue;
      completed_by_draw =
          completed_by_draw || std::find(forms.begin(), forms.end(), form) != forms.end();
    }
    CAPTURE(rules.forms()[form].name);
    CHECK((shanten == 0) == completed_by_draw);
  }

  if (options.improving) {
    // Improving tiles: the draws that lower the reference shanten.
    const int before = minimum_of(ReferenceShanten(rules, hand).by_form());
    std::map<TileId, int> want;
    for (TileId t = 0; t < rules.meldable_count(); ++t) {
      if ((hand.wild_tiles & tile_bit(t)) != 0 || held[t] >= rules.tile(t).copies) continue;
      Hand drawn = hand;
      ++drawn.counts[t];
      if (minimum_of(ReferenceShanten(rules, drawn).by_form()) < before) {
        want[t] = rules.tile(t).copies - held[t];
      }
    }
    std::map<TileId, int> have;
    for (const Improvement& tile : improving_tiles(rules, hand, nullptr)) {
      have[tile.tile] = tile.remaining;
    }
    CHECK(have == want);
  }
}

/// Random hands of the given sizes under `rules`; returns what was seen.
Tally check_random_hands(const std::string& rules_name, std::uint32_t seed, int count,
                         const std::vector<int>& sizes, int max_jokers, int max_declared,
                         const CheckOptions& options, int improving_every = 0) {
  const RuleSet& rules = rules_named(rules_name);
  HandMaker maker(rules, seed);
  Tally tally;
  for (int i = 0; i < count; ++i) {
    const int size =
        sizes[static_cast<std::size_t>(maker.pick(0, static_cast<int>(sizes.size()) - 1))];
    const HandMaker::Made made =
        maker.make(size, max_jokers, max_declared, rules.wildcards().per_hand);
    const Hand hand = parse_hand(made.text, rules, made.wild);
    CAPTURE(rules_name, made.text, made.wild, i);
    REQUIRE(hand.size(rules) == size);
    CheckOptions one = options;
    one.improving = improving_every > 0 && i % improving_every == 0 && size % 3 == 1;
    check_hand(rules, hand, one, tally);
  }
  return tally;
}

}  // namespace

// =============================================================================================
// Hand-worked cases
// =============================================================================================

TEST_CASE("nine gates waits on every character", "[shanten]") {
  // 111 2345678 999m plus x: x=1 11 123 456 789 999; x=2 111 22 345 678 999; x=3 11 123 345
  // 678 999; x=4 111 234 456 789 99; x=5 111 234 55 678 999; x=6 11 123 456 678 999; x=7 111
  // 234 567 789 99; x=8 111 234 567 88 999; x=9 11 123 456 789 999. Copies left: 1m and 9m are
  // held three times (1 left), 2m-8m once (3 left): 1 + 1 + 7 * 3 = 23.
  for (const char* name : {"basic", "laizi"}) {
    const RuleSet& rules = rules_named(name);
    const Hand hand = parse_hand("1112345678999m", rules);
    CAPTURE(name);
    const Waits waits = compute_waits(rules, hand, nullptr);
    const std::set<std::string> standard = {"standard"};
    std::map<std::string, std::pair<std::set<std::string>, int>> expected;
    for (int rank = 1; rank <= 9; ++rank) {
      expected[std::to_string(rank) + "m"] = {standard, rank == 1 || rank == 9 ? 1 : 3};
    }
    CHECK(named(waits, rules) == expected);
    CHECK(waits.remaining_total == 23);
    CHECK(compute_shanten(rules, hand).shanten == 0);
    // laizi has jokers: a drawn joker can be any of the nine; basic has no wildcards at all.
    CHECK(waits.wildcards_exist == (std::string(name) == "laizi"));
    CHECK(waits.wildcard_completes == (std::string(name) == "laizi"));
  }
}

TEST_CASE("a fifth copy cannot be drawn: four 1m wait on nothing", "[shanten]") {
  // 1111m 234p 567p 789p: the only shape waiting on one tile is 111m + 1m waiting on a fifth 1m.
  // Drawing any other tile X and discarding a 1m leaves 111m X + three chows, waiting on X: so
  // the hand is 1-shanten and every tile but 1m improves it. 7p is held twice (567p, 789p), 2p-6p
  // and 8p-9p once, 1m four times: 136 - 13 = 123 copies left, all on the 33 other kinds.
  const RuleSet& basic = rules_named("basic");
  const Hand hand = parse_hand("1111m234p567p789p", basic);
  CHECK(compute_shanten(basic, hand).shanten == 1);
  CHECK(compute_waits(basic, hand, nullptr).tiles.empty());
  const std::vector<Improvement> improving = improving_tiles(basic, hand, nullptr);
  CHECK(improving.size() == 33);
  int total = 0;
  for (const Improvement& tile : improving) total += tile.remaining;
  CHECK(total == 123);
  CHECK(named(improving, basic).count("1m") == 0);
  CHECK(named(improving, basic).at("7p") == 2);

  // laizi: seven pairs holds 11m 11m (four as two pairs) and 77p, four more pairs to draw from
  // the singles: 3. Thirteen orphans: 1m and 9p held, eleven missing, 1m pairs: 10. Four
  // wildcards: a 3n+1 hand needs one more tile and four wildcards: 3.
  const RuleSet& laizi = rules_named("laizi");
  const Hand same = parse_hand("1111m234p567p789p", laizi);
  CHECK(named(compute_shanten(laizi, same), laizi) ==
        std::map<std::string, int>{
            {"standard", 1}, {"seven_pairs", 3}, {"thirteen_orphans", 10}, {"four_wildcards", 3}});
  const Waits waits = compute_waits(laizi, same, nullptr);
  CHECK(waits.tiles.empty());
  // A drawn joker may be the fifth 1m (exceed_copies: true): 111m 1{1}m + three chows.
  CHECK(waits.wildcard_completes);

  // With exhausted_waits the fifth 1m counts as a wait, with no copy left; shanten is unchanged.
  const RuleSet& exhausted = rules_named("exhausted");
  const Hand again = parse_hand("1111m234p567p789p", exhausted);
  const std::map<std::string, std::pair<std::set<std::string>, int>> fifth = {
      {"1m", {{"standard"}, 0}}};
  CHECK(named(compute_waits(exhausted, again, nullptr), exhausted) == fifth);
  CHECK(compute_shanten(exhausted, again).shanten == 1);
}

TEST_CASE("thirteen orphans: thirteen-sided and single waits", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // One of each orphan: any of the thirteen pairs up; 3 copies left of each: 39.
  const Waits thirteen = compute_waits(rules, parse_hand("19m19p19s1234567z", rules), nullptr);
  CHECK(thirteen.tiles.size() == 13);
  CHECK(thirteen.remaining_total == 39);
  for (const WaitTile& tile : thirteen.tiles) {
    CHECK(tile.forms == std::vector<std::size_t>{2});  // thirteen_orphans only
  }
  // 1m already pairs: only the missing Red dragon completes, all 4 copies left.
  const Waits single = compute_waits(rules, parse_hand("19m19p19s123456z1m", rules), nullptr);
  CHECK(named(single, rules) == std::map<std::string, std::pair<std::set<std::string>, int>>{
                                    {"7z", {{"thirteen_orphans"}, 4}}});
}

TEST_CASE("seven pairs: 1-shanten, and four of a kind as one or two pairs", "[shanten]") {
  const RuleSet& laizi = rules_named("laizi");
  // 11z 22z 33z 44z 55z 6z 7z 1m: five pairs, two more to make from three singles: 1.
  // Standard: honours make no chows; four pungs from four of the pairs (one draw each) and 55z:
  // 3. Thirteen orphans: 1z-7z and 1m held, 9m 1p 9p 1s 9s missing, 11z pairs: 4. Four wildcards:
  // 3. Only a draw pairing 1m, 6z or 7z lowers the best (seven pairs) to 0.
  const Hand pairs = parse_hand("11223344z556z7z1m", laizi);
  CHECK(named(compute_shanten(laizi, pairs), laizi) ==
        std::map<std::string, int>{
            {"standard", 3}, {"seven_pairs", 1}, {"thirteen_orphans", 4}, {"four_wildcards", 3}});
  CHECK(named(improving_tiles(laizi, pairs, nullptr), laizi) ==
        std::map<std::string, int>{{"1m", 3}, {"6z", 3}, {"7z", 3}});

  // 1111m 22p 33p 44s 55s 6z: 1111m is two pairs in laizi, so six pairs and 6z: ready on 6z.
  // Where pairs must differ 1111m gives one pair (two 1m are discarded): five pairs, and two
  // more must come from 6z (one draw) and a new tile (two draws): 14 - 11 kept = 3, shanten 2.
  const Hand four = parse_hand("1111m2233p4455s6z", laizi);
  CHECK(named(compute_shanten(laizi, four), laizi).at("seven_pairs") == 0);
  CHECK(named(compute_waits(laizi, four, nullptr), laizi).at("6z").first.count("seven_pairs") == 1);
  const RuleSet& distinct = rules_named("capped_distinct");
  const Hand four_distinct = parse_hand("1111m2233p4455s6z", distinct);
  CHECK(named(compute_shanten(distinct, four_distinct), distinct).at("seven_pairs") == 2);
}

TEST_CASE("declared melds count towards the size and the copies", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // [777z] + 123m 456p 11s 23s: three concealed melds and a pair to make: 23s waits on 1s
  // (123s, 11s pair; 2 of 1s left) and 4s (234s; 4 left). Seven pairs and thirteen orphans need
  // 14 concealed tiles and do not apply; four wildcards: 3.
  const Hand hand = parse_hand("[777z]123m456p11s23s", rules);
  CHECK(named(compute_waits(rules, hand, nullptr), rules) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1s", {{"standard"}, 2}},
                                                                     {"4s", {{"standard"}, 4}}});
  CHECK(named(compute_shanten(rules, hand), rules) ==
        std::map<std::string, int>{{"standard", 0}, {"four_wildcards", 3}});

  // [1111s] holds every 1s: 23s then waits on 4s only (1s cannot be drawn).
  const Hand kong = parse_hand("[1111s]23s456m789m11p", rules);
  CHECK(named(compute_waits(rules, kong, nullptr), rules) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"4s", {{"standard"}, 4}}});
  // Under exhausted_waits 1s completes 123s as well, with nothing left.
  const RuleSet& exhausted = rules_named("exhausted");
  const Hand kong_exhausted = parse_hand("[1111s]23s456m789m11p", exhausted);
  CHECK(named(compute_waits(exhausted, kong_exhausted, nullptr), exhausted) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1s", {{"standard"}, 0}},
                                                                     {"4s", {{"standard"}, 4}}});

  // 17 tiles under basic with two declared melds: [111z][222z] + 123m 456m 789m 11p is complete.
  const RuleSet& basic = rules_named("basic");
  CHECK(compute_shanten(basic, parse_hand("[111z][222z]123m456m789m11p", basic)).shanten == -1);
}

TEST_CASE("wildcards in the hand and drawn", "[shanten]") {
  const RuleSet& rules = rules_named("laizi");
  // 123m 456p 789s + 11z 2z *: the 2z goes with the joker (pair 2{2}z, then 11z + x pungs: x =
  // 1z) or with a drawn 2z (22z pair with 11{1}z, or 2{2}2z... the pung 22{2}z with 11z pair).
  // No other tile: 2z must share a group with the joker or another 2z. 1z: 2 left, 2z: 3 left.
  // A drawn joker: 11z pair + 2{2}{2}z.
  const Hand joker = parse_hand("123m456p789s11z2z*", rules);
  const Waits waits = compute_waits(rules, joker, nullptr);
  const std::map<std::string, std::pair<std::set<std::string>, int>> expected = {
      {"1z", {{"standard"}, 2}}, {"2z", {{"standard"}, 3}}};
  CHECK(named(waits, rules) == expected);
  CHECK(waits.remaining_total == 5);
  CHECK(waits.wildcard_completes);
  CHECK(compute_shanten(rules, joker).shanten == 0);
  // The same with 5m chosen wild instead of a joker; 5m itself is then no natural wait.
  const Hand wild = parse_hand("123m456p789s11z2z5m", rules, parse_wild_choice("5m", rules));
  CHECK(named(compute_waits(rules, wild, nullptr), rules) == expected);
  // A flower is set aside (the hand is still 13 tiles and the same wait), unless flowers are wild:
  // then 1f is the joker.
  CHECK(named(compute_waits(rules, parse_hand("123m456p789s11z2z*5f", rules), nullptr), rules) ==
        expected);
  const RuleSet flowers = load_rules_from_string(
      "name: flowers\nextends: laizi\nwildcards: {tiles: \"1f\"}\n", "flowers.yaml");
  const Waits flower = compute_waits(flowers, parse_hand("123m456p789s11z2z1f", flowers), nullptr);
  CHECK(named(flower, flowers) == expected);
  CHECK(flower.wildcard_completes);

  // Four jokers win at once in laizi: every tile completes the 13-tile hand through
  // four_wildcards, so all 34 kinds are waits; as a 3n+1 hand it is ready (shanten 0).
  const Hand four = parse_hand("****1m5p9s1z3z7z2s3p6m", rules);
  const Waits all = compute_waits(rules, four, nullptr);
  CHECK(all.tiles.size() == 34);
  for (const WaitTile& tile : all.tiles) {
    CHECK(std::find(tile.forms.begin(), tile.forms.end(), 3) != tile.forms.end());
  }
  CHECK(named(compute_shanten(rules, four), rules).at("four_wildcards") == 0);
  // Three jokers in a complete-size hand: one wildcard short of the instant win: 0.
  CHECK(named(compute_shanten(rules, parse_hand("***1m5p9s1z3z7z2s3p6m4m8p", rules)), rules)
            .at("four_wildcards") == 0);

  // 1111m + joker: 111m 1{1}m, the joker a fifth 1m: complete when wildcards may exceed the
  // copies. Capped, the joker must stand for another tile x: discard a 1m, draw x: 111m + x{x}:
  // one exchange, shanten 0.
  CHECK(compute_shanten(rules, parse_hand("1111m*", rules)).shanten == -1);
  const RuleSet& capped = rules_named("capped_distinct");
  CHECK(compute_shanten(capped, parse_hand("1111m*", capped)).shanten == 0);
  // 1111m alone (4 tiles): 11m 123m after drawing 2m and 3m for two 1m: 1-shanten; no natural
  // wait; a drawn joker completes only where it may be a fifth 1m.
  CHECK(compute_shanten(rules, parse_hand("1111m", rules)).shanten == 1);
  CHECK(compute_waits(rules, parse_hand("1111m", rules), nullptr).wildcard_completes);
  CHECK_FALSE(compute_waits(capped, parse_hand("1111m", capped), nullptr).wildcard_completes);

  // A form that may not use wildcards discards them: with standard's wildcards: false, the joker
  // of 123m 456p 789s 11z 2z * is dead weight, and 11z 2z need two draws (111z 22z, or 11z 222z):
  // 1-shanten, where laizi said 0.
  const RuleSet no_wild = load_rules_from_string(
      "name: no_wild\nextends: laizi\nforms: {standard: {wildcards: false}}\n", "no_wild.yaml");
  CHECK(named(compute_shanten(no_wild, parse_hand("123m456p789s11z2z*", no_wild)), no_wild)
            .at("standard") == 1);
}

TEST_CASE("pair rules and the most wildcards a win may hold", "[shanten]") {
  const RuleSet& laizi = rules_named("laizi");
  const RuleSet& rules = rules_named("two_five_eight");  // pairs 2/5/8, at most one wildcard
  // 123m 456p 789s 11z 23m: in laizi 11z is the pair and 23m waits on 1m and 4m. With the pair on
  // 2, 5 or 8 only, 11z must become a pung: 11z 2m 3m + x is never a meld and a 2-5-8 pair, so
  // nothing completes it; 111z and 22m need 1z and 2m: shanten 1.
  const std::string open_wait = "123m456p789s11z23m";
  CHECK(named(compute_waits(laizi, parse_hand(open_wait, laizi), nullptr), laizi).size() == 2);
  CHECK(compute_waits(rules, parse_hand(open_wait, rules), nullptr).tiles.empty());
  CHECK(named(compute_shanten(rules, parse_hand(open_wait, rules)), rules).at("standard") == 1);

  // 123m 456p 789s 111z *: the joker pairs with any drawn tile in laizi (34 waits, and a drawn
  // joker makes {**}), but here it may only complete a natural 2, 5 or 8: nine waits. Copies
  // left: 2m (in 123m), 5p (456p) and 8s (789s) 3 each, the six others 4: 33. A drawn joker would
  // make a wildcard pair alone and two wildcards in the hand: no.
  const std::string joker = "123m456p789s111z*";
  const Waits wide = compute_waits(laizi, parse_hand(joker, laizi), nullptr);
  CHECK(wide.tiles.size() == 34);
  CHECK(wide.wildcard_completes);
  const Waits narrow = compute_waits(rules, parse_hand(joker, rules), nullptr);
  std::set<std::string> tiles;
  for (const auto& [tile, forms_and_left] : named(narrow, rules)) tiles.insert(tile);
  CHECK(tiles == std::set<std::string>{"2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s"});
  CHECK(narrow.remaining_total == 33);
  CHECK_FALSE(narrow.wildcard_completes);

  // 123m 456p 789s 11z **: laizi waits on anything (11z pair, x** pung): ready. With one wildcard
  // at most, one joker goes; 11z needs a third tile and the pair a natural 2/5/8 (a joker may
  // complete only one of the two while the other joker is discarded): two draws, shanten 1.
  const std::string two_jokers = "123m456p789s11z**";
  CHECK(compute_shanten(laizi, parse_hand(two_jokers, laizi)).shanten == 0);
  CHECK(named(compute_shanten(rules, parse_hand(two_jokers, rules)), rules).at("standard") == 1);
  CHECK(compute_waits(rules, parse_hand(two_jokers, rules), nullptr).tiles.empty());
}

TEST_CASE("small and large hands", "[shanten]") {
  const RuleSet& basic = rules_named("basic");
  // One tile waits on its pair mate; two tiles are a pair (-1) or one exchange from it (0).
  CHECK(named(compute_waits(basic, parse_hand("1m", basic), nullptr), basic) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{{"1m", {{"standard"}, 3}}});
  CHECK(compute_shanten(basic, parse_hand("1m", basic)).shanten == 0);
  CHECK(compute_shanten(basic, parse_hand("11m", basic)).shanten == -1);
  CHECK(compute_shanten(basic, parse_hand("12m", basic)).shanten == 0);
  CHECK(compute_shanten(basic, parse_hand("1m2p", basic)).shanten == 0);
  // Four tiles 1m 3m 5m 7m: one draw would have to complete a meld and a pair from 1357m + x,
  // and no x pairs up while the other three form a meld (x=1: 11 + 357, ...); two draws do
  // (123m 55m): shanten 1.
  CHECK(compute_shanten(basic, parse_hand("1357m", basic)).shanten == 1);
  // 16 tiles: 123 456 789m + 1234567p: 123p 456p 7p waits on 7p, 123p 4p 567p on 4p, 1p 234p
  // 567p on 1p; nothing else makes two melds and a pair of 1234567p + x.
  CHECK(named(compute_waits(basic, parse_hand("123456789m1234567p", basic), nullptr), basic) ==
        std::map<std::string, std::pair<std::set<std::string>, int>>{
            {"1p", {{"standard"}, 3}}, {"4p", {{"standard"}, 3}}, {"7p", {{"standard"}, 3}}});
  // 17 tiles: five pungs or three chows of 123m 234m... : 111 222 333 444 555 66m complete.
  CHECK(compute_shanten(basic, parse_hand("11122233344455566m", basic)).shanten == -1);
}

TEST_CASE("visible tiles lower the copies left", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  const TileCounts visible = parse_visible("1m 55m9m", rules);
  CHECK(visible[tile_of(rules, "1m")] == 1);
  CHECK(visible[tile_of(rules, "5m")] == 2);
  CHECK(visible[tile_of(rules, "9m")] == 1);
  // Nine gates: 1m 4-3-1 = 0, 5m 4-1-2 = 1, 9m 4-3-1 = 0, the six others 3 each: 19. Tiles with
  // nothing left are still waits.
  const Waits waits = compute_waits(rules, parse_hand("1112345678999m", rules), &visible);
  CHECK(waits.tiles.size() == 9);
  CHECK(waits.remaining_total == 19);
  CHECK(named(waits, rules).at("1m").second == 0);
  CHECK(named(waits, rules).at("5m").second == 1);
  const std::vector<Improvement> improving =
      improving_tiles(rules, parse_hand("1112345678999m", rules), &visible);
  CHECK(named(improving, rules).at("5m") == 1);
  // More seen than held and seen together: clamped at 0.
  const TileCounts many = parse_visible("1111m", rules);
  CHECK(named(compute_waits(rules, parse_hand("1112345678999m", rules), &many), rules)
            .at("1m")
            .second == 0);
  CHECK(parse_visible("", rules) == TileCounts{});
}

TEST_CASE("visible tile errors name the column", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  const struct {
    const char* text;
    const char* message;
    int column;
  } cases[] = {
      {"1m1m1m1m1m", "more visible copies of 1m than the set holds (4)", 9},
      {"1x", "unknown suit 'x'", 2},
      {"12", "tiles '12' have no suit letter", 1},
      {"m", "suit letter 'm' follows no tile digits", 1},
      {"1m*", "jokers are not counted among visible tiles", 3},
      {"0m", "red five '0m' but rule set 'basic' has no red fives in suit 'm'", 1},
      {"8z", "tile 8z is not in rule set 'basic'", 1},
      {"1m #", "unexpected character '#'", 4},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    try {
      (void)parse_visible(c.text, rules);
      FAIL("no error");
    } catch (const NotationError& error) {
      CHECK_THAT(error.what(), Catch::Contains(c.message));
      CHECK(error.column() == c.column);
    }
  }
}

TEST_CASE("hands of other sizes are refused", "[shanten]") {
  const RuleSet& rules = rules_named("basic");
  CHECK_THROWS_WITH(compute_shanten(rules, parse_hand("123m", rules)),
                    Catch::Contains("hand holds 3 tiles"));
  CHECK_THROWS_AS(compute_waits(rules, parse_hand("11m", rules), nullptr), AnalysisError);
  CHECK_THROWS_AS(improving_tiles(rules, parse_hand("123456m", rules), nullptr), AnalysisError);
  // A 3n+1 hand under laizi may hold 13 tiles at most; 14 is a complete size: waits refuse it.
  const RuleSet& laizi = rules_named("laizi");
  CHECK_THROWS_WITH(compute_waits(laizi, parse_hand("123m456p789s11122z", laizi), nullptr),
                    Catch::Contains("waits and improving tiles need 3n+1 tiles"));
}

// =============================================================================================
// Random hands against the reference and the engine
// =============================================================================================

TEST_CASE("random hands: small rule sets, every size, reference and engine", "[shanten]") {
  const std::vector<int> sizes = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
  const CheckOptions options;
  // Improving tiles are checked against the reference on every third 3n+1 hand.
  const Tally tiny = check_random_hands("tiny_capped", 11, 2500, sizes, 3, 2, options, 3);
  const Tally two = check_random_hands("two_copies", 12, 2500, sizes, 2, 2, options, 3);
  const Tally pairs = check_random_hands("tiny_pairs", 13, 2000, sizes, 4, 2, options, 3);
  const Tally natural = check_random_hands("tiny_no_wild_pair", 14, 2000, sizes, 3, 2, options, 3);
  // The hand mix reaches the interesting cases.
  for (const Tally& tally : {tiny, two, pairs, natural}) {
    CHECK(tally.ready > tally.hands / 10);
    CHECK(tally.complete > tally.hands / 20);
    CHECK(tally.wildcard_waits > tally.hands / 20);
    CHECK(tally.declared > tally.hands / 5);
  }
  CHECK(tiny.four_of_a_kind > 100);
}

TEST_CASE("random hands: a suit must be missing (Sichuan's rule)", "[shanten]") {
  const CheckOptions options;
  const Tally tally =
      check_random_hands("tiny_sichuan", 41, 3000, {1, 2, 4, 5, 7, 8}, 0, 1, options, 3);
  CHECK(tally.ready > 300);
  CHECK(tally.complete > 100);
  CHECK(tally.declared > 300);
}

TEST_CASE("random hands: pungs beside pairs (嚦咕嚦咕)", "[shanten]") {
  const CheckOptions options;
  const Tally tally = check_random_hands("tiny_ligu", 51, 1500, {8, 10, 11}, 3, 0, options, 3);
  CHECK(tally.ready > 150);
  CHECK(tally.complete > 50);
  CHECK(tally.wildcard_waits > 50);
}

TEST_CASE("random hands: knitted forms (组合龙, 全不靠, 七星不靠) with jokers", "[shanten]") {
  const CheckOptions options;
  const Tally tally = check_random_hands("knitted_only", 61, 1500, {13, 14}, 3, 1, options, 5);
  CHECK(tally.ready > 100);
  CHECK(tally.complete > 50);
  CHECK(tally.wildcard_waits > 50);
  CHECK(tally.declared > 100);
}

TEST_CASE("random hands: 十六不搭 with jokers", "[shanten]") {
  const CheckOptions options;
  const Tally tally = check_random_hands("unrelated_only", 62, 800, {16, 17}, 3, 0, options, 5);
  CHECK(tally.ready > 30);
  CHECK(tally.complete > 15);
  CHECK(tally.wildcard_waits > 20);
}

TEST_CASE("random hands: mcr and taiwan with every form, against the engine", "[shanten]") {
  CheckOptions options;
  options.reference = false;
  const Tally mcr = check_random_hands("mcr", 63, 1500, {13, 14}, 0, 1, options);
  const Tally taiwan = check_random_hands("taiwan", 64, 600, {16, 17}, 0, 1, options);
  CHECK(mcr.ready > 100);
  CHECK(mcr.complete > 30);
  CHECK(taiwan.ready > 15);
}

TEST_CASE("random hands: basic and laizi, reference up to 8 tiles", "[shanten]") {
  const CheckOptions options;
  const std::vector<int> small = {1, 2, 4, 5, 7, 8};
  const Tally basic = check_random_hands("basic", 21, 1500, small, 0, 1, options, 4);
  const Tally laizi = check_random_hands("laizi", 22, 2500, small, 3, 1, options, 4);
  const Tally pairs = check_random_hands("two_five_eight", 23, 1000, small, 2, 1, options, 4);
  CHECK(basic.ready > 300);
  CHECK(laizi.wildcard_waits > 300);
  CHECK(pairs.ready > 100);
  CHECK(basic.four_of_a_kind + laizi.four_of_a_kind > 100);
}

TEST_CASE("random hands: full sizes against the engine", "[shanten]") {
  CheckOptions options;
  options.reference = false;
  const Tally basic =
      check_random_hands("basic", 31, 1000, {10, 11, 13, 14, 16, 17}, 0, 3, options);
  const Tally laizi = check_random_hands("laizi", 32, 1500, {10, 11, 13, 14}, 3, 2, options);
  const Tally exhausted = check_random_hands("exhausted", 33, 1000, {7, 10, 13}, 2, 2, options);
  const Tally capped =
      check_random_hands("capped_distinct", 34, 1000, {10, 11, 13, 14}, 3, 2, options);
  const Tally pairs =
      check_random_hands("two_five_eight", 35, 1000, {10, 11, 13, 14}, 2, 2, options);
  for (const Tally& tally : {basic, laizi, capped, pairs}) CHECK(tally.ready > tally.hands / 30);
  CHECK(laizi.wildcard_waits > 100);
  CHECK(exhausted.exhausted > 20);
  CHECK(basic.four_of_a_kind + laizi.four_of_a_kind > 100);
}
