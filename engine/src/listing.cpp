/// Listing interpretations without the graph.
///
/// The fast path is the search of decomposition.cpp run depth-first on one mutable state with
/// undo, emitting each path as it reaches the goal instead of building a DAG, for the one wildcard
/// class the modelled rule sets have. Its steps are the search's own, from form_search.hpp: the
/// group templates at the lowest natural tile in their order, the order keys (class code 0), the
/// pair rules, the winning-tile variants, the abstract groups' fill test, and
/// finish_interpretation. Every path of the graph is one path here and the children come in the
/// same order, so the listing is the cursor's listing, in its order. States the graph merges are
/// simply visited once per path.
///
/// Pruning only leaves branches that cannot reach the goal, by necessary conditions:
/// - melds forms with at most one pair left: the per-suit win tables (suit_tables.hpp, uncapped:
///   a lower bound under capped copies too) give the fewest wildcards that make each suit's
///   remaining naturals melds only (f0) or melds and the pair (f1); a state needing more than
///   sum f0 + min(2, min (f1 - f0)) wildcards (or sum f0 with no pair left) has no completion;
/// - pairs forms: every tile with an odd count needs a wildcard or a pung;
/// - set forms: every set tile not held needs a wildcard;
/// - a natural winning tile still to be marked needs a copy left.
/// Correctness never rests on them: with pruning off the same paths reach the goal.
///
/// Anything not modelled (the whitelist: `Impl::modelled`, set in the constructor, and `fast_for`)
/// builds the Decomposition and walks its cursor; so does a hand that a knitted or singles form
/// may match (special_forms.hpp's exact win checks), since this walk does not take those forms.

#include "meldgraph/listing.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "form_search.hpp"
#include "meldgraph/suit_tables.hpp"
#include "special_forms.hpp"
#include "swar.hpp"

namespace meldgraph {
namespace {

using search::kTemplates;
using search::Template;
using search::Winning;

/// The templates a state with 0, 1 and 2 or more wildcards left can use, in order.
/// Indices into kTemplates of the templates with at most N wildcard slots, in template order.
template <std::size_t N, int MaxWild>
constexpr std::array<std::uint8_t, N> templates_with_at_most() {
  std::array<std::uint8_t, N> out{};
  std::size_t n = 0;
  for (std::size_t index = 0; index < kTemplates.size(); ++index) {
    if (kTemplates[index].wild_count <= MaxWild) out[n++] = static_cast<std::uint8_t>(index);
  }
  return out;
}
constexpr std::array<std::uint8_t, 3> kTemplatesWithout = templates_with_at_most<3, 0>();
constexpr std::array<std::uint8_t, 8> kTemplatesWithOne = templates_with_at_most<8, 1>();
constexpr std::array<std::uint8_t, 12> kTemplatesAll = templates_with_at_most<12, 2>();

/// Group::wildcard_count without a library popcount call (no -mpopcnt): bits of a wild mask.
constexpr std::array<std::uint8_t, 256> kMaskBits = [] {
  std::array<std::uint8_t, 256> bits{};
  for (std::size_t m = 0; m < bits.size(); ++m) {
    bits[m] = static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(m)));
  }
  return bits;
}();
int wildcards_in(const Group& group) {
  return group.kind == GroupKind::wildcards ? group.size : kMaskBits[group.wild_mask];
}

/// Suits the pruning tables handle (standard sets have four).
constexpr std::size_t kMaxPruneSuits = 8;
/// Groups one interpretation can hold: the declared melds and up to 17 concealed tiles as
/// singles, with room to spare (more only grows the vector).
constexpr std::size_t kMaxPathGroups = 32;

}  // namespace

/// The rule set's plan (what is modelled, the tile table, the pruning tables) and the workspace
/// of the hand being listed. Invariants while a form is searched: `remaining` holds the natural
/// tiles still to place and `nonzero` has exactly the bits of its non-zero entries; `wild` is the
/// wildcards still to place; `keys`/`f` are the pruning suits' base-5 keys of `remaining` and
/// their win-table entries (when `prune_tables`); `odd` is the number of odd entries of
/// `remaining`; `out.groups` is the declared melds followed by the path so far.
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding): one per lister, members by role
struct InterpretationLister::Impl {
  explicit Impl(const RuleSet& rule_set);

  // Plan ------------------------------------------------------------------------------------
  const RuleSet* rules;
  /// Every enabled form and every rule of the set is one the fast path models; hands add their
  /// own checks (fast_for).
  bool modelled = true;
  /// hand.missing_suits, modelled for hands without wildcards: then every natural tile lies in
  /// some group, so the suits a path touches are the hand's (concealed and declared), and the
  /// rule keeps every interpretation of a hand that lacks enough sequence suits and none of
  /// another (lacks_enough_suits).
  int missing_suits = 0;
  unsigned sequence_suits = 0;  ///< bit s: rules.suits()[s] is a sequence suit (not bonus)
  bool restricted = false;      ///< wildcards.stand_ins restricts some wildcard
  bool capped = false;          ///< !wildcards.exceed_copies
  TileMask forbidden = 0;       ///< hand.forbidden_tiles: never held in a win, never stood for
  /// The enabled knitted and singles forms' exact win checks (special_forms.hpp). The lister does
  /// not walk these forms: a hand one of them may match (yes or unknown) is listed by the
  /// Decomposition, every other hand without the graph (the form then has no interpretation).
  std::vector<detail::SpecialForm> special_forms;
  bool melds_forms = false;  ///< some enabled form is a melds form (the tables' user)
  int max_in_win = 0;
  TileId meldable = 0;
  TileId tile_count = 0;
  std::array<TileId, kMaxTileKinds> next{};
  std::array<TileId, kMaxTileKinds> previous{};
  std::array<std::uint8_t, kMaxTileKinds> copies{};
  TileMask meldable_mask = 0;
  /// prepare()'s words: how many cover the meldable kinds, 0xFF on each meldable kind, and each
  /// meldable kind's copies (0 elsewhere; above 127 read as 127, used only with small_copies).
  std::size_t meldable_words = 0;
  bool small_copies = true;  ///< every meldable kind has at most 15 copies: word sums fit a byte
  std::array<std::uint64_t, kMaxTileKinds / 8> meldable_bytes{};
  std::array<std::uint64_t, kMaxTileKinds / 8> copies_bytes{};
  std::vector<TileMask> set_masks;  ///< per form: the set form's tiles, else 0
  /// The pruning tables: one per suit of meldable tiles, when every suit has a table shape.
  bool tables_ok = false;
  std::size_t suit_count = 0;
  std::array<const std::uint8_t*, kMaxPruneSuits> win_table{};
  std::array<std::uint8_t, kMaxTileKinds> suit_of{};
  std::array<std::uint32_t, kMaxTileKinds> step_of{};

  // Per hand ---------------------------------------------------------------------------------
  const Hand* hand = nullptr;
  const FormSpec* form = nullptr;
  InterpretationVisitor* visit = nullptr;
  std::uint64_t visited = 0;
  bool stopped = false;
  TileCounts naturals{};          ///< the hand's natural concealed tiles
  TileMask natural_mask = 0;      ///< the kinds of `naturals` held
  int natural_odd = 0;            ///< kinds of `naturals` held an odd number of times
  bool natural_over_two = false;  ///< some kind of `naturals` is held three times or more
  int concealed_size = 0;         ///< Hand::concealed_size
  int wildcards = 0;              ///< Hand::wildcard_count: wildcards held (concealed)
  std::array<std::uint32_t, kMaxPruneSuits> natural_keys{};
  std::array<std::uint8_t, kMaxPruneSuits> natural_f{};
  int natural_sum0 = 0;
  /// Natural copies held, declared melds included (copy caps, distinct abstract pairs); filled on
  /// first use in a hand (`held_ready`).
  TileCounts held{};
  bool held_ready = false;
  TileId winning_tile = kNoTile;  ///< the natural winning tile, or kNoTile
  Winning winning_start = Winning::placed;
  bool winning_markable = false;  ///< a winning wildcard is of the hand's (one) wildcard class
  int declared_winning = -1;      ///< the last declared meld marked as winning, or -1
  int declared_wildcards = 0;
  bool prune_tables = false;  ///< the win tables apply to this hand's counts
  Interpretation out;

  // Per form (the search state) -------------------------------------------------------------
  bool pairs_only = false;      ///< a pairs form: pairs and pungs, no chows
  bool distinct_pairs = false;  ///< a pairs form where four of a kind is not two pairs
  TileCounts remaining{};
  TileCounts standins{};  ///< stand-ins placed per tile (capped copies only)
  TileMask nonzero = 0;
  int wild = 0;
  int melds = 0;
  int pairs = 0;
  Winning winning = Winning::placed;
  int path_winning = -1;  ///< index in out.groups of the path's marked group, or -1
  int path_wildcards = 0;
  int odd = 0;
  std::array<std::uint32_t, kMaxPruneSuits> keys{};
  std::array<std::uint8_t, kMaxPruneSuits> f{};
  int sum0 = 0;  ///< the sum of the low nibbles of `f`: wildcards making every suit melds only
  std::array<std::uint8_t, kMaxTileKinds> missing_after{};  ///< set forms: set tiles not held

  /// What take() changed in the pruning keys, for give().
  struct Undo {
    std::size_t suit = kMaxPruneSuits;
    std::uint32_t key = 0;
    std::uint8_t f = 0;
  };

  [[nodiscard]] bool fast_for(int size, int wildcard_count) const;
  [[nodiscard]] bool fast(const Hand& h) const;
  /// Whether some knitted or singles form may match the hand (natural counts with wild kinds
  /// zeroed, concealed wildcards, declared melds).
  [[nodiscard]] bool special_may_match(const TileCounts& counts, int wildcard_count,
                                       int declared) const;
  std::uint64_t list(const Hand& h, InterpretationVisitor& v);
  [[nodiscard]] bool lacks_enough_suits(const Hand& h) const;
  std::uint64_t fall_back(const Hand& h, InterpretationVisitor& v);
  /// Reads the hand in one pass over its kinds; false when it is not for the fast path.
  bool prepare(const Hand& h);
  void start_hand(const Hand& h);
  void start_form(const FormSpec& spec, std::size_t index, int melds_needed, int pairs_needed);
  const TileCounts& held_counts();

  bool emit();
  bool emit_wildcards_form(std::size_t index);

  // Melds and pairs forms.
  bool melds_search(int min_key);
  bool abstract_search();
  bool descend(const Group& group, int key, int min_key, TileId lowest, bool one_pair_here);
  /// Takes the group of `shape` at `lowest` from the state when it fits (copies left, copy
  /// caps): fills `group` and `undo`, true; otherwise false and nothing changed.
  bool take(const Template& shape, TileId lowest, Group& group, Undo& undo);
  void give(const Template& shape, const Group& group, const Undo& undo);
  [[nodiscard]] bool alive() const;

  [[nodiscard]] bool abstract_realizable();

  // Set forms.
  bool set_search(std::size_t cursor);

  // Both: the winning-tile variants of a group taken from the state.
  template <class Descend>
  bool with_variants(const Group& base, Descend&& descend_to);

  void remove_natural(TileId tile) {
    if (--remaining[tile] == 0) nonzero &= ~tile_bit(tile);
    odd += (remaining[tile] & 1U) != 0 ? 1 : -1;
  }
  void add_natural(TileId tile) {
    if (remaining[tile]++ == 0) nonzero |= tile_bit(tile);
    odd += (remaining[tile] & 1U) != 0 ? 1 : -1;
  }
  void push(const Group& group) {
    if (group.winning_slot() >= 0) path_winning = static_cast<int>(out.groups.size());
    path_wildcards += wildcards_in(group);
    out.groups.push_back(group);
  }
  void pop() {
    const Group& group = out.groups.back();
    if (group.winning_slot() >= 0) path_winning = -1;
    path_wildcards -= wildcards_in(group);
    out.groups.pop_back();
  }
};

/// The rule features the lister models (RuleSet::features): every one but these, which fall
/// back to the graph. A feature added to RuleFeature later falls back too until listed here.
/// Knitted and singles forms are modelled by a gate: the lister does not walk them, and a hand
/// one of them may match falls back (special_forms.hpp's checks must model the form).
constexpr RuleFeatures kListerModelled =
    RuleFeatures::all().without({RuleFeature::set_unmeldable_tiles});
static_assert(static_cast<unsigned>(RuleFeature::count_) == 29,
              "a new RuleFeature: decide whether kListerModelled models it");

InterpretationLister::Impl::Impl(const RuleSet& rule_set) : rules(&rule_set) {
  const RuleSet& r = rule_set;
  const WildcardRules& wild_rules = r.wildcards();
  modelled = r.features().within(kListerModelled);
  forbidden = r.forbidden_tiles();
  missing_suits = r.missing_suits();
  for (std::size_t s = 0; s < r.suits().size(); ++s) {
    const SuitInfo& suit = r.suits()[s];
    // The search keeps the suits touched in a byte: beyond eight suits, fall back.
    if (s >= 8) {
      modelled = modelled && missing_suits == 0;
      break;
    }
    if (suit.sequences && !suit.bonus) sequence_suits |= 1U << s;
  }
  restricted = wild_rules.restricted;
  capped = !wild_rules.exceed_copies;
  max_in_win = wild_rules.max_in_win;
  meldable = r.meldable_count();
  tile_count = r.tile_count();
  set_masks.assign(r.forms().size(), 0);
  for (std::size_t index = 0; index < r.forms().size(); ++index) {
    const FormSpec& spec = r.forms()[index];
    if (!spec.enabled) continue;
    switch (spec.type) {
      case FormType::melds:
        melds_forms = true;
        break;
      case FormType::set:
        for (const TileId t : spec.set_tiles) {
          if (t < meldable) set_masks[index] |= tile_bit(t);
        }
        break;
      case FormType::pairs:
      case FormType::wildcards:
        break;
      case FormType::knitted:
      case FormType::singles: {
        detail::SpecialForm check(r, index);
        modelled = modelled && check.modelled();
        special_forms.push_back(std::move(check));
        break;
      }
      default:  // any later form type
        modelled = false;
        break;
    }
  }
  for (TileId t = 0; t < r.tile_count(); ++t) {
    next[t] = r.tile(t).next;
    previous[t] = r.tile(t).previous;
    copies[t] = r.tile(t).copies;
  }
  meldable_words = (std::size_t{meldable} + 7) / 8;
  for (TileId t = 0; t < meldable; ++t) {
    meldable_mask |= tile_bit(t);
    meldable_bytes[t / 8] |= std::uint64_t{0xFF} << (8 * (t % 8));
    copies_bytes[t / 8] |= std::uint64_t{std::min<std::uint8_t>(copies[t], 127)} << (8 * (t % 8));
    small_copies = small_copies && copies[t] <= 15;
  }

  // The pruning tables, when every meldable suit has a table shape (as queries.cpp's plan).
  tables_ok = true;
  std::array<TileId, kMaxPruneSuits> first{};
  std::array<int, kMaxPruneSuits> ranks{};
  for (TileId t = 0; t < meldable && tables_ok; ++t) {
    const TileInfo& info = r.tile(t);
    if (t == 0 || info.suit != r.tile(static_cast<TileId>(t - 1)).suit) {
      if (suit_count == kMaxPruneSuits) {
        tables_ok = false;
        break;
      }
      first[suit_count++] = t;
    }
    suit_of[t] = static_cast<std::uint8_t>(suit_count - 1);
    ++ranks[suit_count - 1];
  }
  for (std::size_t s = 0; s < suit_count && tables_ok; ++s) {
    const TileInfo& info = r.tile(first[s]);
    const bool sequences = r.suits()[info.suit].sequences;
    bool ok = ranks[s] <= kTableMaxRanks && info.copies >= 1 && info.copies <= kTableMaxCopies;
    for (int k = 0; ok && k < ranks[s]; ++k) {
      const auto t = static_cast<TileId>(first[s] + k);
      ok = r.tile(t).copies == info.copies;
      // The table's chows are of consecutive ranks of the suit, and only in sequence suits.
      if (sequences && k + 1 < ranks[s]) ok = ok && r.tile(t).next == t + 1;
      if (!sequences || k + 1 == ranks[s]) ok = ok && r.tile(t).next == kNoTile;
    }
    if (!ok) {
      tables_ok = false;
      break;
    }
    const SuitTables& tables = SuitTables::of(SuitShape{ranks[s], sequences, info.copies});
    win_table[s] = tables.win(false);
    for (int k = 0; k < ranks[s]; ++k) step_of[first[s] + k] = tables.step(k);
  }
  out.groups.reserve(kMaxPathGroups);
}

bool InterpretationLister::Impl::fast_for(int size, int wildcard_count) const {
  if (!modelled) return false;
  // Which suits a wildcard touches is the search's business (abstract groups keep a suit free).
  if (missing_suits != 0 && wildcard_count != 0) return false;
  // Restricted stand-ins are moot for a hand without wildcards (one class, nothing to place).
  if (restricted && wildcard_count != 0) return false;
  // Wrong sizes: the Decomposition throws, with its message.
  return size % 3 == 2 && size <= rules->hand_tiles();
}

bool InterpretationLister::Impl::fast(const Hand& h) const {
  return fast_for(h.size(*rules), h.wildcard_count()) &&
         !special_may_match(h.natural_counts(*rules), h.wildcard_count(), h.meld_count);
}

bool InterpretationLister::Impl::special_may_match(const TileCounts& counts, int wildcard_count,
                                                   int declared) const {
  const detail::SpecialHand view{counts.data(), wildcard_count, declared};
  for (const detail::SpecialForm& check : special_forms) {
    if (check.win(view) != detail::SpecialAnswer::no) return true;
  }
  return false;
}

std::uint64_t InterpretationLister::Impl::fall_back(const Hand& h, InterpretationVisitor& v) {
  const Decomposition decomposition(*rules, h);
  InterpretationCursor cursor = decomposition.interpretations();
  std::uint64_t count = 0;
  while (cursor.next(out)) {
    ++count;
    if (!v(out)) break;
  }
  return count;
}

bool InterpretationLister::Impl::prepare(const Hand& h) {
  // Hand::natural_counts, concealed_size and wildcard_count in one pass: meldable kinds are
  // natural unless wild; wild kinds of any id are wildcards, counted in the size below tile_count.
  // Eight kinds a word: the counts masked to the meldable kinds, wild kinds cleared, then sums,
  // odd counts, non-zero kinds and the copies test by byte arithmetic (every byte stays below
  // 128, so no byte carries into the next; larger counts, which no parser gives, are detected and
  // read one by one instead).
  const std::size_t words = std::min(meldable_words, kMaxTileKinds / 8);
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t x = swar::load_word(h.counts.data() + 8 * w) & meldable_bytes[w];
    std::memcpy(naturals.data() + 8 * w, &x, sizeof x);
  }
  const TileMask wild_kinds = h.wild_tiles;
  for (TileMask rest = wild_kinds & meldable_mask; rest != 0; rest &= rest - 1) {
    naturals[static_cast<std::size_t>(std::countr_zero(rest))] = 0;
  }
  TileMask mask = 0;
  int odd_kinds = 0;
  int natural_total = 0;
  bool over_two = false;
  bool within_copies = small_copies;
  for (std::size_t w = 0; w < words && within_copies; ++w) {
    const std::uint64_t x = swar::load_word(naturals.data() + 8 * w);
    within_copies = within_copies && (x & swar::kHigh) == 0 &&
                    (((copies_bytes[w] | swar::kHigh) - x) & swar::kHigh) == swar::kHigh;
    if (!within_copies) break;
    natural_total += swar::byte_sum(x);
    odd_kinds += swar::byte_sum(x & swar::kOnes);
    over_two = over_two || ((x + 0x7D * swar::kOnes) & swar::kHigh) != 0;
    mask |= swar::gather_high_bits((x + 0x7F * swar::kOnes) & swar::kHigh) << (8 * w);
  }
  if (!within_copies) {
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
  for (TileMask rest = wild_kinds; rest != 0; rest &= rest - 1) {
    const auto t = static_cast<TileId>(std::countr_zero(rest));
    wild_total += h.counts[t];
    if (t < tile_count) wild_in_size += h.counts[t];
  }
  concealed_size = natural_total + wild_in_size;
  wildcards = wild_total;
  if (!fast_for(concealed_size + 3 * h.meld_count, wildcards)) return false;
  if (!special_forms.empty() && special_may_match(naturals, wildcards, h.meld_count)) return false;
  // The tables hold counts up to each tile's copies; beyond them (a hand no parser gives) the
  // entries are saturated, so the tables would cut live branches: do without them.
  prune_tables = tables_ok && melds_forms && within_copies;
  if (prune_tables) {
    std::array<std::uint32_t, kMaxPruneSuits> suit_keys{};
    for (TileMask rest = mask; rest != 0; rest &= rest - 1) {
      const auto t = static_cast<TileId>(std::countr_zero(rest));
      suit_keys[suit_of[t]] += naturals[t] * step_of[t];
    }
    natural_keys = suit_keys;
    natural_sum0 = 0;
    for (std::size_t s = 0; s < suit_count; ++s) {
      natural_f[s] = win_table[s][suit_keys[s]];
      natural_sum0 += natural_f[s] & 0x0F;
    }
  }
  return true;
}

void InterpretationLister::Impl::start_hand(const Hand& h) {
  hand = &h;
  held_ready = false;
  winning_tile = h.winning_is_wildcard() ? kNoTile : h.winning;
  winning_start = !h.has_winning_tile()     ? Winning::placed
                  : h.winning_is_wildcard() ? Winning::wild
                                            : Winning::natural;
  // One class holds every wildcard; the winning wildcard is of it when its source is held
  // (wildcard_classes gives the class of a source the hand holds, else -1).
  winning_markable = false;
  if (h.winning_joker) {
    winning_markable = h.jokers > 0;
  } else if (winning_start == Winning::wild) {
    winning_markable = h.counts[h.winning] > 0;
  }
  out.groups.assign(h.melds.begin(), h.melds.begin() + h.meld_count);
  declared_winning = -1;
  declared_wildcards = 0;
  for (std::size_t g = 0; g < out.groups.size(); ++g) {
    declared_wildcards += wildcards_in(out.groups[g]);
    if (out.groups[g].winning_slot() >= 0) declared_winning = static_cast<int>(g);
  }
}

const TileCounts& InterpretationLister::Impl::held_counts() {
  if (held_ready) return held;
  held_ready = true;
  // Copy caps count natural tiles in declared melds too; a wild kind's concealed copies are
  // wildcards, its copies in declared melds the tiles they are.
  held = hand->held_counts();
  for (TileId t = 0; t < kMaxTileKinds; ++t) {
    if (t >= meldable) {
      held[t] = 0;
    } else if ((hand->wild_tiles & tile_bit(t)) != 0) {
      held[t] = static_cast<std::uint8_t>(held[t] - hand->counts[t]);
    }
  }
  return held;
}

void InterpretationLister::Impl::start_form(const FormSpec& spec, std::size_t index,
                                            int melds_needed, int pairs_needed) {
  form = &spec;
  out.form = index;
  pairs_only = spec.type == FormType::pairs;
  distinct_pairs = pairs_only && !spec.four_as_two_pairs;
  remaining = naturals;
  nonzero = natural_mask;
  odd = natural_odd;
  if (capped) {
    standins = TileCounts{};
    held_counts();
  }
  wild = wildcards;
  melds = melds_needed;
  pairs = pairs_needed;
  winning = winning_start;
  path_winning = -1;
  path_wildcards = 0;
  keys = natural_keys;
  f = natural_f;
  sum0 = natural_sum0;
}

bool InterpretationLister::Impl::lacks_enough_suits(const Hand& h) const {
  unsigned used = 0;
  for (TileMask rest = natural_mask; rest != 0; rest &= rest - 1) {
    used |= 1U << rules->tile(static_cast<TileId>(std::countr_zero(rest))).suit;
  }
  // As the search: a declared meld touches its first tile's suit.
  for (std::size_t m = 0; m < h.meld_count; ++m)
    used |= 1U << rules->tile(h.melds[m].tiles[0]).suit;
  return std::popcount(sequence_suits & ~used) >= missing_suits;
}

std::uint64_t InterpretationLister::Impl::list(const Hand& h, InterpretationVisitor& v) {
  if (!prepare(h)) return fall_back(h, v);
  // hand.forbidden_tiles: a hand holding one has no interpretation, in any form.
  if ((natural_mask & forbidden) != 0) return 0;
  // hand.missing_suits (a hand without wildcards here): all of the interpretations, or none.
  if (missing_suits != 0 && !lacks_enough_suits(h)) return 0;
  start_hand(h);
  visit = &v;
  visited = 0;
  stopped = false;
  const bool too_many = max_in_win != 0 && wildcards > max_in_win;
  const std::vector<FormSpec>& forms = rules->forms();
  for (std::size_t index = 0; index < forms.size() && !stopped; ++index) {
    const FormSpec& spec = forms[index];
    if (!spec.enabled || (too_many && spec.type != FormType::wildcards)) continue;
    // Pairs and set forms are whole-hand shapes: every tile concealed, no declared meld.
    if (spec.hand_tiles != 0 && (spec.hand_tiles != concealed_size || h.meld_count != 0)) continue;
    if (!spec.wildcards && wildcards > 0) continue;
    switch (spec.type) {
      case FormType::wildcards:
        if (wildcards >= spec.count) emit_wildcards_form(index);
        break;
      case FormType::melds:
        // As the search: the meld count is a byte (a form whose pairs exceed the hand wraps).
        start_form(spec, index, static_cast<std::uint8_t>((concealed_size - 2 * spec.pairs) / 3),
                   spec.pairs);
        if (alive()) melds_search(0);
        break;
      case FormType::pairs:
        // Each odd count needs a wildcard or a pung; four of a kind needs a pung when pairs
        // must differ. Most hands stop here, before any state is set up.
        if (natural_odd > wildcards + spec.pungs) break;
        if (!spec.four_as_two_pairs && spec.pungs == 0 && natural_over_two) break;
        start_form(spec, index, spec.pungs, spec.pairs);
        melds_search(0);
        break;
      case FormType::set: {
        // A natural tile outside the set rules the form out (most hands stop here).
        if ((natural_mask & ~set_masks[index]) != 0) break;
        const std::size_t count = spec.set_tiles.size();
        if (count >= kMaxTileKinds) break;  // a set no hand can hold
        start_form(spec, index, static_cast<int>(count), 1);
        // Set tiles not held from each cursor on: each needs a wildcard.
        missing_after[count] = 0;
        for (std::size_t k = count; k-- > 0;) {
          missing_after[k] = static_cast<std::uint8_t>(missing_after[k + 1] +
                                                       (remaining[spec.set_tiles[k]] == 0 ? 1 : 0));
        }
        set_search(0);
        break;
      }
      default:
        break;  // not reached: such rule sets fall back
    }
  }
  out.groups.clear();
  return visited;
}

bool InterpretationLister::Impl::emit() {
  search::finish_interpretation(*rules, *hand, path_winning >= 0 ? path_winning : declared_winning,
                                declared_wildcards + path_wildcards, out);
  ++visited;
  if (!(*visit)(out)) stopped = true;
  return !stopped;
}

bool InterpretationLister::Impl::emit_wildcards_form(std::size_t index) {
  out.form = index;
  path_winning = -1;
  path_wildcards = 0;
  const Group group{GroupKind::wildcards,
                    static_cast<std::uint8_t>(wildcards),
                    0xFF,
                    0,
                    {kNoTile, kNoTile, kNoTile, kNoTile}};
  push(group);
  const bool go_on = emit();
  pop();
  return go_on;
}

// Melds and pairs forms --------------------------------------------------------------------

bool InterpretationLister::Impl::alive() const {
  if (pairs_only) {
    // Each odd count needs a wildcard (NW, NWW) or a pung (NNN) at its tile.
    return odd <= wild + melds;
  }
  if (!prune_tables || pairs > 1) return true;
  if (pairs == 0) return sum0 <= wild;
  // The pair costs at most two more wildcards than melds only (a pair of wildcards).
  if (sum0 + 2 <= wild) return true;
  int least = 2;
  for (std::size_t s = 0; s < suit_count; ++s) least = std::min(least, (f[s] >> 4) - (f[s] & 0x0F));
  return sum0 + least <= wild;
}

// Inline: called for every template at every node of the walk.
inline bool InterpretationLister::Impl::take(const Template& shape, TileId lowest, Group& group,
                                             Undo& undo) {
  group.kind = shape.kind;
  group.size = static_cast<std::uint8_t>(shape.size);
  group.wild_mask = static_cast<std::uint8_t>(shape.wild);
  std::uint32_t delta = 0;
  if (shape.kind != GroupKind::chow) {
    // A pair or a pung: every slot is the lowest tile, natural slots first.
    const int natural_slots = shape.size - shape.wild_count;
    if (remaining[lowest] < natural_slots) return false;
    if (capped && shape.wild_count > 0 &&
        held[lowest] + standins[lowest] + shape.wild_count > copies[lowest]) {
      return false;
    }
    group.tiles[0] = lowest;
    group.tiles[1] = lowest;
    if (shape.size == 3) group.tiles[2] = lowest;
    remaining[lowest] = static_cast<std::uint8_t>(remaining[lowest] - natural_slots);
    if (remaining[lowest] == 0) nonzero &= ~tile_bit(lowest);
    if ((natural_slots & 1) != 0) odd += (remaining[lowest] & 1U) != 0 ? 1 : -1;
    if (capped) standins[lowest] = static_cast<std::uint8_t>(standins[lowest] + shape.wild_count);
    delta = static_cast<std::uint32_t>(natural_slots) * step_of[lowest];
  } else {
    TileId tile = lowest;
    for (int step = 0; step > shape.first_offset; --step) {
      tile = previous[tile];
      if (tile == kNoTile) return false;
    }
    for (std::size_t slot = 0; slot < 3; ++slot) {
      if (slot > 0) {
        tile = next[tile];
        if (tile == kNoTile) return false;
      }
      group.tiles[slot] = tile;
      if ((shape.wild >> slot & 1U) == 0) {
        if (remaining[tile] == 0) return false;
      } else if ((forbidden & tile_bit(tile)) != 0 ||
                 (capped && held[tile] + standins[tile] + 1 > copies[tile])) {
        // No stand-in for a forbidden tile; natural copies plus stand-ins may not exceed a
        // tile's copies.
        return false;
      }
    }
    for (std::size_t slot = 0; slot < 3; ++slot) {
      const TileId t = group.tiles[slot];
      if ((shape.wild >> slot & 1U) == 0) {
        remove_natural(t);
        delta += step_of[t];
      } else if (capped) {
        ++standins[t];
      }
    }
  }
  wild -= shape.wild_count;
  if (shape.kind == GroupKind::pair) {
    --pairs;
  } else {
    --melds;
  }
  if (prune_tables) {
    const std::size_t suit = suit_of[lowest];  // every natural tile of a group is of its suit
    undo.suit = suit;
    undo.key = keys[suit];
    undo.f = f[suit];
    keys[suit] -= delta;
    f[suit] = win_table[suit][keys[suit]];
    sum0 += (f[suit] & 0x0F) - (undo.f & 0x0F);
  }
  return true;
}

inline void InterpretationLister::Impl::give(const Template& shape, const Group& group,
                                             const Undo& undo) {
  if (shape.kind != GroupKind::chow) {
    const TileId tile = group.tiles[0];
    const int natural_slots = shape.size - shape.wild_count;
    if (remaining[tile] == 0) nonzero |= tile_bit(tile);
    remaining[tile] = static_cast<std::uint8_t>(remaining[tile] + natural_slots);
    if ((natural_slots & 1) != 0) odd += (remaining[tile] & 1U) != 0 ? 1 : -1;
    if (capped) standins[tile] = static_cast<std::uint8_t>(standins[tile] - shape.wild_count);
  } else {
    for (std::size_t slot = 0; slot < 3; ++slot) {
      const TileId t = group.tiles[slot];
      if ((shape.wild >> slot & 1U) == 0) {
        add_natural(t);
      } else if (capped) {
        --standins[t];
      }
    }
  }
  wild += shape.wild_count;
  if (shape.kind == GroupKind::pair) {
    ++pairs;
  } else {
    ++melds;
  }
  if (prune_tables) {
    sum0 += (undo.f & 0x0F) - (f[undo.suit] & 0x0F);
    keys[undo.suit] = undo.key;
    f[undo.suit] = undo.f;
  }
}

template <class Descend>
bool InterpretationLister::Impl::with_variants(const Group& base, Descend&& descend_to) {
  const Winning before = winning;
  const bool copy_left = before != Winning::natural || remaining[winning_tile] != 0;
  return search::for_each_winning_variant(base, before, winning_tile, copy_left,
                                          winning_markable ? 0 : -1,
                                          [&](const Group& variant, bool marks) {
                                            if (marks) winning = Winning::placed;
                                            const bool go_on = descend_to(variant);
                                            winning = before;
                                            return go_on;
                                          });
}

bool InterpretationLister::Impl::descend(const Group& group, int key, int min_key, TileId lowest,
                                         bool one_pair_here) {
  if (key < min_key) return true;
  const int next_key = one_pair_here ? std::max(key, search::kFirstPungKey) : key;
  push(group);
  const bool go_on = melds_search(remaining[lowest] != 0 ? next_key : 0);
  pop();
  return go_on;
}

bool InterpretationLister::Impl::melds_search(int min_key) {
  if (nonzero == 0) {
    if (wild == 0 && melds == 0 && pairs == 0 && winning == Winning::placed) return emit();
    return abstract_search();
  }
  const auto lowest = static_cast<TileId>(std::countr_zero(nonzero));
  // Only the templates the wildcards left allow, in the search's order.
  const std::uint8_t* order = kTemplatesAll.data();
  std::size_t order_size = kTemplatesAll.size();
  if (wild == 0) {
    order = kTemplatesWithout.data();
    order_size = kTemplatesWithout.size();
  } else if (wild == 1) {
    order = kTemplatesWithOne.data();
    order_size = kTemplatesWithOne.size();
  }
  const auto first = static_cast<std::size_t>(search::template_of_key(min_key));
  for (std::size_t k = 0; k < order_size; ++k) {
    const std::size_t index = order[k];
    if (index < first) continue;
    const Template& shape = kTemplates[index];
    const bool is_pair = shape.kind == GroupKind::pair;
    // Pairs forms take pungs (嚦咕嚦咕) but never chows.
    const bool allowed =
        is_pair ? pairs > 0 : melds > 0 && (!pairs_only || shape.kind == GroupKind::pung);
    // The form's pair rules: pair_tiles, and pair_wildcards for NW (as the search's pair_allowed).
    if (!allowed || (is_pair && !search::pair_allowed(*form, lowest, shape))) continue;
    Group group;
    Undo undo;
    if (!take(shape, lowest, group, undo)) continue;
    bool go_on = true;
    if (alive()) {
      // Pairs that must differ: after a pair, only pungs may still take this tile.
      const bool one_pair_here = is_pair && distinct_pairs;
      // One wildcard class: the class code is 0.
      go_on = with_variants(group, [&](const Group& variant) {
        return descend(variant,
                       search::order_key(static_cast<int>(index), 0, variant.winning_slot()),
                       min_key, lowest, one_pair_here);
      });
    }
    give(shape, group, undo);
    if (!go_on) return false;
  }
  return true;
}

bool InterpretationLister::Impl::abstract_search() {
  if (winning == Winning::natural || wild == 0 || !abstract_realizable()) return true;
  Group group{GroupKind::any_meld, 3, 0b111, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
  bool last = false;
  if (melds > 0 && wild >= 3) {
    wild -= 3;
    --melds;
    last = melds == 0;
  } else if (melds == 0 && pairs > 0 && wild >= 2 && form->pair_wildcards == PairWildcards::any) {
    group = Group{GroupKind::any_pair, 2, 0b11, 0, {kNoTile, kNoTile, kNoTile, kNoTile}};
    wild -= 2;
    --pairs;
    last = pairs == 0;
  } else {
    return true;
  }
  push(group);
  bool go_on = melds_search(0);
  pop();
  // A winning wildcard goes into the last abstract meld or the last abstract pair.
  if (go_on && last && winning == Winning::wild && winning_markable) {
    group.set_winning_slot(0);
    winning = Winning::placed;
    push(group);
    go_on = melds_search(0);
    pop();
    winning = Winning::wild;
  }
  wild += group.size;
  if (group.kind == GroupKind::any_meld) {
    ++melds;
  } else {
    ++pairs;
  }
  return go_on;
}

bool InterpretationLister::Impl::abstract_realizable() {
  if (!form->wildcards) return false;
  // Uncapped wildcards without distinct pairs, pair tiles or forbidden tiles can be any groups
  // (abstract_groups_fit says so too; this spares reading the held copies).
  if (!capped && !distinct_pairs && form->pair_tiles == 0 && forbidden == 0) return true;
  search::FillRules fill;
  fill.next = &next;
  fill.meldable = meldable;
  fill.pair_tiles = form->pair_tiles;
  fill.chows = !pairs_only;
  fill.distinct = distinct_pairs;
  return search::abstract_groups_fit(fill, held_counts(), standins, copies, capped, forbidden,
                                     melds, pairs);
}

// Set forms --------------------------------------------------------------------------------

bool InterpretationLister::Impl::set_search(std::size_t cursor) {
  const std::vector<TileId>& set_tiles = form->set_tiles;
  if (cursor == set_tiles.size()) {
    if (nonzero == 0 && wild == 0 && melds == 0 && pairs == 0 && winning == Winning::placed) {
      return emit();
    }
    return true;
  }
  if (wild < missing_after[cursor]) return true;  // each set tile not held needs a wildcard
  const TileId tile = set_tiles[cursor];
  const int held_here = remaining[tile];
  for (const GroupKind kind : {GroupKind::single, GroupKind::pair}) {
    const int size = kind == GroupKind::single ? 1 : 2;
    if (kind == GroupKind::pair && pairs == 0) continue;
    if (held_here > size) continue;  // every copy of the tile must go into this group
    const int wild_slots = size - held_here;
    if (wild_slots > wild || (wild_slots > 0 && (forbidden & tile_bit(tile)) != 0)) continue;
    if (capped && held[tile] + standins[tile] + wild_slots > copies[tile]) continue;
    Group group;
    group.kind = kind;
    group.size = static_cast<std::uint8_t>(size);
    for (int slot = 0; slot < size; ++slot) {
      group.tiles[static_cast<std::size_t>(slot)] = tile;
      if (slot >= held_here) {
        group.wild_mask = static_cast<std::uint8_t>(group.wild_mask | 1U << slot);
      }
    }
    for (int k = 0; k < held_here; ++k) remove_natural(tile);
    wild -= wild_slots;
    if (capped) standins[tile] = static_cast<std::uint8_t>(standins[tile] + wild_slots);
    --melds;
    if (kind == GroupKind::pair) --pairs;
    const bool go_on = with_variants(group, [&](const Group& variant) {
      push(variant);
      const bool more = set_search(cursor + 1);
      pop();
      return more;
    });
    if (kind == GroupKind::pair) ++pairs;
    ++melds;
    if (capped) standins[tile] = static_cast<std::uint8_t>(standins[tile] - wild_slots);
    wild += wild_slots;
    for (int k = 0; k < held_here; ++k) add_natural(tile);
    if (!go_on) return false;
  }
  return true;
}

// InterpretationLister ---------------------------------------------------------------------

InterpretationLister::InterpretationLister(const RuleSet& rules)
    : impl_(std::make_unique<Impl>(rules)) {}
InterpretationLister::~InterpretationLister() = default;
InterpretationLister::InterpretationLister(InterpretationLister&&) noexcept = default;
InterpretationLister& InterpretationLister::operator=(InterpretationLister&&) noexcept = default;

std::uint64_t InterpretationLister::list(const Hand& hand, InterpretationVisitor visit) {
  return impl_->list(hand, visit);
}

bool InterpretationLister::lists_without_graph(const Hand& hand) const {
  return impl_->fast(hand);
}

bool lists_without_graph(const RuleSet& rules, const Hand& hand) {
  return InterpretationLister(rules).lists_without_graph(hand);
}

}  // namespace meldgraph
