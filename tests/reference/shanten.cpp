// The reference shanten (see shanten.hpp): written from the definition, sharing no code with
// engine/src/shanten/.

#include "reference/shanten.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "meldgraph/model/group.hpp"

namespace meldgraph::testref {

namespace {

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
  /// The fewest exchanges to a complete target hand of the form, or nullopt when the form has
  /// none of the hand's size.
  std::optional<int> form_exchanges(const FormSpec& form) {
    start_form(form);
    const bool whole_hand = declared_melds_ == 0;
    switch (form.type) {
      case FormType::wildcards:
        return wildcards_exchanges(form);
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
        choose_set_pair(form);
        break;
      case FormType::knitted:
        if (!choose_knits(form)) return std::nullopt;
        break;
      case FormType::singles:
        if (form.hand_tiles != target_ || !whole_hand) return std::nullopt;
        choose_singles(form, 0, form.hand_tiles - form.pairs, SinglesPattern{-1, 0, 0});
        break;
    }
    if (best_ == INT_MAX) return std::nullopt;
    return best_;
  }

  /// Sets up the search of one form's targets: the wildcards they may hold, the pair rules, and
  /// no target found yet.
  void start_form(const FormSpec& form) {
    // Wildcards the target may hold: none for a form without them, at most max_in_win (or the
    // form's own max_wildcards).
    usable_ = form.wildcards ? wildcards_ : 0;
    const int most = form.max_wildcards != FormSpec::kInheritWildcardCap
                         ? int{form.max_wildcards}
                         : int{rules_.wildcards().max_in_win};
    if (most != 0) usable_ = std::min<int>(usable_, most);
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
  }

  /// A wildcards form: W is `count` wildcards and other tiles; wildcards must be drawn as well
  /// (this form is about drawing them), and the set must hold enough of them.
  std::optional<int> wildcards_exchanges(const FormSpec& form) const {
    int supply = rules_.wildcards().jokers;
    for (int t = 0; t < rules_.tile_count(); ++t) {
      if ((hand_wild_ >> t & 1U) != 0) supply += rules_.tile(static_cast<TileId>(t)).copies;
    }
    if (form.count > target_ || supply < form.count) return std::nullopt;
    const int wildcards_to_draw = std::max(0, form.count - wildcards_);
    return std::max(wildcards_to_draw, target_ - concealed_);
  }

  /// A set form: every set tile once, and one of them twice.
  void choose_set_pair(const FormSpec& form) {
    for (const TileId t : form.set_tiles) ++demand_[t];
    for (const TileId extra : form.set_tiles) {
      ++demand_[extra];
      const auto cost = price();
      if (cost && lacks_enough_suits()) best_ = std::min(best_, *cost);
      --demand_[extra];
    }
  }

  /// A knitted form: every assignment of 147/258/369 to the three sequence suits, then the
  /// melds form's targets over the rest. False when the form has no target of the hand's size.
  bool choose_knits(const FormSpec& form) {
    const int rest = target_ - 9 - 2 * form.pairs;
    if (rest < 0 || rest % 3 != 0) return false;
    std::vector<int> suits;
    for (int t = 0; t < kinds_; ++t) {
      const TileInfo& info = rules_.tile(static_cast<TileId>(t));
      if (rules_.suits()[info.suit].sequences && info.rank == 1) suits.push_back(t);
    }
    std::array<int, 3> knit{0, 1, 2};
    const auto add_knits = [&](int by) {
      for (std::size_t k = 0; k < 3; ++k) {
        for (int r = 0; r < 3; ++r) {
          const int tile = suits[k] + knit[k] + 3 * r;
          demand_[static_cast<std::size_t>(tile)] += by;
        }
      }
    };
    do {
      add_knits(1);
      choose_melds(0, rest / 3, form.pairs);
      add_knits(-1);
    } while (std::next_permutation(knit.begin(), knit.end()));
    return true;
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

}  // namespace

std::map<std::size_t, int> reference_shanten(const RuleSet& rules, const Hand& hand) {
  return ReferenceShanten(rules, hand).by_form();
}

}  // namespace meldgraph::testref
