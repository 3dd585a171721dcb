// JSON strings written straight into a buffer, for documents of many small records
// (caqa build's sample lines) where building an nlohmann::json per record costs more than
// the text it holds. The bytes are the ones nlohmann's dump(-1, ' ', false,
// error_handler_t::replace) writes, so files stay as they were: tests/unit/json_string_test.cpp
// compares the two on every string of a built benchmark and on invalid UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace caqa {

// Appends `text` as a quoted JSON string: '"' and '\\' escaped, control characters as
// \b \t \n \f \r or \u00xx, other UTF-8 as it is; invalid UTF-8 replaced by U+FFFD.
void append_json_string(std::string& out, std::string_view text);

}  // namespace caqa
