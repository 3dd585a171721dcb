// The flat-object path of JsonObjectLine (shared/src/flat_json_object.h) against simdjson:
// what it reads, what it leaves to simdjson, and, on lines mutated at random from flat
// ones, that parse_line (flat path first) gives what parse (simdjson alone) gives.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "caqa/input_text.h"
#include "caqa/source_text.h"
#include "json/flat_json_object.h"
#include "json/json_object_line.h"

namespace caqa::detail {
namespace {

const std::vector<std::string_view> kKeys = {"id", "label", "score", "complexity"};

// Bit for bit, so that -0 and 0 differ; NaN equals NaN.
bool same_field(const JsonField& a, const JsonField& b) {
  bool same_number =
      std::memcmp(&a.number, &b.number, sizeof a.number) == 0 || (std::isnan(a.number) && std::isnan(b.number));
  return a.type == b.type && a.column == b.column && a.text == b.text && same_number;
}

// Whether the flat path takes the line.
bool flat(const std::string& line) {
  std::string padded = line + std::string(64, ' ');
  std::vector<JsonField> fields(kKeys.size());
  std::vector<RawKey> keys(kKeys.begin(), kKeys.end());
  std::size_t lead = line.find_first_not_of(" \t\r");
  return lead != std::string::npos &&
         read_flat_object(std::string_view(padded.data(), line.size()), lead, keys, fields.data());
}

// parse_line over the whole text against parse of each line alone; returns the number of
// lines compared.
std::size_t expect_same_as_simdjson(const std::string& text_bytes) {
  InputText text(text_bytes);
  JsonObjectLine batched(kKeys), alone(kKeys);
  LineCursor cursor(text.bytes());
  SourceLine line;
  std::size_t lines = 0;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    ++lines;
    auto a = batched.parse_line(text, line);
    auto b = alone.parse(line.text, text.readable_from(line.offset));
    EXPECT_EQ(a.has_value(), b.has_value()) << line.text;
    if (a && b) {
      EXPECT_EQ(a->code, b->code) << line.text;
      EXPECT_EQ(a->column, b->column) << line.text;
      continue;
    }
    for (std::size_t k = 0; k < kKeys.size(); ++k)
      EXPECT_TRUE(same_field(batched.field(k), alone.field(k))) << "key " << kKeys[k] << " of " << line.text;
  }
  return lines;
}

TEST(FlatJsonObject, ReadsPlainRowsAsSimdjsonDoes) {
  const std::vector<std::string> lines = {
      R"({"id":"caqa-0000001","label":"supportive","score":0.1,"complexity":"single"})",
      R"(  { "id" : 12 , "score" : -0 , "label" : null }  )",
      R"({"score":1e5,"id":"a"})",
      R"({"score":-1.25E-3,"id":"a","other":true,"more":false,"x":"y"})",
      R"({"score":123456789012345,"id":"a"})",
      R"({"score":0.00000000000001,"id":"a"})",
      R"({"score":12345678901234.5,"id":"a"})",
      R"({"id":"","label":"partially_supportive","score":0})",
      R"({})",
      "{\"id\":\"a\"}\r",
  };
  for (const auto& line : lines) {
    EXPECT_TRUE(flat(line)) << line;
    expect_same_as_simdjson(line + "\n");
  }
}

TEST(FlatJsonObject, LeavesEverythingElseToSimdjson) {
  const std::vector<std::string> lines = {
      R"({"id":"caf\u00e9"})",                    // an escape
      "{\"id\":\"caf\xc3\xa9\"}",                 // not ASCII
      R"({"id":"a","evidence":{"text":"x"}})",    // nested
      R"({"id":"a","label":["x"]})",              // an array
      R"({"id":"a","score":1234567890123456})",   // 16 digits
      R"({"id":"a","score":0.000000000000001})",  // 16 digits with the zeros
      R"({"id":"a","score":1e23})",               // beyond 10^22
      R"({"id":"a","score":01})",                 // a leading zero
      R"({"id":"a","score":1.})",                 // no fraction digits
      R"({"id":"a","score":.5})",                 // no integer digits
      R"({"id":"a","score":NaN})",                // not JSON
      R"({"id":"a","score":tru})",                // a cut literal
      R"({"id":"a","id":"b"})",                   // a repeated key
      R"({"x":1,"x":2})",                         // a repeated other key
      R"({"id":"a"} x)",                          // trailing bytes
      R"({"id":"a",})",                           // a trailing comma
      R"({"id" "a"})",                            // no colon
      R"({"id":"a")",                             // no closing brace
      R"(["id"])",                                // not an object
      "{\"id\":\"a\x01\"}",                       // a control byte
      "{\"id\":\"tab\tinside\"}",                 // a tab in a string (not JSON)
  };
  for (const auto& line : lines) {
    EXPECT_FALSE(flat(line)) << line;
    expect_same_as_simdjson(line + "\n");
  }
}

// A wanted key that needs an escape in JSON (a --group-by field may be anything) is matched
// on its unescaped text only: the JSON key "a\\b" is a\b; the JSON key "a\b" (a backspace) is not.
TEST(FlatJsonObject, KeysWithEscapesMatchOnTheirUnescapedText) {
  const std::vector<std::string_view> keys = {"id", "a\\b"};
  for (std::string line : {R"({"id":"x","a\\b":1})", R"({"id":"x","a\b":1})"}) {
    std::string text = line + "\n";
    InputText input(text);
    JsonObjectLine batched(keys), alone(keys);
    SourceLine source{input.bytes().substr(0, line.size()), 1, 0};
    ASSERT_FALSE(batched.parse_line(input, source)) << line;
    ASSERT_FALSE(alone.parse(source.text, input.readable_from(0))) << line;
    auto want = line.find("\\\\") != std::string::npos ? JsonField::Type::Integer : JsonField::Type::Absent;
    EXPECT_EQ(batched.field(1).type, want) << line;
    EXPECT_EQ(alone.field(1).type, want) << line;
  }
}

// Lines mixing the two paths in one window of simdjson's batched parse: the flat lines
// leave their documents behind, which the window skips.
TEST(FlatJsonObject, MixedLinesKeepTheBatchedWindowInStep) {
  std::string text;
  for (int i = 0; i < 3000; ++i) {
    if (i % 3 == 0)
      text += R"({"id":"caf\u00e9)" + std::to_string(i) +
              R"(","label":"supportive"})"
              "\n";
    else if (i % 7 == 0)
      text += R"({"id":")" + std::to_string(i) +
              R"(","evidence":{"a":[1,2]}})"
              "\n";
    else
      text += R"({"id":")" + std::to_string(i) +
              R"(","score":0.5})"
              "\n";
  }
  EXPECT_EQ(expect_same_as_simdjson(text), 3000u);
}

// A text that starts with a long run of nested lines (a benchmark's samples) stops trying
// the flat path; its later flat lines still read as simdjson reads them.
TEST(FlatJsonObject, ALongRunOfNestedLinesThenFlatOnes) {
  std::string text;
  for (int i = 0; i < 100; ++i)
    text += R"({"id":")" + std::to_string(i) +
            R"(","evidence":{"a":[1,2]}})"
            "\n";
  for (int i = 100; i < 400; ++i)
    text += R"({"id":")" + std::to_string(i) +
            R"(","score":0.25})"
            "\n";
  EXPECT_EQ(expect_same_as_simdjson(text), 400u);
}

// Flat lines mutated at random (bytes replaced, inserted or removed, drawn from JSON's
// own characters and a few others): whatever the flat path accepts, simdjson reads the
// same way, and whatever it declines is still read or explained.
TEST(FlatJsonObject, MutatedLinesAgreeWithSimdjson) {
  const std::vector<std::string> seeds = {
      R"({"id":"caqa-0000001","label":"supportive","score":0.1,"complexity":"single"})",
      R"({"id": 17, "score": -2.5e-3, "label": null, "extra": true})",
      R"({ "label" : "irrelevant" , "id" : "q" , "score" : 1E2 })",
  };
  const std::string alphabet = "{}[]\":,.-+eE0123456789 \t\\tfnulrsa\x01\x7f\xc3\xa9";
  std::mt19937_64 rng(20261126);
  std::string text;
  std::size_t accepted = 0, lines = 0;
  for (int i = 0; i < 60000; ++i) {
    std::string line = seeds[rng() % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !line.empty(); ++e) {
      std::size_t at = rng() % line.size();
      char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0: line[at] = c; break;
        case 1: line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), c); break;
        default: line.erase(at, 1);
      }
    }
    if (line.find('\n') != std::string::npos || line.find('\r') != std::string::npos) continue;
    accepted += flat(line);
    ++lines;
    text += line + "\n";
  }
  EXPECT_GT(expect_same_as_simdjson(text), lines * 9 / 10);
  EXPECT_GT(accepted, lines / 20);  // the mutations leave many lines flat: both paths are exercised
}

}  // namespace
}  // namespace caqa::detail
