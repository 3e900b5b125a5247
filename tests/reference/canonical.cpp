// Canonical values of the reference: their text, for failure messages and hand-computed tables.

#include "reference/canonical.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace meldgraph::testref {

namespace {

/// `text`, in braces when `wild` (a wildcard slot), `#class` after it when the class is not 0.
std::string slot_text(const std::string& text, bool wild, int cls = 0) {
  std::string out;
  if (wild) out.push_back('{');
  out.append(text);
  if (wild && cls != 0) {
    out.push_back('#');
    out.append(std::to_string(cls));
  }
  if (wild) out.push_back('}');
  return out;
}

}  // namespace

std::string ref_group_body(const RefGroup& g, const RuleSet& rules);

/// The group as in ref_group_body, declared melds in [] or (), and the mark as `<+tile wait>`:
/// `123m<+3m edge>`, `1{1}m<+{1}m single>`, `{***}<+* any>`.
std::string ref_group_text(const RefGroup& g, const RuleSet& rules) {
  std::string out = ref_group_body(g, rules);
  if (g.declared > 0) out = (g.concealed ? "(" : "[") + out + (g.concealed ? ")" : "]");
  if (g.mark >= 0) {
    std::string what = "*";
    if (g.kind == RefKind::chow) {
      const int rank = rules.tile(static_cast<TileId>(g.tile)).rank + g.mark;
      what = slot_text(std::to_string(rank), ((g.wild >> g.mark) & 1) != 0,
                       class_at(g.classes, g.mark)) +
             rules.tile(static_cast<TileId>(g.tile)).letter;
    } else if (g.tile >= 0) {
      what = slot_text(std::to_string(rules.tile(static_cast<TileId>(g.tile)).rank), g.mark >= 1,
                       g.mark >= 1 ? g.mark - 1 : 0) +
             rules.tile(static_cast<TileId>(g.tile)).letter;
    }
    out += "<+" + what + " " + std::string(wait_shape_name(g.wait)) + ">";
  } else if (g.wait != WaitShape::none) {
    out += "<wait " + std::string(wait_shape_name(g.wait)) + " without a mark>";
  }
  return out;
}

std::string ref_group_body(const RefGroup& g, const RuleSet& rules) {
  const auto rank = [&](int tile) {
    return std::to_string(rules.tile(static_cast<TileId>(tile)).rank);
  };
  const auto letter = [&](int tile) {
    return std::string(1, rules.tile(static_cast<TileId>(tile)).letter);
  };
  if (g.declared > 0 && g.kind != RefKind::chow) {
    // Declared pung or kong: wildcard slots where they were written.
    const int size = g.kind == RefKind::kong ? 4 : 3;
    std::string out;
    for (int i = 0; i < size; ++i) out += slot_text(rank(g.tile), ((g.wild >> i) & 1) != 0);
    return out + letter(g.tile);
  }
  switch (g.kind) {
    case RefKind::kong:
      return "kong?";
    case RefKind::any_meld:
      return slot_text("***", true, class_at(g.classes, 0));
    case RefKind::any_pair:
      return slot_text("**", true, class_at(g.classes, 0));
    case RefKind::wildcards:
      return slot_text(std::string(static_cast<std::size_t>(g.wild), '*'), true);
    case RefKind::chow:
    case RefKind::knit: {
      std::string out;
      int tile = g.tile;
      const int step = g.kind == RefKind::knit ? 3 : 1;
      for (int i = 0; i < 3; ++i) {
        const std::string r =
            std::to_string(rules.tile(static_cast<TileId>(g.tile)).rank + step * i);
        out += slot_text(r, ((g.wild >> i) & 1) != 0, class_at(g.classes, i));
      }
      return out + letter(tile);
    }
    case RefKind::pair:
    case RefKind::pung:
    case RefKind::single: {
      const int size = g.kind == RefKind::pair ? 2 : g.kind == RefKind::pung ? 3 : 1;
      std::string out;
      for (int i = 0; i < size; ++i)
        out += slot_text(rank(g.tile), i >= size - g.wild, class_at(g.classes, i));
      return out + letter(g.tile);
    }
  }
  return "?";
}

/// Declared melds first as written, then the other groups in the value's (sorted) order.
std::string ref_interpretation_text(const RefInterpretation& interpretation, const RuleSet& rules) {
  std::vector<const RefGroup*> order;
  for (const RefGroup& g : interpretation) order.push_back(&g);
  const auto key = [](const RefGroup* g) { return g->declared > 0 ? g->declared : 1000; };
  std::stable_sort(order.begin(), order.end(),
                   [&](const RefGroup* a, const RefGroup* b) { return key(a) < key(b); });
  std::string out;
  for (const RefGroup* g : order) {
    if (!out.empty()) out += ' ';
    out += ref_group_text(*g, rules);
  }
  return out;
}

}  // namespace meldgraph::testref
