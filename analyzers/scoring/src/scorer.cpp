/// The scorer's pipeline over one hand (scorer.hpp), in numbered steps: 1. the hand's reading
/// context; 2. every interpretation, realised when it has wildcard-only groups; 3. each reading
/// read, recorded, its patterns evaluated and its value computed; 4. the best reading and ties.

#include "meldgraph/scoring/scorer.hpp"

#include <algorithm>
#include <stdexcept>

#include "meldgraph/model/error.hpp"
#include "meldgraph/reading/realisations.hpp"
#include "meldgraph/search/decomposition.hpp"

namespace meldgraph {

namespace {

/// -1, 0 or 1 as `a` is below, equal to or above `b`.
template <class T>
int order(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

/// Two readings of one interpretation score alike: the same patterns counted the same way and
/// the same value. Readings that differ only in what a pattern cannot see are one row.
bool scores_alike(const ScoredReading& a, const ScoredReading& b) {
  const auto same_hit = [](const PatternHit& x, const PatternHit& y) {
    return x.pattern == y.pattern && x.value == y.value && x.yakuman == y.yakuman &&
           x.times == y.times;
  };
  const ReadingValue& u = a.value;
  const ReadingValue& v = b.value;
  return std::equal(a.hits.begin(), a.hits.end(), b.hits.begin(), b.hits.end(), same_hit) &&
         u.units == v.units && u.fu == v.fu && u.dora == v.dora && u.ura == v.ura &&
         u.red == v.red && u.yakuman == v.yakuman && u.points == v.points &&
         u.payments == v.payments && u.wins == v.wins && u.limit == v.limit;
}

}  // namespace

void ScoredReading::PlainSource::keep(const Interpretation& interpretation) {
  if (!interpretation.loose_tiles.empty() || interpretation.groups.size() > groups.size()) {
    throw std::logic_error("Scorer: a plain interpretation with loose tiles or too many groups");
  }
  form = interpretation.form;
  winning_group = interpretation.winning_group;
  wait = interpretation.wait;
  soft_wildcards = interpretation.soft_wildcards;
  group_count = static_cast<std::uint8_t>(interpretation.groups.size());
  std::copy(interpretation.groups.begin(), interpretation.groups.end(), groups.begin());
}

Interpretation ScoredReading::PlainSource::interpretation() const {
  Interpretation out;
  out.form = form;
  out.groups.assign(groups.begin(), groups.begin() + group_count);
  out.winning_group = winning_group;
  out.wait = wait;
  out.soft_wildcards = soft_wildcards;
  return out;
}

const Reading& ScoredReading::reading() const {
  if (!reading_made_) {
    make_reading(*context_, source_.interpretation(), reading_);
    reading_made_ = true;
  }
  return reading_;
}

int compare_readings(const ReadingValue& a, const ReadingValue& b) {
  if (const int c = order(a.wins, b.wins)) return c;
  if (const int c = order(a.points, b.points)) return c;
  if (const int c = order(a.yakuman, b.yakuman)) return c;
  // A limit pattern ranks above the same limit counted from han (suuankou over kazoe yakuman).
  if (const int c = order(!a.counted_limit, !b.counted_limit)) return c;
  if (const int c = order(a.units, b.units)) return c;
  return order(a.fu, b.fu);
}

const ScoringRules& require_scoring(const RuleSet& rules) {
  if (scoring_rules(rules) == nullptr) {
    throw Error("rule set '" + rules.name() + "' has no scoring section: it cannot score hands");
  }
  return *scoring_rules(rules);
}

namespace {

/// The scoring view of `rules` (scoring_view): its data with the scored_only forms enabled.
std::shared_ptr<const RuleSet> derive_scoring_view(const RuleSet& rules) {
  RuleSet::Data view = rules.data();
  for (FormSpec& form : view.forms) {
    if (!form.scored_only) continue;
    form.scored_only = false;
    form.enabled = true;
  }
  return std::make_shared<const RuleSet>(rules.tile_table(), std::move(view));
}

constexpr DerivedFact<RuleSet, 1> kScoringView{&derive_scoring_view};

}  // namespace

const RuleSet& scoring_view(const RuleSet& rules) {
  return rules.has_scored_only_forms() ? rules.derived(kScoringView) : rules;
}

// The scorer lists readings under the scoring view: the rule set with its scored_only forms
// enabled, whose readings win by scoring.minimum.forms.
Scorer::Scorer(const RuleSet& rules, TableUse tables)
    : rules_(&scoring_view(rules)),
      scoring_(&require_scoring(rules)),
      tables_(tables),
      lister_(scoring_view(rules), tables),
      keys_(scoring_view(rules)) {
  if (rules.has_scored_only_forms()) {
    for (const FormSpec& form : rules.forms()) scored_only_.push_back(form.scored_only);
  }
  // The listing's tables now; the reading context's (the wait set, which few patterns ask
  // about) with the first hand that reads them.
  lister_.build_tables();
  context_.shape_waits = scoring_->patterns.exhausted_waits;
}

const HandScore& Scorer::score(const Hand& hand, const WinContext& win,
                               const ScoreOptions& options) {
  // Step 1: what every reading of the hand shares.
  make_reading_context(*rules_, hand, win, context_, tables_);
  used_ = 0;
  interpretation_index_ = 0;
  result_ = HandScore{};
  scored_in_full_ = 0;
  // Step 2: every interpretation (the lister throws before visiting for a hand of a wrong size).
  shape_count_ = 0;
  bool cut_before_interpretation = false;
  result_.interpretations = lister_.list(
      context_.hand,
      [&](const Interpretation& interpretation) {
        if (!scored_only_.empty() && repeats_shape_reading(interpretation)) return true;
        if (cut_here(options)) {
          cut_before_interpretation = true;
          return false;
        }
        score_interpretation(interpretation, options);
        ++interpretation_index_;
        return result_.cut == ScoreCut::none;
      },
      options.built);
  // The lister counts the interpretation its visitor stopped on; a cut before it scored nothing.
  if (cut_before_interpretation) --result_.interpretations;
  result_.readings = ScoredReadings(pool_.data(), used_);
  choose_best();
  return result_;
}

bool Scorer::repeats_shape_reading(const Interpretation& interpretation) {
  const auto same = [&](const Interpretation& shape) {
    return shape.groups == interpretation.groups &&
           shape.winning_group == interpretation.winning_group && shape.wait == interpretation.wait;
  };
  if (scored_only_[interpretation.form]) {
    return std::any_of(shape_listed_.begin(),
                       shape_listed_.begin() + static_cast<std::ptrdiff_t>(shape_count_), same);
  }
  if (shape_count_ == shape_listed_.size()) shape_listed_.emplace_back();
  shape_listed_[shape_count_++] = interpretation;
  return false;
}

void Scorer::score_interpretation(const Interpretation& interpretation,
                                  const ScoreOptions& options) {
  // A plain hand holds no wildcard, so no wildcard-only group.
  const bool has_abstract =
      !context_.plain && std::any_of(interpretation.groups.begin(), interpretation.groups.end(),
                                     [](const Group& group) { return group.abstract(); });
  if (has_abstract) {
    score_realisations(interpretation, options);
    return;
  }
  ScoredReading& scored = score_reading(interpretation);
  scored.realised = false;
  scored.realisation = 0;
  scored.alike = 1;
  ++result_.scored;
}

void Scorer::score_realisations(const Interpretation& interpretation, const ScoreOptions& options) {
  // Wildcard-only groups are scored through their realisations: the best reading may need a
  // joker to be a particular tile. Alike realisations are folded into the first of them.
  const Realisations realisations(context_, interpretation);
  const std::size_t first = used_;
  const int as_self =
      wild_on_own_face_counts()
          ? wild_on_own_face(context_.hand, interpretation.winning_group, interpretation)
          : 0;
  std::uint64_t index = 0;
  // One realisation of each class is scored; the others of its class score alike by
  // construction (realisation_keys.hpp) and only count.
  keys_.start(context_, interpretation);
  class_slot_.clear();
  const std::uint64_t visited = realisations.list(
      [&](std::span<const Group> concrete) {
        // The bound or the deadline stops the listing before a realisation is scored, never
        // before the first (the interpretation's visit checked just before it).
        if (index > 0 && cut_here(options)) {
          result_.cut_in_interpretation = true;
          return false;
        }
        const std::size_t cls = options.realisation_classes ? keys_.classify(concrete) : 0;
        if (options.realisation_classes && cls < class_slot_.size()) {
          ++pool_[class_slot_[cls]]->alike;
          ++result_.scored;
          ++index;
          return true;
        }
        realise(interpretation, realisations.abstract_groups(), concrete, as_self);
        const std::size_t slot = score_realisation(first, index++);
        if (options.realisation_classes) class_slot_.push_back(slot);
        return true;
      },
      options.realisation_limit);
  // The listing counts the realisation its visitor stopped on; a cut there scored none of it.
  const std::uint64_t listed = result_.cut_in_interpretation ? visited - 1 : visited;
  const std::uint64_t total = realisations.count();
  if (total == kCountSaturated) {
    result_.unscored_realisations = kCountSaturated;
  } else if (total > listed && result_.unscored_realisations != kCountSaturated) {
    result_.unscored_realisations += total - listed;
  }
}

bool Scorer::wild_on_own_face_counts() const {
  return context_.hand.wild_tiles != 0 && rules_->wildcards().natural_use;
}

void Scorer::realise(const Interpretation& interpretation, const std::vector<int>& abstract,
                     std::span<const Group> concrete, int as_self) {
  realised_ = interpretation;
  for (std::size_t a = 0; a < abstract.size() && a < concrete.size(); ++a) {
    realised_.groups[static_cast<std::size_t>(abstract[a])] = concrete[a];
  }
  if (realised_.winning_group >= 0) {
    const Group& winning = realised_.groups[static_cast<std::size_t>(realised_.winning_group)];
    if (winning.winning_slot() >= 0 && !winning.abstract()) {
      realised_.wait = wait_shape(winning, *rules_);
    }
  }
  // Under wildcards.natural_use a wild tile realised as its own face (a {***} of 7z ghosts
  // realised as 777z) is natural, as in a concrete group: the realisation's soft wildcards are
  // the interpretation's, less the wild tiles its realised groups put on their own face.
  if (wild_on_own_face_counts()) {
    const int realised_as_self =
        wild_on_own_face(context_.hand, realised_.winning_group, realised_);
    realised_.soft_wildcards =
        static_cast<std::uint8_t>(interpretation.soft_wildcards + as_self - realised_as_self);
  }
}

std::size_t Scorer::score_realisation(std::size_t first, std::uint64_t index) {
  ScoredReading& scored = score_reading(realised_);
  scored.realised = true;
  scored.realisation = index;
  scored.alike = 1;
  ++result_.scored;
  // Folded into an earlier reading of the interpretation that scores alike, whose slot then
  // holds it; the slot just taken is given back for the next reading.
  for (std::size_t k = first; k + 1 < used_; ++k) {
    if (scores_alike(*pool_[k], scored)) {
      ++pool_[k]->alike;
      --used_;
      return k;
    }
  }
  return used_ - 1;
}

ScoredReading& Scorer::score_reading(const Interpretation& interpretation) {
  // Step 3: read, record, evaluate, value; into the next pool slot, its buffers reused.
  ++scored_in_full_;
  if (used_ == pool_.size()) pool_.push_back(std::make_unique<ScoredReading>());
  ScoredReading& scored = *pool_[used_++];
  scored.interpretation = interpretation_index_;
  scored.context_ = &context_;
  if (context_.plain) {
    // The record straight from the interpretation; the reading waits for a caller who asks.
    make_score_features(context_, interpretation, scored.features);
    scored.source_.keep(interpretation);
    scored.reading_made_ = false;
  } else {
    make_reading(context_, interpretation, scored.reading_);
    scored.reading_made_ = true;
    make_score_features(context_, scored.reading_, scored.features);
  }
  evaluate_patterns(*scoring_, scored.features, scored.hits);
  compute_value(*scoring_, scored.features, scored.hits, scored.value);
  return scored;
}

bool Scorer::cut_here(const ScoreOptions& options) {
  // At least one reading is scored, so that every complete hand has a best reading.
  if (result_.scored == 0) return false;
  if ((options.reading_limit != 0 && result_.scored >= options.reading_limit) ||
      (options.scored_limit != 0 && scored_in_full_ >= options.scored_limit)) {
    result_.cut = ScoreCut::bound;
  } else if (options.deadline && std::chrono::steady_clock::now() >= *options.deadline) {
    result_.cut = ScoreCut::budget;
  }
  return result_.cut != ScoreCut::none;
}

void Scorer::choose_best() {
  // Step 4: the best by kBestReadingRule, then every reading tied with it.
  tied_.clear();
  const ScoredReadings& readings = result_.readings;
  if (readings.empty()) {
    result_.no_win_reason = "no interpretation";
    return;
  }
  std::size_t best = 0;
  for (std::size_t r = 1; r < readings.size(); ++r) {
    if (compare_readings(readings[r].value, readings[best].value) > 0) best = r;
  }
  for (std::size_t r = 0; r < readings.size(); ++r) {
    if (compare_readings(readings[r].value, readings[best].value) == 0) tied_.push_back(r);
  }
  result_.best = static_cast<int>(best);
  // Empty unless two or more tie; a length, not a branch (ties vary hand to hand).
  result_.tied = std::span<const std::size_t>(tied_.data(), tied_.size() > 1 ? tied_.size() : 0);
  result_.wins = readings[best].value.wins;
  if (!result_.wins) result_.no_win_reason = readings[best].value.no_win_reason;
}

}  // namespace meldgraph
