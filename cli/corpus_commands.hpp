#pragma once
/// `corpus enumerate` and `corpus deal` (docs/corpus.md), free of the argument parser.

#include <cstdint>
#include <optional>
#include <string>

#include "commands.hpp"

namespace meldgraph::cli {

/// The options of `corpus enumerate` and `corpus deal` (each reads those that are its own).
struct CorpusOptions {
  int size = 0;                ///< tiles per hand; 0: the rule set's default
  std::string format;          ///< text, json or csv; empty: the command's default
  std::string labels;          ///< `--label` as given; empty: none
  int jobs = 1;                ///< worker threads, at least 1
  std::string shard;           ///< `--shard I/K` as given; empty: the whole corpus
  bool count_only = false;     ///< enumerate: one JSON line of counts
  int wildcards = 0;           ///< enumerate: wildcards every hand holds
  std::uint64_t count = 0;     ///< deal: hands
  std::uint64_t seed = 1;      ///< deal: the corpus's seed
  std::optional<int> shanten;  ///< deal: only hands of this shanten number
  bool complete = false;       ///< deal: only complete hands
  bool ready = false;          ///< deal: only ready hands
  std::string context;         ///< deal: `random` for a random situation per hand; empty: none
};

/// A part of a corpus: hands [begin, end) of its numbering.
struct ShardRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};

/// Reads `--shard I/K` (1 <= I <= K) and cuts [0, total) into K contiguous parts, part I's
/// being [total * (I - 1) / K, total * I / K); empty text: the whole. Throws Error naming the
/// option.
[[nodiscard]] ShardRange shard_range(const std::string& text, std::uint64_t total);

/// Each returns the process exit code: 0 on success, 1 on bad input (after printing the error).
int run_corpus_enumerate(const GlobalOptions& global, const CorpusOptions& options);
int run_corpus_deal(const GlobalOptions& global, const CorpusOptions& options);

}  // namespace meldgraph::cli
