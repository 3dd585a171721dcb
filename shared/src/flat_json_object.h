// The usual JSON Lines row read without simdjson: one object whose values are plain
// strings (printable ASCII, no escapes), short numbers, true, false or null. Prediction
// and gold files are almost all such lines; simdjson's stage 1 and On-Demand walk cost
// more than the few dozen bytes themselves (in WebAssembly, simdjson has only its scalar
// kernel). Everything else (an escape, a non-ASCII byte, a nested value, a long number, a
// repeated key, any syntax error) is declined, and JsonObjectLine reads or explains it
// with simdjson as before. Internal to the core.
#pragma once

#include <string_view>
#include <vector>

#include "json_object_line.h"

namespace caqa::detail {

// Reads `line` from byte `lead` (its first non-blank) when it is such an object: fields[k]
// gets the value of keys[k] as JsonObjectLine::parse would give it (type, column, text,
// number), Absent when the key is not there, and true is returned. False when the line is
// anything else; fields then hold nothing usable. The 8 bytes from any byte of the line
// must be readable (InputText's padding).
bool read_flat_object(std::string_view line, std::size_t lead, const std::vector<std::string_view>& keys,
                      JsonField* fields);

}  // namespace caqa::detail
