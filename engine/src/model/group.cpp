#include <bit>

#include "meldgraph/model/group.hpp"
#include "meldgraph/model/hand.hpp"

namespace meldgraph {

std::string_view group_kind_name(GroupKind kind) {
  switch (kind) {
    case GroupKind::pair:
      return "pair";
    case GroupKind::pung:
      return "pung";
    case GroupKind::kong:
      return "kong";
    case GroupKind::chow:
      return "chow";
    case GroupKind::single:
      return "single";
    case GroupKind::any_meld:
      return "any_meld";
    case GroupKind::any_pair:
      return "any_pair";
    case GroupKind::wildcards:
      return "wildcards";
    case GroupKind::knit:
      return "knit";
  }
  return "?";
}

int Group::wildcard_count() const {
  if (kind == GroupKind::wildcards) return size;
  return std::popcount(static_cast<unsigned>(wild_mask));
}

char meld_source_marker(MeldSource source) {
  switch (source) {
    case MeldSource::left:
      return '-';
    case MeldSource::across:
      return '=';
    case MeldSource::right:
      return '+';
    case MeldSource::unknown:
      break;
  }
  return 0;
}

std::string format_group(const Group& group, const RuleSet& rules, std::uint8_t red_slots,
                         std::optional<int> claimed_slot) {
  std::string out;
  if (group.abstract()) {
    out.reserve(group.size + 2U);
    out += '{';
    out.append(group.size, '*');
    // Restricted stand-ins: an abstract group of class c > 0 is marked with its letter.
    if (group.kind != GroupKind::wildcards && group.wild_class(0) > 0) {
      out += static_cast<char>('a' + group.wild_class(0));
    }
    out += '}';
    return out;
  }
  // A declared meld's source marker follows its claimed tile, as in the hand's notation
  // (`[34-5m]`): after the claimed slot, else after the last tile, or the third of an added kong.
  const char marker = claimed_slot && group.declared() ? meld_source_marker(group.source()) : 0;
  const int marker_after = marker == 0                      ? -1
                           : claimed_slot.value_or(-1) >= 0 ? *claimed_slot + 1
                           : group.added_kong()             ? 3
                                                            : group.size;
  for (int slot = 0; slot < group.size; ++slot) {
    const char digit = static_cast<char>('0' + rules.tile(group.tiles[slot]).rank);
    if (group.is_wild(slot)) {
      out += '{';
      out += digit;
      // Restricted stand-ins: a wildcard of class c > 0 is marked with a letter (b, c, d).
      if (group.wild_class(slot) > 0) out += static_cast<char>('a' + group.wild_class(slot));
      out += '}';
    } else {
      out += ((red_slots >> slot) & 1U) != 0 ? '0' : digit;
    }
    if (slot + 1 == marker_after) out += marker;
  }
  out += rules.tile(group.tiles[0]).letter;
  if (group.declared()) {
    // Declared melds read as they are written in a hand: [777z], (2222s).
    out.insert(out.begin(), group.concealed() ? '(' : '[');
    out += group.concealed() ? ')' : ']';
  }
  return out;
}

std::string format_group_unicode(const Group& group, const RuleSet& rules) {
  std::string out;
  for (int slot = 0; slot < group.size; ++slot) {
    if (group.is_wild(slot)) {
      out += kJokerGlyph;
    } else {
      out += rules.tile(group.tiles[slot]).glyph;
    }
  }
  return out;
}

}  // namespace meldgraph
