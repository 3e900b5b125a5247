/// The located tree of a rule file and the collected problems (rule_tree.hpp).

#include "meldgraph/loader/rule_tree.hpp"

#include <algorithm>
#include <tuple>

#include "meldgraph/model/error.hpp"

namespace meldgraph::rule_file {

bool later(const Where& a, const Where& b) {
  return std::tie(a.order, a.line, a.column) > std::tie(b.order, b.line, b.column);
}

std::string format_where(const Where& where) {
  return where.origin + ":" + std::to_string(std::max(where.line, 0) + 1) + ":" +
         std::to_string(std::max(where.column, 0) + 1);
}

void fail(const Where& where, const std::string& message) {
  throw Problem{where, message};
}

namespace {

/// `text` with control characters written as \xNN: messages echo what a file says, and a NUL or
/// a newline inside a key or value would cut the message short or forge a line of its own.
std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7F) {
      out += c;
      continue;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
  }
  return out;
}

}  // namespace

void Diagnostics::throw_if_any() const {
  if (problems_.empty()) return;
  // Document order: files of the chain parent first, then line and column. Problems found at
  // the same place by two steps are reported once.
  std::vector<const Problem*> sorted;
  sorted.reserve(problems_.size());
  for (const Problem& problem : problems_) sorted.push_back(&problem);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Problem* a, const Problem* b) {
    return std::tie(a->where.order, a->where.line, a->where.column) <
           std::tie(b->where.order, b->where.line, b->where.column);
  });
  std::vector<const Problem*> unique;
  for (const Problem* problem : sorted) {
    const bool repeated = !unique.empty() && unique.back()->message == problem->message &&
                          format_where(unique.back()->where) == format_where(problem->where);
    if (!repeated) unique.push_back(problem);
  }
  std::string text;
  std::vector<RuleProblem> reported;
  for (std::size_t i = 0; i < unique.size() && i < kMaxReported; ++i) {
    if (i > 0) text += '\n';
    const Where& where = unique[i]->where;
    text += printable(format_where(where) + ": " + unique[i]->message);
    reported.push_back(RuleProblem{printable(where.origin), std::max(where.line, 0) + 1,
                                   std::max(where.column, 0) + 1, printable(unique[i]->message)});
  }
  if (unique.size() > kMaxReported) {
    text += "\n... and " + std::to_string(unique.size() - kMaxReported) + " more problems";
  }
  throw RuleError(text, std::move(reported));
}

const Item* Value::find(std::string_view key) const {
  for (const Item& item : entries) {
    if (item.key == key) return &item;
  }
  return nullptr;
}

std::string describe(const Value& value) {
  switch (value.kind) {
    case Kind::null:
      return "nothing";
    case Kind::scalar:
      return value.plain ? "'" + value.text + "'" : "the string \"" + value.text + "\"";
    case Kind::list:
      return "a list";
    case Kind::map:
      return "a map";
  }
  return "?";
}

const Where* latest_key_in(const Value& value) {
  const Where* best = nullptr;
  const auto consider = [&](const Where* place) {
    if (place != nullptr && (best == nullptr || later(*place, *best))) best = place;
  };
  for (const Item& item : value.entries) {
    consider(&item.key_where);
    consider(latest_key_in(item.value));
  }
  for (const Value& element : value.elements) consider(latest_key_in(element));
  return best;
}

}  // namespace meldgraph::rule_file
