#pragma once
/// Corpora of hands: every complete hand of a size, streamed in canonical order or counted, and
/// hands dealt from the wall, each a pure function of its number (docs/corpus.md).

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/corpus/random_hands.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// The forms (bit f: rules.forms()[f]) in which a hand is complete.
using FormMask = std::uint32_t;

/// What an enumeration of complete hands found: how many hands, and how many complete in each
/// form (a hand complete in two forms counts in both, once in `hands`).
struct EnumerationCounts {
  std::uint64_t hands = 0;
  std::vector<std::uint64_t> by_form;  ///< indexed like rules.forms()
  std::uint64_t candidates = 0;        ///< hands the engine was asked about
};

/// Called with each complete hand (concealed tiles only, no declared melds, bonus tiles or
/// wildcards) and the forms it is complete in.
using CompleteHandVisitor = std::function<void(const Hand&, FormMask)>;

/// Every distinct complete hand of `size` concealed tiles (3n + 2) under `rules`: each multiset
/// of meldable tiles, within the copies, for which is_win holds. Visited in canonical order:
/// ascending as sorted tile sequences (tile ids ascending), so 111122223333m44m comes before
/// 11112222333344m. With `visit` empty the hands are only counted.
///
/// Candidates are built suit by suit from the parts a form could accept (a suit part that is
/// melds, or melds and one pair, by the suit tables; pairs; a part of a set form's tiles); each
/// candidate is then decided by is_win, and its forms by form_shanten where more than one form
/// could hold. Throws AnalysisError for a rule set this cannot enumerate yet: wildcards, a
/// knitted or singles form, a suit the tables do not model, a size out of range.
EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size,
                                           const CompleteHandVisitor& visit);

/// Most hands enumerate_complete_hands with wildcards asks is_win about (it refuses a larger
/// walk): at about a microsecond each, under a minute.
inline constexpr std::uint64_t kMaxWildcardCandidates = 50'000'000;

/// How enumerate_complete_hands finds the natural tiles of hands holding wildcards.
enum class WildcardWalk {
  /// The pruned walk (suit by suit, extended only while some form could still complete the
  /// hand with the wildcards; docs/corpus.md) where it models the rule set, else `plain`.
  pruned_where_modelled,
  /// Every multiset of natural tiles, bounded at kMaxWildcardCandidates: the reference.
  plain,
};

/// Every distinct complete hand of `size` concealed tiles of which exactly `wildcards` are
/// wildcards (jokers and copies of the rule set's fixed wild kinds, within the set's copies),
/// the rest natural tiles: the same as the function above for 0 wildcards. For more, a walk over
/// every split of the wildcards among their kinds (the most jokers first, then the wild kinds in
/// tile order) and, within a split, the multisets of natural tiles in canonical order (all of
/// them, or those the pruned walk reaches), each decided by is_win and its forms by
/// form_shanten. Throws AnalysisError when a plain walk would exceed kMaxWildcardCandidates
/// hands, or the set holds fewer wildcards.
EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size, int wildcards,
                                           const CompleteHandVisitor& visit,
                                           WildcardWalk walk = WildcardWalk::pruned_where_modelled);

/// Whether enumerate_complete_hands takes the pruned walk for these hands.
[[nodiscard]] bool wildcard_walk_pruned(const RuleSet& rules, int size, int wildcards);

/// Throws what enumerate_complete_hands(rules, size, wildcards, ...) would throw before listing
/// any hand (a size out of range, a form or suit it cannot enumerate, a wildcard walk past its
/// bound), without walking: a run split over processes checks it everywhere before any writes.
void check_enumeration(const RuleSet& rules, int size, int wildcards);

/// The seed of the situation of hand (or corpus line) `index` of a run seeded `seed`.
[[nodiscard]] std::uint64_t situation_seed(std::uint64_t seed, std::uint64_t index);

/// The random situation of hand `index` of a corpus seeded `seed`: random_win_context (which sets
/// the hand's winning tile) drawn from a stream of the hand's own, seeded situation_seed(seed,
/// index), so that each hand's situation is found without the others'. `corpus enumerate
/// --context random` gives each hand this one, and `stats` scores a complete hand of line
/// `index` that has no situation under it.
[[nodiscard]] WinContext numbered_situation(const RuleSet& rules, Hand& hand, std::uint64_t seed,
                                            std::uint64_t index);

/// `max_wildcards` meaning every wildcard the set and the form allow.
inline constexpr int kDealAllWildcards = 1 << 10;

/// What `corpus deal` deals (docs/corpus.md, "corpus deal"). At most one of `shanten`,
/// `complete_only` and `ready_only`; with none, every hand is dealt as in play
/// (RandomHands::dealt).
struct DealOptions {
  int size = 0;                  ///< tiles in a hand, 3n+1 or 3n+2; 0: rules.hand_tiles()
  std::optional<int> shanten{};  ///< only hands of this shanten number (>= 0), by rejection
  bool complete_only = false;    ///< only complete hands, built so (RandomHands::complete)
  bool ready_only = false;       ///< only ready hands, built so (RandomHands::ready)
  bool random_context = false;   ///< a random situation per hand (random_win_context), 3n+2 only
  /// complete_only and ready_only: the most wildcards a hand holds (a count chosen uniformly up to
  /// it, clamped by the set and the form); dealt hands hold the wildcards they were dealt.
  int max_wildcards = kDealAllWildcards;
  /// Wildcard kinds of every hand (`--wild`, `--indicator`). Left 0 under a rule set whose
  /// wildcard is chosen by an indicator, each hand turns up an indicator of its own (DealtHand).
  TileMask extra_wild = 0;
};

/// Hands dealt per random stream: hand i is the (i mod kDealBlock)-th hand of the stream of
/// block i / kDealBlock. Part of the corpus's definition: changing it changes every corpus.
inline constexpr std::uint64_t kDealBlock = 64;
/// Draws a `shanten` filter makes for one hand before it gives up (the filter never holds).
inline constexpr std::uint32_t kDealAttempts = 1'000'000;

/// One dealt hand.
struct DealtHand {
  std::uint64_t index = 0;  ///< its number in the corpus
  /// The hand; its `wild_tiles` are the wildcard kinds (the rule set's and the per-hand choice).
  Hand hand;
  std::optional<WinContext>
      context;              ///< with random_context; its flowers are the bonus tiles dealt
  std::uint32_t draws = 1;  ///< hands drawn until one passed the filter
  /// Bonus tiles dealt and set aside (dealt hands only), in the order drawn.
  std::vector<TileId> bonus;
  /// The indicator turned up for this hand (rule sets with `wildcards.indicator` and no
  /// extra_wild): after a dealt hand, the wall's next tile that may be one; for a built hand, a
  /// tile of the wall drawn uniformly. Its wildcard kinds are in the hand's wild_tiles.
  /// kNoTile otherwise.
  TileId indicator = kNoTile;
};

/// Checks `options` against the rule set and fills in the default size; throws Error whose
/// message starts with the option at fault as `corpus deal` spells it (`--size 15: ...`).
void check_deal_options(const RuleSet& rules, DealOptions& options);

/// Deals hands by number. Hand i depends only on (rules, options, seed, i), never on which
/// other hands were dealt, in what order or on which thread: any split of the numbers gives the
/// same hands. Asking for numbers in ascending order within a block costs one hand each;
/// any other order restarts the block (up to kDealBlock hands). Not thread-safe: one per thread.
class Dealer {
 public:
  /// `options` must have passed check_deal_options. `rules` must outlive the dealer.
  Dealer(const RuleSet& rules, const DealOptions& options, std::uint64_t seed);

  /// Hand `index`. Throws Error when a shanten filter found no hand in kDealAttempts draws.
  [[nodiscard]] DealtHand deal(std::uint64_t index);

 private:
  /// Starts block `block`'s streams.
  void start_block(std::uint64_t block);
  /// The next hand of the current block's stream.
  DealtHand next_hand();

  const RuleSet* rules_;
  DealOptions options_;
  std::uint64_t seed_;
  std::optional<RandomHands> hands_;     ///< the current block's hands
  std::optional<RandomDraws> contexts_;  ///< the current block's situations
  std::uint64_t block_ = 0;              ///< the block the streams belong to
  std::uint64_t next_ = 0;               ///< the number next_hand() deals (may pass the block)
  bool started_ = false;
  bool indicator_per_hand_ = false;  ///< each hand turns up its own indicator
};

/// Hand `index` of the corpus (rules, options, seed): Dealer(rules, options, seed).deal(index).
[[nodiscard]] DealtHand deal_hand(const RuleSet& rules, const DealOptions& options,
                                  std::uint64_t seed, std::uint64_t index);

}  // namespace meldgraph
