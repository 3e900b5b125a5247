#pragma once
/// Scoring a hand: every interpretation, every realisation of its wildcard-only groups (bounded),
/// each read (make_reading), turned into a feature record (make_score_features), its patterns
/// evaluated (evaluate_patterns) and its value computed (compute_value); then the best reading,
/// the readings tied with it and the rule that picked it. docs/scoring.md, "The pipeline" and
/// "Choosing the best reading".
///
/// `Scorer` is the reusable workspace: one per rule set and thread. After its buffers have grown,
/// scoring a hand without wildcards allocates nothing (bench --op score).

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"
#include "meldgraph/reading/reading.hpp"
#include "meldgraph/scoring/features.hpp"
#include "meldgraph/scoring/pattern_rules.hpp"
#include "meldgraph/scoring/realisation_keys.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/scoring/value_rules.hpp"
#include "meldgraph/search/decomposition.hpp"
#include "meldgraph/search/listing.hpp"

namespace meldgraph {

/// The rule set's scoring section; throws Error naming the rule set when it has none.
const ScoringRules& require_scoring(const RuleSet& rules);

/// The rule set the scorer lists readings under: `rules` with its scored_only forms enabled (the
/// same forms, by index, and the same sections), derived once per rule set; `rules` itself when
/// it has none (FormSpec::scored_only).
[[nodiscard]] const RuleSet& scoring_view(const RuleSet& rules);

/// Readings one hand's scoring visits at most by default (ScoreOptions::reading_limit), and of
/// those the readings it scores in full (ScoreOptions::scored_limit; the others are realisations
/// counted into an alike reading, about a tenth of the work). Enough for every hand without
/// wildcards and most with many (a 14-tile laizi hand with eight jokers visits 145,797 readings);
/// they stop the hands whose readings run to millions (docs/performance.md, "Bounded work").
inline constexpr std::uint64_t kDefaultReadingLimit = 1'000'000;
inline constexpr std::uint64_t kDefaultScoredLimit = 50'000;

/// Why a scoring stopped before every reading of the hand was scored (HandScore::cut).
enum class ScoreCut : std::uint8_t {
  none,    ///< every reading scored (but realisations past realisation_limit, counted)
  bound,   ///< ScoreOptions::reading_limit readings were scored
  budget,  ///< ScoreOptions::deadline passed
};

/// Bounds of one scoring.
struct ScoreOptions {
  /// Realisations of one interpretation's wildcard-only groups that are scored, at most; the
  /// rest are counted (HandScore::unscored_realisations) but not scored. 0: no bound.
  std::uint64_t realisation_limit = 4096;
  /// Score one realisation of each class of alike realisations (RealisationKeys) and count the
  /// rest into its reading's `alike`; false: score every realisation (the reference the
  /// classes are tested against; the same output, slower).
  bool realisation_classes = true;
  /// Readings visited per hand at most (each realisation, alike ones included, and each
  /// interpretation without wildcard-only groups: HandScore::scored); 0: no bound. Once reached
  /// the scoring stops: the readings scored are those of the first interpretations in listing
  /// order, the last of them perhaps in part, and HandScore::cut says so.
  std::uint64_t reading_limit = kDefaultReadingLimit;
  /// Readings scored in full per hand at most (read, recorded, evaluated, valued: every
  /// interpretation without wildcard-only groups, and one realisation per class of alike ones),
  /// a bound like reading_limit; 0: no bound.
  std::uint64_t scored_limit = kDefaultScoredLimit;
  /// Stop scoring once this time has passed, as reading_limit does (checked before each reading
  /// but the first, so at least one reading is scored); none: no time limit.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  /// A Decomposition of the hand already built (HandAnalysis's), which the listing reads where
  /// it would build its own (hands of many wildcards): InterpretationLister::list's `built`.
  /// Ignored unless it is of the same hand under the rule set the scorer lists with. Must stay
  /// alive during score().
  const Decomposition* built = nullptr;
};

/// One scored reading: an interpretation, with its wildcard-only groups realised when it has any.
/// Realisations of one interpretation that score alike (same patterns, same value) are one
/// ScoredReading, the first in listing order, with `alike` counting them.
struct ScoredReading {
  std::size_t interpretation = 0;  ///< index in the listing order (Decomposition's)
  bool realised = false;           ///< its abstract groups were given concrete meanings
  std::uint64_t realisation = 0;   ///< index in Realisations::list order, when realised
  std::uint64_t alike = 1;         ///< realisations of this interpretation scoring the same
  ScoreFeatures features;          ///< its record (points into the Scorer's context)
  std::vector<PatternHit> hits;    ///< evaluate_patterns
  ReadingValue value;              ///< compute_value

  /// The reading, with realised groups in place of abstract ones. A plain hand's readings
  /// (ReadingContext::plain) are scored from their records alone, made from the interpretations
  /// (make_score_features), and each is made on its first call here: most callers (bench, stats,
  /// corpus labels) read only values. Like the rest of the HandScore, valid until the Scorer's
  /// next score(); the first call writes, so two threads must not make it at once.
  [[nodiscard]] const Reading& reading() const;

 private:
  friend class Scorer;
  /// A plain interpretation, kept until reading() asks for its reading: the groups in a fixed
  /// array rather than a vector, so that keeping it is one copy of the groups. A plain
  /// interpretation has no loose tiles (only an N-wildcards form has them) and at most
  /// kMaxFeatureGroups groups (make_score_features' bound).
  struct PlainSource {
    std::size_t form = 0;
    int winning_group = -1;
    WaitShape wait = WaitShape::none;
    std::uint8_t soft_wildcards = 0;
    std::uint8_t group_count = 0;
    std::array<Group, kMaxFeatureGroups> groups{};

    /// Keeps `interpretation` (plain, at most kMaxFeatureGroups groups; throws on loose tiles).
    void keep(const Interpretation& interpretation);
    /// The interpretation kept.
    [[nodiscard]] Interpretation interpretation() const;
  };

  mutable Reading reading_;
  mutable bool reading_made_ = false;
  PlainSource source_;  ///< what reading_ is made from while !reading_made_
  const ReadingContext* context_ = nullptr;
};

/// Why the best reading is the best, and what makes two readings equal: docs/scoring.md,
/// "Choosing the best reading". A winning reading first, then the higher points, then the higher
/// yakuman multiplicity, then more units, then more fu; readings equal on all of these are tied,
/// and the first of them in listing order is the best.
inline constexpr std::string_view kBestReadingRule =
    "a winning reading, then the most points, then the most yakuman, then a limit pattern over a "
    "limit counted from units, then the most units, then the most fu; among equals the first in "
    "listing order";

/// Compares two values by kBestReadingRule: negative when `a` ranks below `b`, 0 when tied,
/// positive when above.
[[nodiscard]] int compare_readings(const ReadingValue& a, const ReadingValue& b);

/// The readings of a HandScore, in listing order: a view of the Scorer's slots, one allocation
/// per reading that never moves once made. (A vector of the readings themselves, a kilobyte
/// each, copied them and faulted in fresh pages at every growth: about a third of the time of a
/// hand of 50,000 readings.)
class ScoredReadings {
 public:
  using Slot = std::unique_ptr<ScoredReading>;

  /// A random-access iterator over the readings.
  class Iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = ScoredReading;
    using difference_type = std::ptrdiff_t;
    using pointer = const ScoredReading*;
    using reference = const ScoredReading&;

    Iterator() = default;
    explicit Iterator(const Slot* slot) : slot_(slot) {}
    reference operator*() const { return **slot_; }
    pointer operator->() const { return slot_->get(); }
    reference operator[](difference_type n) const { return *slot_[n]; }
    Iterator& operator++() {
      ++slot_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++slot_;
      return before;
    }
    Iterator& operator--() {
      --slot_;
      return *this;
    }
    Iterator operator--(int) {
      Iterator before = *this;
      --slot_;
      return before;
    }
    Iterator& operator+=(difference_type n) {
      slot_ += n;
      return *this;
    }
    Iterator& operator-=(difference_type n) {
      slot_ -= n;
      return *this;
    }
    friend Iterator operator+(Iterator it, difference_type n) { return it += n; }
    friend Iterator operator+(difference_type n, Iterator it) { return it += n; }
    friend Iterator operator-(Iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(const Iterator& a, const Iterator& b) {
      return a.slot_ - b.slot_;
    }
    friend bool operator==(const Iterator&, const Iterator&) = default;
    friend auto operator<=>(const Iterator&, const Iterator&) = default;

   private:
    const Slot* slot_ = nullptr;
  };

  ScoredReadings() = default;
  ScoredReadings(const Slot* slots, std::size_t count) : slots_(slots), count_(count) {}

  [[nodiscard]] std::size_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] const ScoredReading& operator[](std::size_t i) const { return *slots_[i]; }
  [[nodiscard]] const ScoredReading& back() const { return *slots_[count_ - 1]; }
  [[nodiscard]] Iterator begin() const { return Iterator(slots_); }
  [[nodiscard]] Iterator end() const { return Iterator(slots_ + count_); }

 private:
  const Slot* slots_ = nullptr;
  std::size_t count_ = 0;
};

/// The score of one hand: a view into the Scorer's workspace, valid until its next score().
struct HandScore {
  ScoredReadings readings;            ///< in listing order
  std::uint64_t interpretations = 0;  ///< interpretations listed
  /// Readings scored: realisations scored (alike ones included) plus interpretations without
  /// abstract groups.
  std::uint64_t scored = 0;
  /// Realisations beyond ScoreOptions::realisation_limit, or after a cut in the interpretation
  /// being scored, counted and not scored.
  std::uint64_t unscored_realisations = 0;
  /// Whether the scoring stopped early (a bound or the deadline). When it did, `interpretations`
  /// is the number scored (the first ones in listing order), `best` is the best of the readings
  /// scored, and the interpretations after them were not listed.
  ScoreCut cut = ScoreCut::none;
  /// With a cut: the cut fell inside the last interpretation scored, whose realisations after it
  /// were not scored (they are counted in unscored_realisations).
  bool cut_in_interpretation = false;
  int best = -1;                      ///< index into readings; -1 when there is none
  std::span<const std::size_t> tied;  ///< readings tied with the best (the best first), or empty
  /// The best reading wins (its value's `wins`); false too when the hand has no interpretation.
  bool wins = false;
  /// When not `wins`: the best reading's no_win_reason, or "no interpretation" (not complete).
  std::string_view no_win_reason;

  [[nodiscard]] const ScoredReading* best_reading() const {
    return best < 0 ? nullptr : &readings[static_cast<std::size_t>(best)];
  }
};

/// The reusable scoring workspace of one rule set. Not thread-safe: one per thread. `rules` must
/// outlive it.
class Scorer {
 public:
  /// Throws Error naming the rule set when it has no `scoring` section. With TableUse::tables
  /// the lookup tables the listing and every hand's reading context read (build_reading_tables)
  /// are built here, once per rule set, so that no score() call (which a benchmark times) builds
  /// them; TableUse::search_only builds nothing.
  explicit Scorer(const RuleSet& rules, TableUse tables = TableUse::tables);

  [[nodiscard]] const RuleSet& rules() const { return *rules_; }
  [[nodiscard]] const ScoringRules& scoring() const { return *scoring_; }

  /// Scores every reading of `hand` (a complete hand) under `win`. Throws AnalysisError where
  /// the interpretation lister does (a hand of the wrong size). The result points into this
  /// Scorer and stays valid until the next call.
  const HandScore& score(const Hand& hand, const WinContext& win, const ScoreOptions& options = {});

  /// The context of the last hand scored (what its readings and records point to).
  [[nodiscard]] const ReadingContext& context() const { return context_; }

 private:
  /// Step 2: one interpretation, realised when it has abstract groups.
  void score_interpretation(const Interpretation& interpretation, const ScoreOptions& options);
  /// Step 2 for an interpretation with abstract groups: its realisations, one of each class
  /// scored (realisation_keys.hpp) and alike readings folded together.
  void score_realisations(const Interpretation& interpretation, const ScoreOptions& options);
  /// Whether a wild tile realised as its own face is natural (wildcards.natural_use) in this
  /// hand, which holds wild tiles.
  [[nodiscard]] bool wild_on_own_face_counts() const;
  /// realised_: `interpretation` with its abstract groups (`abstract`, in the order of a
  /// realisation) made `concrete`, its wait and soft wildcards as the realisation has them
  /// (`as_self`: the interpretation's wild tiles on their own face).
  void realise(const Interpretation& interpretation, const std::vector<int>& abstract,
               std::span<const Group> concrete, int as_self);
  /// Scores realised_ as realisation `index` of its interpretation, whose first reading is in
  /// pool slot `first`; returns the slot holding it (an earlier alike one, when there is).
  std::size_t score_realisation(std::size_t first, std::uint64_t index);
  /// Step 3: one reading of `interpretation` (already realised) into the next pool slot; returns
  /// the slot.
  ScoredReading& score_reading(const Interpretation& interpretation);
  /// Step 4: the best reading and the ties.
  void choose_best();
  /// Before each reading but the first: whether the options' bound or deadline stops the
  /// scoring here (and if so, records why in result_.cut).
  bool cut_here(const ScoreOptions& options);

  const RuleSet* rules_;
  const ScoringRules* scoring_;
  TableUse tables_;
  InterpretationLister lister_;
  ReadingContext context_;
  /// Every reading of the hand lives in *pool_[0, used_); the slots past used_ keep their
  /// buffers for the next hands (the pool never shrinks). One allocation per slot, so that growth
  /// moves pointers, never readings (ScoredReadings).
  std::vector<ScoredReadings::Slot> pool_;
  std::size_t used_ = 0;
  std::size_t interpretation_index_ = 0;
  Interpretation realised_;  ///< an interpretation with its abstract groups replaced
  RealisationKeys keys_;     ///< classes of alike realisations
  /// By class of the current interpretation's realisations: the pool slot of its reading.
  std::vector<std::size_t> class_slot_;
  /// By form: a scored_only form (FormSpec::scored_only; empty when the rule set has none).
  /// Its interpretations that a shape form already listed (the same groups) are not scored
  /// twice: `shape_listed_` holds the shape forms' interpretations of the hand.
  std::vector<bool> scored_only_;
  std::vector<Interpretation> shape_listed_;
  std::size_t shape_count_ = 0;
  /// Whether a scored_only form's `interpretation` repeats one a shape form listed; else, for
  /// a shape form's, remembers it.
  bool repeats_shape_reading(const Interpretation& interpretation);
  std::vector<std::size_t> tied_;
  HandScore result_;
  std::uint64_t scored_in_full_ = 0;  ///< score_reading calls for this hand (scored_limit)
};

}  // namespace meldgraph
