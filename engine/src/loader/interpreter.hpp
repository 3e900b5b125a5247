#pragma once
/// Turns the merged tree of a rule file into RuleSet::Data, checking every key. The sections
/// (tiles, hand, wildcards) are read in interpreter.cpp, the forms in forms.cpp.
///
/// Every key is read on its own: a problem with one is recorded and reading goes on, so one load
/// reports every unknown key and every bad value. Contradictions between keys are checked once
/// every key read cleanly (with a key in error they would be guesses), except that forms are
/// compared with hand.tiles whenever it reads. Reading stops after the tile set when it has a
/// problem, since every tile code is resolved against it.

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "forms.hpp"
#include "meldgraph/loader/loader.hpp"
#include "meldgraph/loader/rule_readers.hpp"
#include "meldgraph/loader/rule_tree.hpp"
#include "meldgraph/model/rules.hpp"
#include "meldgraph/model/tile_table.hpp"

namespace meldgraph::rule_file {

class Interpreter {
 public:
  /// `document` is the place blamed when a contradiction involves only defaults; `sections`
  /// read the top-level sections beyond the model's.
  Interpreter(const Value& root, Where document, Diagnostics& diagnostics,
              std::span<const SectionReader> sections)
      : root_(root),
        document_(std::move(document)),
        diagnostics_(diagnostics),
        sections_(sections) {}

  /// The rule set's data; meaningful only when no problem was recorded.
  RuleSet::Data run(const std::string& source);
  /// The tile table laid out from the data's suits (set once run() has read the tiles).
  [[nodiscard]] std::optional<TileTable>& tile_table() { return tiles_; }

  // The readers of the form types (forms.cpp), named by the form type table.
  void read_melds_form(const FormContext& context, FormSpec& form);
  void read_knitted_form(const FormContext& context, FormSpec& form);
  void read_pairs_form(const FormContext& context, FormSpec& form);
  void read_set_form(const FormContext& context, FormSpec& form);
  void read_wildcards_form(const FormContext& context, FormSpec& form);
  void read_singles_form(const FormContext& context, FormSpec& form);

 private:
  /// The latest of the given places, or the document when none is set.
  [[nodiscard]] Where last_of(std::initializer_list<const Where*> places) const;
  static const Where* key_where(const Item* item) {
    return item != nullptr ? &item->key_where : nullptr;
  }

  /// A meldable suit's ranks and copies: the items (null when not given) and whether they read.
  struct SuitSize {
    const Item* ranks = nullptr;
    bool ranks_read = false;
    const Item* copies = nullptr;
    bool copies_read = false;
  };

  // Sections (interpreter.cpp).
  void read_tiles();
  std::vector<SuitInfo> read_suit_list(const Item* list, const std::string& path, bool bonus,
                                       int default_copies);
  SuitInfo read_suit(const Value& value, const std::string& path, bool bonus, int default_copies);
  char read_suit_letter(const Value& value, const std::string& path);
  void read_meldable_suit_keys(const Value& value, const SuitSize& size, SuitInfo& suit);
  void read_red_fives(const Item& red, const SuitSize& size, SuitInfo& suit) const;
  void read_rank_groups(const Item& groups, SuitInfo& suit);
  void read_hand();
  void read_forbidden_tiles();
  void read_calls();
  void read_wildcards();
  void read_indicator(const Item& indicator);
  void read_indicator_cycles(const Item& cycles, IndicatorRules& rule) const;
  void read_stand_ins(const Item* stand_ins);
  void read_stand_in_entry(const Item& entry);
  [[nodiscard]] TileMask read_stand_in_sets(const Item& entry, TileId face, bool is_default) const;
  [[nodiscard]] TileMask read_stand_in_set(const Item& entry, const Value& item, TileId face,
                                           bool is_default, const std::string& path) const;
  [[nodiscard]] std::optional<TileMask> named_stand_in_set(const std::string& name,
                                                           TileId face) const;
  [[nodiscard]] std::optional<TileMask> rank_group_stand_ins(const std::string& name) const;
  [[nodiscard]] TileMask tile_code_stand_ins(const Item& entry, const Value& item,
                                             const std::string& path) const;
  void check_missing_suits() const;
  void check_stand_ins() const;
  /// The sections of `sections_`, each into data_.sections; every other top-level key is one no
  /// reader reads.
  void read_sections();
  /// Resolves a tile code; `unknown` is the message when the tile table has no such tile.
  [[nodiscard]] TileId resolve(const TileRef& ref, const std::string& unknown) const;

  // Forms (forms.cpp).
  void read_forms();
  /// The form, or nullopt when one of its values did not read (those problems are recorded).
  [[nodiscard]] std::optional<FormSpec> read_form(const Item& entry);
  /// Every value of the form read so far read cleanly (FormContext::problems_before).
  [[nodiscard]] bool form_clean(const FormContext& context) const {
    return diagnostics_.count() == context.problems_before;
  }
  void read_pair_rules(const FormContext& context, FormSpec& form) const;
  void read_form_scoring_keys(const FormContext& context, FormSpec& form) const;
  /// A form needing `tiles` tiles must be 3n+2 and, when enabled, fit the hand.
  void check_form_size(const FormContext& context, const FormSpec& form, int tiles,
                       const Item* key) const;
  void check_knit_suits(const FormContext& context, const Where& where) const;
  void read_singles_honours(const FormContext& context, FormSpec& form) const;
  [[nodiscard]] int most_singles(const FormSpec& form) const;

  const Value& root_;
  Where document_;
  Diagnostics& diagnostics_;
  RuleSet::Data data_;
  std::span<const SectionReader> sections_;
  /// The tile table, laid out as soon as the tiles are read, so that codes resolve exactly as
  /// the rule set will number them; the RuleSet takes it over.
  std::optional<TileTable> tiles_;
  std::vector<std::pair<char, std::string>> letters_;  ///< letters seen so far, with their path
  const Where* tiles_copies_where_ = nullptr;
  const Where* hand_tiles_where_ = nullptr;
  bool hand_tiles_known_ = true;  ///< false when hand.tiles is in error
  bool tiles_usable_ = true;      ///< false when a suit or tiles.copies is in error
  const Where* stand_ins_where_ = nullptr;
  const Item* forbidden_item_ = nullptr;
  const Where* wildcards_where_ = nullptr;
  const Where* missing_suits_where_ = nullptr;
};

}  // namespace meldgraph::rule_file
