#include "meldgraph/scoring/realisation_keys.hpp"

#include <algorithm>
#include <bit>

#include "meldgraph/scoring/scoring_rules.hpp"
#include "patterns/evals.hpp"

namespace meldgraph {
namespace {

/// A tile class of its own: the tile's id with this bit (ids are below kMaxTileKinds = 64).
constexpr std::uint8_t kAlone = 0x80;

/// The predicates whose answer does not depend on a realised tile's rank beyond the named sets
/// it lies in (and per-face counts, which the key keeps): every other predicate, `sets` and
/// `suit_counts` and any added later, makes ranks count.
bool blind_to_ranks(std::uint8_t op) {
  static constexpr std::string_view kBlind[] = {
      "groups",    "faces",          "suits",     "honours",    "closed_hand",
      "form",      "wait",           "only_wait", "waits",      "win",
      "flag",      "dealer",         "seat_wind", "round_wind", "copies",
      "wildcards", "soft_wildcards", "bonus",     "honba"};
  return std::any_of(std::begin(kBlind), std::end(kBlind),
                     [op](std::string_view name) { return patterns::predicate_op(name) == op; });
}

/// The predicates that read a realised tile's face only through the named sets it lies in, not
/// through how many tiles of that face the hand holds (ScoreFeatures::counts): all of those
/// blind to ranks but `copies`.
bool blind_to_counts(std::uint8_t op) {
  return blind_to_ranks(op) && op != patterns::predicate_op("copies");
}

/// Every tile set the rule set's scoring names: its conditions' sets, its user sets, the pao
/// melds, and the classes the fu rules read (a pung of terminals or honours, a dragon pair).
/// The suits need no set: equivalent tiles share a suit.
std::vector<TileMask> named_sets(const RuleSet& rules, const ScoringRules& scoring) {
  std::vector<TileMask> sets;
  for (const ConditionNode& node : scoring.patterns.nodes) {
    for (const TileSetRef& ref : node.sets) sets.push_back(ref.tiles);
  }
  for (const auto& [name, tiles] : scoring.patterns.tile_sets) sets.push_back(tiles);
  for (const PaoRule& pao : scoring.values.payments.pao) sets.push_back(pao.tiles);
  if (scoring.values.fu.enabled) {
    sets.push_back(rules.tile_classes().terminals_or_honours);
    sets.push_back(rules.tile_classes().dragons);
  }
  std::sort(sets.begin(), sets.end());
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  return sets;
}

}  // namespace

RealisationKeys::RealisationKeys(const RuleSet& rules) : rules_(&rules) {
  const ScoringRules* scoring = scoring_rules(rules);
  const std::vector<TileMask> sets =
      scoring != nullptr ? named_sets(rules, *scoring) : std::vector<TileMask>{};
  const auto count = static_cast<TileId>(rules.meldable_count());
  for (TileId t = 0; t < count; ++t) {
    static_class_[t] = t;              // the lowest tile of its class names it
    if (scoring == nullptr) continue;  // reads everything
    for (TileId u = 0; u < t; ++u) {
      const bool alike = rules.tile(u).suit == rules.tile(t).suit &&
                         std::all_of(sets.begin(), sets.end(), [&](TileMask set) {
                           return TileClasses::in(set, u) == TileClasses::in(set, t);
                         });
      if (alike) {
        static_class_[t] = u;
        break;
      }
    }
  }
  if (scoring == nullptr) return;
  counts_dora_ = scoring->values.dora.enabled;
  const auto& nodes = scoring->patterns.nodes;
  counts_read_ =
      counts_dora_ || std::any_of(nodes.begin(), nodes.end(), [](const ConditionNode& node) {
        return node.op >= kFirstPredicate && !blind_to_counts(node.op);
      });
  const bool ranks_read =
      std::any_of(scoring->patterns.nodes.begin(), scoring->patterns.nodes.end(),
                  [](const ConditionNode& node) {
                    return node.op >= kFirstPredicate && !blind_to_ranks(node.op);
                  });
  if (!ranks_read) return;
  for (TileId t = 0; t < count; ++t) {
    const SuitInfo& suit = rules.suits()[rules.tile(t).suit];
    if (suit.sequences) rank_tiles_ |= tile_bit(t);
  }
}

void RealisationKeys::start(const ReadingContext& context, const Interpretation& interpretation) {
  const RuleSet& rules = *rules_;
  // The tiles that are their own class for this interpretation.
  TileMask alone = rank_tiles_ | context.hand.wild_tiles;
  roles_.clear();
  for (const Group& group : interpretation.groups) {
    if (!group.abstract()) {
      // Held tiles matter only through the counts of their faces.
      for (int s = 0; counts_read_ && s < group.size; ++s) {
        alone |= tile_bit(group.tiles[static_cast<std::size_t>(s)]);
      }
      continue;
    }
    if (group.kind == GroupKind::wildcards) {
      roles_.push_back(Role::fixed);
    } else if (group.winning_slot() >= 0) {
      roles_.push_back(Role::winning);
    } else {
      roles_.push_back(group.kind == GroupKind::any_meld ? Role::meld : Role::pair);
    }
  }
  for (const TileId wind : {context.seat_wind_tile, context.round_wind_tile}) {
    if (wind != kNoTile) alone |= tile_bit(wind);
  }
  if (counts_dora_ && scoring_rules(rules) != nullptr) {
    const DoraRules& dora = scoring_rules(rules)->values.dora;
    for (const std::vector<TileId>* indicators : {&context.win.dora, &context.win.ura}) {
      for (const TileId indicator : *indicators) {
        if (indicator < kMaxTileKinds && dora.dora_of[indicator] != kNoTile) {
          alone |= tile_bit(dora.dora_of[indicator]);
        }
      }
    }
  }
  const auto count = static_cast<TileId>(rules.meldable_count());
  for (TileId t = 0; t < count; ++t) {
    class_of_[t] =
        TileClasses::in(alone, t) ? static_cast<std::uint8_t>(t | kAlone) : static_class_[t];
  }
  seen_.clear();
}

std::size_t RealisationKeys::classify(std::span<const Group> concrete) {
  // Each group's signature: its kind and its tiles' classes, for sorting the interchangeable
  // groups of one role; the low 8 bits index the group.
  order_.clear();
  for (std::size_t a = 0; a < concrete.size(); ++a) {
    const Group& group = concrete[a];
    std::uint32_t signature =
        static_cast<std::uint32_t>(a < roles_.size() ? roles_[a] : Role::fixed);
    signature = signature << 3U | static_cast<std::uint32_t>(group.kind);
    for (int s = 0; s < 3; ++s) {
      const TileId tile = s < group.size ? group.tiles[static_cast<std::size_t>(s)] : kNoTile;
      signature = signature << 8U | (tile < kMaxTileKinds ? class_of_[tile] : 0xFFU);
    }
    order_.push_back(signature);
  }
  index_.resize(concrete.size());
  for (std::size_t a = 0; a < index_.size(); ++a) index_[a] = a;
  std::stable_sort(index_.begin(), index_.end(),
                   [this](std::size_t x, std::size_t y) { return order_[x] < order_[y]; });

  key_.clear();
  if (counts_read_) first_seen_.fill(0);
  std::uint8_t next = 1;
  const auto add_tile = [&](TileId tile) {
    if (tile >= kMaxTileKinds) {
      key_.push_back('\xFF');
      return;
    }
    key_.push_back(static_cast<char>(class_of_[tile]));
    if (!counts_read_) return;
    if (first_seen_[tile] == 0) first_seen_[tile] = next++;
    key_.push_back(static_cast<char>(first_seen_[tile]));
  };
  const Group* winning = nullptr;
  for (const std::size_t a : index_) {
    const Group& group = concrete[a];
    key_.push_back(static_cast<char>(group.kind));
    key_.push_back(static_cast<char>(group.size));
    if (group.kind == GroupKind::wildcards) continue;  // stands for nothing
    for (int s = 0; s < group.size; ++s) add_tile(group.tiles[static_cast<std::size_t>(s)]);
    if (group.winning_slot() >= 0) winning = &group;
  }
  if (winning != nullptr) {
    add_tile(winning->tiles[static_cast<std::size_t>(winning->winning_slot())]);
    key_.push_back(static_cast<char>(wait_shape(*winning, *rules_)));
  }
  return seen_.try_emplace(key_, seen_.size()).first->second;
}

}  // namespace meldgraph
