/// `meldgraph diff` (docs/corpus.md, "Testing another engine"): each input line answered by
/// meldgraph and by another engine run as a subprocess, a field of the two answers compared, and
/// the disagreements grouped by the patterns the hand covers, so that "the engine is wrong on
/// every hand with 三色同刻" is what the report says.

#include <signal.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "batch_lines.hpp"
#include "command_errors.hpp"
#include "commands.hpp"
#include "engine_process.hpp"
#include "global_options.hpp"
#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/model/error.hpp"
#include "output.hpp"

namespace meldgraph::cli {

namespace {

using Json = nlohmann::json;

/// Lines in a row without a reply (timeouts, ends) after which the engine is given up: an engine
/// that never answers would otherwise cost the timeout on every line of the corpus.
constexpr int kMostFailuresInARow = 10;

/// The field compared when `--field` is not given.
std::string default_field(const std::string& op) {
  if (op == "score") return "points";
  if (op == "win") return "win";
  if (op == "waits") return "waits";
  return "shanten";
}

/// The value at a dotted `path` (`score.points`), or null when a step is missing.
const Json* value_at(const Json& root, const std::string& path) {
  const Json* at = &root;
  std::size_t from = 0;
  while (from <= path.size()) {
    const std::size_t dot = std::min(path.find('.', from), path.size());
    const std::string key = path.substr(from, dot - from);
    if (!at->is_object() || !at->contains(key)) return nullptr;
    at = &(*at)[key];
    from = dot + 1;
  }
  return at;
}

/// A value as compared: a list of tiles (plain codes, or objects with a `tile`, as waits are
/// written) sorted as codes, anything else as it is.
Json comparable(const Json& value) {
  if (!value.is_array()) return value;
  std::vector<std::string> tiles;
  for (const Json& item : value) {
    if (item.is_string()) {
      tiles.push_back(item.get<std::string>());
    } else if (item.is_object() && item.contains("tile") && item["tile"].is_string()) {
      tiles.push_back(item["tile"].get<std::string>());
    } else {
      return value;
    }
  }
  std::sort(tiles.begin(), tiles.end());
  return tiles;
}

/// The patterns a hand covers: those meldgraph's best reading counts (a score answer's
/// `patterns`), else the line's `pattern` label (a `corpus cover` line), else none.
std::vector<std::string> line_patterns(const Json& input, const Json& ours) {
  std::vector<std::string> out;
  if (ours.contains("patterns") && ours["patterns"].is_array()) {
    for (const Json& pattern : ours["patterns"]) {
      if (pattern.is_object() && pattern.contains("id")) {
        out.push_back(pattern["id"].get<std::string>());
      }
    }
  }
  if (out.empty() && input.is_object() && input.contains("pattern") &&
      input["pattern"].is_string()) {
    out.push_back(input["pattern"].get<std::string>());
  }
  if (out.empty()) out.emplace_back("(no pattern)");
  return out;
}

/// The disagreements of one pattern's hands.
struct DiffGroup {
  std::uint64_t hands = 0;          ///< hands compared that cover the pattern
  std::uint64_t disagreements = 0;  ///< of them, those the engine answered otherwise
  std::vector<Json> examples;       ///< the first ones
};

/// The run's counts, and its groups by pattern.
struct DiffTally {
  std::uint64_t hands = 0;
  std::uint64_t compared = 0;
  std::uint64_t disagreements = 0;
  std::uint64_t timeouts = 0;
  std::uint64_t crashes = 0;
  std::uint64_t malformed = 0;
  std::uint64_t not_hands = 0;  ///< lines meldgraph refused (not a hand): not sent
  std::map<std::string, DiffGroup> groups;
};

/// How one line went, as a JSON line of the report (`--format json`).
Json problem_line(std::uint64_t index, const std::string& hand, const std::string& problem) {
  return {{"index", index}, {"hand", hand}, {"problem", problem}};
}

class Differ {
 public:
  Differ(const GlobalOptions& global, const RuleSet& rules, const DiffOptions& options)
      : options_(options),
        field_(options.field.empty() ? default_field(options.op) : options.field),
        reading_{rules, hand_reading(global, rules)},
        workspace_(rules),
        engine_(options.engine) {
    AnswerOptions answer_options;
    answer_options.budget_ms = global.budget_ms;
    read_visible(global, rules, answer_options);
    analyzer_ = builtin_analyzers().create(options.op, rules, answer_options);
  }

  /// Answers and compares one input line; returns the report line it makes, or null.
  Json line(const std::string& text) {
    const std::uint64_t index = tally_.hands++;
    Json ours;
    try {
      ours = Json::parse(batch_answer(reading_, *analyzer_, workspace_, {text, 0, nullptr}));
    } catch (const Json::exception&) {
      ours = Json::object();
    }
    const std::string hand = ours.value("hand", text);
    if (ours.contains("error")) {
      ++tally_.not_hands;
      return problem_line(index, hand, "not a hand: " + ours["error"].get<std::string>());
    }
    const EngineReply reply = engine_.ask(text, options_.timeout_ms);
    if (reply.kind == EngineReply::Kind::line) {
      failures_in_a_row_ = 0;
    } else if (++failures_in_a_row_ == kMostFailuresInARow) {
      throw Error("diff: the engine gave no reply to " + std::to_string(kMostFailuresInARow) +
                  " lines in a row (timeouts or ends); stopped at line " +
                  std::to_string(index + 1));
    }
    if (reply.kind == EngineReply::Kind::timeout) {
      ++tally_.timeouts;
      return problem_line(
          index, hand, "timeout: no reply within " + std::to_string(options_.timeout_ms) + " ms");
    }
    if (reply.kind == EngineReply::Kind::crashed) {
      ++tally_.crashes;
      return problem_line(index, hand, "the engine ended (" + reply.status + ")");
    }
    const Json theirs = Json::parse(reply.text, nullptr, false);
    const Json* their_value = theirs.is_discarded() ? nullptr : value_at(theirs, field_);
    if (their_value == nullptr) {
      ++tally_.malformed;
      return problem_line(index, hand,
                          theirs.is_discarded()
                              ? "malformed reply: not JSON: " + reply.text.substr(0, 200)
                              : "malformed reply: no field '" + field_ + "'");
    }
    const Json* our_value = value_at(ours, field_);
    const Json mine = our_value == nullptr ? Json() : comparable(*our_value);
    const Json other = comparable(*their_value);
    ++tally_.compared;
    const Json input = Json::parse(text, nullptr, false);
    const std::vector<std::string> patterns = line_patterns(input, ours);
    const bool differ = mine != other;
    for (const std::string& pattern : patterns) {
      DiffGroup& group = tally_.groups[pattern];
      ++group.hands;
      if (!differ) continue;
      ++group.disagreements;
      if (group.examples.size() < static_cast<std::size_t>(options_.examples)) {
        group.examples.push_back({{"hand", hand}, {"meldgraph", mine}, {"engine", other}});
      }
    }
    if (!differ) return nullptr;
    ++tally_.disagreements;
    return {{"index", index},    {"hand", hand},    {"field", field_},
            {"meldgraph", mine}, {"engine", other}, {"patterns", patterns}};
  }

  [[nodiscard]] const DiffTally& tally() const { return tally_; }
  [[nodiscard]] const std::string& field() const { return field_; }

 private:
  const DiffOptions& options_;
  std::string field_;
  BatchLineReading reading_;
  AnswerWorkspace workspace_;
  std::unique_ptr<Analyzer> analyzer_;
  EngineProcess engine_;
  DiffTally tally_;
  int failures_in_a_row_ = 0;
};

/// The groups with disagreements.
std::vector<std::pair<std::string, const DiffGroup*>> ranked_groups(const DiffTally& tally) {
  std::vector<std::pair<std::string, const DiffGroup*>> out;
  for (const auto& [pattern, group] : tally.groups) {
    if (group.disagreements > 0) out.emplace_back(pattern, &group);
  }
  // The groups every hand of which disagrees first, then by the share that does, then by count.
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    const DiffGroup& x = *a.second;
    const DiffGroup& y = *b.second;
    const std::uint64_t x_share = x.disagreements * y.hands;
    const std::uint64_t y_share = y.disagreements * x.hands;
    if (x_share != y_share) return x_share > y_share;
    return x.disagreements > y.disagreements;
  });
  return out;
}

Json summary_json(const DiffTally& tally) {
  Json groups = Json::array();
  for (const auto& [pattern, group] : ranked_groups(tally)) {
    groups.push_back({{"pattern", pattern},
                      {"disagreements", group->disagreements},
                      {"hands", group->hands},
                      {"examples", group->examples}});
  }
  return {{"hands", tally.hands},
          {"compared", tally.compared},
          {"disagreements", tally.disagreements},
          {"timeouts", tally.timeouts},
          {"crashes", tally.crashes},
          {"malformed", tally.malformed},
          {"not_hands", tally.not_hands},
          {"groups", groups}};
}

void write_summary_text(const DiffTally& tally, const std::string& field) {
  std::cout << "diff of '" << field << "': " << tally.hands << " hands, " << tally.compared
            << " compared, " << tally.disagreements << " disagree; " << tally.timeouts
            << " timeouts, " << tally.crashes << " engine ends, " << tally.malformed
            << " malformed replies, " << tally.not_hands << " lines not hands\n";
  for (const auto& [pattern, group] : ranked_groups(tally)) {
    std::cout << pattern << ": " << group->disagreements << " of " << group->hands
              << " hands disagree" << (group->disagreements == group->hands ? " (every one)" : "")
              << '\n';
    for (const Json& example : group->examples) {
      std::cout << "  " << example["hand"].get<std::string>() << "  meldgraph "
                << example["meldgraph"].dump() << ", engine " << example["engine"].dump() << '\n';
    }
  }
}

}  // namespace

int run_diff(const GlobalOptions& global, const DiffOptions& options) {
  return guarded("", [&] {
    const RuleSet rules = load_selected_rules(global);
    std::ifstream file;
    if (!options.input.empty() && options.input != "-") {
      file.open(options.input);
      if (!file) throw Error("--input: cannot open '" + options.input + "'");
    }
    std::istream& in = file.is_open() ? static_cast<std::istream&>(file) : std::cin;
    // A dead engine is a reply of its own (EPIPE on the next write), not the end of the run.
    ::signal(SIGPIPE, SIG_IGN);
    Differ differ(global, rules, options);
    const bool json = options.format == "json";
    const StreamingOutput streaming;
    std::string raw;
    std::size_t skipped = 0;
    for (;;) {
      const InputLine got = read_input_line(in, raw, kMaxBatchLineBytes, skipped);
      if (got == InputLine::end) break;
      const std::string text = trimmed_line(raw);
      if (text.empty() || text.front() == '#') continue;
      const Json report = differ.line(text);
      if (json && !report.is_null()) std::cout << report.dump() << '\n';
      output_checkpoint();
    }
    const DiffTally& tally = differ.tally();
    if (json) {
      std::cout << summary_json(tally).dump() << '\n';
    } else {
      write_summary_text(tally, differ.field());
    }
    const bool clean = tally.disagreements == 0 && tally.timeouts == 0 && tally.crashes == 0 &&
                       tally.malformed == 0;
    return clean ? 0 : 1;
  });
}

}  // namespace meldgraph::cli
