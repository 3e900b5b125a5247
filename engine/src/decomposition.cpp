/// The search that builds the meld-decomposition graph.
///
/// Meld forms: the search takes the lowest remaining natural tile and tries every group that holds
/// it (pair, pung, chow with it in any position, each other slot natural or wildcard). Groups that
/// hold the same lowest tile are taken in a fixed template order, so every multiset of groups is
/// reached by exactly one path. When no natural tile is left, the remaining wildcards form abstract
/// groups (any meld, any pair), listed once. Set forms (thirteen orphans) walk the set's tiles in
/// order instead. Identical states are merged, which makes the result a DAG; states from which the
/// goal cannot be reached are dropped, so every root-to-goal path is an interpretation.

#include <algorithm>
#include <bit>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <sstream>
#include <unordered_map>

#include "meldgraph/decomposition.hpp"
#include "meldgraph/error.hpp"

namespace meldgraph {

struct EdgeProperties {
  Group group;
};

struct FormGraph::Impl {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS,
                                      FormGraph::Vertex, EdgeProperties>;
  Graph graph;
  std::size_t form = 0;
  std::size_t root = 0;
  std::size_t goal = 0;
};

namespace {

using Graph = FormGraph::Impl::Graph;

/// State::winning values.
constexpr std::uint8_t kWinningPlaced = 0;   ///< placed, or no winning tile given
constexpr std::uint8_t kWinningNatural = 1;  ///< a natural copy of Hand::winning is to be marked
constexpr std::uint8_t kWinningWild = 2;     ///< one of the wildcards is to be marked

/// A search state. Fields past the rule set's tile count stay zero, so whole-array comparison and
/// hashing are exact.
struct State {
  TileCounts remaining{};  ///< natural tiles still to place
  TileCounts standins{};   ///< wildcards placed per tile; tracked only when copies are capped
  /// Wildcards still to place, per class (WildcardClasses).
  std::array<std::uint8_t, kMaxWildcardClasses> wildcards{};
  std::uint8_t melds = 0;  ///< melds still needed (set forms: singles still needed)
  std::uint8_t pairs = 0;  ///< pairs still needed
  /// Wildcard-only groups of restricted wildcards: the lowest tile the next one may start at.
  std::uint8_t anchor = 0;
  /// With hand.missing_suits: bit s set when a group holds a tile (natural or stand-in) of suit
  /// s; zero otherwise, so that states merge as before.
  std::uint8_t suits_used = 0;
  /// Meld forms: groups at the same lowest tile come in non-decreasing order of
  /// (template * 64 + wildcard classes) * 8 + (winning slot + 1); this is the least key still
  /// allowed. Wildcard-only groups: template * 64 + classes at the anchor. Singles forms: the
  /// pattern so far (see singles_step).
  std::uint16_t min_key = 0;
  /// Set forms: index of the next set tile. Knitted forms: knit phase (0-2: the suit whose knit
  /// group comes next, 3: melds) + 4 * the knit classes used. Singles forms: the lowest tile id a
  /// group may still take (one past the last one placed).
  std::uint8_t cursor = 0;
  std::uint8_t winning = kWinningPlaced;  ///< whether the winning tile still has to be placed

  friend bool operator==(const State&, const State&) = default;
};

struct StateHash {
  std::size_t operator()(const State& state) const {
    // FNV-1a over the bytes; the struct has no padding (all members are bytes).
    static_assert(sizeof(State) == 2 * kMaxTileKinds + kMaxWildcardClasses + 8);
    const auto* bytes = reinterpret_cast<const unsigned char*>(&state);
    std::uint64_t hash = 1469598103934665603ULL;
    for (std::size_t i = 0; i < sizeof(State); ++i) {
      hash = (hash ^ bytes[i]) * 1099511628211ULL;
    }
    return static_cast<std::size_t>(hash);
  }
};

/// Groups holding the lowest natural tile `t`, in the fixed order that canonicalises paths.
/// Slot codes: 'N' natural, 'W' wildcard; offsets are relative to t along the sequence.
struct Template {
  GroupKind kind;
  std::int8_t first_offset;  ///< offset of slot 0 from t (chows: -2..0; others 0)
  char slots[4];             ///< per slot: 'N' or 'W'; '\0' ends
};

constexpr Template kTemplates[] = {
    {GroupKind::pair, 0, "NN"},   {GroupKind::pair, 0, "NW"},   {GroupKind::pung, 0, "NNN"},
    {GroupKind::pung, 0, "NNW"},  {GroupKind::pung, 0, "NWW"},  {GroupKind::chow, 0, "NNN"},
    {GroupKind::chow, 0, "NNW"},  {GroupKind::chow, 0, "NWN"},  {GroupKind::chow, 0, "NWW"},
    {GroupKind::chow, -1, "WNN"}, {GroupKind::chow, -1, "WNW"}, {GroupKind::chow, -2, "WWN"},
};
constexpr std::uint8_t kTemplateCount = sizeof(kTemplates) / sizeof(kTemplates[0]);
/// Codes of the wildcard classes of a group's slots (Group::wild_classes of three slots).
constexpr int kClassCodes = 64;
/// Order key of the first pung template (templates 0-1 are pairs, 2-4 pungs).
constexpr int kFirstPungKey = 2 * kClassCodes * 8;

/// The wildcards still to place, over every class.
int wildcards_left(const State& state) {
  int total = 0;
  for (const std::uint8_t n : state.wildcards) total += n;
  return total;
}

/// Group::wild_classes with every one of `size` slots of class `cls`.
std::uint8_t uniform_classes(int cls, int size) {
  unsigned code = 0;
  for (int slot = 0; slot < size && slot < 4; ++slot) {
    code |= static_cast<unsigned>(cls) << (2 * slot);
  }
  return static_cast<std::uint8_t>(code);
}

/// Capacity of a tile for abstract groups when wildcards may exceed copies: more than any group
/// combination of one hand can use.
constexpr int kUncappedCapacity = 32;

/// Knitted forms place one knit group per sequence suit before their melds.
constexpr int kKnitPhases = kKnitClasses;

class FormSearch {
 public:
  FormSearch(const RuleSet& rules, const FormSpec& form, const TileCounts& naturals, TileId winning,
             const WildcardClasses& classes)
      : rules_(rules),
        form_(form),
        classes_(classes),
        naturals_(naturals),
        winning_(winning),
        track_standins_(!rules.wildcards().exceed_copies),
        meldable_(rules.meldable_count()) {
    knit_suits_ = rules.knit_suits().suits;
    sequence_suits_ = knit_suits_;
  }

  /// Builds the graph from `root`; returns false when no path reaches the goal.
  bool build(const State& root, Graph& graph, std::size_t& root_id, std::size_t& goal_id) {
    graph_ = &graph;
    const long id = visit(root);
    if (id < 0) return false;
    root_id = static_cast<std::size_t>(id);
    goal_id = static_cast<std::size_t>(goal_);
    return true;
  }

 private:
  struct Child {
    Group group;
    State state;
  };

  long visit(const State& state) {
    if (const auto found = memo_.find(state); found != memo_.end()) return found->second;
    // Finished states may differ in their stand-in record; they all are the one goal.
    if (goal_ >= 0 && at_goal(state)) {
      memo_.emplace(state, goal_);
      return goal_;
    }
    std::vector<std::pair<Group, long>> alive;
    std::uint64_t paths = 0;
    const bool is_goal = at_goal(state);
    if (is_goal) {
      paths = 1;
    } else {
      std::vector<Child> children;
      expand(state, children);
      for (const Child& child : children) {
        const long target = visit(child.state);
        if (target < 0) continue;
        alive.emplace_back(child.group, target);
        paths = add_saturating(paths, (*graph_)[static_cast<std::size_t>(target)].paths);
      }
    }
    long id = -1;
    if (is_goal || !alive.empty()) {
      FormGraph::Vertex vertex;
      vertex.remaining = state.remaining;
      vertex.wildcards = static_cast<std::uint8_t>(wildcards_left(state));
      vertex.melds_left = state.melds;
      vertex.pairs_left = state.pairs;
      vertex.paths = paths;
      id = static_cast<long>(boost::add_vertex(vertex, *graph_));
      for (const auto& [group, target] : alive) {
        boost::add_edge(static_cast<std::size_t>(id), static_cast<std::size_t>(target),
                        EdgeProperties{group}, *graph_);
      }
      if (is_goal) goal_ = id;
    }
    memo_.emplace(state, id);
    return id;
  }

  [[nodiscard]] bool at_goal(const State& state) const {
    if (wildcards_left(state) != 0 || state.melds != 0 || state.pairs != 0) return false;
    if (rules_.missing_suits() != 0 && lacking_suits(state.suits_used) < rules_.missing_suits()) {
      return false;
    }
    if (state.winning != kWinningPlaced) return false;
    for (TileId t = 0; t < meldable_; ++t) {
      if (state.remaining[t] != 0) return false;
    }
    switch (form_.type) {
      case FormType::set:
        return state.cursor == form_.set_tiles.size();
      case FormType::knitted:
        return state.cursor % 4 == kKnitPhases;
      case FormType::singles:
        // No required tile may be left behind the cursor.
        return state.cursor >= kMaxTileKinds || (form_.required >> state.cursor) == 0;
      case FormType::melds:
      case FormType::pairs:
      case FormType::wildcards:
        break;
    }
    return true;
  }

  /// Sequence suits no group has touched, given the suits used.
  [[nodiscard]] int lacking_suits(unsigned used) const {
    int lacking = 0;
    for (const std::size_t s : sequence_suits_) lacking += ((used >> s) & 1U) == 0 ? 1 : 0;
    return lacking;
  }

  void expand(const State& state, std::vector<Child>& out) {
    expand_groups(state, out);
    if (rules_.missing_suits() == 0) return;
    for (Child& child : out) {
      if (child.group.abstract()) continue;
      for (int slot = 0; slot < child.group.size; ++slot) {
        const unsigned suit = rules_.tile(child.group.tiles[static_cast<std::size_t>(slot)]).suit;
        child.state.suits_used = static_cast<std::uint8_t>(child.state.suits_used | (1U << suit));
      }
    }
  }

  void expand_groups(const State& state, std::vector<Child>& out) {
    switch (form_.type) {
      case FormType::set:
        expand_set(state, out);
        return;
      case FormType::singles:
        expand_singles(state, out);
        return;
      case FormType::knitted:
        if (state.cursor % 4 < kKnitPhases) {
          expand_knit(state, out);
          return;
        }
        break;
      case FormType::melds:
      case FormType::pairs:
      case FormType::wildcards:
        break;
    }
    expand_melds(state, out);
  }

  /// Places a wildcard of class `cls` standing in for `tile`; false when the form takes no
  /// wildcards, none of the class is left, the class may not be the tile, or that would exceed
  /// the tile's copies.
  bool place_standin(State& state, TileId tile, int cls) const {
    const auto c = static_cast<std::size_t>(cls);
    if (!form_.wildcards || cls >= classes_.count || state.wildcards[c] == 0) return false;
    if ((classes_.masks[c] & tile_bit(tile)) == 0) return false;
    if ((rules_.forbidden_tiles() & tile_bit(tile)) != 0) return false;
    --state.wildcards[c];
    if (track_standins_) {
      const int used = naturals_[tile] + state.standins[tile] + 1;
      if (used > rules_.tile(tile).copies) return false;
      ++state.standins[tile];
    }
    return true;
  }

  // Meld forms -----------------------------------------------------------------------------

  void expand_melds(const State& state, std::vector<Child>& out) {
    TileId lowest = kNoTile;
    for (TileId t = 0; t < meldable_; ++t) {
      if (state.remaining[t] != 0) {
        lowest = t;
        break;
      }
    }
    if (lowest == kNoTile) {
      if (restricted_left(state)) {
        expand_wild_only(state, out);
      } else {
        expand_abstract(state, out);
      }
      return;
    }
    const bool pairs_only = form_.type == FormType::pairs;
    for (auto index = static_cast<std::uint8_t>(state.min_key / (kClassCodes * 8));
         index < kTemplateCount; ++index) {
      const Template& shape = kTemplates[index];
      const bool is_pair = shape.kind == GroupKind::pair;
      // Pairs forms take pungs (嚦咕嚦咕) but never chows.
      const bool allowed = is_pair
                               ? state.pairs > 0
                               : state.melds > 0 && (!pairs_only || shape.kind == GroupKind::pung);
      if (!allowed || (is_pair && !pair_allowed(lowest, shape))) continue;
      // Pairs that must differ: after a pair, only pungs may still take this tile.
      const bool one_pair_here = pairs_only && is_pair && !form_.four_as_two_pairs;
      for (int code = 0; code < kClassCodes; ++code) {
        if (!code_fits(shape.slots, code)) continue;
        Child base{Group{}, state};
        if (!apply_template(shape, lowest, code, base)) continue;
        for (Child& child : with_winning_variants(base)) {
          const int key = (index * kClassCodes + code) * 8 + child.group.winning_slot() + 1;
          if (key < state.min_key) continue;
          const int next_key = one_pair_here ? std::max(key, kFirstPungKey) : key;
          child.state.min_key =
              static_cast<std::uint16_t>(child.state.remaining[lowest] != 0 ? next_key : 0);
          out.push_back(child);
        }
      }
    }
  }

  /// Whether class `code` (2 bits per slot) gives a class in use to every wildcard slot of
  /// `slots` ('N'/'W', '\0'-ended) and nothing to natural slots. One class: code 0 only.
  [[nodiscard]] bool code_fits(const char* slots, int code) const {
    for (int slot = 0; slot < 3; ++slot) {
      const int cls = (code >> (2 * slot)) & 3;
      const bool wild = slots[slot] == 'W';
      if (slots[slot] == '\0' || !wild) {
        if (cls != 0) return false;
        if (slots[slot] == '\0') {
          return (code >> (2 * slot)) == 0;
        }
        continue;
      }
      if (cls >= classes_.count) return false;
    }
    return true;
  }

  /// Whether wildcard slots of one tile take their classes in non-decreasing order, so that a
  /// multiset of classes is placed once.
  [[nodiscard]] static bool classes_canonical(const Group& group) {
    for (int slot = 1; slot < group.size; ++slot) {
      if (group.is_wild(slot) && group.is_wild(slot - 1) &&
          group.tiles[static_cast<std::size_t>(slot)] ==
              group.tiles[static_cast<std::size_t>(slot - 1)] &&
          group.wild_class(slot) < group.wild_class(slot - 1)) {
        return false;
      }
    }
    return true;
  }

  /// Whether a wildcard of a restricted class is still to place.
  [[nodiscard]] bool restricted_left(const State& state) const {
    for (int c = 0; c < classes_.count; ++c) {
      if (c != classes_.unrestricted && state.wildcards[static_cast<std::size_t>(c)] != 0) {
        return true;
      }
    }
    return false;
  }

  /// No natural tile is left but restricted wildcards are: concrete wildcard-only groups (each
  /// holding a restricted wildcard), by anchor tile and then template and classes, in
  /// non-decreasing order. Unrestricted wildcards left after them form the abstract groups.
  void expand_wild_only(const State& state, std::vector<Child>& out) const {
    static constexpr Template kWildOnly[] = {
        {GroupKind::pair, 0, "WW"}, {GroupKind::pung, 0, "WWW"}, {GroupKind::chow, 0, "WWW"}};
    const bool pairs_only = form_.type == FormType::pairs;
    const bool distinct_pairs = pairs_only && !form_.four_as_two_pairs;
    for (TileId tile = state.anchor; tile < meldable_; ++tile) {
      for (int index = 0; index < 3; ++index) {
        const Template& shape = kWildOnly[index];
        const bool is_pair = shape.kind == GroupKind::pair;
        const bool allowed =
            is_pair ? state.pairs > 0 && pair_allowed(tile, shape)
                    : state.melds > 0 && (!pairs_only || shape.kind == GroupKind::pung);
        if (!allowed) continue;
        // Pairs that must differ stay off kinds held naturally (see abstract_realizable).
        if (is_pair && distinct_pairs && naturals_[tile] != 0) continue;
        for (int code = 0; code < kClassCodes; ++code) {
          // Keys as in expand_melds: (template, classes, winning slot + 1).
          const int base = (index * kClassCodes + code) * 8;
          if (tile == state.anchor && base + 8 <= state.min_key) continue;
          if (!code_fits(shape.slots, code)) continue;
          bool restricted = false;
          for (int slot = 0; shape.slots[slot] != '\0'; ++slot) {
            restricted = restricted || ((code >> (2 * slot)) & 3) != classes_.unrestricted;
          }
          if (!restricted) continue;
          Child child{Group{}, state};
          if (!apply_template(shape, tile, code, child)) continue;
          child.state.anchor = tile;
          for (Child& variant : with_winning_variants(child)) {
            const int key = base + variant.group.winning_slot() + 1;
            if (tile == state.anchor && key < state.min_key) continue;
            // A distinct pair once per kind: the next group here must come after the pairs.
            variant.state.min_key =
                static_cast<std::uint16_t>(is_pair && distinct_pairs ? kClassCodes * 8 : key);
            out.push_back(variant);
          }
        }
      }
    }
  }

  /// Whether a pair of `tile` in `shape` (NN or NW) obeys the form's pair rules.
  [[nodiscard]] bool pair_allowed(TileId tile, const Template& shape) const {
    if (form_.pair_tiles != 0 && (form_.pair_tiles & tile_bit(tile)) == 0) return false;
    return shape.slots[1] == 'N' || form_.pair_wildcards != PairWildcards::none;
  }

  /// The group unmarked, and marked with the winning tile in each distinct slot that can hold it.
  /// The unmarked version is dropped when it would leave no copy to mark.
  std::vector<Child> with_winning_variants(const Child& base) const {
    std::vector<Child> variants;
    const Group& group = base.group;
    if (base.state.winning == kWinningNatural) {
      for (int slot = 0; slot < group.size; ++slot) {
        if (group.is_wild(slot) || group.tiles[slot] != winning_) continue;
        Child marked = base;
        marked.group.set_winning_slot(slot);
        marked.state.winning = kWinningPlaced;
        variants.push_back(marked);
        break;  // natural copies of one tile in one group are alike
      }
      if (base.state.remaining[winning_] == 0 && !variants.empty()) return variants;
    } else if (base.state.winning == kWinningWild) {
      TileMask seen = 0;
      for (int slot = 0; slot < group.size; ++slot) {
        if (!group.is_wild(slot) || (seen & tile_bit(group.tiles[slot])) != 0) continue;
        if (group.wild_class(slot) != classes_.winning) continue;
        seen |= tile_bit(group.tiles[slot]);
        Child marked = base;
        marked.group.set_winning_slot(slot);
        marked.state.winning = kWinningPlaced;
        variants.push_back(marked);
      }
    }
    variants.insert(variants.begin(), base);
    return variants;
  }

  /// Fills `child` with the group of `shape` around `lowest`, its wildcard slots of the classes
  /// `code` gives; false when it cannot be formed.
  bool apply_template(const Template& shape, TileId lowest, int code, Child& child) const {
    Group& group = child.group;
    State& next = child.state;
    group.kind = shape.kind;
    group.wild_classes = static_cast<std::uint8_t>(code);
    TileId tile = lowest;
    for (int step = 0; step > shape.first_offset; --step) {
      tile = rules_.tile(tile).previous;
      if (tile == kNoTile) return false;
    }
    for (int slot = 0; slot < 4 && shape.slots[slot] != '\0'; ++slot) {
      if (slot > 0 && shape.kind == GroupKind::chow) {
        tile = rules_.tile(tile).next;
        if (tile == kNoTile) return false;
      }
      group.tiles[slot] = tile;
      group.size = static_cast<std::uint8_t>(slot + 1);
      if (shape.slots[slot] == 'N') {
        if (next.remaining[tile] == 0) return false;
        --next.remaining[tile];
      } else {
        if (!place_standin(next, tile, (code >> (2 * slot)) & 3)) return false;
        group.wild_mask = static_cast<std::uint8_t>(group.wild_mask | (1U << slot));
      }
    }
    if (!classes_canonical(group)) return false;
    if (shape.kind == GroupKind::pair) {
      --next.pairs;
    } else {
      --next.melds;
    }
    return true;
  }

  /// No natural tile is left: the wildcards form abstract melds, then abstract pairs. A winning
  /// wildcard goes into the last abstract meld or the last abstract pair, so that each multiset
  /// is reached once.
  void expand_abstract(const State& state, std::vector<Child>& out) const {
    if (state.winning == kWinningNatural || !abstract_realizable(state)) return;
    // Only unrestricted wildcards are left (restricted ones were placed as concrete groups).
    const int cls = classes_.unrestricted;
    if (cls < 0) return;
    const int left = state.wildcards[static_cast<std::size_t>(cls)];
    Child child{Group{}, state};
    child.state.min_key = 0;
    bool last = false;
    if (state.melds > 0 && left >= 3) {
      child.group = Group{GroupKind::any_meld, 3, 0b111, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
      child.group.wild_classes = uniform_classes(cls, 3);
      child.state.wildcards[static_cast<std::size_t>(cls)] = static_cast<std::uint8_t>(left - 3);
      --child.state.melds;
      last = child.state.melds == 0;
    } else if (state.melds == 0 && state.pairs > 0 && left >= 2 &&
               form_.pair_wildcards == PairWildcards::any) {
      child.group = Group{GroupKind::any_pair, 2, 0b11, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
      child.group.wild_classes = uniform_classes(cls, 2);
      child.state.wildcards[static_cast<std::size_t>(cls)] = static_cast<std::uint8_t>(left - 2);
      --child.state.pairs;
      last = child.state.pairs == 0;
    } else {
      return;
    }
    out.push_back(child);
    if (last && state.winning == kWinningWild && classes_.winning == cls) {
      child.group.set_winning_slot(0);
      child.state.winning = kWinningPlaced;
      out.push_back(child);
    }
  }

  /// Whether the wildcards left can really be the abstract groups left: they can unless copies
  /// are capped or pairs must differ.
  [[nodiscard]] bool abstract_realizable(const State& state) const {
    if (wildcards_left(state) == 0) return true;
    if (!form_.wildcards) return false;
    if (rules_.missing_suits() != 0) {
      // Some choice of untouched suits to lack must leave room for the abstract groups.
      const auto count = static_cast<unsigned>(sequence_suits_.size());
      for (unsigned subset = 0; subset < (1U << count); ++subset) {
        if (std::popcount(subset) != rules_.missing_suits()) continue;
        TileMask lacked = 0;
        bool free = true;
        for (unsigned k = 0; k < count; ++k) {
          if ((subset >> k & 1U) == 0) continue;
          const std::size_t s = sequence_suits_[k];
          free = free && ((state.suits_used >> s) & 1U) == 0;
          for (TileId t = 0; t < meldable_; ++t) {
            if (rules_.tile(t).suit == s) lacked |= tile_bit(t);
          }
        }
        if (free && abstract_realizable_without(state, lacked)) return true;
      }
      return false;
    }
    return abstract_realizable_without(state, 0);
  }

  /// abstract_realizable with the tiles of `lacked` unavailable.
  [[nodiscard]] bool abstract_realizable_without(const State& state, TileMask lacked) const {
    const bool distinct_pairs = form_.type == FormType::pairs && !form_.four_as_two_pairs;
    if (!track_standins_ && !distinct_pairs && form_.pair_tiles == 0 && lacked == 0 &&
        rules_.forbidden_tiles() == 0) {
      return true;
    }
    TileCounts capacity{};
    taken_pairs_ = 0;
    for (TileId t = 0; t < meldable_; ++t) {
      const int copies = rules_.tile(t).copies;
      const int used = naturals_[t] + state.standins[t];
      // Uncapped wildcards may stand for any number of copies of a tile.
      capacity[t] = static_cast<std::uint8_t>(track_standins_ ? std::max(0, copies - used)
                                                              : kUncappedCapacity);
      if (((lacked | rules_.forbidden_tiles()) & tile_bit(t)) != 0) capacity[t] = 0;
      // Distinct pairs may not repeat a tile some other pair already holds (conservatively: a
      // kind held at all).
      if (distinct_pairs && used > 0) taken_pairs_ |= tile_bit(t);
    }
    const bool chows = form_.type != FormType::pairs;
    if (!distinct_pairs) taken_pairs_ = 0;
    distinct_ = distinct_pairs;
    // Pungs and pairs together, each distinct pair on its own kind.
    return can_fill(capacity, 0, state.melds, state.pairs, chows);
  }

  /// Whether `melds` melds (pungs, and chows when `chows`) and `pairs` pairs fit in `capacity`,
  /// using tiles from `from` upwards; with distinct_ pairs, never on a kind of taken_pairs_ and
  /// never two on one kind.
  bool can_fill(TileCounts& capacity, TileId from, int melds, int pairs, bool chows) const {
    if (melds == 0 && pairs == 0) return true;
    for (TileId t = from; t < meldable_; ++t) {
      if (capacity[t] == 0) continue;
      if (melds > 0 && capacity[t] >= 3) {
        capacity[t] = static_cast<std::uint8_t>(capacity[t] - 3);
        const bool ok = can_fill(capacity, t, melds - 1, pairs, chows);
        capacity[t] = static_cast<std::uint8_t>(capacity[t] + 3);
        if (ok) return true;
      }
      const TileId second = rules_.tile(t).next;
      const TileId third = second == kNoTile ? kNoTile : rules_.tile(second).next;
      if (chows && melds > 0 && third != kNoTile && capacity[second] > 0 && capacity[third] > 0) {
        --capacity[t];
        --capacity[second];
        --capacity[third];
        const bool ok = can_fill(capacity, t, melds - 1, pairs, chows);
        ++capacity[t];
        ++capacity[second];
        ++capacity[third];
        if (ok) return true;
      }
      const bool pair_tile = (form_.pair_tiles == 0 || (form_.pair_tiles & tile_bit(t)) != 0) &&
                             (!distinct_ || (taken_pairs_ & tile_bit(t)) == 0);
      if (pairs > 0 && pair_tile && capacity[t] >= 2) {
        capacity[t] = static_cast<std::uint8_t>(capacity[t] - 2);
        if (distinct_) taken_pairs_ |= tile_bit(t);
        const bool ok = can_fill(capacity, t, melds, pairs - 1, chows);
        if (distinct_) taken_pairs_ &= ~tile_bit(t);
        capacity[t] = static_cast<std::uint8_t>(capacity[t] + 2);
        if (ok) return true;
      }
    }
    return false;
  }

  // Set forms ------------------------------------------------------------------------------

  /// At the set's next tile: a single or (once) the pair, natural where the hand has the tile.
  void expand_set(const State& state, std::vector<Child>& out) const {
    if (state.cursor >= form_.set_tiles.size()) return;
    const TileId tile = form_.set_tiles[state.cursor];
    const int held = state.remaining[tile];
    for (const GroupKind kind : {GroupKind::single, GroupKind::pair}) {
      const int size = kind == GroupKind::single ? 1 : 2;
      if (kind == GroupKind::pair && state.pairs == 0) continue;
      if (held > size) continue;  // every copy of the tile must go into this group
      for (int code = 0; code < kClassCodes; ++code) {
        Child child{Group{}, state};
        if (!same_tile_group(kind, size, tile, held, code, child)) continue;
        ++child.state.cursor;
        --child.state.melds;
        if (kind == GroupKind::pair) --child.state.pairs;
        for (const Child& variant : with_winning_variants(child)) out.push_back(variant);
      }
    }
  }

  /// A single or pair of `tile` with its first `held` slots natural and the rest wildcards of
  /// the classes `code` gives; false when the code does not fit or a slot cannot be filled.
  bool same_tile_group(GroupKind kind, int size, TileId tile, int held, int code,
                       Child& child) const {
    char slots[4] = {0, 0, 0, 0};
    for (int slot = 0; slot < size; ++slot) slots[slot] = slot < held ? 'N' : 'W';
    if (!code_fits(slots, code)) return false;
    child.group.kind = kind;
    child.group.size = static_cast<std::uint8_t>(size);
    child.group.wild_classes = static_cast<std::uint8_t>(code);
    for (int slot = 0; slot < size; ++slot) {
      child.group.tiles[static_cast<std::size_t>(slot)] = tile;
      if (slot < held) {
        --child.state.remaining[tile];
      } else {
        if (!place_standin(child.state, tile, (code >> (2 * slot)) & 3)) return false;
        child.group.wild_mask = static_cast<std::uint8_t>(child.group.wild_mask | (1U << slot));
      }
    }
    return classes_canonical(child.group);
  }

  // Knitted and singles forms -------------------------------------------------------------

  /// Knit phase `phase` (State::cursor % 4): the knit group of the phase's suit, for every class
  /// not used by an earlier suit, each slot natural or a wildcard.
  void expand_knit(const State& state, std::vector<Child>& out) const {
    const int phase = state.cursor % 4;
    const int used = state.cursor / 4;
    const SuitInfo& suit = rules_.suits()[knit_suits_[static_cast<std::size_t>(phase)]];
    for (int knit = 0; knit < kKnitClasses; ++knit) {
      if ((used >> knit & 1) != 0) continue;
      for (unsigned wild = 0; wild < 8; ++wild) {
        char slots[4] = {0, 0, 0, 0};
        for (int slot = 0; slot < 3; ++slot) slots[slot] = (wild >> slot & 1U) != 0 ? 'W' : 'N';
        for (int code = 0; code < kClassCodes; ++code) {
          if (!code_fits(slots, code)) continue;
          Child child{Group{}, state};
          child.group.kind = GroupKind::knit;
          child.group.size = 3;
          child.group.wild_classes = static_cast<std::uint8_t>(code);
          bool ok = true;
          for (int slot = 0; slot < 3 && ok; ++slot) {
            const TileId tile = rules_.find_tile(suit.letter, knit + 1 + 3 * slot);
            child.group.tiles[static_cast<std::size_t>(slot)] = tile;
            if ((wild >> slot & 1U) == 0) {
              ok = child.state.remaining[tile] != 0;
              if (ok) --child.state.remaining[tile];
            } else {
              ok = place_standin(child.state, tile, (code >> (2 * slot)) & 3);
            }
          }
          if (!ok) continue;
          child.group.wild_mask = static_cast<std::uint8_t>(wild);
          child.state.cursor = static_cast<std::uint8_t>(phase + 1 + 4 * (used | 1 << knit));
          for (const Child& variant : with_winning_variants(child)) out.push_back(variant);
        }
      }
    }
  }

  /// The pattern after placing a single or pair of `tile` behind the cursor, or -1 when the form
  /// does not admit the tile there. Keys: knitted, bits 0-2 the classes taken by earlier suits
  /// and bits 3-4 the class of the current suit + 1; gapped, the rank last taken in the current
  /// suit. A suit is current while the last tile placed (cursor - 1) is of it.
  [[nodiscard]] int singles_step(const State& state, TileId tile) const {
    const TileInfo& info = rules_.tile(tile);
    const bool new_suit =
        state.cursor == 0 || rules_.tile(static_cast<TileId>(state.cursor - 1)).suit != info.suit;
    if (!rules_.suits()[info.suit].sequences) {
      if ((form_.single_tiles & tile_bit(tile)) == 0) return -1;
      return form_.singles_suits == SinglesSuits::knitted ? (state.min_key & 7) : 0;
    }
    if (form_.singles_suits == SinglesSuits::gapped) {
      const int last = new_suit ? 0 : state.min_key;
      if (last != 0 && info.rank - last < form_.gap) return -1;
      return info.rank;
    }
    const int knit = knit_class(info.rank);
    int used = state.min_key & 7;
    const int current = new_suit ? 0 : state.min_key >> 3;
    if (current == 0) {
      if ((used >> knit & 1) != 0) return -1;
      used |= 1 << knit;
    } else if (current != knit + 1) {
      return -1;
    }
    return used | (knit + 1) << 3;
  }

  /// Singles forms: the next group at some tile from the cursor on; tiles passed over must be
  /// neither held nor required.
  void expand_singles(const State& state, std::vector<Child>& out) const {
    for (TileId tile = state.cursor; tile < meldable_; ++tile) {
      const int held = state.remaining[tile];
      const int key = held <= 2 ? singles_step(state, tile) : -1;
      if (key >= 0) {
        for (const GroupKind kind : {GroupKind::single, GroupKind::pair}) {
          const int size = kind == GroupKind::single ? 1 : 2;
          if (held > size || (kind == GroupKind::pair ? state.pairs : state.melds) == 0) continue;
          for (int code = 0; code < kClassCodes; ++code) {
            Child child{Group{}, state};
            if (!same_tile_group(kind, size, tile, held, code, child)) continue;
            if (kind == GroupKind::pair) {
              --child.state.pairs;
            } else {
              --child.state.melds;
            }
            child.state.cursor = static_cast<std::uint8_t>(tile + 1);
            child.state.min_key = static_cast<std::uint16_t>(key);
            for (const Child& variant : with_winning_variants(child)) out.push_back(variant);
          }
        }
      }
      if (held != 0 || (form_.required & tile_bit(tile)) != 0) return;
    }
  }

  const RuleSet& rules_;
  const FormSpec& form_;
  const WildcardClasses& classes_;
  std::vector<std::size_t> knit_suits_;      ///< the sequence suits, in order (knitted forms)
  std::vector<std::size_t> sequence_suits_;  ///< the same, for hand.missing_suits
  const TileCounts& naturals_;  ///< natural copies held, declared melds included (copy caps)
  const TileId winning_;        ///< natural winning tile, or kNoTile
  const bool track_standins_;
  const TileId meldable_;
  Graph* graph_ = nullptr;
  long goal_ = -1;
  /// can_fill's distinct-pairs bookkeeping (set by abstract_realizable_without).
  mutable TileMask taken_pairs_ = 0;
  mutable bool distinct_ = false;
  std::unordered_map<State, long, StateHash> memo_;
};

/// The graph of one form, or an empty graph when the form does not apply or does not match.
FormGraph build_form_graph(const RuleSet& rules, std::size_t form_index, const Hand& hand) {
  const FormSpec& form = rules.forms()[form_index];
  auto impl = std::make_shared<FormGraph::Impl>();
  impl->form = form_index;
  const int wildcards = hand.wildcard_count();
  const TileCounts naturals = hand.natural_counts(rules);
  const int hand_size = hand.concealed_size(rules);
  // Pairs and set forms are whole-hand shapes: every tile concealed, no declared meld.
  if (form.hand_tiles != 0 && (form.hand_tiles != hand_size || hand.meld_count != 0)) {
    return FormGraph(impl);
  }
  if (!form.wildcards && wildcards > 0) return FormGraph(impl);

  const WildcardClasses classes = wildcard_classes(rules, hand);
  State root;
  root.remaining = naturals;
  // 缺一门 counts the declared melds' suits too.
  for (std::size_t m = 0; rules.missing_suits() != 0 && m < hand.meld_count; ++m) {
    root.suits_used = static_cast<std::uint8_t>(root.suits_used |
                                                (1U << rules.tile(hand.melds[m].tiles[0]).suit));
  }
  for (int c = 0; c < classes.count; ++c) {
    root.wildcards[static_cast<std::size_t>(c)] = classes.held[static_cast<std::size_t>(c)];
  }
  if (hand.has_winning_tile()) {
    root.winning = hand.winning_is_wildcard() ? kWinningWild : kWinningNatural;
  }
  switch (form.type) {
    case FormType::wildcards: {
      if (wildcards < form.count) return FormGraph(impl);
      FormGraph::Vertex goal;
      goal.paths = 1;
      FormGraph::Vertex start;
      start.remaining = naturals;
      start.wildcards = static_cast<std::uint8_t>(wildcards);
      start.paths = 1;
      impl->goal = boost::add_vertex(goal, impl->graph);
      impl->root = boost::add_vertex(start, impl->graph);
      Group group{GroupKind::wildcards,
                  static_cast<std::uint8_t>(wildcards),
                  0xFF,
                  0,
                  {kNoTile, kNoTile, kNoTile, kNoTile}};
      boost::add_edge(impl->root, impl->goal, EdgeProperties{group}, impl->graph);
      return FormGraph(impl);
    }
    case FormType::melds:
      root.pairs = form.pairs;
      root.melds = static_cast<std::uint8_t>((hand_size - 2 * form.pairs) / 3);
      break;
    case FormType::knitted: {
      const int rest = hand_size - 3 * kKnitPhases - 2 * form.pairs;
      if (rest < 0 || rest % 3 != 0) return FormGraph(impl);
      root.pairs = form.pairs;
      root.melds = static_cast<std::uint8_t>(rest / 3);
      break;
    }
    case FormType::singles:
      root.pairs = form.pairs;
      root.melds = static_cast<std::uint8_t>(form.hand_tiles - 2 * form.pairs);
      break;
    case FormType::pairs:
      root.pairs = form.pairs;
      root.melds = form.pungs;
      break;
    case FormType::set: {
      TileMask set_mask = 0;
      for (const TileId t : form.set_tiles) set_mask |= tile_bit(t);
      for (TileId t = 0; t < rules.meldable_count(); ++t) {
        if (naturals[t] != 0 && (set_mask & tile_bit(t)) == 0) return FormGraph(impl);
      }
      root.melds = static_cast<std::uint8_t>(form.set_tiles.size());
      root.pairs = 1;
      break;
    }
  }
  // Copy caps count natural tiles in declared melds too.
  // A wild kind's concealed copies are wildcards; its copies inside declared melds count as the
  // tiles they are.
  TileCounts held = hand.held_counts();
  for (TileId t = 0; t < rules.tile_count(); ++t) {
    if (t >= rules.meldable_count()) {
      held[t] = 0;
    } else if ((hand.wild_tiles & tile_bit(t)) != 0) {
      held[t] = static_cast<std::uint8_t>(held[t] - hand.counts[t]);
    }
  }
  const TileId natural_winning = hand.winning_is_wildcard() ? kNoTile : hand.winning;
  FormSearch search(rules, form, held, natural_winning, classes);
  if (!search.build(root, impl->graph, impl->root, impl->goal)) {
    impl->graph.clear();
  }
  return FormGraph(impl);
}

}  // namespace

// FormGraph ----------------------------------------------------------------------------------

std::size_t FormGraph::form() const {
  return impl_->form;
}
std::size_t FormGraph::vertex_count() const {
  return boost::num_vertices(impl_->graph);
}
std::size_t FormGraph::edge_count() const {
  return boost::num_edges(impl_->graph);
}
const FormGraph::Vertex& FormGraph::vertex(std::size_t id) const {
  return impl_->graph[id];
}
std::size_t FormGraph::root() const {
  return impl_->root;
}
std::size_t FormGraph::goal() const {
  return impl_->goal;
}
bool FormGraph::empty() const {
  return boost::num_vertices(impl_->graph) == 0;
}

std::uint64_t FormGraph::path_count() const {
  return empty() ? 0 : impl_->graph[impl_->root].paths;
}

std::vector<FormGraph::Edge> FormGraph::out_edges(std::size_t vertex) const {
  std::vector<Edge> result;
  for (const auto& edge : boost::make_iterator_range(boost::out_edges(vertex, impl_->graph))) {
    result.push_back({vertex, boost::target(edge, impl_->graph), impl_->graph[edge].group});
  }
  return result;
}

std::vector<FormGraph::Edge> FormGraph::edges() const {
  std::vector<Edge> result;
  for (std::size_t v = 0; v < vertex_count(); ++v) {
    std::vector<Edge> out = out_edges(v);
    result.insert(result.end(), out.begin(), out.end());
  }
  return result;
}

std::string FormGraph::to_dot(const RuleSet& rules) const {
  const Impl::Graph& graph = impl_->graph;
  std::ostringstream out;
  const auto vertex_label = [&](std::ostream& os, std::size_t v) {
    const Vertex& vertex = graph[v];
    std::string tiles = format_counts(vertex.remaining, rules);
    tiles.append(vertex.wildcards, '*');
    if (tiles.empty()) tiles = "(empty)";
    os << "[label=\"" << tiles << "\\nmelds " << int{vertex.melds_left} << ", pairs "
       << int{vertex.pairs_left} << "\\npaths " << vertex.paths << "\"";
    if (v == impl_->root) os << ", shape=box";
    if (v == impl_->goal) os << ", shape=doublecircle";
    os << "]";
  };
  const auto edge_label = [&](std::ostream& os, const Impl::Graph::edge_descriptor& edge) {
    os << "[label=\"" << format_group(graph[edge].group, rules) << "\"]";
  };
  boost::write_graphviz(out, graph, vertex_label, edge_label);
  return out.str();
}

// Decomposition ------------------------------------------------------------------------------

Decomposition::Decomposition(const RuleSet& rules, const Hand& hand) : rules_(&rules), hand_(hand) {
  const int size = hand.size(rules);
  if (size % 3 != 2 || size > rules.hand_tiles()) {
    throw AnalysisError("hand holds " + std::to_string(size) +
                        " tiles; a complete hand holds 3n+2 tiles, at most " +
                        std::to_string(rules.hand_tiles()) + " under rule set '" + rules.name() +
                        "'");
  }
  const int max_in_win = rules.wildcards().max_in_win;
  // A forbidden natural tile held: no form can be made (wild kinds are wildcards, not faces).
  bool forbidden_held = false;
  for (TileId t = 0; t < rules.meldable_count(); ++t) {
    forbidden_held =
        forbidden_held || ((rules.forbidden_tiles() & tile_bit(t)) != 0 &&
                           (hand.wild_tiles & tile_bit(t)) == 0 && hand.counts[t] != 0);
  }
  const bool too_many = max_in_win != 0 && hand.wildcard_count() > max_in_win;
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    const FormSpec& form = rules.forms()[f];
    if (!form.enabled) continue;
    if (forbidden_held || (too_many && form.type != FormType::wildcards)) {
      graphs_.emplace_back(std::make_shared<FormGraph::Impl>(FormGraph::Impl{{}, f, 0, 0}));
      continue;
    }
    graphs_.push_back(build_form_graph(rules, f, hand));
  }
}

bool Decomposition::wins() const {
  for (const FormGraph& graph : graphs_) {
    if (!graph.empty()) return true;
  }
  return false;
}

std::uint64_t Decomposition::interpretation_count() const {
  std::uint64_t total = 0;
  for (const FormGraph& graph : graphs_) total = add_saturating(total, graph.path_count());
  return total;
}

// Wait shapes -------------------------------------------------------------------------------

std::string_view wait_shape_name(WaitShape shape) {
  switch (shape) {
    case WaitShape::none:
      return "none";
    case WaitShape::two_sided:
      return "two_sided";
    case WaitShape::closed:
      return "closed";
    case WaitShape::edge:
      return "edge";
    case WaitShape::single:
      return "single";
    case WaitShape::dual_pung:
      return "dual_pung";
    case WaitShape::set_tile:
      return "set_tile";
    case WaitShape::any:
      return "any";
  }
  return "none";
}

WaitShape wait_shape(const Group& group, const RuleSet& rules) {
  const int slot = group.winning_slot();
  if (slot < 0) return WaitShape::none;
  switch (group.kind) {
    case GroupKind::pair:
      return WaitShape::single;
    case GroupKind::pung:
    case GroupKind::kong:
      return WaitShape::dual_pung;
    case GroupKind::single:
    case GroupKind::knit:
      return WaitShape::set_tile;
    case GroupKind::chow:
      if (slot == 1) return WaitShape::closed;
      // Completing 12 with 3, or 89 with 7, is an edge wait: the other side does not exist.
      if (slot == 0) {
        return rules.tile(group.tiles[2]).next == kNoTile ? WaitShape::edge : WaitShape::two_sided;
      }
      return rules.tile(group.tiles[0]).previous == kNoTile ? WaitShape::edge
                                                            : WaitShape::two_sided;
    case GroupKind::any_meld:
    case GroupKind::any_pair:
    case GroupKind::wildcards:
      return WaitShape::any;
  }
  return WaitShape::none;
}

// InterpretationCursor -----------------------------------------------------------------------

void InterpretationCursor::emit(std::size_t form, Interpretation& out) const {
  const Hand& hand = decomposition_->hand();
  out.form = form;
  out.groups.assign(hand.melds.begin(), hand.melds.begin() + hand.meld_count);
  out.groups.insert(out.groups.end(), groups_.begin(), groups_.end());
  out.winning_group = -1;
  out.wait = WaitShape::none;
  out.loose_tiles.clear();
  if (decomposition_->rules().forms()[form].type == FormType::wildcards) {
    const TileCounts naturals = hand.natural_counts(decomposition_->rules());
    for (TileId t = 0; t < decomposition_->rules().meldable_count(); ++t) {
      out.loose_tiles.insert(out.loose_tiles.end(), naturals[t], t);
    }
  }
  // Stand-ins per tile, to see how many wild tiles could sit on their own face.
  TileCounts standins{};
  int wildcards = 0;
  for (std::size_t g = 0; g < out.groups.size(); ++g) {
    const Group& group = out.groups[g];
    wildcards += group.wildcard_count();
    if (!group.abstract()) {
      for (int slot = 0; slot < group.size; ++slot) {
        if (group.is_wild(slot)) ++standins[group.tiles[static_cast<std::size_t>(slot)]];
      }
    }
    if (group.winning_slot() < 0) continue;
    out.winning_group = static_cast<int>(g);
    out.wait = wait_shape(group, decomposition_->rules());
  }
  int as_self = 0;
  if (decomposition_->rules().wildcards().natural_use) {
    for (std::size_t t = 0; t < kMaxTileKinds; ++t) {
      if ((hand.wild_tiles & tile_bit(static_cast<TileId>(t))) == 0) continue;
      as_self += std::min<int>(standins[t], hand.counts[t]);
    }
  }
  out.soft_wildcards = static_cast<std::uint8_t>(wildcards - as_self);
}

InterpretationCursor::InterpretationCursor(const Decomposition& decomposition)
    : decomposition_(&decomposition) {}

bool InterpretationCursor::next(Interpretation& out) {
  const auto graphs = decomposition_->graphs();
  while (graph_index_ < graphs.size()) {
    const FormGraph& form_graph = graphs[graph_index_];
    if (form_graph.empty()) {
      ++graph_index_;
      continue;
    }
    const FormGraph::Impl::Graph& graph = form_graph.impl().graph;
    if (!started_) {
      started_ = true;
      stack_.assign(1, Frame{form_graph.root(), 0});
      groups_.clear();
    }
    // Depth-first walk: the top frame's vertex is where the path currently ends.
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      if (top.vertex == form_graph.goal()) {
        if (top.next_edge == 0) {
          top.next_edge = 1;
          emit(form_graph.form(), out);
          return true;
        }
        stack_.pop_back();
        if (!groups_.empty()) groups_.pop_back();
        continue;
      }
      const auto [begin, end] = boost::out_edges(top.vertex, graph);
      const auto degree = static_cast<std::size_t>(std::distance(begin, end));
      if (top.next_edge >= degree) {
        stack_.pop_back();
        if (!groups_.empty()) groups_.pop_back();
        continue;
      }
      const auto edge = *std::next(begin, static_cast<std::ptrdiff_t>(top.next_edge));
      ++top.next_edge;
      groups_.push_back(graph[edge].group);
      stack_.push_back(Frame{boost::target(edge, graph), 0});
    }
    ++graph_index_;
    started_ = false;
  }
  return false;
}

}  // namespace meldgraph
