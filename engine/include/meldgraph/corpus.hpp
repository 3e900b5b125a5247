#pragma once
/// Corpora of hands: every complete hand of a size, streamed in canonical order or counted
/// (docs/corpus.md).

#include <cstdint>
#include <functional>
#include <vector>

#include "meldgraph/hand.hpp"
#include "meldgraph/rules.hpp"

namespace meldgraph {

/// The forms (bit f: rules.forms()[f]) in which a hand is complete.
using FormMask = std::uint32_t;

/// What an enumeration of complete hands found: how many hands, and how many complete in each
/// form (a hand complete in two forms counts in both, once in `hands`).
struct EnumerationCounts {
  std::uint64_t hands = 0;
  std::vector<std::uint64_t> by_form;  ///< indexed like rules.forms()
  std::uint64_t candidates = 0;        ///< hands the engine was asked about
};

/// Called with each complete hand (concealed tiles only, no declared melds, bonus tiles or
/// wildcards) and the forms it is complete in.
using CompleteHandVisitor = std::function<void(const Hand&, FormMask)>;

/// Every distinct complete hand of `size` concealed tiles (3n + 2) under `rules`: each multiset
/// of meldable tiles, within the copies, for which is_win holds. Visited in canonical order:
/// ascending as sorted tile sequences (tile ids ascending), so 111122223333m44m comes before
/// 11112222333344m. With `visit` empty the hands are only counted.
///
/// Candidates are built suit by suit from the parts a form could accept (a suit part that is
/// melds, or melds and one pair, by the suit tables; pairs; a part of a set form's tiles); each
/// candidate is then decided by is_win, and its forms by form_shanten where more than one form
/// could hold. Throws AnalysisError for a rule set this cannot enumerate yet: wildcards, a
/// knitted or singles form, a suit the tables do not model, a size out of range.
EnumerationCounts enumerate_complete_hands(const RuleSet& rules, int size,
                                           const CompleteHandVisitor& visit);

}  // namespace meldgraph
