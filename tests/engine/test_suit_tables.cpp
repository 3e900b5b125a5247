/// The packed suit tables against the win table they are derived from: every key of several
/// shapes, capped and uncapped. The queries' agreement with the search on random hands is
/// tests/engine/test_fast_path.cpp; this pins the encoding itself, key by key.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stop_token>
#include <thread>
#include <vector>

#include "meldgraph/tables/suit_tables.hpp"

using namespace meldgraph;

namespace {

/// The digits of a key (rank 0 first) and their sum.
struct KeyDigits {
  std::vector<int> digits;
  int sum = 0;
};

KeyDigits digits_of(std::uint32_t key, int ranks) {
  KeyDigits out;
  for (int r = 0; r < ranks; ++r) {
    out.digits.push_back(static_cast<int>(key % 5));
    out.sum += static_cast<int>(key % 5);
    key /= 5;
  }
  return out;
}

/// A packed value read back (residue + 3 * threes) against the exact one: equal up to
/// kPackedMaxWildcards, a lower bound of at least kPackedMaxWildcards + 1 above.
bool packed_fits(int decoded, int exact) {
  if (exact <= kPackedMaxWildcards) return decoded == exact;
  return decoded > kPackedMaxWildcards && decoded <= exact;
}

struct Mismatches {
  std::size_t packed = 0;
  std::size_t entry = 0;
  std::size_t residues = 0;
  std::size_t planes = 0;
};

Mismatches compare(const SuitTables& tables, bool capped) {
  const SuitShape shape = tables.shape();
  const std::uint8_t* win = tables.win(capped);
  const std::uint8_t* packed = tables.win_packed(capped);
  const std::uint8_t* rows = tables.wait_rows(capped);
  const auto nibble = [packed](std::uint32_t key) {
    return static_cast<int>((packed[key / 2] >> (key % 2 * 4)) & 15U);
  };
  Mismatches bad;
  for (std::uint32_t key = 0; key < tables.key_count(); ++key) {
    const KeyDigits kd = digits_of(key, shape.ranks);
    const int f0 = win[key] & 15;
    const int f1 = win[key] >> 4;
    const int own = nibble(key);
    const int decoded0 = melds_residue(kd.sum) + 3 * (own & 3);
    const int decoded1 = pair_residue(kd.sum) + 3 * (own >> 2);
    if (!packed_fits(decoded0, f0) || !packed_fits(decoded1, f1)) ++bad.packed;

    std::uint64_t row = 0;
    std::memcpy(&row, rows + std::size_t{key} * kWaitRowBytes, kWaitRowBytes);
    const auto entry = static_cast<int>(row >> kWaitEntry & 0xFFU);
    if ((entry & 15) != decoded0 || (entry >> 4) != decoded1) ++bad.entry;
    if (static_cast<int>(row >> kWaitDrawnMelds & 3U) != melds_residue(kd.sum + 1) ||
        static_cast<int>(row >> kWaitDrawnPair & 3U) != pair_residue(kd.sum + 1)) {
      ++bad.residues;
    }
    for (int r = 0; r < kTableMaxRanks; ++r) {
      const int field = static_cast<int>(
          (row >> (kWaitPlaneA0 + r) & 1U) | (row >> (kWaitPlaneA1 + r) & 1U) << 1 |
          (row >> (kWaitPlaneB0 + r) & 1U) << 2 | (row >> (kWaitPlaneB1 + r) & 1U) << 3);
      const bool open = r < shape.ranks && kd.digits[static_cast<std::size_t>(r)] < shape.copies;
      const int expected = open ? nibble(key + tables.step(r)) : 15;
      if (field != expected) ++bad.planes;
    }
  }
  return bad;
}

}  // namespace

TEST_CASE("packed win table and wait rows agree with the win table on every key", "[tables]") {
  struct Case {
    SuitShape shape;
    bool capped;
  };
  const std::vector<Case> cases = {
      {{9, true, 4}, false}, {{7, false, 4}, false}, {{7, false, 4}, true},  {{5, true, 2}, false},
      {{5, true, 2}, true},  {{9, true, 3}, true},   {{1, false, 1}, false}, {{3, true, 4}, true},
  };
  for (const Case& c : cases) {
    const SuitTables& tables = SuitTables::of(c.shape);
    CAPTURE(c.shape.ranks, c.shape.sequences, c.shape.copies, c.capped);
    const Mismatches bad = compare(tables, c.capped);
    CHECK(bad.packed == 0);
    CHECK(bad.entry == 0);
    CHECK(bad.residues == 0);
    CHECK(bad.planes == 0);
  }
}

TEST_CASE("packed win table: hand-worked entries", "[tables]") {
  const SuitTables& numbers = SuitTables::of(SuitShape{9, true, 4});
  const std::uint8_t* packed = numbers.win_packed(false);
  const auto nibble = [packed](std::uint32_t key) {
    return (packed[key / 2] >> (key % 2 * 4)) & 15U;
  };
  // 13m (two naturals): f0 = 1 (one wildcard: 1{2}3), residue 1, so no threes above it; f1 = 3
  // (pair residue 0, one three).
  const std::uint32_t one_three = numbers.step(0) + numbers.step(2);
  CHECK((nibble(one_three) & 3U) == 0);
  CHECK((nibble(one_three) >> 2) == 1);
  // 1m 4m 7m 1p... within one suit, 147m 258m-like spreads: 1m 4m 7m need two wildcards each
  // as melds (f0 = 6, residue 0: two threes) and f1 = 5 (residue 2, one three).
  const std::uint32_t spread = numbers.step(0) + numbers.step(3) + numbers.step(6);
  CHECK((nibble(spread) & 3U) == 2);
  CHECK((nibble(spread) >> 2) == 1);
}

TEST_CASE("an abandoned table build leaves its part unbuilt; the next request builds it whole",
          "[tables]") {
  // Private instances (not SuitTables::of), so that no other test has built their parts.
  const SuitShape shape{7, true, 4};
  const SuitTables abandoned(shape);
  std::stop_source stop;
  stop.request_stop();
  bool kept_abandoned = false;
  bool waits_abandoned = false;
  bool after_scope_built = false;
  std::thread([&] {
    {
      const AbandonableTableBuilds abandonable(stop.get_token());
      try {
        static_cast<void>(abandoned.kept());
      } catch (const TableBuildAbandoned&) {
        kept_abandoned = true;
      }
      try {
        static_cast<void>(abandoned.wait_rows(false));
      } catch (const TableBuildAbandoned&) {
        waits_abandoned = true;
      }
    }
    // Out of the scope the same thread's builds run to the end.
    after_scope_built = abandoned.win(true) != nullptr;
  }).join();
  CHECK(kept_abandoned);
  CHECK(waits_abandoned);
  CHECK(after_scope_built);

  // Not abandonable here: the parts build now, equal to those of an instance never abandoned.
  const SuitTables fresh(shape);
  const std::size_t kept_bytes = fresh.key_count() * kKeptStride;
  CHECK(std::equal(fresh.kept(), fresh.kept() + kept_bytes, abandoned.kept()));
  const std::size_t row_bytes = fresh.key_count() * kWaitRowBytes;
  CHECK(std::equal(fresh.wait_rows(false), fresh.wait_rows(false) + row_bytes,
                   abandoned.wait_rows(false)));
  CHECK(std::equal(fresh.win(false), fresh.win(false) + fresh.key_count(), abandoned.win(false)));
}
