#pragma once
/// Facts of a rule set that a layer above the model derives from it and keeps with it: the
/// queries' plan (queries/plan.hpp), scoring's listing view (scoring/scorer.hpp). The model stores
/// them and knows nothing of what they are, so that its dependencies point one way: each layer
/// names its fact by a DerivedFact object of its own, whose address is the fact's identity and
/// whose function derives it from the rules.
///
/// A fact is derived on first use, once per rule set; copies of a RuleSet share their facts, so a
/// fact must not point into the RuleSet object it was derived from (it may hold copies of it).
/// Thread-safe: the first reader derives under a lock; every later reader finds the fact with one
/// atomic load a slot, without a lock (the queries read their plan on every hand).

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace meldgraph {

class RuleSet;

/// How a layer derives one fact of type `Fact` of a rule set. Define one per fact, as an inline
/// variable (one address in the program):
///   inline constexpr DerivedFact<QueryPlan> kQueryPlanFact{&derive_query_plan};
template <class Fact>
struct DerivedFact {
  std::shared_ptr<const Fact> (*derive)(const RuleSet& rules);
};

/// The derived facts of one rule set: a few slots, each a key (the DerivedFact's address) and the
/// fact. Invariant: a slot's fact is stored before its key is published (release), and a slot is
/// never rewritten, so a reader that sees the key (acquire) sees the fact.
class DerivedFacts {
 public:
  /// The most facts a rule set holds (each layer that derives one uses a slot).
  static constexpr std::size_t kSlots = 8;

  /// The fact keyed `key`, or null when it is not derived yet.
  [[nodiscard]] const void* find(const void* key) const {
    for (std::size_t i = 0; i < kSlots; ++i) {
      const void* slot_key = keys_[i].load(std::memory_order_acquire);
      if (slot_key == key) return facts_[i].get();
      if (slot_key == nullptr) return nullptr;
    }
    return nullptr;
  }

  /// The fact keyed `key`, derived by `derive()` (a shared_ptr<const void>) unless another thread
  /// derived it first. Throws std::logic_error when every slot is taken.
  template <class Derive>
  const void* add(const void* key, Derive&& derive) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::size_t i = 0;
    for (; i < kSlots; ++i) {
      const void* slot_key = keys_[i].load(std::memory_order_relaxed);
      if (slot_key == key) return facts_[i].get();
      if (slot_key == nullptr) break;
    }
    if (i == kSlots) throw_full();
    facts_[i] = derive();
    keys_[i].store(key, std::memory_order_release);
    return facts_[i].get();
  }

 private:
  [[noreturn]] static void throw_full();

  std::array<std::atomic<const void*>, kSlots> keys_{};
  std::array<std::shared_ptr<const void>, kSlots> facts_;
  std::mutex mutex_;
};

}  // namespace meldgraph
