// The answers as values (meldgraph/answers/): what the compute functions return, that they own
// every value (a workspace scores the next hand without touching the last answer), that the
// analyzers' JSON is their renderers' over those values, and that a scorer of another rule set is
// refused. The bytes of the outputs are the command line's tests' (cli_test.sh, ...). Tagged
// [answers].

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "meldgraph/answers/analyzer.hpp"
#include "meldgraph/answers/explain.hpp"
#include "meldgraph/answers/interpretations.hpp"
#include "meldgraph/answers/json_text.hpp"
#include "meldgraph/answers/render_json.hpp"
#include "meldgraph/answers/render_text.hpp"
#include "meldgraph/answers/rule_sets.hpp"
#include "meldgraph/answers/score.hpp"
#include "meldgraph/answers/score_line.hpp"
#include "meldgraph/answers/shanten.hpp"
#include "meldgraph/answers/waits.hpp"
#include "meldgraph/answers/win.hpp"
#include "meldgraph/answers/workspace.hpp"
#include "meldgraph/corpus/corpus.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/scoring/scoring_rules.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

/// The index of the form named `name`.
std::size_t form_index(const RuleSet& rules, const std::string& name) {
  for (std::size_t f = 0; f < rules.forms().size(); ++f) {
    if (rules.forms()[f].name == name) return f;
  }
  FAIL("no form " << name);
  return 0;
}

/// The JSON the analyzer `name` writes for `analysis`.
nlohmann::json analyzer_json(const std::string& name, const HandAnalysis& analysis,
                             const AnswerOptions& options) {
  AnswerWorkspace workspace(analysis.rules());
  nlohmann::json out = nlohmann::json::object();
  builtin_analyzers().create(name, analysis.rules(), options)->write_json(analysis, workspace, out);
  return out;
}

}  // namespace

TEST_CASE("answers: win, shanten and waits as values", "[answers]") {
  const RuleSet rules = load_rules("riichi");
  const AnswerOptions options;
  const HandAnalysis complete(rules, parse_hand("123m456p789s11122z", rules));
  const WinAnswer win = answer_win(complete, options);
  CHECK(win.win());
  CHECK(win.forms == std::vector<std::size_t>{form_index(rules, "standard")});
  CHECK(win.counts.tiles == 14);
  CHECK(win.counts.wildcards == 0);
  const ShantenAnswer complete_shanten = answer_shanten(complete, options);
  CHECK(complete_shanten.shanten == -1);
  CHECK_FALSE(complete_shanten.improving.has_value());

  const HandAnalysis ready(rules, parse_hand("123m456p789s1122z", rules));
  const WaitsAnswer waits = answer_waits(ready, options);
  REQUIRE(waits.tiles.size() == 2);
  CHECK(rules.tile(waits.tiles[0].tile).code == "1z");
  CHECK(rules.tile(waits.tiles[1].tile).code == "2z");
  const ShantenAnswer shanten = answer_shanten(ready, options);
  CHECK(shanten.shanten == 0);
  REQUIRE(shanten.improving.has_value());
  CHECK(shanten.improving->size() == 2);

  // The same answers from the search alone.
  AnswerOptions search = options;
  search.search_only = true;
  CHECK(answer_win(complete, search).forms == win.forms);
  CHECK(answer_waits(ready, search).remaining_total == waits.remaining_total);
}

TEST_CASE("answers: interpretations listed up to the limit", "[answers]") {
  const RuleSet rules = load_rules("riichi");
  const HandAnalysis analysis(rules, parse_hand("11223344556677m", rules));
  AnswerOptions options;
  options.limit = 2;
  const InterpretationsAnswer answer = answer_interpretations(analysis, options);
  CHECK(answer.count == 4);
  CHECK(answer.listed.size() == 2);
  CHECK(answer.cut == ListingCut::limit);
  options.limit = 0;
  const InterpretationsAnswer all = answer_interpretations(analysis, options);
  CHECK(all.listed.size() == 4);
  CHECK(all.cut == ListingCut::none);
  // The interpretations analyzer writes the renderer's JSON of the same answer.
  nlohmann::json rendered = nlohmann::json::object();
  write_interpretations_json(all, rules, rendered);
  CHECK(analyzer_json("interpretations", analysis, options) == rendered);
}

TEST_CASE("answers: a score owns its values", "[answers]") {
  const RuleSet rules = load_rules("riichi");
  AnswerWorkspace workspace(rules);
  const AnswerOptions options;
  WinContext context;
  context.riichi = true;
  const HandAnalysis first(rules, parse_hand("123m456p789s23455s", rules), context);
  const ScoreAnswer score = answer_score(first, workspace.scorer(TableUse::tables), options);
  REQUIRE(score.best_reading.has_value());
  CHECK(score.wins);
  CHECK(score.no_win_reason.empty());
  REQUIRE(score.best >= 0);
  REQUIRE(static_cast<std::size_t>(score.best) < score.readings.size());
  CHECK(score.readings.size() == score.reading_count);
  nlohmann::json before = nlohmann::json::object();
  write_score_json(score, rules, before);
  std::ostringstream text_before;
  write_score_text(score, rules, text_before);

  // The workspace scores another hand; the first answer is untouched.
  const HandAnalysis second(rules, parse_hand("11122233344455m", rules));
  const ScoreAnswer other = answer_score(second, workspace.scorer(TableUse::tables), options);
  CHECK(other.best_reading.has_value());
  nlohmann::json after = nlohmann::json::object();
  write_score_json(score, rules, after);
  CHECK(after == before);
  std::ostringstream text_after;
  write_score_text(score, rules, text_after);
  CHECK(text_after.str() == text_before.str());

  // The score analyzer writes the same JSON, from the search as from the tables.
  CHECK(analyzer_json("score", first, options) == before);
  AnswerOptions search = options;
  search.search_only = true;
  CHECK(analyzer_json("score", first, search) == before);
}

TEST_CASE("answers: explain lists every pattern of every reading", "[answers]") {
  const RuleSet rules = load_rules("riichi");
  AnswerWorkspace workspace(rules);
  const HandAnalysis analysis(rules, parse_hand("123m456p789s23455s", rules));
  const ExplainAnswer answer =
      answer_explain(analysis, workspace.scorer(TableUse::search_only), AnswerOptions{});
  REQUIRE_FALSE(answer.readings.empty());
  const std::size_t patterns = scoring_rules(rules)->patterns.patterns.size();
  for (const ExplainedReading& reading : answer.readings) {
    CHECK(reading.patterns.size() == patterns);
    for (const PatternVerdict& verdict : reading.patterns) CHECK_FALSE(verdict.why.empty());
  }
}

TEST_CASE("answers: a scorer of another rule set is refused", "[answers]") {
  const RuleSet riichi = load_rules("riichi");
  const RuleSet mcr = load_rules("mcr");
  AnswerWorkspace workspace(mcr);
  const HandAnalysis analysis(riichi, parse_hand("123m456p789s23455s", riichi));
  CHECK_THROWS_AS(answer_score(analysis, workspace.scorer(TableUse::search_only), AnswerOptions{}),
                  std::logic_error);
  // A rule set without scoring has no scorer.
  const RuleSet basic = load_rules("basic");
  AnswerWorkspace unscored(basic);
  CHECK_THROWS_AS(unscored.scorer(TableUse::search_only), Error);
}

TEST_CASE("answers: a score line written directly is write_score_json's bytes", "[answers]") {
  // The reference: the answer as write_score_json's document, dumped by nlohmann with the line's
  // head. Every shipped rule set with a scoring section, complete hands dealt with situations
  // (wildcards, flowers, declared melds and every form among them), the full line and cut ones.
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    if (scoring_rules(rules) == nullptr) continue;
    INFO("rules " << name);
    const ScoreLineTexts texts(rules);
    DealOptions deal;
    deal.complete_only = true;
    deal.random_context = true;
    check_deal_options(rules, deal);
    Dealer dealer(rules, deal, 7);
    AnswerWorkspace workspace(rules);
    const FieldSelection all;
    const FieldSelection some = parse_field_selection(
        "points,fu,patterns,tied,payments,no_win_reason,wins", score_line_fields(rules));
    ScoreAnswer reused;
    ScoreAnswer lean;
    for (std::uint64_t i = 0; i < 150 / test::kScale; ++i) {
      const DealtHand dealt = dealer.deal(i);
      const WinContext context = dealt.context.value_or(WinContext{});
      const HandAnalysis analysis(rules, dealt.hand, context);
      AnswerOptions options;
      options.best_only = i % 3 == 0;
      options.limit = i % 5 == 1 ? 1 : 0;  // the reused answer's listing shrinks and grows
      const ScoreAnswer answer =
          answer_score(analysis, workspace.scorer(TableUse::tables), options);
      const std::string hand = format_hand(dealt.hand, rules);
      INFO("hand " << hand);
      nlohmann::json reference = {{"hand", hand}, {"rules", rules.name()}};
      reference["context"] = win_context_to_json(context, rules);
      write_score_json(answer, rules, reference);
      std::string line;
      REQUIRE(write_score_line_json(answer, texts, {hand, &context}, all, line));
      CHECK(line == reference.dump() + "\n");
      nlohmann::json cut = nlohmann::json::object();
      for (const auto& [key, value] : reference.items()) {
        if (key == "hand" || some.has(key)) cut[key] = value;
      }
      std::string cut_line;
      REQUIRE(write_score_line_json(answer, texts, {hand, &context}, some, cut_line));
      CHECK(cut_line == cut.dump() + "\n");

      // One answer reused hand after hand (a batch's), whole and without the best reading's
      // groups, writes the same lines: the full one, and the cut one, which shows no group.
      answer_score(analysis, workspace.scorer(TableUse::tables), options, reused);
      std::string reused_line;
      REQUIRE(write_score_line_json(reused, texts, {hand, &context}, all, reused_line));
      CHECK(reused_line == line);
      answer_score(analysis, workspace.scorer(TableUse::tables), options, lean,
                   ReadingCopy::without_groups);
      std::string lean_line;
      REQUIRE(write_score_line_json(lean, texts, {hand, &context}, some, lean_line));
      CHECK(lean_line == cut_line);
      if (lean.best_reading) CHECK(lean.best_reading->reading.groups.empty());
    }
  }
}

TEST_CASE("answers: a workspace's line plan follows the selection it is asked for", "[answers]") {
  // The plan is kept under the selection's id: selections made one after another, a copy, and
  // every field, each get the lines their own selection writes.
  const RuleSet rules = load_rules("riichi");
  AnswerWorkspace workspace(rules);
  const ScoreLineTexts& texts = workspace.score_line_texts();
  const HandAnalysis analysis(rules, parse_hand("123m456p789s23455s", rules));
  const ScoreAnswer answer =
      answer_score(analysis, workspace.scorer(TableUse::tables), AnswerOptions{});
  const std::vector<std::string> known = score_line_fields(rules);
  const FieldSelection points = parse_field_selection("points", known);
  const FieldSelection patterns = parse_field_selection("patterns,han", known);
  const FieldSelection points_again =
      points;  // NOLINT(performance-unnecessary-copy-initialization)
  CHECK(points.id() != patterns.id());
  CHECK(points_again.id() == points.id());
  CHECK(FieldSelection().id() != points.id());
  for (const FieldSelection* fields : {&points, &patterns, &points_again, &patterns,
                                       static_cast<const FieldSelection*>(nullptr)}) {
    const FieldSelection all;
    const FieldSelection& asked = fields != nullptr ? *fields : all;
    std::string planned;
    std::string direct;
    REQUIRE(write_score_line_json(answer, texts, {"h", nullptr}, workspace.score_line_plan(asked),
                                  planned));
    REQUIRE(write_score_line_json(answer, texts, {"h", nullptr}, asked, direct));
    CHECK(planned == direct);
    const auto line = nlohmann::json::parse(planned);
    CHECK(line.contains("points") ==
          (fields == nullptr || fields == &points || fields == &points_again));
    CHECK(line.contains("patterns") == (fields == nullptr || fields == &patterns));
  }
}

TEST_CASE("answers: every pattern's entry rendered once is write_score_json's", "[answers]") {
  // ScoreLineTexts renders each pattern's entry once per rule set: every pattern of every shipped
  // rule set, counted once and more than once, as the reference writes it.
  const FieldSelection patterns_only({"patterns"});
  for (const std::string& name : builtin_rule_names()) {
    const RuleSet rules = load_rules(name);
    const ScoringRules* scoring = scoring_rules(rules);
    if (scoring == nullptr) continue;
    INFO("rules " << name);
    const ScoreLineTexts texts(rules);
    ScoreAnswer answer;
    answer.wins = true;
    answer.best = 0;
    answer.best_only = true;
    answer.best_reading.emplace();
    for (std::size_t p = 0; p < scoring->patterns.patterns.size(); ++p) {
      const auto index = static_cast<std::uint16_t>(p);
      answer.best_reading->hits.push_back({index, static_cast<std::int32_t>(p + 1), 0, 1});
      answer.best_reading->hits.push_back({index, -3, 2, 3});
    }
    nlohmann::json reference = {{"hand", "1m"}};
    nlohmann::json full;
    write_score_json(answer, rules, full);
    reference["patterns"] = full["patterns"];
    std::string line;
    REQUIRE(write_score_line_json(answer, texts, {"1m", nullptr}, patterns_only, line));
    CHECK(line == reference.dump() + "\n");
  }
}

TEST_CASE("answers: --fields names only fields of the answer", "[answers]") {
  const RuleSet rules = load_rules("riichi");
  const std::vector<std::string> known = score_line_fields(rules);
  CHECK(parse_field_selection("han,fu", known).names() == std::vector<std::string>{"han", "fu"});
  CHECK_THROWS_WITH(parse_field_selection("han,faan", known),
                    Catch::Contains("'faan' is not a field of this answer"));
  CHECK_THROWS_WITH(parse_field_selection("", known), Catch::Contains("'' is not a field"));
}

TEST_CASE("answers: strings written directly are escaped as nlohmann escapes them", "[answers]") {
  const std::string samples[] = {"plain",
                                 "quote \" backslash \\",
                                 "tab\tline\nreturn\r",
                                 std::string("nul \0 bell \x07 esc \x1b", 18),
                                 "立直 ドラ",
                                 "\x7f delete"};
  for (const std::string& sample : samples) {
    std::string out;
    JsonText text(out);
    text.string(sample);
    CHECK_FALSE(text.invalid_utf8());
    CHECK(out == nlohmann::json(sample).dump());
  }
  std::string out;
  JsonText text(out);
  text.string("bad \xff byte");
  CHECK(text.invalid_utf8());
}
