// FieldValue objects' members settled (sorted, duplicates dropped) against the obvious reference,
// a std::map into which the members are put in order, the last of equal keys winning: what
// nlohmann's objects keep of the same members.

#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "meldgraph/model/field_value.hpp"
#include "test_scale.hpp"

namespace {

using namespace meldgraph;

/// A random key: short ones from a few bytes (many equal), long ones sharing their first eight
/// bytes or more (told apart past the prefix the sort compares first), some with a NUL byte.
std::string random_key(std::mt19937& random) {
  static const std::vector<std::string> stems = {"", "a", "ab", "after_ko", "after_kong",
                                                 "robbing_", std::string("x\0", 2), "\xff"};
  std::uniform_int_distribution<std::size_t> stem(0, stems.size() - 1);
  std::uniform_int_distribution<int> tail(0, 3);
  std::string key = stems[stem(random)];
  const int extra = tail(random);
  for (int i = 0; i < extra; ++i) key += "ab_\0"[static_cast<std::size_t>(tail(random))];
  return key;
}

/// The members of `keys` settled, as (key, given index) pairs in their order.
std::vector<std::pair<std::string, std::int64_t>> settled(const std::vector<std::string>& keys) {
  std::vector<FieldValue> members(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    members[i].type = FieldValue::Type::integer;
    members[i].integer = static_cast<std::int64_t>(i);
    members[i].key = keys[i];
  }
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (const FieldValue& member : settle_members(members)) {
    out.emplace_back(std::string(member.key), member.integer);
  }
  return out;
}

}  // namespace

TEST_CASE("FieldValue: members are sorted, the last of equal keys kept, as a map keeps them",
          "[field_value]") {
  std::mt19937 random(2026);
  std::uniform_int_distribution<std::size_t> size(0, 80);
  for (int round = 0; round < 3000 / test::kScale; ++round) {
    std::vector<std::string> keys(size(random));
    for (std::string& key : keys) key = random_key(random);
    if (round % 5 == 0) std::sort(keys.begin(), keys.end());  // mostly in order, as lines come
    std::map<std::string, std::int64_t> reference;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      reference[keys[i]] = static_cast<std::int64_t>(i);
    }
    const auto got = settled(keys);
    const std::vector<std::pair<std::string, std::int64_t>> want(reference.begin(),
                                                                 reference.end());
    CHECK(got == want);
  }
}

TEST_CASE("FieldValue: a large object in reverse order is settled", "[field_value]") {
  // Past the insertion sort's size: the members of a long line are merged, not compared in pairs.
  std::vector<std::string> keys;
  for (int i = 20000; i > 0; --i) keys.push_back("k" + std::to_string(i % 7000));
  std::map<std::string, std::int64_t> reference;
  for (std::size_t i = 0; i < keys.size(); ++i) reference[keys[i]] = static_cast<std::int64_t>(i);
  const std::vector<std::pair<std::string, std::int64_t>> want(reference.begin(), reference.end());
  CHECK(settled(keys) == want);
}
