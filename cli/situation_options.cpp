/// The situation options (situation_options.hpp): built at -O1 (cli/CMakeLists.txt), since
/// CLI11 is large and argument parsing is not hot.

#include "situation_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "word_option.hpp"

namespace meldgraph::cli {

namespace {

/// The flags, by context field, with their help.
constexpr std::pair<const char*, const char*> kFlagFields[] = {
    {"riichi", "riichi declared"},
    {"double_riichi", "double riichi declared (a riichi)"},
    {"ippatsu", "won within the riichi's first go-around"},
    {"last_tile", "on the wall's last tile (海底 / 河底)"},
    {"after_kong", "on a kong's replacement tile (嶺上 / 杠上开花)"},
    {"robbing_kong", "on a tile added to a kong (搶槓)"},
    {"first_draw", "on the first draw, no call before (天和 / 地和)"},
    {"last_of_kind", "on the last copy of its tile (和绝张)"},
    {"after_kong_discard", "on a discard after the discarder's kong (杠上炮)"},
    {"robbing_gold", "on the wildcard tile turned up at the opening (抢金; a self-draw)"}};

}  // namespace

SituationOptions::SituationOptions(CLI::App* command) {
  CLI::Option_group* situation = command->add_option_group("situation", "how the hand won");
  add_word_option(situation, "--win", words_[0].second, {"self-draw", "discard"},
                  "how the winning tile came");
  add_word_option(situation, "--from", words_[1].second, {"left", "across", "right"},
                  "the discarder: left = previous player (上家), right = next (下家)");
  add_word_option(situation, "--seat-wind", words_[2].second, {"E", "S", "W", "N"},
                  "seat wind (E: dealer)");
  add_word_option(situation, "--round-wind", words_[3].second, {"E", "S", "W", "N"},
                  "prevailing wind");
  for (const auto& [field, help] : kFlagFields) {
    std::string option = std::string("--") + field;
    std::replace(option.begin(), option.end(), '_', '-');
    const std::string description = help;
    flags_.emplace_back(field, situation->add_flag(option, description));
  }
  values_.emplace_back("dora",
                       situation->add_option("--dora", dora_, "dora indicator tiles, e.g. 4s,1z")
                           ->type_name("TILES"));
  values_.emplace_back(
      "ura", situation->add_option("--ura", ura_, "ura-dora indicator tiles")->type_name("TILES"));
  values_.emplace_back(
      "flowers",
      situation->add_option("--flowers", flowers_, "bonus tiles held: tiles (1f5f) or a count")
          ->type_name("TILES|N"));
  values_.emplace_back("honba", situation->add_option("--honba", honba_, "repeat counters"));
  values_.emplace_back("riichi_sticks", situation->add_option("--riichi-sticks", riichi_sticks_,
                                                              "riichi deposits on the table"));
  values_.emplace_back(
      "set_aside",
      situation->add_option("--set-aside", set_aside_,
                            "copies of the rule set's set-aside tile beside the hand (sanma's "
                            "kita: Norths set aside)"));
}

nlohmann::json SituationOptions::context_fields() const {
  nlohmann::json context = nlohmann::json::object();
  for (const auto& [field, word] : words_) {
    if (!word.empty()) context[field] = word;
  }
  for (const auto& [field, option] : flags_) {
    if (option->count() > 0) context[field] = true;
  }
  for (const auto& [field, option] : values_) {
    if (option->count() == 0) continue;
    if (field == "dora") context[field] = dora_;
    if (field == "ura") context[field] = ura_;
    if (field == "honba") context[field] = honba_;
    if (field == "riichi_sticks") context[field] = riichi_sticks_;
    if (field == "set_aside") context[field] = set_aside_;
    if (field == "flowers") {
      // A count of bonus tiles is digits only; anything else is tiles.
      const bool count =
          !flowers_.empty() && flowers_.find_first_not_of("0123456789") == std::string::npos;
      context[field] =
          count ? nlohmann::json(std::stoll(flowers_.substr(0, 6))) : nlohmann::json(flowers_);
    }
  }
  return context;
}

}  // namespace meldgraph::cli
