#pragma once
/// `corpus hard` (docs/corpus.md, "corpus hard"): hands where the reading matters, found by the
/// search of `corpus cover` (its shaped hands, scored), each with why it is hard.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "meldgraph/model/hand.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/win_context.hpp"

namespace meldgraph {

/// What makes a hand hard.
enum class HardKind : std::uint8_t {
  readings,   ///< its readings score differently
  slot,       ///< the winning tile completes different groups, scoring differently
  wildcards,  ///< the wildcards' stand-ins change the score
  forms,      ///< it wins in two forms or more
  waits,      ///< a wait of five tiles or more, or on a tile the hand holds four of
};
inline constexpr std::size_t kHardKinds = 5;

[[nodiscard]] std::string_view hard_kind_name(HardKind kind);
/// The kind named `name` (`readings`, ...), or nullopt.
[[nodiscard]] std::optional<HardKind> hard_kind(std::string_view name);

struct HardOptions {
  std::vector<HardKind> kinds;  ///< the kinds wanted; empty: every kind
  int count = 10;               ///< hands wanted of each kind
  std::uint64_t seed = 1;
  std::uint64_t budget_ms = 20'000;
  TileMask extra_wild = 0;  ///< as CoverOptions::extra_wild
};

struct HardHand {
  HardKind kind = HardKind::readings;
  std::string why;  ///< "its 3 readings score 1000 to 3900 points"
  Hand hand;
  WinContext context;
  TileId indicator = kNoTile;
  std::uint64_t attempt = 0;
};

struct HardResult {
  std::vector<HardHand> hands;                    ///< kind by kind, each by attempt
  std::array<std::uint64_t, kHardKinds> found{};  ///< hands kept of each kind
  std::uint64_t attempts = 0;
  bool budget_spent = false;
};

/// Searches `options.count` hands of each kind wanted (throws Error when the rule set has no
/// scoring: the kinds are about scores). The same for a seed when it ends before its budget.
[[nodiscard]] HardResult find_hard_hands(const RuleSet& rules, const HardOptions& options);

}  // namespace meldgraph
