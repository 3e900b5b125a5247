// The one form-type table (engine/src/loader/forms.cpp) seen from outside: for every form type the
// keys `rules dump` writes are the keys the reader accepts. The accepted keys are read from the
// reader's own message for an unknown key (`valid keys: ...`), the types from its message for an
// unknown type, and the written keys from dump_rules of every shipped rule set plus forms that use
// the two keys a dump writes only when set (`pair_tiles`, and `gap` of gapped singles).
// Tagged [rules].

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catch2/catch.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/model/error.hpp"
#include "meldgraph/model/rules.hpp"

namespace {

using KeySet = std::set<std::string>;

/// The comma-separated words after `marker` up to the closing parenthesis of `message`.
KeySet words_after(const std::string& message, const std::string& marker) {
  const std::size_t start = message.find(marker);
  REQUIRE(start != std::string::npos);
  const std::size_t end = message.find(')', start);
  REQUIRE(end != std::string::npos);
  KeySet out;
  std::stringstream list(message.substr(start + marker.size(), end - start - marker.size()));
  std::string word;
  while (std::getline(list, word, ',')) {
    const std::size_t first = word.find_first_not_of(' ');
    out.insert(word.substr(first));
  }
  return out;
}

/// The message of loading `yaml`, which must fail.
std::string load_error(const std::string& yaml) {
  try {
    (void)meldgraph::load_rules_from_string(yaml, "probe.yaml");
  } catch (const meldgraph::RuleError& error) {
    return error.what();
  }
  FAIL("rule text loaded without an error:\n" << yaml);
  return {};
}

/// The keys the reader accepts in a form of `type`: the list its unknown-key message gives.
KeySet accepted_keys(const std::string& type) {
  const std::string message = load_error(
      "name: probe\nextends: basic\nforms:\n  probe: {type: " + type + ", zzz_unknown: 1}\n");
  INFO(message);
  const std::size_t at = message.find("unknown key 'zzz_unknown' in forms.probe");
  REQUIRE(at != std::string::npos);
  return words_after(message.substr(at), "(valid keys: ");
}

/// Per form type, the union of the keys dump_rules writes for its forms; every form's own keys
/// are also checked against `accepted` as they are read.
void collect_written(const std::string& dump, std::map<std::string, KeySet>& written,
                     std::map<std::string, std::vector<KeySet>>& per_form) {
  std::stringstream lines(dump);
  std::string line;
  bool in_forms = false;
  KeySet form_keys;
  std::string form_type;
  const auto finish_form = [&] {
    if (form_type.empty()) return;
    written[form_type].insert(form_keys.begin(), form_keys.end());
    per_form[form_type].push_back(form_keys);
    form_keys.clear();
    form_type.clear();
  };
  while (std::getline(lines, line)) {
    if (line.rfind("forms:", 0) == 0) {
      in_forms = true;
      continue;
    }
    if (!in_forms) continue;
    if (!line.empty() && line[0] != ' ') break;  // the next top-level key
    if (line.rfind("    ", 0) == 0) {
      const std::string key = line.substr(4, line.find(':') - 4);
      form_keys.insert(key);
      if (key == "type") form_type = line.substr(line.find(':') + 2);
    } else if (line.rfind("  ", 0) == 0) {
      finish_form();  // a new form's name
    }
  }
  finish_form();
}

}  // namespace

TEST_CASE("every form type: the keys rules dump writes are the keys the reader accepts",
          "[rules]") {
  // The types, as the reader lists them for an unknown one: the table's every entry.
  const KeySet types = words_after(
      load_error("name: probe\nextends: basic\nforms:\n  probe: {type: no_such_type}\n"),
      "(valid types: ");
  REQUIRE(types.size() >= 6);

  std::map<std::string, KeySet> written;
  std::map<std::string, std::vector<KeySet>> per_form;
  for (const std::string& name : meldgraph::builtin_rule_names()) {
    collect_written(meldgraph::dump_rules(meldgraph::load_rules(name)), written, per_form);
  }
  // The keys a dump writes only when set: pair tiles of a melds and a knitted form, the gap of
  // gapped singles, a form's own wildcard cap and scored_only (which needs its minimum.forms).
  const meldgraph::RuleSet extra = meldgraph::load_rules_from_string(
      R"(name: form_keys
extends: mcr
forms:
  standard: {type: melds, pair_tiles: ["2m", "5m", "8m"], max_wildcards: 2}
  knitted_straight: {type: knitted, pair_tiles: ["2m", "5m", "8m"], max_wildcards: 2, scored_only: true}
  sixteen_apart: {type: singles, size: 14, pairs: 0, honours: ["1z", "2z", "3z", "4z", "5z", "6z", "7z"], suits: gapped, gap: 3, require: [], max_wildcards: 2, scored_only: true}
  probe_pairs: {type: pairs, pairs: 7, max_wildcards: 2, scored_only: true}
  probe_set: {type: set, tiles: "19m19p19s1234567z", max_wildcards: 2, scored_only: true}
scoring:
  minimum:
    forms:
      knitted_straight: {patterns: [qi_dui]}
      sixteen_apart: {patterns: [qi_dui]}
      probe_pairs: {patterns: [qi_dui]}
      probe_set: {patterns: [qi_dui]}
)",
      "form_keys.yaml");
  collect_written(meldgraph::dump_rules(extra), written, per_form);

  for (const std::string& type : types) {
    INFO("form type " << type);
    const KeySet accepted = accepted_keys(type);
    REQUIRE(written.count(type) == 1);  // some rule set dumps a form of every type
    CHECK(written[type] == accepted);
    for (const KeySet& form : per_form[type]) {
      for (const std::string& key : form) CHECK(accepted.count(key) == 1);
    }
  }
  // Nothing dumped is of a type the reader does not know.
  for (const auto& [type, keys] : written) CHECK(types.count(type) == 1);
}
