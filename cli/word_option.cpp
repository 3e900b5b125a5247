/// Option builders (word_option.hpp): built at -O1 like main.cpp, since CLI11 is large and
/// argument parsing is not hot.

#include "word_option.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>

#include "global_options.hpp"

namespace meldgraph::cli {
namespace {

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

}  // namespace

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : separator) + word;
  return out;
}

CLI::Option* add_word_option(CLI::App* command, const std::string& name, std::string& target,
                             const std::vector<std::string>& words, const std::string& help) {
  const CLI::Validator one_of(
      [words](std::string& value) {
        const std::string lower = lowered(value);
        for (const std::string& word : words) {
          if (lower == lowered(word)) {
            value = word;
            return std::string();
          }
        }
        return "'" + value + "' is not one of " + joined(words, ", ");
      },
      "");
  return command->add_option(name, target, help)->type_name(joined(words, "|"))->transform(one_of);
}

const CLI::Validator& not_negative_count() {
  static const CLI::Validator not_negative(
      [](const std::string& text) {
        return text.find('-') == std::string::npos ? std::string()
                                                   : std::string("must not be negative");
      },
      "COUNT");
  return not_negative;
}

CLI::Option* add_budget_option(CLI::App* command, std::uint64_t& target, const std::string& what) {
  return command
      ->add_option("--budget-ms", target,
                   "most milliseconds " + what +
                       " may take; it stops there with a note "
                       "(default: no budget)")
      ->check(not_negative_count())
      ->check(CLI::Range(std::uint64_t{1}, kMaxBudgetMs));
}

}  // namespace meldgraph::cli
