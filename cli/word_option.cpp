/// Command-line helpers (word_option.hpp): built at -O1 like main.cpp, since CLI11 is large and
/// argument parsing is not hot.

#include "word_option.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>

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

}  // namespace meldgraph::cli
