#pragma once
/// The yes/no and numeric questions about a hand, answered without listing interpretations.
///
/// These are the entry points the analyzers, `meldgraph bench` and the benchmarks call. Each has
/// one meaning, defined by the exact search (Decomposition, compute_shanten, compute_waits); a
/// faster implementation (lookup tables) may answer instead when the rule set and the hand allow
/// it, and must give the same answer on every hand. docs/tables.md says which path answers
/// (answered_by_tables tells for one hand).

#include <array>
#include <cstddef>
#include <cstdint>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tiles.hpp"

namespace meldgraph {

/// Whether a complete hand (3n+2 tiles, a declared meld counting three) has an interpretation in
/// some enabled form: the same as Decomposition(rules, hand).wins(). Throws AnalysisError for
/// other sizes.
[[nodiscard]] bool is_win(const RuleSet& rules, const Hand& hand);

/// The minimum shanten over all forms: the same as compute_shanten(rules, hand).shanten.
[[nodiscard]] int shanten_number(const RuleSet& rules, const Hand& hand);

/// The shanten of one form (an index into rules.forms()), or kNoShanten when the form cannot
/// apply to the hand or no exchange completes it: the by_form entry of compute_shanten.
[[nodiscard]] int form_shanten(const RuleSet& rules, const Hand& hand, std::size_t form);
inline constexpr int kNoShanten = 1 << 20;

/// The tiles whose draw lowers the shanten of a hand of 3n+1 tiles: natural tiles, not wild, of
/// which the hand does not hold every copy; the tiles of improving_tiles(rules, hand, nullptr)
/// as a mask. With `shanten` not null, also shanten_number(rules, hand) into it. Throws
/// AnalysisError for other sizes. The tables price every draw in one pass (docs/tables.md).
[[nodiscard]] TileMask improving_mask(const RuleSet& rules, const Hand& hand, int* shanten);

/// For a hand of 3n+2 tiles: the shanten (shanten_number) of the hand left by discarding one
/// copy of each natural kind it holds concealed, into `shanten` by tile; kNoShanten for the
/// kinds it does not hold, wild kinds and bonus tiles. The tables price every discard in one pass.
/// For other sizes, shanten_number's error for the hand less a tile.
void discard_shanten(const RuleSet& rules, const Hand& hand,
                     std::array<int, kMaxTileKinds>& shanten);

/// The natural tiles that complete a hand of 3n+1 tiles: the tiles of compute_waits(rules, hand,
/// nullptr).tiles as a mask (a drawn wildcard is not a tile of the mask).
[[nodiscard]] TileMask wait_mask(const RuleSet& rules, const Hand& hand);
/// The same mask from the exact search alone: no lookup table is built or read.
[[nodiscard]] TileMask search_wait_mask(const RuleSet& rules, const Hand& hand);

/// The tiles of which a hand of 3n+1 tiles holds every copy (declared melds included) and whose
/// draw, a copy beyond the set's, would complete it: the waits `hand.exhausted_waits` adds to
/// wait_mask, whatever the rule set says, so that wait_mask | exhausted_wait_mask is the waits of
/// the hand's shape (scoring.exhausted_waits). Most hands hold no tile at all its copies: then
/// nothing is searched. Throws AnalysisError for other sizes when one does.
[[nodiscard]] TileMask exhausted_wait_mask(const RuleSet& rules, const Hand& hand);

/// The questions above, for answered_by_tables (shanten covers shanten_number and form_shanten).
enum class Query : std::uint8_t { win, shanten, waits };

/// Whether the lookup tables (docs/tables.md) answer `query` for this hand under these rules;
/// otherwise the exact search does. For tests and benchmarks: the answer is the same either way.
[[nodiscard]] bool answered_by_tables(const RuleSet& rules, const Hand& hand, Query query);

/// Which lookup tables build_query_tables builds: `common`, those every hand the tables answer
/// reads; `rare`, the parts only some hands read (the overflow rows of hands whose wildcards may
/// stand beyond the copies), when the rule set allows such hands at all.
enum class TableParts : std::uint8_t { common, rare };

/// Builds now, on the calling thread, the lookup tables the fast path of `query` reads under
/// these rules; otherwise each part is built by the first hand that reads it. For a caller that
/// builds them ahead of need (`batch --answers-from auto` does so on a thread of its own, see
/// AbandonableTableBuilds). Changes no answer.
void build_query_tables(const RuleSet& rules, Query query, TableParts parts);

}  // namespace meldgraph
