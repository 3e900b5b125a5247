#pragma once
/// Facts of a rule set that a layer above the model derives from it and keeps with it: the
/// queries' plan (queries/plan.hpp), scoring's listing view (scoring/scorer.hpp). The model stores
/// them and knows nothing of what they are, so that its dependencies point one way: each layer
/// names its fact by a DerivedFact object of its own, whose address is the fact's identity and
/// whose function derives it from the rules.
///
/// A fact is derived on first use, once per rule set; a copy of a RuleSet shares the facts derived
/// before it was made, so a fact must not point into the RuleSet object it was derived from (it
/// may hold copies of it).
/// Thread-safe: the first reader derives under a lock; every later reader finds the fact with one
/// comparison in the slot the fact asks for, without a lock (the queries read their plan on every
/// hand).

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace meldgraph {

class RuleSet;

/// How a layer derives one fact of type `Fact` of a rule set. Define one per fact, as an inline
/// variable (one address in the program):
///   inline constexpr DerivedFact<QueryPlan, 0> kQueryPlan{&derive_query_plan};
/// `Slot` is the slot the fact is kept in when that slot is free, below DerivedFacts::kSlots: a
/// hint each layer picks for its own fact (the queries' plan 0, scoring's view 1), so that
/// reading it is one comparison at a constant offset. A fact whose slot another took first goes
/// to a free one, found by a search: slower, never wrong.
template <class Fact, std::size_t Slot>
struct DerivedFact {
  static constexpr std::size_t kSlot = Slot;
  std::shared_ptr<const Fact> (*derive)(const RuleSet& rules);
};

/// The derived facts of one rule set: a few slots, each a key (the DerivedFact's address) and the
/// fact. Invariant: a slot's fact is stored before its key is published (release), and a slot is
/// never rewritten, so a reader that sees the key (acquire) sees the fact. Held in the RuleSet
/// itself, so that finding a fact reads the rule set's own words: the queries find their plan on
/// every hand.
class DerivedFacts {
 public:
  /// The most facts a rule set holds (each layer that derives one uses a slot).
  static constexpr std::size_t kSlots = 4;

  DerivedFacts() = default;
  /// A copy holds the facts `other` has derived so far (the same objects: facts are immutable);
  /// what either derives later is its own.
  DerivedFacts(const DerivedFacts& other) { copy_from(other); }
  DerivedFacts& operator=(const DerivedFacts& other) {
    if (this != &other) copy_from(other);
    return *this;
  }
  ~DerivedFacts() = default;

  /// Whether slot `hint` (below kSlots) holds the fact keyed `key`.
  [[nodiscard]] bool holds(std::size_t hint, const void* key) const {
    return slots_[hint].key.load(std::memory_order_acquire) == key;
  }
  /// The fact of slot `hint`, once holds() said which it is.
  [[nodiscard]] const void* fact_in(std::size_t hint) const { return slots_[hint].fact; }

  /// The fact keyed `key` wherever it is, or null when it is not derived yet.
  [[nodiscard]] const void* find(const void* key) const;

  /// The fact keyed `key`, derived by `derive(key, rules)` unless another thread derived it
  /// first, kept in slot `hint` when it is free. Throws std::logic_error when every slot is
  /// taken. Out of line: only a fact's first reader comes here.
  using Derive = std::shared_ptr<const void> (*)(const void* key, const RuleSet& rules);
  const void* add(std::size_t hint, const void* key, Derive derive, const RuleSet& rules);

 private:
  struct Slot {
    std::atomic<const void*> key{nullptr};
    const void* fact = nullptr;  ///< owned by owners_ at the same index
  };

  void copy_from(const DerivedFacts& other) {
    const std::lock_guard<std::mutex> lock(other.mutex_);
    for (std::size_t i = 0; i < kSlots; ++i) {
      owners_[i] = other.owners_[i];
      slots_[i].fact = other.slots_[i].fact;
      slots_[i].key.store(other.slots_[i].key.load(std::memory_order_relaxed),
                          std::memory_order_release);
    }
  }
  /// Slot `hint` if it is free, else the first free slot; throws when none is.
  [[nodiscard]] std::size_t free_slot(std::size_t hint) const;

  std::array<Slot, kSlots> slots_{};
  std::array<std::shared_ptr<const void>, kSlots> owners_;
  mutable std::mutex mutex_;
};

}  // namespace meldgraph
