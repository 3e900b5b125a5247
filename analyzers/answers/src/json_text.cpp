/// JSON written straight into a string (json_text.hpp).

#include "meldgraph/answers/json_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>

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
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) {
      const std::size_t length = utf8_sequence(text, i);
      if (length == 0) {
        invalid_utf8_ = true;
        continue;
      }
      out.append(text.substr(i, length));
      i += length - 1;
      continue;
    }
    switch (c) {
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
      default:
        if (u < 0x20) {
          constexpr std::string_view kHex = "0123456789abcdef";
          out += "\\u00";
          out += kHex[u >> 4U];
          out += kHex[u & 0xFU];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void JsonText::integer(std::int64_t value) {
  std::array<char, 24> digits{};
  const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), value);
  out_->append(digits.data(), result.ptr);
}

void JsonObject::close(JsonText& out) {
  // Keys are unique by construction; nlohmann orders them by std::string's operator<, which is
  // the byte order string_view's comparison also uses.
  std::sort(members_.begin(), members_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  out.put('{');
  bool first = true;
  for (const auto& [key, value] : members_) {
    if (!first) out.put(',');
    first = false;
    out.string(key);
    out.put(':');
    out.raw(value);
  }
  out.put('}');
  if (invalid_utf8_) out.mark_invalid_utf8();
}

}  // namespace meldgraph
