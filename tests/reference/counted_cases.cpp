// The hand-counted cases of the reference tests (counted_cases.hpp).

#include "reference/counted_cases.hpp"

#include <catch2/catch.hpp>

#include "meldgraph/model/hand.hpp"
#include "reference/differential.hpp"
#include "reference/engine_view.hpp"
#include "reference/hand_text.hpp"

namespace meldgraph::testref {

void check_counted_cases(const std::vector<CountedCase>& cases) {
  for (const CountedCase& c : cases) {
    INFO(c.hand << " under " << c.rules->name() << ": " << c.why);
    const Hand hand = hand_of(c.hand, *c.rules, c.wild);
    const FormCounts got = reference_counts(*c.rules, hand);
    for (const auto& [form, count] : c.counts) {
      INFO("form " << form);
      REQUIRE(got.count(form) == 1);
      CHECK(got.at(form) == count);
    }
    // The engine must agree on exactly these hands too.
    check_agrees(*c.rules, hand);
  }
}

}  // namespace meldgraph::testref
