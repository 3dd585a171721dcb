// A small JSON Schema subset, enough for the leaderboard's meta.json, so that the
// schema file in schema/ is the rule and not a description of hand-written checks.
// Keywords: type (a name or a list, e.g. ["string", "null"]), required, properties,
// additionalProperties: false, enum, pattern (ECMAScript regex, searched), not,
// minLength, maxLength, format: date (a real calendar date) and uri. Other keywords
// are ignored. Parsing never throws (the wasm build has no exceptions).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace caqa::leaderboard {

using Json = nlohmann::ordered_json;

// The document, or nullopt with error = "not valid JSON at byte N: ...".
std::optional<Json> parse_json(std::string_view bytes, std::string& error);

// Every way value breaks schema, each naming the field, what was expected and what
// was found, e.g. "\"size\": expected a string or null, found number 8". Empty when
// the value conforms.
std::vector<std::string> schema_problems(const Json& value, const Json& schema);

// "number 8", "string \"x\"": a value as messages show it (shortened past 60 bytes).
std::string describe_found(const Json& value);

}  // namespace caqa::leaderboard
