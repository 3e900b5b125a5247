/// The predicates over tile sets and groups (predicate_list.hpp): faces (the hand's
/// faces against tile sets), groups (count the groups that match a filter) and sets (relations
/// among groups of sequence suits).

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/support/bits.hpp"
#include "patterns/arguments.hpp"
#include "patterns/evals.hpp"
#include "patterns/predicate_list.hpp"

namespace meldgraph::patterns {

// ---------------------------------------------------------------------------------------------
// faces: the hand's faces against tile sets.

namespace {

constexpr std::string_view kSetKeys[] = {"all_in", "any_in", "none_in"};

/// Reads the all_in / any_in / none_in keys of a map into the node's SetKeys; true when any.
bool read_set_keys(const Value& map, const ReadContext& context, ConditionNode& node) {
  const SetKeys keys(node);
  bool any = false;
  for (const Item& entry : map.entries) {
    for (std::size_t k = 0; k < std::size(kSetKeys); ++k) {
      if (entry.key != kSetKeys[k]) continue;
      keys.set(k) = read_tile_set(entry, context);
      keys.keys() = static_cast<std::uint8_t>(keys.keys() | (1U << k));
      any = true;
    }
  }
  return any;
}
std::string set_keys_text(const ConditionNode& node, const WriteContext& context) {
  const SetKeys keys(node);
  std::string out;
  for (std::size_t k = 0; k < std::size(kSetKeys); ++k) {
    if ((keys.keys() & (1U << k)) == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::string(kSetKeys[k]) + ": " + write_tile_set(keys.set(k), context);
  }
  return out;
}

}  // namespace
void read_faces(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kSetKeys, "faces");
  if (!read_set_keys(map, context, node)) {
    fail(item.value.where, "'faces' needs all_in, any_in or none_in");
  }
}
std::string write_faces(const ConditionNode& node, const WriteContext& context) {
  return wrap("{", set_keys_text(node, context), "}");
}

// ---------------------------------------------------------------------------------------------
// groups: count the groups that match a filter.

namespace {

constexpr std::string_view kKindWords[] = {"pair",     "pung",     "kong",      "chow", "single",
                                           "any_meld", "any_pair", "wildcards", "knit"};
/// The flag keys of a group filter, and their kFeature bits.
constexpr std::string_view kGroupFlagWords[] = {"open",           "declared",   "winning",
                                                "by_discard",     "wild",       "abstract",
                                                "concealed_kong", "added_kong", "all_wild"};
constexpr std::uint16_t kGroupFlagBits[] = {
    kFeatureOpen,     kFeatureDeclared,      kFeatureWinning,   kFeatureByDiscard, kFeatureWild,
    kFeatureAbstract, kFeatureConcealedKong, kFeatureAddedKong, kFeatureAllWild};
constexpr std::string_view kGroupKeys[] = {
    "kind",   "open",     "declared", "winning",        "by_discard",
    "wild",   "abstract", "all_wild", "concealed_kong", "added_kong",
    "all_in", "any_in",   "none_in",  "count",          "min",
    "max",    "all"};

constexpr std::uint32_t kAllKinds = (1U << std::size(kKindWords)) - 1;

/// The filter keys of a group filter (kind, flags, tile sets) into `node`.
void read_group_filter(const Value& map, const ReadContext& context, ConditionNode& node) {
  const GroupsArgs args(node);
  args.kinds() = kAllKinds;
  for (const Item& entry : map.entries) {
    if (entry.key == "kind") args.kinds() = read_word_mask(entry, kKindWords);
    for (std::size_t k = 0; k < std::size(kGroupFlagWords); ++k) {
      if (entry.key != kGroupFlagWords[k]) continue;
      if (rule_file::read_bool(entry)) {
        args.flags_set() |= kGroupFlagBits[k];
      } else {
        args.flags_clear() |= kGroupFlagBits[k];
      }
    }
  }
  read_set_keys(map, context, node);
}
std::string group_filter_text(const ConditionNode& node, const WriteContext& context) {
  const GroupsArgs args(node);
  std::string out;
  const auto add = [&](const std::string& part) {
    if (!out.empty()) out += ", ";
    out += part;
  };
  if (args.kinds() != kAllKinds) add("kind: " + word_mask_text(args.kinds(), kKindWords));
  for (std::size_t k = 0; k < std::size(kGroupFlagWords); ++k) {
    if ((args.flags_set() & kGroupFlagBits[k]) != 0) {
      add(std::string(kGroupFlagWords[k]) + ": true");
    }
    if ((args.flags_clear() & kGroupFlagBits[k]) != 0) {
      add(std::string(kGroupFlagWords[k]) + ": false");
    }
  }
  const std::string sets = set_keys_text(node, context);
  if (!sets.empty()) add(sets);
  return out;
}
}  // namespace
void read_groups(const Item& item, const ReadContext& context, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kGroupKeys, "groups");
  read_group_filter(map, context, node);
  const GroupsArgs args(node);
  args.count().min = 1;  // by default: some group matches
  const bool counted = read_range_keys(map, args.count());
  if (const Item* all = map.find("all")) {
    if (counted) fail(all->key_where, "'groups' takes either 'all' or a count, not both");
    if (!rule_file::read_bool(*all)) {
      fail(all->value.where,
           "'all: false' says nothing; write 'max' or wrap the condition in 'not'");
    }
    args.count_mode() = static_cast<std::uint8_t>(GroupsCount::all);
  }
}
std::string write_groups(const ConditionNode& node, const WriteContext& context) {
  const GroupsArgs args(node);
  std::string out = group_filter_text(node, context);
  std::string count = args.counts_all() ? "all: true" : range_keys(args.count(), {1, 0x7FFF});
  if (!count.empty()) out += (out.empty() ? "" : ", ") + count;
  return wrap("{", out, "}");
}

// ---------------------------------------------------------------------------------------------
// sets: relations among groups of sequence suits (identical, shifted, same rank across suits,
// straights). Its arguments: SetsArgs (predicates.hpp).

constexpr std::string_view kSuitModes[] = {"same", "distinct", "any"};
constexpr std::string_view kSetsKeys[] = {"kind",     "size",  "step", "suits",
                                          "disjoint", "count", "min",  "max"};
constexpr std::size_t kMaxSets = kMaxSetInstances;

void read_sets(const Item& item, const ReadContext& /*context*/, ConditionNode& node) {
  const Value& map = expect_map_arg(item);
  check_arg_keys(map, kSetsKeys, "sets");
  const SetsArgs args(node);
  args.kinds() = kAllKinds;
  args.size() = 2;
  args.suits() = static_cast<std::uint8_t>(SuitsMode::same);
  for (const Item& entry : map.entries) {
    if (entry.key == "kind") args.kinds() = read_word_mask(entry, kKindWords);
    if (entry.key == "size") {
      args.size() = static_cast<std::uint8_t>(rule_file::read_int(entry, 2, 4));
    }
    if (entry.key == "step") {
      args.step() = static_cast<std::uint8_t>(rule_file::read_int(entry, 0, 8));
    }
    if (entry.key == "suits") {
      // kSuitModes is in SuitsMode order.
      args.suits() = static_cast<std::uint8_t>(std::countr_zero(read_word_mask(entry, kSuitModes)));
    }
    if (entry.key == "disjoint") args.disjoint() = rule_file::read_bool(entry) ? 1 : 0;
  }
  if (map.find("suits") == nullptr) {
    fail(item.value.where, "'sets' needs 'suits' (same, distinct or any)");
  }
  args.count().min = 1;
  read_range_keys(map, args.count());
}
std::string write_sets(const ConditionNode& node, const WriteContext& /*context*/) {
  const SetsArgs args(node);
  std::string out = "{";
  if (args.kinds() != kAllKinds) out += "kind: " + word_mask_text(args.kinds(), kKindWords) + ", ";
  out += "size: " + std::to_string(args.size()) + ", step: " + std::to_string(args.step()) +
         ", suits: " + std::string(kSuitModes[args.suits()]);
  if (args.disjoint() != 0) out += ", disjoint: true";
  const std::string count = range_keys(args.count(), {1, 0x7FFF});
  if (!count.empty()) out += ", " + count;
  return out + "}";
}

namespace {

/// Whether two groups (rank and suit each) may stand together in a set of `node`'s shape of
/// `size` groups. The shape is pairwise: `size` groups form a set exactly when every two of them
/// may stand together. Suits: same or distinct pairwise is the definition. Ranks: with step 0,
/// all equal. With step s > 0, every two ranks distinct and apart by s, 2s, ..., (size - 1)s:
/// sorted, the lowest and highest are at most (size - 1)s apart and each of the size - 1 gaps
/// is at least s, so every gap is s, the set's definition.
bool may_pair(const ConditionNode& n, int size, const GroupFeature& a, const GroupFeature& b) {
  const SetsArgs args(n);
  if (args.suits_mode() == SuitsMode::same && a.suit != b.suit) return false;
  if (args.suits_mode() == SuitsMode::distinct && a.suit == b.suit) return false;
  const int step = args.step();
  const int apart = a.rank > b.rank ? a.rank - b.rank : b.rank - a.rank;
  if (step == 0) return apart == 0;
  return apart != 0 && apart % step == 0 && apart <= (size - 1) * step;
}

/// The most pairwise disjoint masks among masks[from, count), given `used` groups taken.
int most_disjoint(const std::array<std::uint32_t, kMaxSets>& masks, std::size_t count,
                  std::size_t from, std::uint32_t used) {
  int best = 0;
  for (std::size_t i = from; i < count; ++i) {
    if ((masks[i] & used) != 0) continue;
    best = std::max(best, 1 + most_disjoint(masks, count, i + 1, used | masks[i]));
  }
  return best;
}

/// The cliques of `size` candidates in the fit graph, each as a mask of its groups, in
/// lexicographic order of candidate positions, at most kMaxSets of them.
struct SetWalk {
  const std::array<std::uint8_t, kMaxFeatureGroups>& candidates;
  const std::array<std::uint32_t, kMaxFeatureGroups>& fits;
  std::array<std::uint32_t, kMaxSets>& masks;
  int size;
  std::size_t sets = 0;

  /// `picked` candidates chosen (their groups' mask `groups`); `open`: the candidates after the
  /// last one chosen that fit every chosen one.
  void extend(int picked, std::uint32_t groups, std::uint32_t open, int from) {
    if (picked == size) {
      if (sets < kMaxSets) masks[sets++] = groups;
      return;
    }
    // The walk reads how many candidates are left at each step, so it keeps its own loop.
    std::uint32_t rest = open & ~((1U << from) - 1);
    for (; rest != 0; rest &= rest - 1) {
      const int c = std::countr_zero(rest);
      // Not enough candidates left from c on to complete the set.
      if (small_popcount(rest) < size - picked) return;
      extend(picked + 1, groups | (1U << candidates[static_cast<std::size_t>(c)]),
             open & fits[static_cast<std::size_t>(c)], c + 1);
    }
  }
};

}  // namespace
std::size_t set_instances(const ConditionNode& n, const ScoreFeatures& f,
                          std::array<std::uint32_t, kMaxSetInstances>& masks) {
  // Step 1: the candidate groups: of the kinds (the record's kind index), concrete, of a
  // sequence suit.
  const SetsArgs args(n);
  const std::uint32_t of_kinds = groups_of_kinds(args.kinds(), f);
  const int size = args.size();
  if (small_popcount(of_kinds) < size) return 0;
  std::array<std::uint8_t, kMaxFeatureGroups> candidates;  // [0, count) written before read
  int count = 0;
  const std::vector<SuitInfo>& suits = f.rules->suits();
  for (const int i : set_bits(of_kinds)) {
    const GroupFeature& g = f.groups[static_cast<std::size_t>(i)];
    if (g.faces == 0 || !suits[g.suit].sequences) continue;
    candidates[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(i);
  }
  if (count < size) return 0;
  // Step 2: which candidates may stand together (bit j of fits[i]: candidates i and j).
  std::array<std::uint32_t, kMaxFeatureGroups> fits{};
  for (int i = 0; i < count; ++i) {
    const GroupFeature& a = f.groups[candidates[static_cast<std::size_t>(i)]];
    for (int j = i + 1; j < count; ++j) {
      if (may_pair(n, size, a, f.groups[candidates[static_cast<std::size_t>(j)]])) {
        fits[static_cast<std::size_t>(i)] |= 1U << j;
        fits[static_cast<std::size_t>(j)] |= 1U << i;
      }
    }
  }
  // Step 3: every `size` candidates that pairwise fit (a set, may_pair), as a mask of groups, in
  // lexicographic order of the candidates' positions.
  SetWalk walk{candidates, fits, masks, size};
  walk.extend(0, 0, (count >= 32 ? ~0U : (1U << count) - 1), 0);
  return walk.sets;
}

TileMask tiles_outside_meeting_groups(const ConditionNode& n, const TileTable& rules, bool knits) {
  const GroupsArgs args(n);
  for (std::size_t k = 0; k < 3; ++k) {
    if ((args.keys() & (1U << k)) != 0 && args.set(k).context != 0) return 0;
  }
  // As groups_meeting_sets, for one group's faces.
  const auto meets = [&](TileMask faces) {
    return (!args.has(kAllIn) || mask_all_in(faces, args.all_in().tiles)) &&
           (!args.has(kAnyIn) || (faces & args.any_in().tiles) != 0) &&
           (!args.has(kNoneIn) || (faces & args.none_in().tiles) == 0);
  };
  const auto admits = [&](GroupKind kind) {
    return ((args.kinds() >> static_cast<unsigned>(kind)) & 1U) != 0;
  };
  const bool alone = admits(GroupKind::pair) || admits(GroupKind::pung) ||
                     admits(GroupKind::kong) || admits(GroupKind::single);
  // The tile `steps` ranks above `tile` in its suit, if the suit has it.
  const auto above = [&](TileId tile, int steps) {
    const TileInfo& info = rules.tile(tile);
    for (TileId t = 0; t < rules.tile_count(); ++t) {
      const TileInfo& other = rules.tile(t);
      if (other.suit == info.suit && other.rank == info.rank + steps && !other.bonus) return t;
    }
    return kNoTile;
  };
  TileMask held = 0;
  TileMask every = 0;
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    const TileInfo& info = rules.tile(t);
    if (info.bonus) continue;
    every |= tile_bit(t);
    if (alone && meets(tile_bit(t))) held |= tile_bit(t);
    if (admits(GroupKind::chow) && info.next != kNoTile && rules.tile(info.next).next != kNoTile) {
      const TileMask chow =
          tile_bit(t) | tile_bit(info.next) | tile_bit(rules.tile(info.next).next);
      if (meets(chow)) held |= chow;
    }
    if (knits && admits(GroupKind::knit)) {
      const TileId middle = above(t, 3);
      const TileId top = above(t, 6);
      if (middle != kNoTile && top != kNoTile) {
        const TileMask knit = tile_bit(t) | tile_bit(middle) | tile_bit(top);
        if (meets(knit)) held |= knit;
      }
    }
  }
  return every & ~held;
}

namespace {

/// Adds the bits `bits` once each to the multiplicity masks `levels` (levels[k - 1]: the bits
/// added at least k times).
template <class Mask>
void add_held(std::array<Mask, 4>& levels, Mask bits) {
  levels[3] |= levels[2] & bits;
  levels[2] |= levels[1] & bits;
  levels[1] |= levels[0] & bits;
  levels[0] |= bits;
}

/// Whether rank r, r + step, ..., r + (size - 1) step are all in `ranks` for some r (with
/// several suits' fields in `ranks`, a run may also be found across two fields: a screen may
/// hold where no set is, never the other way).
bool has_run(std::uint64_t ranks, int size, int step) {
  std::uint64_t starts = ranks;
  for (int i = 1; i < size; ++i) starts &= ranks >> (i * step);
  return starts != 0;
}

}  // namespace

SetCandidateRanks set_candidate_ranks(std::uint32_t kinds, const ScoreFeatures& f) {
  SetCandidateRanks out;
  const std::vector<SuitInfo>& suits = f.rules->suits();
  std::array<std::uint64_t, 4> held{};
  std::array<std::uint32_t, 4> across{};
  for (const int group : set_bits(groups_of_kinds(kinds, f))) {
    const GroupFeature& g = f.groups[static_cast<std::size_t>(group)];
    if (g.faces == 0 || !suits[g.suit].sequences) continue;
    if (g.suit >= 4 || g.rank >= 16) {
      out.complete = false;
      return out;
    }
    add_held(held, std::uint64_t{1} << (16U * g.suit + g.rank));
    add_held(across, std::uint32_t{1} << g.rank);
  }
  out.held = held;
  out.across = across;
  return out;
}

bool some_set_possible(const ConditionNode& n, const SetCandidateRanks& ranks) {
  if (!ranks.complete) return true;
  const SetsArgs args(n);
  const int size = args.size();
  const int step = args.step();
  const auto k = static_cast<std::size_t>(size - 1);
  const bool same = args.suits_mode() == SuitsMode::same;
  if (step > 0) return has_run(same ? ranks.held[0] : ranks.across[0], size, step);
  if (same) return ranks.held[k] != 0;
  if (args.suits_mode() == SuitsMode::any) return ranks.across[k] != 0;
  std::array<std::uint64_t, 4> in_suits{};  // [j - 1]: ranks held in at least j suits
  for (unsigned suit = 0; suit < 4; ++suit) {
    add_held(in_suits, (ranks.held[0] >> (16U * suit)) & 0xFFFFU);
  }
  return in_suits[k] != 0;
}

bool sets_possible_under(const ConditionNode& n, const RuleSet& rules) {
  const SetsArgs args(n);
  if (args.count().holds(0)) return true;
  constexpr std::uint32_t kOneTile = (1U << static_cast<unsigned>(GroupKind::pair)) |
                                     (1U << static_cast<unsigned>(GroupKind::pung)) |
                                     (1U << static_cast<unsigned>(GroupKind::kong));
  constexpr std::uint32_t kChow = 1U << static_cast<unsigned>(GroupKind::chow);
  // Other kinds (singles, knits, abstract groups) are not screened by tiles.
  if ((args.kinds() & ~(kOneTile | kChow)) != 0) return true;
  const auto allowed = [&](TileId t) {
    return t != kNoTile && (rules.forbidden_tiles() & tile_bit(t)) == 0;
  };
  SetCandidateRanks ranks;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    const TileInfo& tile = rules.tile(t);
    if (!rules.suits()[tile.suit].sequences || !allowed(t)) continue;
    const bool one_tile = (args.kinds() & kOneTile) != 0;
    const bool chow =
        (args.kinds() & kChow) != 0 && allowed(tile.next) && allowed(rules.tile(tile.next).next);
    if (!one_tile && !chow) continue;
    if (tile.suit >= 4 || tile.rank >= 16) return true;  // past the screen's fields
    for (int group = 0; group < 4; ++group) {
      add_held(ranks.held, std::uint64_t{1} << (16U * tile.suit + tile.rank));
      add_held(ranks.across, std::uint32_t{1} << tile.rank);
    }
  }
  return some_set_possible(n, ranks);
}

bool faces_possible_under(const ConditionNode& n, const RuleSet& rules) {
  const SetKeys keys(n);
  if (!keys.has(kAllIn) || keys.all_in().context != 0) return true;
  TileMask held = 0;  // the kinds a hand may hold
  for (TileId t = 0; t < rules.meldable_count(); ++t) held |= tile_bit(t);
  held &= ~rules.forbidden_tiles();
  return (keys.all_in().tiles & held) != 0;
}

int sets_found(const ConditionNode& n, const ScoreFeatures& f) {
  std::array<std::uint32_t, kMaxSets> masks;  // [0, sets) written by set_instances
  const std::size_t sets = set_instances(n, f, masks);
  return SetsArgs(n).disjoint() != 0 ? most_disjoint(masks, sets, 0, 0) : static_cast<int>(sets);
}

std::span<const std::uint32_t> SetInstances::of(const ConditionNode& node) {
  // The fields set_instances reads: kinds, size, step, suits mode.
  const SetsArgs args(node);
  const std::uint64_t key = std::uint64_t{args.kinds()} << 32 | std::uint64_t{args.size()} << 16 |
                            std::uint64_t{args.step()} << 8 | args.suits();
  for (std::size_t i = 0; i < used_; ++i) {
    if (shapes_[i].key == key) return {shapes_[i].masks.data(), shapes_[i].count};
  }
  std::size_t slot = used_;
  if (used_ < kShapes) {
    ++used_;
  } else {
    slot = next_;
    next_ = (next_ + 1) % kShapes;
  }
  Shape& shape = shapes_[slot];
  shape.key = key;
  shape.count = set_instances(node, features_, shape.masks);
  return {shape.masks.data(), shape.count};
}

int SetInstances::found(const ConditionNode& node) {
  const std::span<const std::uint32_t> instances = of(node);
  if (SetsArgs(node).disjoint() == 0) return static_cast<int>(instances.size());
  std::array<std::uint32_t, kMaxSets> masks;  // [0, size) copied
  std::copy(instances.begin(), instances.end(), masks.begin());
  return most_disjoint(masks, instances.size(), 0, 0);
}

int count_sets(const ConditionNode& n, const ScoreFeatures& f) {
  return some_set_possible(n, set_candidate_ranks(SetsArgs(n).kinds(), f)) ? sets_found(n, f) : 0;
}

bool eval_sets(const ConditionNode& n, const ScoreFeatures& f) {
  return SetsArgs(n).count().holds(count_sets(n, f));
}
}  // namespace meldgraph::patterns
