/// The registry of condition predicates (predicates.hpp) and the combinators over them:
/// evaluation, writing a condition back and finding the part that fails. The predicates
/// themselves live by concept in predicates_{context,groups,counts}.cpp (their readers turn a
/// YAML argument into ConditionNode fields, every error naming its place).
/// docs/scoring.md, "Patterns", documents every predicate and argument.

#include "patterns/predicates.hpp"

#include <string>

#include "patterns/arguments.hpp"
#include "patterns/predicate_list.hpp"

namespace meldgraph::patterns {

namespace {

// ---------------------------------------------------------------------------------------------
// The registry.

constexpr PredicateSpec kPredicates[] = {
    {"groups", read_groups, eval_groups, write_groups, count_groups},
    {"faces", read_faces, eval_faces, write_faces, nullptr},
    {"sets", read_sets, eval_sets, write_sets, count_sets},
    {"suits", read_range_arg, eval_by_facts, write_range_arg, nullptr},
    {"honours", read_bool_arg, eval_by_facts, write_bool_arg, nullptr},
    {"closed_hand", read_bool_arg, eval_by_facts, write_bool_arg, nullptr},
    {"form", read_form, eval_by_facts, write_form, nullptr},
    {"wait", read_wait, eval_by_facts, write_wait, nullptr},
    {"only_wait", read_bool_arg, eval_only_wait, write_bool_arg, nullptr},
    {"waits", read_range_arg, eval_waits, write_range_arg, nullptr},
    {"win", read_win, eval_by_facts, write_win, nullptr},
    {"flag", read_flag, eval_by_facts, write_flag, nullptr},
    {"dealer", read_bool_arg, eval_by_facts, write_bool_arg, nullptr},
    {"seat_wind", read_wind, eval_by_facts, write_wind, nullptr},
    {"round_wind", read_wind, eval_by_facts, write_wind, nullptr},
    {"suit_counts", read_suit_counts, eval_suit_counts, write_suit_counts, nullptr},
    {"copies", read_copies, eval_copies, write_copies, nullptr},
    {"wildcards", read_range_arg, eval_by_facts, write_range_arg, nullptr},
    {"soft_wildcards", read_range_arg, eval_by_facts, write_range_arg, nullptr},
    {"bonus", read_bonus, eval_bonus, write_bonus, nullptr},
    {"honba", read_range_arg, eval_by_facts, write_range_arg, nullptr},
};
static_assert(std::size(kPredicates) + kFirstPredicate <= 256);

constexpr bool names_in_op_order() {
  if (std::size(kPredicates) != std::size(kPredicateNames)) return false;
  for (std::size_t i = 0; i < std::size(kPredicates); ++i) {
    if (kPredicates[i].name != kPredicateNames[i]) return false;
  }
  return true;
}
static_assert(names_in_op_order(), "kPredicateNames lists the registry in op order");

}  // namespace

std::span<const PredicateSpec> predicate_registry() {
  return kPredicates;
}

// ---------------------------------------------------------------------------------------------
// Conditions: combinators over predicates.

bool condition_holds(const PatternRules& rules, std::uint32_t root, const ScoreFeatures& features) {
  const std::span<const ConditionNode> nodes = rules.nodes;
  return fold_condition(nodes, root, [&](std::uint32_t leaf) {
    const ConditionNode& node = nodes[leaf];
    return kPredicates[node.op - kFirstPredicate].eval(node, features);
  });
}

namespace {

std::string children_text(const WriteContext& context, std::uint32_t root) {
  const ConditionNode& node = context.patterns.nodes[root];
  std::string out = "[";
  std::uint32_t child = root + 1;
  for (int c = 0; c < node.children; ++c) {
    if (c > 0) out += ", ";
    out += write_condition(context, child);
    child += context.patterns.nodes[child].size;
  }
  return out + "]";
}

}  // namespace

std::string write_condition(const WriteContext& context, std::uint32_t root) {
  const ConditionNode& node = context.patterns.nodes[root];
  switch (node.op) {
    case kOpTrue:
      return "{all: []}";
    case kOpNot:
      return wrap("{not: ", write_condition(context, root + 1), "}");
    case kOpAll:
      return wrap("{all: ", children_text(context, root), "}");
    case kOpAny:
      return wrap("{any: ", children_text(context, root), "}");
    case kOpAtLeast: {
      std::string open = "{at_least: {n: ";
      open += std::to_string(at_least_n(node));
      open += ", of: ";
      return wrap(open, children_text(context, root), "}}");
    }
    default: {
      const PredicateSpec& spec = kPredicates[node.op - kFirstPredicate];
      std::string out = "{";
      out += spec.name;
      out += ": ";
      out += spec.write(node, context);
      return out + "}";
    }
  }
}

std::string first_failing_part(const WriteContext& context, std::uint32_t root,
                               const ScoreFeatures& features) {
  const PatternRules& rules = context.patterns;
  if (condition_holds(rules, root, features)) return "";
  const ConditionNode& node = rules.nodes[root];
  if (node.op == kOpAll) {
    std::uint32_t child = root + 1;
    for (int c = 0; c < node.children; ++c) {
      if (!condition_holds(rules, child, features)) {
        return first_failing_part(context, child, features);
      }
      child += rules.nodes[child].size;
    }
  }
  return write_condition(context, root);
}

}  // namespace meldgraph::patterns
