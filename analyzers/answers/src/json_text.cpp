/// JSON written straight into a string (json_text.hpp).

#include "meldgraph/answers/json_text.hpp"
#include "meldgraph/support/short_keys.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <stdexcept>
#include <string>

namespace meldgraph {

namespace {

/// The length of the UTF-8 sequence starting at `text[i]`, or 0 when it is not a valid one
/// (overlong forms, surrogates and code points past U+10FFFF included, as nlohmann rejects them).
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

void JsonText::string(std::string_view text) {
  std::string& out = *out_;
  out += '"';
  // Bytes that stand as they are (printable ASCII but the quote and backslash, valid UTF-8
  // sequences) are written a run at a time.
  std::size_t run = 0;
  const auto flush = [&](std::size_t to) { out.append(text.substr(run, to - run)); };
  for (std::size_t i = 0; i < text.size();) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x80 && u != '"' && u != '\\') {
      ++i;
      continue;
    }
    if (u >= 0x80) {
      if (const std::size_t length = utf8_sequence(text, i); length > 0) {
        i += length;
        continue;
      }
      flush(i);
      invalid_utf8_ = true;  // the byte is left out
    } else {
      flush(i);
      escape(u);
    }
    run = ++i;
  }
  flush(text.size());
  out += '"';
}

void JsonText::escape(unsigned char u) {
  std::string& out = *out_;
  switch (u) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\b':
      out += "\\b";
      break;
    case '\f':
      out += "\\f";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default: {
      constexpr std::string_view kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[u >> 4U];
      out += kHex[u & 0xFU];
    }
  }
}

void JsonText::integer(std::int64_t value) {
  std::array<char, 24> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), value);
  out_->append(digits.data(), result.ptr);
}

void JsonObject::note_member(std::string_view key, std::size_t begin) {
  if (count_ == kMaxMembers) {
    throw std::logic_error("JsonObject: more than " + std::to_string(kMaxMembers) + " members");
  }
  members_[count_++] = {key, begin, out_->out().size()};
}

void JsonObject::write_key_in_place(std::string_view key) {
  if (count_ > 0 && !short_key_less(members_[count_ - 1].key, key)) {
    in_order_ = false;
    return;
  }
  out_->put(count_ == 0 ? '{' : ',');
  out_->string(key);
  out_->put(':');
}

void JsonObject::close() {
  if (in_order_) {
    if (count_ == 0) out_->put('{');
    out_->put('}');
    count_ = 0;
    return;
  }
  // Keys are unique by construction; nlohmann orders them by std::string's operator<, which is
  // the byte order string_view's comparison also uses. A stable insertion sort: few members.
  const auto members = std::span(members_).first(count_);
  for (std::size_t i = 1; i < members.size(); ++i) {
    const Member moved = members[i];
    std::size_t j = i;
    for (; j > 0 && short_key_less(moved.key, members[j - 1].key); --j) members[j] = members[j - 1];
    members[j] = moved;
  }
  std::string& text = out_->out();
  const std::size_t end = text.size();
  // Room for the sorted copy first: the members are copied from the string into itself. The
  // text before them (members written in place before the first out of order, with their keys
  // and commas) goes with the rest.
  std::size_t keys = 0;
  for (const Member& member : members) keys += member.key.size() * 6 + 4;  // \u00xx at worst
  text.reserve(end + (end - start_) + keys + 2);
  out_->put('{');
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i > 0) out_->put(',');
    out_->string(members[i].key);
    out_->put(':');
    text.append(text.data() + members[i].begin, members[i].end - members[i].begin);
  }
  out_->put('}');
  text.erase(start_, end - start_);
  count_ = 0;
  in_order_ = true;
}

}  // namespace meldgraph
