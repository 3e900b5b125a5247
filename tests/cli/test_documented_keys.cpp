// Output formats are interfaces: every key that `batch --op score`, `batch --op explain` and
// `analyze --format json` write (scoring rule sets, varied hands: winning, without a yaku, with
// no interpretation, tied readings, wildcard-only groups realised, counters, pao, 3n+1 hands)
// must be documented in docs/cli.md, written there as `key` or "key", in the section of the
// command that writes it (or `analyze`'s, which describes the score objects). The commands run the
// built `meldgraph` (MELDGRAPH_CLI, passed by CMake). Tagged [docs].

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rule_files.hpp"

namespace {

/// The standard output of a shell command, which must exit 0.
std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0)
    out.append(buffer.data(), n);
  const int status = pclose(pipe.release());
  INFO(command);
  REQUIRE(status == 0);
  return out;
}

/// Objects whose keys are data, not field names: forms, seat winds, tile codes. Their own key is
/// checked; what is inside is walked for its values only.
const std::set<std::string> kDataKeyed = {"by_form", "shanten_by_form", "payments"};

/// Every key of `value` and of the objects below it, with the first path it was seen at.
void collect_keys(const nlohmann::json& value, const std::string& path,
                  std::map<std::string, std::string>& keys) {
  if (value.is_array()) {
    for (const nlohmann::json& item : value) collect_keys(item, path + "[]", keys);
    return;
  }
  if (!value.is_object()) return;
  for (const auto& [key, item] : value.items()) {
    keys.emplace(key, path + "." + key);
    if (kDataKeyed.count(key) != 0) {
      for (const auto& [data_key, inner] : item.items()) {
        (void)data_key;
        collect_keys(inner, path + "." + key + ".*", keys);
      }
    } else {
      collect_keys(item, path + "." + key, keys);
    }
  }
}

/// The text of the level-2 section `## title` of `doc` (up to the next level-2 heading), its
/// subsections included; empty when there is no such section.
std::string doc_section(const std::string& doc, const std::string& title) {
  const std::string heading = "\n## " + title + "\n";
  const std::size_t start = doc.find(heading);
  if (start == std::string::npos) return "";
  const std::size_t end = doc.find("\n## ", start + heading.size());
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

/// The sections of docs/cli.md that may document a key first seen at `path`: the command that
/// wrote it, `analyze` for the score objects every command shares ("### Scores"), and "The hand's
/// situation" for the context echoed back.
std::vector<std::string> sections_for(const std::string& path) {
  if (path.find(".context.") != std::string::npos) return {"The hand's situation"};
  if (path.rfind("batch --op explain", 0) == 0) return {"batch", "explain", "analyze"};
  if (path.rfind("batch", 0) == 0) return {"batch", "analyze"};
  // Corpus records carry batch's fields under batch's names.
  if (path.rfind("corpus", 0) == 0) return {"corpus", "batch", "analyze"};
  return {"analyze"};
}

std::string read_doc(const std::string& name) {
  std::ifstream in(std::string(MELDGRAPH_TEST_DATA_DIR) + "/../../docs/" + name);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Runs `meldgraph ARGS` with `lines` on its input, one JSON object per output line (or the
/// whole output as one object when `lines` is empty: analyze --format json).
std::vector<nlohmann::json> outputs(const std::string& args,
                                    const std::vector<std::string>& lines) {
  std::string command;
  if (!lines.empty()) {
    command = "printf '%s\\n'";
    for (const std::string& line : lines) command += " '" + line + "'";
    command += " | ";
  }
  command += std::string(MELDGRAPH_CLI) + " " + args;
  const std::string out = run(command);
  std::vector<nlohmann::json> objects;
  if (lines.empty()) {
    objects.push_back(nlohmann::json::parse(out));
    return objects;
  }
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) objects.push_back(nlohmann::json::parse(line));
  REQUIRE(objects.size() == lines.size());
  return objects;
}

// The hands, as batch lines: a JSON object of a hand and its situation.
const std::vector<std::string> kRiichiLines = {
    // Two readings (pungs or chows), a self-draw with counters and sticks, dora, ura and a red
    // five.
    R"({"hand": "111222333m406p9s+9s", "win": "self-draw", "seat_wind": "S", "riichi": true, )"
    R"("dora": ["3p"], "ura": ["8s"], "honba": 1, "riichi_sticks": 2})",
    // A discard, from the left; seven pairs or two double chows (ties and different fu).
    R"({"hand": "1122334455667m+7m", "win": "discard", "from": "left"})",
    // No yaku: the shape alone.
    R"({"hand": "123m789p1s[789s][456m]+1s", "win": "discard", "from": "across"})",
    // A yakuman with pao: the last dragon pung claimed from across.
    R"({"hand": "123m4p[555z][666z][777=z]+4p", "win": "self-draw", "seat_wind": "S"})",
    // A discard without `from`: points, no payments.
    R"({"hand": "234m567p234s66s78s+9s", "win": "discard"})",
    // A limit: haneman by dora; kazoe by many.
    R"({"hand": "22334455m667788p+8p", "win": "discard", "from": "right", "riichi": true, )"
    R"("dora": ["1m", "1m"]})",
    // No interpretation at all.
    R"({"hand": "123456789m12345p", "win": "discard", "from": "left"})",
    // An error line (a bad field).
    R"({"hand": "234m567p234s66s78s+9s", "colour": "red"})",
    // A plain hand line, no context.
    "19m19p19s1234567z+7z",
};

const std::vector<std::string> kJokerLines = {
    // Wildcard-only groups, realised: readings that score alike are folded (`alike`).
    R"({"hand": "123m456p789s111z*+*", "win": "self-draw"})",
    R"({"hand": "123m456p789s555z*+*", "win": "discard", "from": "left"})",
};

TEST_CASE("every key of the scoring outputs is documented in docs/cli.md", "[docs]") {
  const std::string doc = read_doc("cli.md");
  std::map<std::string, std::string> keys;
  const std::string jokers = meldgraph::test::rule_file("scoring_jokers");
  for (const char* op : {"score", "explain"}) {
    for (const nlohmann::json& object :
         outputs(std::string("--rules riichi batch --op ") + op, kRiichiLines)) {
      collect_keys(object, std::string("batch --op ") + op, keys);
    }
    for (const nlohmann::json& object :
         outputs("--rules " + jokers + " batch --op " + op + " --limit 0", kJokerLines)) {
      collect_keys(object, std::string("batch --op ") + op, keys);
    }
  }
  const std::vector<std::string> analyze = {
      "--rules riichi analyze 111222333m406p9s+9s --format json --win self-draw --seat-wind S "
      "--riichi --dora 3p --ura 8s --honba 1 --riichi-sticks 2",
      "--rules riichi analyze 123m789p1s[789s][456m]+1s --format json --win discard --from left",
      "--rules riichi analyze 1122334455667m --format json",
      "--rules riichi analyze 123m456p789s11z --format json --visible 1z",
      "--rules " + jokers + " analyze 123m456p789s111z*+* --format json --realisations 3",
  };
  for (const std::string& args : analyze) {
    for (const nlohmann::json& object : outputs(args, {})) collect_keys(object, "analyze", keys);
  }
  // A hand whose readings run to millions, under a budget too small to score them: the notes
  // of a cut scoring and listing.
  const std::string bounds = meldgraph::test::rule_file("bounds_jokers");
  for (const char* op : {"score", "explain", "interpretations"}) {
    for (const nlohmann::json& object :
         outputs("--rules " + bounds + " batch --budget-ms 1 --limit 2 --op " + std::string(op),
                 {"1m2m3m4m5m6m7m8m*********"})) {
      collect_keys(object, std::string("batch --op ") + op, keys);
    }
  }
  // The varied hands reached the fields they are here for.
  for (const char* expected :
       {"no_win_reason", "tied", "alike", "realisation", "fu_parts", "limit", "explained", "error",
        "waits", "improving", "score", "cut", "truncated_by", "interpretations_scored"}) {
    INFO(expected);
    CHECK(keys.count(expected) == 1);
  }
  for (const auto& [key, path] : keys) {
    std::string where;
    bool documented = false;
    for (const std::string& title : sections_for(path)) {
      const std::string section = doc_section(doc, title);
      REQUIRE(!section.empty());
      where += (where.empty() ? "## " : ", ## ") + title;
      documented = documented || section.find('`' + key + '`') != std::string::npos ||
                   section.find('"' + key + '"') != std::string::npos;
    }
    INFO(path << ": '" << key << "' is not in docs/cli.md's " << where << " (as `" << key
              << "` or \"" << key << "\")");
    CHECK(documented);
  }
}

TEST_CASE("every key of the corpus records is documented in docs/cli.md", "[docs]") {
  const std::string doc = read_doc("cli.md");
  std::map<std::string, std::string> keys;
  const std::vector<std::string> commands = {
      "--rules riichi corpus deal --count 30 --seed 2 --complete --context random "
      "--label win,forms,interpretations,score",
      "--rules riichi corpus deal --count 30 --ready --label waits,shanten",
      "--rules laizi corpus deal --count 20 --label shanten,score",
      "--rules laizi corpus deal --count 20 --size 13 --label waits",
      "--rules riichi corpus enumerate --size 5 --format json --label win,forms,shanten,"
      "interpretations",
  };
  for (const std::string& args : commands) {
    std::istringstream out(run(std::string(MELDGRAPH_CLI) + " " + args));
    std::string line;
    int records = 0;
    while (std::getline(out, line)) {
      collect_keys(nlohmann::json::parse(line), "corpus", keys);
      ++records;
    }
    INFO(args);
    REQUIRE(records > 0);
  }
  for (const char* expected :
       {"index", "bonus", "context", "win", "forms", "waits", "wildcard_completes",
        "shanten_by_form", "improving", "count", "interpretations", "score"}) {
    INFO(expected);
    CHECK(keys.count(expected) == 1);
  }
  for (const auto& [key, path] : keys) {
    bool documented = false;
    for (const std::string& title : sections_for(path)) {
      const std::string section = doc_section(doc, title);
      REQUIRE(!section.empty());
      documented = documented || section.find('`' + key + '`') != std::string::npos ||
                   section.find('"' + key + '"') != std::string::npos;
    }
    INFO(path << ": '" << key << "' is not documented in docs/cli.md");
    CHECK(documented);
  }
}

}  // namespace
