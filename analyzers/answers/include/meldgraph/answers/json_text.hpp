#pragma once
/// JSON written straight into a string, byte for byte as nlohmann's `dump()` writes the same
/// values (compact, UTF-8 kept, objects' keys in sorted order), without building a document: the
/// writer of `batch`'s score lines (score_line.hpp), whose answers are thousands a second.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meldgraph {

/// Appends JSON values to a string. Strings are escaped as nlohmann escapes them (`\"`, `\\`,
/// `\b`, `\f`, `\n`, `\r`, `\t`, other control bytes as `\u00xx`); a string that is not valid
/// UTF-8 sets `invalid_utf8()`, and its writer is then expected to fall back to nlohmann, whose
/// replacement of bad bytes is the reference.
class JsonText {
 public:
  explicit JsonText(std::string& out) : out_(&out) {}

  void string(std::string_view text);
  void integer(std::int64_t value);
  void boolean(bool value) { *out_ += value ? "true" : "false"; }
  void null() { *out_ += "null"; }
  /// Text already written as JSON (a nested value rendered elsewhere).
  void raw(std::string_view json) { *out_ += json; }
  void put(char c) { *out_ += c; }

  [[nodiscard]] std::string& out() { return *out_; }
  [[nodiscard]] bool invalid_utf8() const { return invalid_utf8_; }
  void mark_invalid_utf8() { invalid_utf8_ = true; }

 private:
  std::string* out_;
  bool invalid_utf8_ = false;
};

/// An object written with its keys sorted, as nlohmann's std::map-backed objects are: each member
/// is rendered when it is added, into a buffer of its own, and `close` writes them in key order.
/// Keys must outlive the object (string literals, the rule set's names).
class JsonObject {
 public:
  /// Adds the member `key`, its value written by `write(JsonText&)`.
  template <class Write>
  void add(std::string_view key, Write&& write) {
    members_.emplace_back(key, std::string());
    JsonText value(members_.back().second);
    std::forward<Write>(write)(value);
    invalid_utf8_ = invalid_utf8_ || value.invalid_utf8();
  }
  /// Writes `{` the members in key order `}` to `out`; invalid UTF-8 in any member marks `out`.
  void close(JsonText& out);

 private:
  std::vector<std::pair<std::string_view, std::string>> members_;
  bool invalid_utf8_ = false;
};

}  // namespace meldgraph
