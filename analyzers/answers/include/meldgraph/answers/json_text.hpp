#pragma once
/// JSON written straight into a string, byte for byte as nlohmann's `dump()` writes the same
/// values (compact, UTF-8 kept, objects' keys in sorted order), without building a document: the
/// writer of `batch`'s score lines (score_line.hpp), whose answers are thousands a second.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

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
  void escape(unsigned char byte);

  std::string* out_;
  bool invalid_utf8_ = false;
};

/// An object written with its keys sorted, as nlohmann's std::map-backed objects are. While the
/// members come in key order, each is written in place, its key and all (the usual case: the
/// writers add members in key order where they can). From the first member out of order on, a
/// member's value alone is written, straight into the writer's string after the object's start
/// (a nested object inside it likewise); `close` then writes every member in key order after
/// them and moves that text down to the object's start. Nothing is allocated but the string's
/// growth. Keys must outlive the object (string literals, the rule set's names); an object has at
/// most kMaxMembers members (the widest, a context, has 20).
class JsonObject {
 public:
  static constexpr std::size_t kMaxMembers = 32;

  /// An object written into `out`, from its string's current end.
  explicit JsonObject(JsonText& out) : out_(&out), start_(out.out().size()) {}

  /// Adds the member `key`, its value written by `write(JsonText&)` (the object's own writer).
  template <class Write>
  void add(std::string_view key, Write&& write) {
    if (in_order_) write_key_in_place(key);
    const std::size_t begin = out_->out().size();
    std::forward<Write>(write)(*out_);
    note_member(key, begin);
  }
  /// Ends the object: `}` after members written in order, else the members' text replaced with
  /// `{` the members in key order `}`.
  void close();

 private:
  struct Member {
    std::string_view key;
    std::size_t begin;  ///< of the value's text
    std::size_t end;
  };
  /// Writes `{` or `,` and `"key":` when `key` keeps the members in order; else the object is out
  /// of order from here on.
  void write_key_in_place(std::string_view key);
  void note_member(std::string_view key, std::size_t begin);

  JsonText* out_;
  std::size_t start_;
  std::array<Member, kMaxMembers> members_{};
  std::size_t count_ = 0;
  bool in_order_ = true;  ///< every member so far was written in place, in key order
};

}  // namespace meldgraph
