/// The score and explain answers as text (render_text.hpp).

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "score_words.hpp"

namespace meldgraph {

namespace {

/// `[standard] 123m 456p ...`, with the count of alike realisations it stands for.
std::string reading_label(const ReadingOrigin& origin, const Reading& reading,
                          const RuleSet& rules) {
  std::string label = "[";
  label += rules.forms()[reading.form].name;
  label += "] ";
  label += format_reading(reading, rules);
  if (origin.realised && origin.alike > 1) {
    label += "  (";
    label += std::to_string(origin.alike);
    label += " alike realisations)";
  }
  return label;
}

/// "3 han 40 fu, 5200 points (mangan)", or "not a win: no yaku".
std::string value_summary(const ScoringRules& scoring, const ReadingValue& value) {
  std::string text;
  if (!value.wins) {
    text = "not a win: ";
    text += value.no_win_reason;
    return text;
  }
  if (value.yakuman > 0) {
    text += std::to_string(value.yakuman);
    text += "x ";
    text += scoring.values.points.yakuman_name;
  } else {
    text += std::to_string(value.units);
    text += ' ';
    text += scoring_unit_name(scoring.unit);
    if (value.fu > 0) {
      text += ' ';
      text += std::to_string(value.fu);
      text += " fu";
    }
  }
  // A rule set without points (MCR counts fan only) shows no points.
  if (scoring.values.points.formula == BaseFormula::none) return text;
  text += ", ";
  text += std::to_string(value.points);
  text += " points";
  if (!value.limit.empty()) {
    text += " (";
    text += value.limit;
    text += ')';
  }
  return text;
}

/// A pattern as a player names it: its local name and its English name where the rule set gives
/// both (`立直 Riichi`), else the one it has; the id where it has neither.
std::string pattern_title(const Pattern& pattern) {
  std::string title = pattern.local_name;
  if (!pattern.name.empty() && pattern.name != pattern.local_name) {
    if (!title.empty()) title += ' ';
    title += pattern.name;
  }
  return title.empty() ? pattern.id : title;
}

/// One counted pattern: `平和 Pinfu 1`, `断么九 All Simples (factor 2)`, `国士無双 Thirteen
/// Orphans (yakuman x1)`, with ` xN` when it counted N times. A pattern worth nothing names the
/// win (平胡, 软胡, 雞糊: the stake itself), which the words say instead of a 0.
std::string hit_text(const ScoringRules& scoring, const PatternHit& hit) {
  const Pattern& pattern = scoring.patterns.patterns[hit.pattern];
  std::string text = pattern_title(pattern);
  if (hit.yakuman > 0) {
    text += " (";
    text += scoring.values.points.yakuman_name;
    text += " x";
    text += std::to_string(hit.yakuman);
    text += ')';
  } else if (pattern.value.factor > 0) {
    text += " (factor ";
    text += std::to_string(pattern.value.factor);
    text += ')';
  } else if (pattern.value.bonus > 0) {
    text += " (bonus ";
    text += std::to_string(pattern.value.bonus);
    text += ')';
  } else if (hit.value == 0) {
    text += " (names the win, no ";
    text += scoring_unit_name(scoring.unit);
    text += ')';
  } else {
    text += ' ';
    text += std::to_string(hit.value);
  }
  if (hit.times != 1) {
    text += " x";
    text += std::to_string(hit.times);
  }
  return text;
}

/// The counted patterns and the dora, ura and red fives, joined by ", ".
std::string patterns_text(const ScoringRules& scoring, const ReadingScore& scored) {
  std::string patterns;
  for (const PatternHit& hit : scored.hits) {
    if (!patterns.empty()) patterns += ", ";
    patterns += hit_text(scoring, hit);
  }
  const auto add_bonus = [&](const char* name, std::int32_t count) {
    if (count == 0) return;
    if (!patterns.empty()) patterns += ", ";
    patterns += name;
    patterns += ' ';
    patterns += std::to_string(count);
  };
  add_bonus("dora", scored.value.dora);
  add_bonus("ura", scored.value.ura);
  add_bonus("red", scored.value.red);
  return patterns.empty() ? std::string("none") : patterns;
}

/// `30 base, 10 closed_ron, 4 meld 111z`.
std::string fu_parts_text(const ReadingScore& scored, const RuleSet& rules) {
  std::string parts;
  for (const FuPart& part : scored.value.fu_parts) {
    if (!parts.empty()) parts += ", ";
    parts += std::to_string(part.fu);
    parts += ' ';
    parts += fu_source_word(part.source);
    if (const ReadingGroup* group = fu_part_group(part, scored.reading)) {
      parts += ' ';
      parts += format_reading_group(*group, rules);
    }
  }
  return parts;
}

/// The payment rules that decided who paid, after the payments: `  (pao: E pays for the
/// yakuman)`, `(the discarder pays all)`, `(tsumo loss: the absent player's share is not paid)`.
std::string payment_rules_text(const ReadingValue& value) {
  std::string words;
  const auto add = [&](const std::string& rule) { words += (words.empty() ? "" : "; ") + rule; };
  if ((value.payment_rules & kPaidByLiable) != 0 && value.liable_seat >= 0) {
    add("pao: " + std::string(kSeatCodes[static_cast<std::size_t>(value.liable_seat)]) +
        " is liable for the yakuman");
  }
  if ((value.payment_rules & kPaidDiscarderAll) != 0) add("the discarder pays all");
  if ((value.payment_rules & kPaidByEveryone) != 0) add("the discarder and every other player pay");
  if ((value.payment_rules & kPaidTsumoLoss) != 0) {
    add("tsumo loss: the absent player's share is not paid");
  }
  if ((value.payment_rules & kPaidNorthSplit) != 0) {
    add("north bisection: the absent player's share is split between the payers");
  }
  return words.empty() ? std::string() : "  (" + words + ")";
}

/// One listed reading's lines below its label: patterns, value, fu and payments.
void write_reading_text(const ScoringRules& scoring, const RuleSet& rules,
                        const ReadingScore& scored, std::ostream& out) {
  const ReadingValue& value = scored.value;
  out << "       patterns: " << patterns_text(scoring, scored) << '\n';
  out << "       " << value_summary(scoring, value) << '\n';
  if (!value.fu_parts.empty()) out << "       fu: " << fu_parts_text(scored, rules) << '\n';
  if (value.wins && scoring.values.payments.enabled) {
    out << "       payments:";
    // The seats of the rule set's players: E, S, W under three.
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(rules.players()); ++seat) {
      out << ' ' << kSeatCodes[seat] << ' ' << (value.payments[seat] > 0 ? "+" : "")
          << value.payments[seat];
    }
    out << payment_rules_text(value) << '\n';
  }
}

/// The line of a scoring that stopped early (docs/cli.md, "cut").
std::string cut_text(const ScoringCut& cut) {
  std::string text = "scoring stopped at ";
  text += cut.by == ScoreCut::budget
              ? "--budget-ms " + std::to_string(cut.budget_ms)
              : "the scorer's bound (" + std::to_string(kDefaultScoredLimit) +
                    " readings scored, " + std::to_string(kDefaultReadingLimit) + " visited)";
  text += " after ";
  text += std::to_string(cut.readings);
  text += " readings of the first ";
  text += std::to_string(cut.interpretations);
  text += " interpretations";
  if (cut.last_in_part) text += " (the last in part)";
  text += ": the best is the best of those scored";
  return text;
}

/// The lines after the listing: readings left out, realisations not scored, ties.
void write_score_notes(const ScoreAnswer& answer, bool best_only, std::ostream& out) {
  if (best_only && answer.reading_count > 1) {
    out << "  ... " << (answer.reading_count - 1)
        << " other readings (leave out --best to list them)\n";
  } else if (answer.readings.size() < answer.reading_count) {
    out << "  ... " << (answer.reading_count - answer.readings.size())
        << " more readings (raise --limit, or --limit 0 for all)\n";
  }
  if (answer.unscored_realisations > 0) {
    out << "unscored         "
        << (answer.unscored_realisations == kCountSaturated
                ? std::string("too many")
                : std::to_string(answer.unscored_realisations))
        << " realisations beyond the bound\n";
  }
  if (!answer.tied.empty()) {
    // A tie of many readings (a wildcard hand's alike realisations) is counted, not listed.
    constexpr std::size_t kTiesListed = 8;
    out << "tied             " << answer.tied.size() << " readings tie (";
    for (std::size_t i = 0; i < std::min(answer.tied.size(), kTiesListed); ++i) {
      out << (i == 0 ? "" : ", ") << answer.tied[i] + 1;
    }
    if (answer.tied.size() > kTiesListed) out << ", ...";
    out << "): " << kBestReadingRule << '\n';
  }
}

/// One reading's label and lines; `number` counts from 1 in listing order.
void write_listed_reading(const ScoringRules& scoring, const RuleSet& rules,
                          const ReadingScore& scored, std::size_t number, bool is_best,
                          std::ostream& out) {
  out << (is_best ? "  * " : "    ") << number << ". "
      << reading_label(scored.origin, scored.reading, rules) << '\n';
  write_reading_text(scoring, rules, scored, out);
}

/// The score answer as text: every listed reading, or the best one alone.
void write_score_lines(const ScoreAnswer& answer, const RuleSet& rules, bool best_only,
                       std::ostream& out) {
  const ScoringRules& scoring = require_scoring(rules);
  out << "score            ";
  if (!answer.best_reading) {
    out << "not a win: " << answer.no_win_reason << '\n';
    return;
  }
  out << value_summary(scoring, answer.best_reading->value) << " (reading " << answer.best + 1
      << " of " << answer.reading_count << ")\n";
  if (answer.cut.by != ScoreCut::none) out << "cut              " << cut_text(answer.cut) << '\n';
  // The best reading first, whether or not the listing's limit reaches it; then the others.
  const auto best = static_cast<std::size_t>(answer.best);
  write_listed_reading(scoring, rules, *answer.best_reading, best + 1, true, out);
  if (!best_only) {
    for (std::size_t r = 0; r < answer.readings.size(); ++r) {
      if (r != best) write_listed_reading(scoring, rules, answer.readings[r], r + 1, false, out);
    }
  }
  write_score_notes(answer, best_only, out);
}

}  // namespace

void write_score_text(const ScoreAnswer& answer, const RuleSet& rules, std::ostream& out) {
  write_score_lines(answer, rules, answer.best_only, out);
}

void write_explain_text(const ExplainAnswer& answer, const RuleSet& rules, std::ostream& out) {
  const ScoringRules& scoring = require_scoring(rules);
  if (answer.reading_count == 0) out << "explain          no interpretation\n";
  if (answer.cut.by != ScoreCut::none) out << "cut              " << cut_text(answer.cut) << '\n';
  for (std::size_t r = 0; r < answer.readings.size(); ++r) {
    const ExplainedReading& explained = answer.readings[r];
    out << (explained.best ? "* " : "  ") << r + 1 << ". "
        << reading_label(explained.origin, explained.reading, rules) << '\n';
    for (const PatternVerdict& verdict : explained.patterns) {
      out << "     " << (verdict.counted ? "+ " : "- ")
          << pattern_title(scoring.patterns.patterns[verdict.pattern]) << ": " << verdict.why
          << '\n';
    }
  }
}

}  // namespace meldgraph
