/// A score answer written straight as one batch line (score_line.hpp). Every field mirrors
/// render_score_json.cpp's writer; tests/cli checks the two give the same bytes on every shipped
/// rule set.

#include "meldgraph/answers/score_line.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "meldgraph/answers/json.hpp"
#include "meldgraph/answers/json_text.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "meldgraph/support/short_keys.hpp"
#include "score_words.hpp"

namespace meldgraph {

namespace {

/// score_unit_key as a view of static text: an object's keys must outlive it.
std::string_view unit_key_of(const ScoringRules& scoring) {
  return scoring.unit == ScoringUnit::points ? std::string_view("pattern_points")
                                             : scoring_unit_name(scoring.unit);
}

void write_unsigned(JsonText& out, std::uint64_t value) {
  out.raw(std::to_string(value));
}

/// The patterns that counted (patterns_json's fields), from the rule set's rendered entries.
void write_patterns(const ScoreLineTexts& texts, const std::vector<PatternHit>& hits,
                    JsonText& out) {
  out.put('[');
  for (std::size_t i = 0; i < hits.size(); ++i) {
    if (i > 0) out.put(',');
    if (!texts.write_pattern(hits[i], out.out())) out.mark_invalid_utf8();
  }
  out.put(']');
}

/// The fu parts (fu_parts_json's fields).
void write_fu_parts(const ReadingScore& scored, const RuleSet& rules, JsonText& out) {
  out.put('[');
  bool first = true;
  for (const FuPart& part : scored.value.fu_parts) {
    if (!first) out.put(',');
    first = false;
    JsonObject entry(out);
    entry.add("source", [&](JsonText& v) { v.string(fu_source_word(part.source)); });
    entry.add("fu", [&](JsonText& v) { v.integer(part.fu); });
    if (const ReadingGroup* group = fu_part_group(part, scored.reading)) {
      entry.add("group", [&](JsonText& v) { v.string(format_reading_group(*group, rules)); });
    }
    entry.close();
  }
  out.put(']');
}

/// The payments by seat of the rule set's players.
void write_payments(const ReadingValue& value, const RuleSet& rules, JsonText& out) {
  JsonObject payments(out);
  for (std::size_t seat = 0; seat < static_cast<std::size_t>(rules.players()); ++seat) {
    payments.add(kSeatCodes[seat], [&](JsonText& v) { v.integer(value.payments[seat]); });
  }
  payments.close();
}

/// The context's fields (win_context_to_json's), sorted by the object.
void write_context(const WinContext& context, const RuleSet& rules, JsonText& out) {
  const auto codes = [&](const std::vector<TileId>& tiles) {
    return [&rules, list = &tiles](JsonText& v) {
      v.put('[');
      for (std::size_t i = 0; i < list->size(); ++i) {
        if (i > 0) v.put(',');
        v.string(rules.tile((*list)[i]).code);
      }
      v.put(']');
    };
  };
  const auto flag = [](bool set) { return [set](JsonText& v) { v.boolean(set); }; };
  const auto number = [](std::int64_t n) { return [n](JsonText& v) { v.integer(n); }; };
  const auto word = [](std::string_view text) { return [text](JsonText& v) { v.string(text); }; };
  JsonObject object(out);
  object.add("win", word(win_kind_name(context.win)));
  object.add("seat_wind", word(wind_code(context.seat_wind)));
  object.add("round_wind", word(wind_code(context.round_wind)));
  object.add("riichi", flag(context.riichi));
  object.add("double_riichi", flag(context.double_riichi));
  object.add("ippatsu", flag(context.ippatsu));
  object.add("last_tile", flag(context.last_tile));
  object.add("after_kong", flag(context.after_kong));
  object.add("robbing_kong", flag(context.robbing_kong));
  object.add("first_draw", flag(context.first_draw));
  object.add("last_of_kind", flag(context.last_of_kind));
  object.add("after_kong_discard", flag(context.after_kong_discard));
  object.add("robbing_gold", flag(context.robbing_gold));
  object.add("dora", codes(context.dora));
  object.add("ura", codes(context.ura));
  object.add("honba", number(context.honba));
  object.add("riichi_sticks", number(context.riichi_sticks));
  object.add("set_aside", number(context.set_aside));
  if (context.from != MeldSource::unknown) object.add("from", word(meld_source_name(context.from)));
  if (context.flower_tiles.empty()) {
    object.add("flowers", number(context.flower_count));
  } else {
    object.add("flowers", codes(context.flower_tiles));
  }
  object.close();
}

/// A field of a reading's value (write_value's), written from the reading.
struct ValueMember {
  std::string_view key;  ///< empty: the rule set's unit (ScoreLineTexts::unit_key)
  void (*write)(const ScoreLineTexts& texts, const ReadingScore& scored, JsonText& out);
};

/// The value fields, in write_value's order.
constexpr std::array<ValueMember, 11> kValueMembers = {{
    {"patterns", [](const ScoreLineTexts& texts, const ReadingScore& scored,
                    JsonText& v) { write_patterns(texts, scored.hits, v); }},
    {"", [](const ScoreLineTexts&, const ReadingScore& scored,
            JsonText& v) { v.integer(scored.value.units); }},
    {"fu", [](const ScoreLineTexts&, const ReadingScore& scored,
              JsonText& v) { v.integer(scored.value.fu); }},
    {"fu_parts", [](const ScoreLineTexts& texts, const ReadingScore& scored,
                    JsonText& v) { write_fu_parts(scored, texts.rules(), v); }},
    {"dora", [](const ScoreLineTexts&, const ReadingScore& scored,
                JsonText& v) { v.integer(scored.value.dora); }},
    {"ura", [](const ScoreLineTexts&, const ReadingScore& scored,
               JsonText& v) { v.integer(scored.value.ura); }},
    {"red", [](const ScoreLineTexts&, const ReadingScore& scored,
               JsonText& v) { v.integer(scored.value.red); }},
    {"yakuman", [](const ScoreLineTexts&, const ReadingScore& scored,
                   JsonText& v) { v.integer(scored.value.yakuman); }},
    {"limit", [](const ScoreLineTexts&, const ReadingScore& scored,
                 JsonText& v) { v.string(scored.value.limit); }},
    {"points", [](const ScoreLineTexts&, const ReadingScore& scored,
                  JsonText& v) { v.integer(scored.value.points); }},
    {"payments", [](const ScoreLineTexts& texts, const ReadingScore& scored,
                    JsonText& v) { write_payments(scored.value, texts.rules(), v); }},
}};

std::string_view value_key(const ValueMember& member, const ScoreLineTexts& texts) {
  return member.key.empty() ? texts.unit_key() : member.key;
}

/// The value fields of one reading, those `fields` keeps. `wins` and `no_win_reason` are the
/// caller's: the top level writes the hand's.
void add_value(const ScoreLineTexts& texts, const ReadingScore& scored,
               const FieldSelection& fields, JsonObject& out) {
  for (const ValueMember& member : kValueMembers) {
    const std::string_view key = value_key(member, texts);
    if (fields.has(key)) out.add(key, [&](JsonText& v) { member.write(texts, scored, v); });
  }
}

/// One listed reading of "interpretations": its origin, value, `wins` and `best`.
void write_listed(const ScoreLineTexts& texts, const ReadingScore& scored, bool best,
                  JsonText& out) {
  static const FieldSelection all;
  const RuleSet& rules = texts.rules();
  JsonObject entry(out);
  const ReadingOrigin& origin = scored.origin;
  entry.add("interpretation", [&](JsonText& v) { write_unsigned(v, origin.interpretation); });
  entry.add("form", [&](JsonText& v) { v.string(rules.forms()[scored.reading.form].name); });
  entry.add("text", [&](JsonText& v) { v.string(format_reading(scored.reading, rules)); });
  if (origin.realised) {
    entry.add("realisation", [&](JsonText& v) { write_unsigned(v, origin.realisation); });
    entry.add("alike", [&](JsonText& v) { write_unsigned(v, origin.alike); });
  }
  add_value(texts, scored, all, entry);
  entry.add("wins", [&](JsonText& v) { v.boolean(scored.value.wins); });
  if (!scored.value.wins) {
    entry.add("no_win_reason", [&](JsonText& v) { v.string(scored.value.no_win_reason); });
  }
  entry.add("best", [&](JsonText& v) { v.boolean(best); });
  entry.close();
}

/// The note of a scoring that stopped early (cut_json's fields).
void write_cut(const ScoringCut& cut, JsonText& out) {
  JsonObject note(out);
  note.add("by", [&](JsonText& v) { v.string(cut.by == ScoreCut::budget ? "budget" : "bound"); });
  if (cut.by == ScoreCut::budget) {
    note.add("budget_ms", [&](JsonText& v) { write_unsigned(v, cut.budget_ms); });
  }
  note.add("interpretations_scored", [&](JsonText& v) { write_unsigned(v, cut.interpretations); });
  note.add("last_in_part", [&](JsonText& v) { v.boolean(cut.last_in_part); });
  note.add("best_of", [&](JsonText& v) { v.string("the readings scored"); });
  note.close();
}

/// What a line's members are written from.
struct LineParts {
  const ScoreAnswer& answer;
  const ScoreLineTexts& texts;
  const LineHead& head;
};

/// A member of a line besides the best reading's value fields: whether the line has it, and its
/// value.
struct LineMember {
  std::string_view key;
  bool (*present)(const LineParts& line);
  void (*write)(const LineParts& line, JsonText& out);
};

/// kLineMembers' index of "hand".
constexpr std::uint8_t kHandCode = 0;

bool always(const LineParts& /*line*/) {
  return true;
}

/// The best reading's value, when it lost: its reason overrides the hand's (as write_score_json
/// leaves it).
const ReadingValue* lost_best(const ScoreAnswer& answer) {
  const ReadingValue* best = answer.best_reading ? &answer.best_reading->value : nullptr;
  return best != nullptr && !best->wins ? best : nullptr;
}

bool listed(const LineParts& line) {
  return !line.answer.best_only;
}

/// The line's own members, the summary's and the listing's (unsorted: ScoreLineTexts sorts them
/// with the value fields once).
constexpr std::array<LineMember, 15> kLineMembers = {{
    {"hand", always, [](const LineParts& line, JsonText& v) { v.string(line.head.hand); }},
    {"rules", always,
     [](const LineParts& line, JsonText& v) { v.string(line.texts.rules().name()); }},
    {"context", [](const LineParts& line) { return line.head.context != nullptr; },
     [](const LineParts& line, JsonText& v) {
       write_context(*line.head.context, line.texts.rules(), v);
     }},
    {"wins", always, [](const LineParts& line, JsonText& v) { v.boolean(line.answer.wins); }},
    {"no_win_reason",
     [](const LineParts& line) { return !line.answer.wins || lost_best(line.answer) != nullptr; },
     [](const LineParts& line, JsonText& v) {
       const ReadingValue* lost = lost_best(line.answer);
       v.string(lost != nullptr ? lost->no_win_reason : line.answer.no_win_reason);
     }},
    {"best", always, [](const LineParts& line, JsonText& v) { v.integer(line.answer.best); }},
    {"tied", always,
     [](const LineParts& line, JsonText& v) {
       v.put('[');
       for (std::size_t i = 0; i < line.answer.tied.size(); ++i) {
         if (i > 0) v.put(',');
         write_unsigned(v, line.answer.tied[i]);
       }
       v.put(']');
     }},
    {"tie_rule", always, [](const LineParts&, JsonText& v) { v.string(kBestReadingRule); }},
    {"readings", always,
     [](const LineParts& line, JsonText& v) { write_unsigned(v, line.answer.scored); }},
    {"unscored_realisations",
     [](const LineParts& line) { return line.answer.unscored_realisations > 0; },
     [](const LineParts& line, JsonText& v) {
       write_unsigned(v, line.answer.unscored_realisations);
     }},
    {"unscored_saturated",
     [](const LineParts& line) { return line.answer.unscored_realisations == kCountSaturated; },
     [](const LineParts&, JsonText& v) { v.boolean(true); }},
    {"cut", [](const LineParts& line) { return line.answer.cut.by != ScoreCut::none; },
     [](const LineParts& line, JsonText& v) { write_cut(line.answer.cut, v); }},
    {"interpretations", listed,
     [](const LineParts& line, JsonText& v) {
       v.put('[');
       for (std::size_t r = 0; r < line.answer.readings.size(); ++r) {
         if (r > 0) v.put(',');
         write_listed(line.texts, line.answer.readings[r], static_cast<int>(r) == line.answer.best,
                      v);
       }
       v.put(']');
     }},
    {"listed", listed,
     [](const LineParts& line, JsonText& v) { write_unsigned(v, line.answer.readings.size()); }},
    {"truncated", listed,
     [](const LineParts& line, JsonText& v) {
       v.boolean(line.answer.readings.size() < line.answer.reading_count);
     }},
}};

/// A flat field of the answer as CSV text (see write_score_csv_row).
std::string csv_value(const ScoreAnswer& answer, const RuleSet& rules, const LineHead& head,
                      const std::string& column) {
  const ScoringRules& scoring = require_scoring(rules);
  if (column == "hand") return std::string(head.hand);
  if (column == "rules") return rules.name();
  if (column == "context") {
    return head.context == nullptr ? std::string()
                                   : win_context_to_json(*head.context, rules).dump();
  }
  const ReadingScore* best = answer.best_reading ? &*answer.best_reading : nullptr;
  if (column == "patterns") {
    std::string ids;
    if (best == nullptr) return ids;
    for (const PatternHit& hit : best->hits) {
      if (!ids.empty()) ids += ' ';
      ids += scoring.patterns.patterns[hit.pattern].id;
    }
    return ids;
  }
  if (column == "payments") {
    std::string text;
    if (best == nullptr) return text;
    for (std::size_t seat = 0; seat < static_cast<std::size_t>(rules.players()); ++seat) {
      if (!text.empty()) text += ' ';
      const std::int64_t paid = best->value.payments[seat];
      text += std::string(kSeatCodes[seat]) + ':' + (paid > 0 ? "+" : "") + std::to_string(paid);
    }
    return text;
  }
  // Any other field as the JSON line writes it: strings unquoted.
  const FieldSelection one({column});
  std::string json;
  if (!write_score_line_json(answer, rules, head, one, json)) return {};
  const auto parsed = nlohmann::json::parse(json, nullptr, false);
  if (parsed.is_discarded() || !parsed.contains(column)) return {};
  const auto& value = parsed[column];
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace

FieldSelection::FieldSelection(std::vector<std::string> names)
    : all_(false), names_(std::move(names)) {
  static std::atomic<std::uint64_t> made{0};
  id_ = made.fetch_add(1, std::memory_order_relaxed) + 1;
  for (const std::string& name : names_) bits_ |= std::uint64_t{1} << name_bit(name);
}

bool FieldSelection::has_name(std::string_view name) const {
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

FieldSelection parse_field_selection(std::string_view list, const std::vector<std::string>& known) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name(list.substr(start, comma - start));
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string listed;
      for (const std::string& field : known) listed += (listed.empty() ? "" : ", ") + field;
      throw Error("--fields: '" + name + "' is not a field of this answer; the fields are " +
                  listed);
    }
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    start = comma + 1;
  }
  return FieldSelection(std::move(names));
}

std::vector<std::string> score_line_fields(const RuleSet& rules) {
  // The members a line may have (the tables it is written from) and the error of a bad line.
  std::vector<std::string> fields = {"error"};
  for (const LineMember& member : kLineMembers) fields.emplace_back(member.key);
  for (const ValueMember& member : kValueMembers) {
    fields.push_back(member.key.empty() ? score_unit_key(require_scoring(rules))
                                        : std::string(member.key));
  }
  std::sort(fields.begin(), fields.end());
  return fields;
}

ScoreLineTexts::ScoreLineTexts(const RuleSet& rules)
    : rules_(&rules), scoring_(&require_scoring(rules)), unit_key_(unit_key_of(*scoring_)) {
  for (std::size_t m = 0; m < kLineMembers.size(); ++m) {
    line_order_.push_back({kLineMembers[m].key, static_cast<std::uint8_t>(m), {}});
  }
  for (std::size_t m = 0; m < kValueMembers.size(); ++m) {
    line_order_.push_back({value_key(kValueMembers[m], *this),
                           static_cast<std::uint8_t>(kLineMembers.size() + m),
                           {}});
  }
  std::sort(line_order_.begin(), line_order_.end(),
            [](const LineField& a, const LineField& b) { return short_key_less(a.key, b.key); });
  for (LineField& field : line_order_) {
    JsonText(field.json_key).string(field.key);
    field.json_key += ':';
  }
  const std::size_t patterns = scoring_->patterns.patterns.size();
  once_.reserve(patterns);
  repeated_.reserve(patterns);
  for (std::size_t p = 0; p < patterns; ++p) {
    once_.push_back(render(p, false));
    repeated_.push_back(render(p, true));
  }
}

ScoreLineTexts::Entry ScoreLineTexts::render(std::size_t pattern_index, bool repeated) const {
  const ScoringRules& scoring = *scoring_;
  const Pattern& pattern = scoring.patterns.patterns[pattern_index];
  const bool local = scoring.patterns.local_names && !pattern.local_name.empty();
  // The members as write_score_json's patterns_json has them: text written now, or a slot.
  struct Member {
    std::string_view key;
    std::string text;
    std::optional<Slot> slot;
  };
  std::vector<Member> members;
  Entry entry;
  const auto text = [&](std::string_view key, const auto& write) {
    std::string value;
    JsonText writer(value);
    write(writer);
    entry.invalid_utf8 = entry.invalid_utf8 || writer.invalid_utf8();
    members.push_back({key, std::move(value), std::nullopt});
  };
  const auto word = [](std::string_view value) {
    return [value](JsonText& v) { v.string(value); };
  };
  const auto number = [](std::int64_t value) { return [value](JsonText& v) { v.integer(value); }; };
  text("id", word(pattern.id));
  text("name", word(local ? pattern.local_name : pattern.name));
  text("name_en", word(pattern.name));
  if (!pattern.local_name.empty()) text("local_name", word(pattern.local_name));
  members.push_back({unit_key_, {}, Slot::value});
  members.push_back({"yakuman", {}, Slot::yakuman});
  if (pattern.value.factor > 0) text("factor", number(pattern.value.factor));
  if (pattern.value.bonus > 0) text("bonus", number(pattern.value.bonus));
  if (repeated) members.push_back({"times", {}, Slot::times});
  // Sorted as JsonObject sorts an object's members (nlohmann's key order).
  std::stable_sort(members.begin(), members.end(),
                   [](const Member& a, const Member& b) { return a.key < b.key; });
  std::string piece = "{";
  for (std::size_t m = 0; m < members.size(); ++m) {
    if (m > 0) piece += ',';
    JsonText(piece).string(members[m].key);
    piece += ':';
    if (members[m].slot) {
      entry.texts.push_back(std::move(piece));
      entry.slots.push_back(*members[m].slot);
      piece.clear();
    } else {
      piece += members[m].text;
    }
  }
  piece += '}';
  entry.texts.push_back(std::move(piece));
  return entry;
}

bool ScoreLineTexts::write_pattern(const PatternHit& hit, std::string& out) const {
  const Entry& entry = hit.times != 1 ? repeated_[hit.pattern] : once_[hit.pattern];
  if (entry.invalid_utf8) return false;
  JsonText writer(out);
  for (std::size_t s = 0; s < entry.slots.size(); ++s) {
    out += entry.texts[s];
    switch (entry.slots[s]) {
      case Slot::value:
        writer.integer(hit.value);
        break;
      case Slot::yakuman:
        writer.integer(hit.yakuman);
        break;
      case Slot::times:
        writer.integer(hit.times);
        break;
    }
  }
  out += entry.texts.back();
  return true;
}

bool write_score_line_json(const ScoreAnswer& answer, const RuleSet& rules, const LineHead& head,
                           const FieldSelection& fields, std::string& out) {
  return write_score_line_json(answer, ScoreLineTexts(rules), head, fields, out);
}

ScoreLinePlan plan_score_line(const ScoreLineTexts& texts, const FieldSelection& fields) {
  ScoreLinePlan plan;
  for (const ScoreLineTexts::LineField& field : texts.line_order()) {
    // A line's hand is always written, asked for or not, as its error is (batch_lines.cpp).
    if (field.code == kHandCode || fields.has(field.key)) plan.push_back(&field);
  }
  return plan;
}

bool write_score_line_json(const ScoreAnswer& answer, const ScoreLineTexts& texts,
                           const LineHead& head, const FieldSelection& fields, std::string& out) {
  return write_score_line_json(answer, texts, head, plan_score_line(texts, fields), out);
}

bool write_score_line_json(const ScoreAnswer& answer, const ScoreLineTexts& texts,
                           const LineHead& head, const ScoreLinePlan& plan, std::string& out) {
  const std::size_t start = out.size();
  JsonText writer(out);
  const LineParts parts{answer, texts, head};
  // The members in key order (ScoreLineTexts::line_order), so the line is an object as
  // JsonObject would sort it, each member written in place after its key, rendered once.
  char separator = '{';
  const auto key = [&](const ScoreLineTexts::LineField& field) {
    out += separator;
    separator = ',';
    out += field.json_key;
  };
  for (const ScoreLineTexts::LineField* planned : plan) {
    const ScoreLineTexts::LineField& field = *planned;
    if (field.code < kLineMembers.size()) {
      const LineMember& member = kLineMembers[field.code];
      if (!member.present(parts)) continue;
      key(field);
      member.write(parts, writer);
    } else if (answer.best_reading) {
      key(field);
      kValueMembers[field.code - kLineMembers.size()].write(texts, *answer.best_reading, writer);
    }
  }
  if (separator == '{') out += '{';
  out += '}';
  if (writer.invalid_utf8()) {
    out.resize(start);
    return false;
  }
  out += '\n';
  return true;
}

void write_win_context_json(const WinContext& context, const RuleSet& rules, std::string& out) {
  JsonText writer(out);
  write_context(context, rules, writer);
}

std::vector<std::string> score_csv_columns(const RuleSet& rules, const FieldSelection& fields) {
  if (!fields.all()) return fields.names();
  return {"hand",     "wins",   "no_win_reason", score_unit_key(require_scoring(rules)),
          "fu",       "points", "yakuman",       "limit",
          "dora",     "ura",    "red",           "patterns",
          "readings", "error"};
}

void append_csv_field(std::string_view text, std::string& out) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void write_score_csv_row(const ScoreAnswer* answer, const RuleSet& rules, const LineHead& head,
                         std::string_view error, const std::vector<std::string>& columns,
                         std::string& out) {
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (c > 0) out += ',';
    const std::string& column = columns[c];
    if (column == "error") {
      append_csv_field(error, out);
    } else if (column == "hand") {
      append_csv_field(head.hand, out);
    } else if (answer != nullptr && error.empty()) {
      append_csv_field(csv_value(*answer, rules, head, column), out);
    }
  }
  out += '\n';
}

bool write_score_line(const ScoreAnswer& answer, const ScoreLineTexts& texts, const LineHead& head,
                      const LineFormat& format, std::string& out, const ScoreLinePlan* plan) {
  if (!format.csv) {
    return plan != nullptr ? write_score_line_json(answer, texts, head, *plan, out)
                           : write_score_line_json(answer, texts, head, format.fields, out);
  }
  write_score_csv_row(&answer, texts.rules(), head, {}, format.columns, out);
  return true;
}

std::string csv_header(const std::vector<std::string>& columns) {
  std::string header;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (c > 0) header += ',';
    append_csv_field(columns[c], header);
  }
  header += '\n';
  return header;
}

}  // namespace meldgraph
