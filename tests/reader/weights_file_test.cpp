// Reader weights as safetensors (caqa/reader/weights_file.h): round trips, and hostile or
// truncated files refused with a reason, never read past their end (fuzzed).
#include <gtest/gtest.h>

#include <random>

#include "caqa/reader/weights_file.h"

namespace caqa::reader {
namespace {

// A file by hand: header text and data bytes as given.
std::string raw_file(const std::string& header, const std::string& data) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xff));
  return out + header + data;
}

TEST(ReaderWeightsFile, SafetensorsRoundTrip) {
  SafetensorsFile f;
  f.metadata = {{"format", "pt"}, {"note", "ü"}};
  f.tensors.push_back({"a", {2, 3}, {1, 2, 3, 4, 5, -6.5f}});
  f.tensors.push_back({"b", {1}, {0.25f}});
  const std::string bytes = write_safetensors(f);
  EXPECT_EQ((bytes.size() - 8 - 28) % 4, 0u);
  std::uint64_t header = 0;
  for (int i = 7; i >= 0; --i) header = (header << 8) | static_cast<unsigned char>(bytes[i]);
  EXPECT_EQ(header % 8, 0u);  // padded, as the format recommends
  std::string error;
  auto back = parse_safetensors(bytes, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->metadata, f.metadata);
  ASSERT_EQ(back->tensors.size(), 2u);
  EXPECT_EQ(back->tensors[0].name, "a");
  EXPECT_EQ(back->tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
  EXPECT_EQ(back->tensors[0].values, f.tensors[0].values);
  EXPECT_EQ(back->find("b")->values, std::vector<float>{0.25f});
}

TEST(ReaderWeightsFile, ReaderWeightsRoundTripWithOptimiser) {
  ReaderWeights w;
  w.config = {64, 4, 3, 5, 3, 0.2f, 40};
  w.params = initial_parameters(w.config, 3);
  w.adam_m = std::vector<float>(w.params.size(), 0.5f);
  w.adam_v = std::vector<float>(w.params.size(), 0.125f);
  w.metadata["scheme"] = "support3";
  std::string error;
  auto back = read_reader_weights(write_reader_weights(w), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->params, w.params);
  EXPECT_EQ(back->adam_m, w.adam_m);
  EXPECT_EQ(back->adam_v, w.adam_v);
  EXPECT_EQ(back->config.hidden, 5);
  EXPECT_EQ(back->config.window, 3);
  EXPECT_EQ(back->config.classes, 3);
  EXPECT_EQ(back->config.max_tokens, 40);
  EXPECT_FLOAT_EQ(back->config.dropout, 0.2f);
  EXPECT_EQ(back->metadata.at("scheme"), "support3");
  EXPECT_EQ(back->metadata.at("architecture").rfind("caqa-reader/", 0), 0u);
}

struct Hostile {
  std::string what, bytes, expected_error;
};

TEST(ReaderWeightsFile, HostileFilesAreRefusedWithTheReason) {
  const std::string ok = R"({"t":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";
  const std::vector<Hostile> cases = {
      {"short", "abc", "8-byte header size"},
      {"header past the end", raw_file(ok, "12345678").substr(0, 20), "exceeds"},
      {"huge header size", std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8) + "{}", "exceeds"},
      {"not json", raw_file("{nope", ""), "not valid JSON"},
      {"not an object", raw_file("[1,2]", ""), "not a JSON object"},
      {"dtype", raw_file(R"({"t":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", "12345678"), "expected F32"},
      {"shape size", raw_file(R"({"t":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", "12345678"),
       "8 bytes for a shape of 3"},
      {"negative shape", raw_file(R"({"t":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})", "12345678"),
       "not a size"},
      {"shape overflow",
       raw_file(R"({"t":{"dtype":"F32","shape":[4294967296,4294967296,4],"data_offsets":[0,8]}})", "12345678"),
       "not a size"},
      {"offsets past data", raw_file(R"({"t":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", "12345678"),
       "outside"},
      {"reversed offsets", raw_file(R"({"t":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}})", "12345678"),
       "outside"},
      {"overlap",
       raw_file(
           R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
           "12345678"),
       "overlaps"},
      {"hole", raw_file(R"({"t":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", "12345678"), "hole"},
      {"trailing bytes", raw_file(ok, "1234567890"), "after the last tensor"},
      {"metadata value", raw_file(R"({"__metadata__":{"a":1}})", ""), "not a string"},
      {"missing field", raw_file(R"({"t":{"dtype":"F32","shape":[2]}})", "12345678"), "expected"},
  };
  for (const Hostile& c : cases) {
    std::string error;
    EXPECT_FALSE(parse_safetensors(c.bytes, error)) << c.what;
    EXPECT_NE(error.find(c.expected_error), std::string::npos) << c.what << ": " << error;
  }
  std::string error;
  EXPECT_TRUE(parse_safetensors(raw_file(ok, "12345678"), error)) << error;
}

TEST(ReaderWeightsFile, NotAReaderFileSaysSo) {
  SafetensorsFile f;
  f.tensors.push_back({"weight", {1}, {1.0f}});
  std::string error;
  EXPECT_FALSE(read_reader_weights(write_safetensors(f), error));
  EXPECT_NE(error.find("architecture missing"), std::string::npos) << error;
  ReaderWeights w;
  w.config = {64, 4, 3, 5, 4, 0.0f, 40};
  w.params = initial_parameters(w.config, 1);
  std::string bytes = write_reader_weights(w);
  auto parsed = parse_safetensors(bytes, error);
  ASSERT_TRUE(parsed);
  parsed->metadata["hidden"] = "6";  // the tensors no longer fit the configuration
  EXPECT_FALSE(read_reader_weights(write_safetensors(*parsed), error));
  EXPECT_NE(error.find("wrong size"), std::string::npos) << error;
}

// Every truncation of a valid file is refused; random byte changes are refused or read
// (tests/fuzz/fuzz_safetensors.cpp fuzzes the parser under libFuzzer's sanitizers).
TEST(ReaderWeightsFile, FuzzTruncationsAndMutations) {
  ReaderWeights w;
  w.config = {32, 3, 3, 4, 4, 0.0f, 40};
  w.params = initial_parameters(w.config, 9);
  const std::string bytes = write_reader_weights(w);
  std::string error;
  for (std::size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(read_reader_weights(std::string_view(bytes).substr(0, n), error)) << "truncated to " << n;
  std::mt19937 rng(42);
  int refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string mutated = bytes;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      // Mostly the size field and the header, where the parsing is.
      const std::size_t limit = std::min<std::size_t>(mutated.size(), 8 + 400);
      mutated[rng() % limit] = static_cast<char>(rng() & 0xff);
    }
    auto parsed = read_reader_weights(mutated, error);
    if (!parsed) {
      ++refused;
      EXPECT_FALSE(error.empty());
    } else {
      EXPECT_EQ(parsed->params.size(), parameter_count(parsed->config));
    }
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace caqa::reader
