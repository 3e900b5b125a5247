/// Listing interpretations without the graph.
///
/// The lister is the search's second consumer (driver.hpp): `FormSearch<ListSink>` walks
/// each form depth-first over one reused state, and the sink keeps the path's groups (declared
/// melds first) and hands each complete path, finished by search::finish_interpretation, to the
/// visitor. The graph is the same walk with a memo, so the listing is the cursor's listing, in its
/// order, for every rule set; states the graph merges are simply visited once per path.
///
/// What the lister adds is per hand and decides nothing: the hand read in one pass of byte
/// arithmetic (prepare), the pruning keys of its naturals, the wildcard classes without
/// wildcard_classes() when nothing is restricted, and gates that skip a form no path of which can
/// reach the goal (a natural outside a set form; the knitted and singles forms' exact win checks
/// of special_forms.hpp; pairs forms' odd counts; the suits a hand without wildcards touches under
/// hand.missing_suits). Hands the Decomposition refuses (wrong size, more wildcard classes than
/// kMaxWildcardClasses) go to the Decomposition, which throws its error, and so do hands of
/// kGraphWildcards wildcards or more, whose walk the graph's memo prunes.

#include "meldgraph/search/listing.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>
#include <vector>

#include "driver.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/support/bits.hpp"
#include "meldgraph/support/swar.hpp"
#include "meldgraph/tables/special_forms.hpp"
#include "suit_decompositions.hpp"

namespace meldgraph {
namespace {

/// Concealed wildcards from which a hand is listed through the Decomposition's graph rather than
/// by the lister's own walk. With many wildcards almost every branch of the walk is a dead end
/// that only the graph's memo cuts off (a 17-tile hand of one tile and sixteen jokers spent most
/// of its scoring in the walk's singles form: docs/performance.md, "Bounded work"); the listing
/// is the same, in the same order.
constexpr int kGraphWildcards = 9;

/// Whether a hand of `wildcards` concealed wildcards is listed through the graph: the one test of
/// kGraphWildcards, asked by Impl::fast and Impl::list alike.
constexpr bool listed_by_graph(int wildcards) {
  return wildcards >= kGraphWildcards;
}

/// Group::wildcard_count inline (swar::count_bits: no library popcount call without -mpopcnt).
int wildcards_in(const Group& group) {
  return group.kind == GroupKind::wildcards ? group.size : swar::count_bits(group.wild_mask);
}

/// Groups one interpretation can hold: the declared melds and up to 17 concealed tiles as
/// singles, with room to spare (more only grows the vector).
constexpr std::size_t kMaxPathGroups = 32;

}  // namespace

/// The lister's consumer of the search: the path so far in `out.groups` (after the declared
/// melds); each path reaching the goal is finished and visited. Result: whether to go on. The
/// wildcards placed are the declared melds' and every concealed one (the goal is reached only
/// when none is left); the winning group is read off the path's groups at the goal (far fewer
/// goals than groups entered) when the hand has a winning tile.
struct ListSink {
  using Result = bool;
  static constexpr bool kMemo = false;
  struct Frame {};

  const RuleSet* rules = nullptr;
  const Hand* hand = nullptr;
  InterpretationVisitor* visit = nullptr;
  Interpretation out;
  std::uint64_t visited = 0;
  bool stopped = false;
  // Per hand (set_hand): the wildcards every interpretation places, the declared melds' winning
  // group, and whether a path's group can hold the winning tile.
  int placed_wildcards = 0;
  int declared_winning = -1;
  bool path_has_winning = false;

  /// The hand being listed, of `concealed_wildcards`.
  void set_hand(const Hand& h, int concealed_wildcards) {
    hand = &h;
    placed_wildcards = concealed_wildcards;
    declared_winning = -1;
    for (std::size_t m = 0; m < h.meld_count; ++m) {
      placed_wildcards += wildcards_in(h.melds[m]);
      if (h.melds[m].winning_slot() >= 0) declared_winning = static_cast<int>(m);
    }
    path_has_winning = h.has_winning_tile();
  }

  static const bool* find(const search::State& /*state*/) { return nullptr; }
  // Out of line: inlined, the goal's registers would be saved on every node() the walk enters
  // (about ten nodes a goal on riichi).
  [[gnu::noinline]] bool goal() {
    int winning_group = declared_winning;
    if (path_has_winning) {
      for (std::size_t g = hand->meld_count; g < out.groups.size(); ++g) {
        if (out.groups[g].winning_slot() >= 0) winning_group = static_cast<int>(g);
      }
    }
    search::finish_interpretation(*rules, *hand,
                                  search::finish_steps(*rules, *hand, rules->forms()[out.form]),
                                  winning_group, placed_wildcards, out);
    ++visited;
    if (!(*visit)(out)) stopped = true;
    return !stopped;
  }
  static bool dead() { return true; }
  static Frame open(const search::State& /*state*/) { return {}; }
  void enter(const Group& group) { out.groups.push_back(group); }
  void leave() { out.groups.pop_back(); }
  static bool child(Frame& /*frame*/, const Group& /*group*/, bool go_on) { return go_on; }
  static bool close(Frame& /*frame*/, const search::State& /*state*/, bool go_on) { return go_on; }
};

/// The rule set's plan and the workspace of the hand being listed.
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding): one per lister, members by role
struct InterpretationLister::Impl {
  Impl(const RuleSet& rule_set, bool use_tables);

  // Plan ------------------------------------------------------------------------------------
  const RuleSet* rules;
  search::SearchPlan plan;
  /// hand.missing_suits: bit s is a sequence suit (not bonus), for the gate of hands without
  /// wildcards (lacks_enough_suits).
  unsigned sequence_suits = 0;
  bool restricted = false;  ///< wildcards.stand_ins restricts some wildcard
  /// Per form: the knitted and singles forms' exact win checks (special_forms.hpp), used as a
  /// gate when modelled (a form the hand cannot match is not walked).
  std::vector<detail::SpecialForm> special;
  bool melds_forms = false;  ///< some enabled form takes the pruning tables
  /// Per form: the most wildcards its win holds (form_wildcard_cap; 0: no limit).
  std::vector<int> wildcard_caps;
  TileId meldable = 0;
  TileId tile_count = 0;
  TileMask meldable_mask = 0;
  /// prepare()'s words: how many cover the meldable kinds, 0xFF on each meldable kind, and each
  /// meldable kind's copies (0 elsewhere; above 127 read as 127, used only with small_copies).
  std::size_t meldable_words = 0;
  bool small_copies = true;  ///< every meldable kind has at most 15 copies: word sums fit a byte
  std::array<std::uint64_t, kMaxTileKinds / 8> meldable_bytes{};
  std::array<std::uint64_t, kMaxTileKinds / 8> copies_bytes{};

  // Per hand ---------------------------------------------------------------------------------
  TileCounts naturals{};          ///< the hand's natural concealed tiles
  TileMask natural_mask = 0;      ///< the kinds of `naturals` held
  int natural_odd = 0;            ///< kinds of `naturals` held an odd number of times
  bool natural_over_two = false;  ///< some kind of `naturals` is held three times or more
  int concealed_size = 0;         ///< Hand::concealed_size
  int wildcards = 0;              ///< Hand::wildcard_count: wildcards held (concealed)
  /// Natural copies held, declared melds included (copy caps, distinct abstract pairs).
  TileCounts held{};
  search::PruneKeys prune;
  /// The pruning keys are wanted (tables, melds forms, counts within copies); computed before
  /// the first walk of the hand, as forms the table path lists need none.
  bool prune_wanted = false;
  bool counts_within_copies = false;  ///< every natural count is within its tile's copies
  search::HandStart start;
  ListSink sink;
  /// The table path (suit_decompositions.hpp) and how many form listings took it.
  search::SuitDecompositions tables{plan};
  std::uint64_t table_forms = 0;
  /// The walk of hands of at most one wildcard class without hand.missing_suits, and of any.
  search::FormSearch<ListSink, false> simple_walk{plan, sink};
  search::FormSearch<ListSink, true> general_walk{plan, sink};

  [[nodiscard]] bool size_fits(int size) const {
    // Wrong sizes: the Decomposition throws, with its message.
    return size % 3 == 2 && size <= rules->hand_tiles();
  }
  [[nodiscard]] bool fast(const Hand& h) const;
  std::uint64_t list(const Hand& h, InterpretationVisitor& v, const Decomposition* built);
  [[nodiscard]] bool lacks_enough_suits(const Hand& h) const;
  /// Whether the table path takes this hand's modelled forms (wildcards == 0 and the simple
  /// walk already known): counts within copies, the natural winning tile held.
  [[nodiscard]] bool table_hand() const;
  /// Form `index` by the table path: the product of its suits' paths, first suit slowest.
  void list_by_tables(std::size_t index, const Hand& h, int melds, int pairs);
  /// The listing by the Decomposition's graph: `built` when it is of this hand and rule set,
  /// else one built here.
  std::uint64_t fall_back(const Hand& h, InterpretationVisitor& v, const Decomposition* built);
  /// Reads the hand in one pass over its kinds; false when it is not for the fast path.
  bool prepare(const Hand& h);
  /// The wildcard classes and the rest of `start`; false when the hand holds more classes than
  /// the search takes (the Decomposition throws for it).
  bool start_hand(const Hand& h);
};

InterpretationLister::Impl::Impl(const RuleSet& rule_set, bool use_tables)
    : rules(&rule_set), plan(rule_set, use_tables) {
  const RuleSet& r = rule_set;
  for (std::size_t s = 0; s < r.suits().size() && s < 32; ++s) {
    const SuitInfo& suit = r.suits()[s];
    if (suit.sequences && !suit.bonus) sequence_suits |= 1U << s;
  }
  restricted = r.wildcards().restricted;
  wildcard_caps.clear();
  for (const FormSpec& spec : r.forms()) wildcard_caps.push_back(form_wildcard_cap(r, spec));
  meldable = r.meldable_count();
  tile_count = r.tile_count();
  special.resize(r.forms().size());
  for (std::size_t index = 0; index < r.forms().size(); ++index) {
    const FormSpec& spec = r.forms()[index];
    if (!spec.enabled) continue;
    if (spec.type == FormType::melds || spec.type == FormType::knitted) melds_forms = true;
    if (spec.type == FormType::knitted || spec.type == FormType::singles) {
      special[index] = detail::SpecialForm(r, index);
    }
  }
  meldable_words = (std::size_t{meldable} + 7) / 8;
  for (TileId t = 0; t < meldable; ++t) {
    const std::uint8_t copies = r.tile(t).copies;
    meldable_mask |= tile_bit(t);
    meldable_bytes[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
    copies_bytes[t / 8] |= std::uint64_t{std::min<std::uint8_t>(copies, 127)} << (8 * (t % 8));
    small_copies = small_copies && copies <= 15;
  }
  start.naturals = &naturals;
  start.held = &held;
  sink.rules = rules;
  sink.out.groups.reserve(kMaxPathGroups);
}

bool InterpretationLister::Impl::fast(const Hand& h) const {
  if (!size_fits(h.size(*rules)) || listed_by_graph(h.wildcard_count())) return false;
  if (!restricted || h.wildcard_count() == 0) return true;
  try {
    (void)wildcard_classes(*rules, h);
  } catch (const AnalysisError&) {
    return false;
  }
  return true;
}

std::uint64_t InterpretationLister::Impl::fall_back(const Hand& h, InterpretationVisitor& v,
                                                    const Decomposition* built) {
  std::optional<Decomposition> own;
  if (built == nullptr || &built->rules() != rules || !(built->hand() == h)) {
    own.emplace(*rules, h);
    built = &*own;
  }
  InterpretationCursor cursor = built->interpretations();
  std::uint64_t count = 0;
  while (cursor.next(sink.out)) {
    ++count;
    if (!v(sink.out)) break;
  }
  return count;
}

bool InterpretationLister::Impl::prepare(const Hand& h) {
  // Hand::natural_counts, concealed_size and wildcard_count in one pass: meldable kinds are
  // natural unless wild; wild kinds of any id are wildcards, counted in the size below tile_count.
  // Eight kinds a word: the counts masked to the meldable kinds, wild kinds cleared, then sums,
  // odd counts, non-zero kinds and the copies test by byte arithmetic (swar.hpp). That needs
  // every count below 128 and each word's sum below 256: with small_copies every count within
  // its copies is at most 15, so eight of them sum to at most 120; a word with a count above
  // its copies (which no parser gives) sends the hand to the count-by-count pass instead.
  const std::size_t words = std::min(meldable_words, kMaxTileKinds / 8);
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t x = swar::load_word(h.counts.data() + 8 * w) & meldable_bytes[w];
    std::memcpy(naturals.data() + 8 * w, &x, sizeof x);
  }
  const TileMask wild_kinds = h.wild_tiles;
  for (const int t : set_bits(wild_kinds & meldable_mask)) naturals[t] = 0;
  TileMask mask = 0;
  int odd_kinds = 0;
  int natural_total = 0;
  bool over_two = false;
  std::uint64_t thrice = 0;  // the kinds held thrice or more, as the high bits of their bytes
  bool within_copies = small_copies;
  for (std::size_t w = 0; w < words && within_copies; ++w) {
    const std::uint64_t x = swar::load_word(naturals.data() + 8 * w);
    // Every count below 128 and within its copies (copies_bytes holds at most 127 a byte).
    within_copies = within_copies && (x & swar::kHigh) == 0 &&
                    swar::bytes_at_least(copies_bytes[w], x) == swar::kHigh;
    if (!within_copies) break;
    natural_total += swar::byte_sum(x);
    odd_kinds += swar::byte_sum(x & swar::kOnes);
    thrice |= swar::bytes_at_least(x, 3 * swar::kOnes);
    mask |= swar::gather_high_bits(swar::bytes_at_least(x, swar::kOnes)) << (8 * w);
  }
  over_two = thrice != 0;
  if (!within_copies) {
    over_two = false;
    mask = 0;
    odd_kinds = 0;
    natural_total = 0;
    for (TileId t = 0; t < meldable; ++t) {
      const int c = naturals[t];
      natural_total += c;
      odd_kinds += c & 1;
      over_two = over_two || c > 2;
      if (c != 0) mask |= tile_bit(t);
    }
  }
  natural_mask = mask;
  natural_odd = odd_kinds;
  natural_over_two = over_two;
  int wild_total = h.jokers;
  int wild_in_size = h.jokers;
  for (const int bit : set_bits(wild_kinds)) {
    const auto t = static_cast<TileId>(bit);
    wild_total += h.counts[t];
    if (t < tile_count) wild_in_size += h.counts[t];
  }
  concealed_size = natural_total + wild_in_size;
  wildcards = wild_total;
  if (!size_fits(concealed_size + 3 * h.meld_count)) return false;
  // The tables hold counts up to each tile's copies; beyond them (a hand no parser gives) the
  // entries are saturated, so the tables would cut live branches: do without them.
  start.prune = nullptr;
  prune_wanted = plan.tables_ok && melds_forms && within_copies;
  counts_within_copies = within_copies;
  return true;
}

bool InterpretationLister::Impl::start_hand(const Hand& h) {
  if (restricted && wildcards > 0) {
    try {
      start.set_classes(wildcard_classes(*rules, h), plan.forbidden);
    } catch (const AnalysisError&) {
      return false;
    }
  } else {
    // One class holds every wildcard; the winning wildcard is of it when its source is held
    // (as wildcard_classes, without its per-source table).
    search::ClassView& classes = start.classes;
    classes.count = wildcards > 0 ? 1 : 0;
    classes.unrestricted = wildcards > 0 ? 0 : -1;
    classes.masks[0] = meldable_mask & ~plan.forbidden;
    start.class_held[0] = static_cast<std::uint8_t>(wildcards);
    bool markable = false;
    if (h.winning_joker) {
      markable = h.jokers > 0;
    } else if (h.winning_is_wildcard()) {
      markable = h.counts[h.winning] > 0;
    }
    classes.winning = markable ? 0 : -1;
    start.wildcards = wildcards;
  }
  start.natural_mask = natural_mask;
  start.natural_odd = natural_odd;
  start.set_hand(*rules, h);
  if (plan.capped || wildcards > 0) held = search::held_naturals(*rules, h);
  sink.out.groups.assign(h.melds.begin(), h.melds.begin() + h.meld_count);
  sink.set_hand(h, start.wildcards);  // what the walk places: every path reaching the goal
  return true;
}

bool InterpretationLister::Impl::lacks_enough_suits(const Hand& h) const {
  unsigned used = 0;
  for (const int t : set_bits(natural_mask)) used |= 1U << rules->tile(static_cast<TileId>(t)).suit;
  // As the search: a declared meld touches its first tile's suit.
  for (std::size_t m = 0; m < h.meld_count; ++m) {
    used |= 1U << rules->tile(h.melds[m].tiles[0]).suit;
  }
  return std::popcount(sequence_suits & ~used) >= plan.missing_suits;
}

bool InterpretationLister::Impl::table_hand() const {
  if (!counts_within_copies || tables.suit_count() == 0) return false;
  // A natural winning tile not held leaves no path; the walk says so (rare).
  return start.winning != search::Winning::natural || naturals[start.winning_tile] != 0;
}

void InterpretationLister::Impl::list_by_tables(std::size_t index, const Hand& h, int melds,
                                                int pairs) {
  ++table_forms;
  const search::SuitDecompositions::Listing listing;
  constexpr std::size_t kSuits = search::SuitDecompositions::kMaxSuits;
  std::array<search::SuitPaths, kSuits> paths{};
  std::array<std::size_t, kSuits> suit_of{};
  std::array<std::size_t, kSuits> at_group{};
  std::size_t used = 0;
  std::size_t groups = h.meld_count;
  int pairs_found = 0;
  // Step 1: each suit held, its paths (none: no interpretation in this form).
  for (std::size_t s = 0; s < tables.suit_count(); ++s) {
    if ((natural_mask & tables.suit_mask(s)) == 0) continue;
    const search::SuitPaths found = tables.find(listing, index, s, naturals, start.winning_tile);
    if (found.count == 0) return;
    suit_of[used] = s;
    at_group[used] = groups;
    paths[used++] = found;
    groups += found.size;
    pairs_found += found.pairs;
  }
  // The suits' pairs must be the form's one pair (then the melds are what is left).
  if (pairs_found != pairs || groups != h.meld_count + static_cast<std::size_t>(melds + pairs)) {
    return;
  }
  // Step 2: their product, the last suit fastest (the search's order).
  std::vector<Group>& out = sink.out.groups;
  out.resize(groups);
  std::array<std::uint32_t, kSuits> at{};
  std::size_t from = 0;  // the suits from here on have a new path
  const Group* stored = search::SuitDecompositions::stored_groups(listing);  // after the last find
  for (;;) {
    for (std::size_t k = from; k < used; ++k) {
      tables.copy_path(stored, paths[k], at[k], suit_of[k], out.data() + at_group[k]);
    }
    if (!sink.goal()) break;
    std::size_t k = used;
    while (k > 0 && ++at[k - 1] == paths[k - 1].count) {
      at[k - 1] = 0;
      --k;
    }
    if (k == 0) break;
    from = k - 1;
  }
  out.resize(h.meld_count);
}

std::uint64_t InterpretationLister::Impl::list(const Hand& h, InterpretationVisitor& v,
                                               const Decomposition* built) {
  if (!prepare(h) || !start_hand(h) || listed_by_graph(wildcards)) return fall_back(h, v, built);
  // hand.forbidden_tiles: a hand holding one has no interpretation, in any form.
  if ((natural_mask & plan.forbidden) != 0) return 0;
  // hand.missing_suits, a hand without wildcards: every natural tile lies in some group, so the
  // suits any path touches are the hand's.
  if (plan.missing_suits != 0 && wildcards == 0 && !lacks_enough_suits(h)) return 0;
  sink.visit = &v;
  sink.visited = 0;
  sink.stopped = false;
  // The simple walk leaves out the wildcard classes and the suits touched: under
  // hand.missing_suits a hand without wildcards has passed lacks_enough_suits above, and then
  // every path touches exactly the hand's suits.
  const bool simple = start.classes.count <= 1 && (plan.missing_suits == 0 || wildcards == 0);
  const bool tabled = simple && wildcards == 0 && table_hand();
  const std::vector<FormSpec>& forms = rules->forms();
  for (std::size_t index = 0; index < forms.size() && !sink.stopped; ++index) {
    const FormSpec& spec = forms[index];
    const int cap = wildcard_caps[index];
    if (!spec.enabled || (cap != 0 && wildcards > cap)) continue;
    int melds = 0;
    int pairs = 0;
    if (!search::form_needs(spec, concealed_size, static_cast<int>(h.meld_count), wildcards, melds,
                            pairs)) {
      continue;
    }
    switch (spec.type) {
      case FormType::pairs:
        // Each odd count needs a wildcard or a pung; four of a kind needs a pung when pairs
        // must differ. Most hands stop here, before any state is set up.
        if (natural_odd > wildcards + spec.pungs) continue;
        if (!spec.four_as_two_pairs && spec.pungs == 0 && natural_over_two) continue;
        break;
      case FormType::knitted:
      case FormType::singles: {
        const detail::SpecialForm& check = special[index];
        detail::SpecialHand view{naturals.data(), wildcards, static_cast<int>(h.meld_count)};
        if (wildcards == 0) {
          // From prepare's pass (without wildcards concealed_size counts the natural tiles):
          // with no kind held thrice, the tiles of even counts are the pairs'.
          view.pairs_held = natural_over_two ? detail::SpecialHand::kHeldThrice
                                             : (concealed_size - natural_odd) / 2;
          view.kinds_held = natural_mask;
        }
        if (check.modelled() && check.win(view) == detail::SpecialAnswer::no) continue;
        break;
      }
      default:
        break;
    }
    sink.out.form = index;
    if (tabled && tables.models(index)) {
      list_by_tables(index, h, melds, pairs);
      continue;
    }
    const bool prunes = spec.type == FormType::melds || spec.type == FormType::knitted;
    if (prunes && prune_wanted && start.prune == nullptr) {
      prune = search::prune_keys(plan, naturals, natural_mask);
      start.prune = &prune;
    }
    if (simple) {
      simple_walk.run(index, start, melds, pairs);
    } else {
      general_walk.run(index, start, melds, pairs);
    }
  }
  sink.out.groups.clear();
  return sink.visited;
}

// InterpretationLister ---------------------------------------------------------------------

InterpretationLister::InterpretationLister(const RuleSet& rules, TableUse tables)
    : impl_(std::make_unique<Impl>(rules, tables == TableUse::tables)) {}
InterpretationLister::~InterpretationLister() = default;
InterpretationLister::InterpretationLister(InterpretationLister&&) noexcept = default;
InterpretationLister& InterpretationLister::operator=(InterpretationLister&&) noexcept = default;

std::uint64_t InterpretationLister::list(const Hand& hand, InterpretationVisitor visit,
                                         const Decomposition* built) {
  return impl_->list(hand, visit, built);
}

void InterpretationLister::build_tables() const {
  // The melds forms' win tables were built with the plan (SearchPlan, when asked for).
  for (const detail::SpecialForm& form : impl_->special) form.build_tables(false);
}

bool InterpretationLister::lists_without_graph(const Hand& hand) const {
  return impl_->fast(hand);
}

std::uint64_t InterpretationLister::table_path_forms() const {
  return impl_->table_forms;
}

bool lists_without_graph(const RuleSet& rules, const Hand& hand) {
  return InterpretationLister(rules).lists_without_graph(hand);
}

}  // namespace meldgraph
