#pragma once
/// The form types of rule files: one table giving, for each FormType, its name in rule files,
/// the keys it accepts, the step that reads it and the step that writes it back (dump_rules).
/// Nothing else spells a form type's name.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "meldgraph/model/rules.hpp"
#include "meldgraph/loader/rule_tree.hpp"

namespace meldgraph::rule_file {

class Interpreter;

/// One form entry being read: `forms.NAME` and the keys every contradiction inside the form may
/// blame.
struct FormContext {
  const Item& entry;
  std::string path;       ///< "forms.NAME"
  const Item* type;       ///< the entry's `type` key, never null once the type is known
  const Item* enabled;    ///< the entry's `enabled` key or null
  const Where* document;  ///< blamed when nothing else is
  /// Problems recorded before the form's values were read: each value is read on its own and a
  /// bad one recorded, and the checks between values run only while no more were recorded.
  std::size_t problems_before = 0;
  [[nodiscard]] const Value& map() const { return entry.value; }
  /// The latest of the form's own keys (entry, type, enabled), `key` and `extra`.
  [[nodiscard]] Where blame(const Item* key, const Where* extra) const;
};

struct FormTypeInfo {
  FormType type;
  std::string_view name;
  /// Every key a form of this type accepts, the ones common to all types first.
  std::span<const std::string_view> keys;
  /// Reads the type's own keys into `form` (the common ones are read already).
  void (Interpreter::*read)(const FormContext& context, FormSpec& form);
  /// Writes the type's own keys, one `    key: value` line each.
  void (*write)(const RuleSet& rules, const FormSpec& form, std::string& out);
};

/// Every form type, in the order messages list them.
[[nodiscard]] std::span<const FormTypeInfo> form_types();
/// The entry of `type`.
[[nodiscard]] const FormTypeInfo& form_type_info(FormType type);
/// The entry named `name`, or nullptr.
[[nodiscard]] const FormTypeInfo* find_form_type(std::string_view name);

}  // namespace meldgraph::rule_file
