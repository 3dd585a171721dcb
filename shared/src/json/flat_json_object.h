// The usual JSON Lines row read without simdjson: one object whose values are plain
// strings (printable ASCII, no escapes), short numbers, true, false or null. Prediction
// and gold files are almost all such lines; simdjson's stage 1 and On-Demand walk cost
// more than the few dozen bytes themselves (in WebAssembly, simdjson has only its scalar
// kernel). Strings are searched 16 bytes at a time (SSE2, WebAssembly SIMD128, or two
// 64-bit words). Everything else (an escape, a non-ASCII byte, a nested value, a long
// number, a repeated key, any syntax error) is declined, and JsonObjectLine reads or
// explains it with simdjson as before. Internal to the core.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "caqa/same_bytes.h"
#include "json_object_line.h"

namespace caqa::detail {

// A wanted key as raw bytes: the key and its closing quote as two 8-byte words and their
// masks, so that a key in the input compares in two loads (keys of up to 15 bytes; longer
// ones byte by byte). Both JSON paths match keys written without escapes with it.
class RawKey {
 public:
  explicit RawKey(std::string_view key);
  // Whether the bytes at raw (a key's first byte, after its opening quote) spell this key
  // and its closing quote. The 16 bytes from raw must be readable (the input's padding).
  // A key with a quote, a backslash, a control byte or a non-ASCII byte matches nothing
  // here: it can only be read unescaped.
  bool matches(const char* raw) const {
    if (!plain_) return false;
    if (fits_) {
      std::uint64_t w[2];
      std::memcpy(w, raw, sizeof w);
      return ((w[0] & mask_[0]) == word_[0]) & ((w[1] & mask_[1]) == word_[1]);
    }
    return same_bytes(std::string_view(raw, text_.size()), text_) && raw[text_.size()] == '"';
  }
  std::size_t size() const { return text_.size(); }

 private:
  std::string_view text_;
  std::uint64_t word_[2] = {0, 0}, mask_[2] = {0, 0};
  bool plain_ = true, fits_ = false;
};

// Reads `line` from byte `lead` (its first non-blank) when it is such an object: fields[k]
// gets the value of keys[k] as JsonObjectLine::parse would give it (type, column, text,
// number), Absent when the key is not there, and true is returned. False when the line is
// anything else; fields then hold nothing usable. The 16 bytes from any byte of the line
// must be readable (InputText's padding).
bool read_flat_object(std::string_view line, std::size_t lead, const std::vector<RawKey>& keys, JsonField* fields);

}  // namespace caqa::detail
