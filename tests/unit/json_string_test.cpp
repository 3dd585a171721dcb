// caqa build writes its sample lines without nlohmann (caqa/json_string.h); these tests
// hold it to the bytes nlohmann's dump(-1, ' ', false, replace) wrote before: every
// string of the default benchmark's samples and of the test fixtures and corpus, every
// string of one or two bytes, random strings of the bytes UTF-8 decoding turns on, and
// whole sample lines against the nlohmann writer they replace.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "caqa/json_string.h"
#include "caqa/kg/benchmark_builder.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/memory_graph.h"
#include "caqa/kg/query_sampler.h"
#include "caqa/kg/query_templates.h"
#include "caqa/kg/question_reader.h"
#include "caqa/rng.h"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

std::string by_nlohmann(std::string_view text) {
  return Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string by_caqa(std::string_view text) {
  std::string out = "prefix";  // appended, not assigned
  caqa::append_json_string(out, text);
  return out.substr(6);
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Every key and string value inside a parsed document.
void strings_of(const Json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  if (j.is_object())
    for (const auto& [key, value] : j.items()) {
      out.push_back(key);
      strings_of(value, out);
    }
  if (j.is_array())
    for (const auto& value : j) strings_of(value, out);
}

// The writer sample_json replaced, kept as the reference.
std::string nlohmann_sample_json(const caqa::kg::BenchmarkSample& s, const caqa::kg::KnowledgeGraph& kg) {
  Json j;
  j["id"] = s.id;
  j["question"] = s.question;
  j["answer"] = s.answer;
  j["citation"] = s.citation;
  j["label"] = std::string(caqa::label_name(s.label));
  j["complexity"] = std::string(caqa::complexity_name(s.complexity));
  j["split"] = s.test ? "test" : "train";
  if (s.texts && !s.sub_fact_verdicts.empty()) {
    Json sub = Json::array();
    for (std::size_t i = 0; i < s.sub_fact_verdicts.size(); ++i)
      sub.push_back(
          {{"fact", s.texts->sub_facts[i]}, {"verdict", std::string(caqa::kg::verdict_name(s.sub_fact_verdicts[i]))}});
    j["subfacts"] = sub;
  }
  Json triples = Json::array(), keys = Json::array();
  for (const caqa::kg::Triple& t : s.evidence) {
    triples.push_back({std::string(kg.entity_name(t.head)), std::string(kg.relation_name(t.relation)),
                       std::string(kg.entity_name(t.tail))});
    keys.push_back({std::string(kg.entity_key(t.head)), std::string(kg.relation_name(t.relation)),
                    std::string(kg.entity_key(t.tail))});
  }
  j["evidence"] = {{"triples", triples}, {"keys", keys}};
  j["source_question"] = s.source_question;
  j["extension"] = std::string(caqa::kg::extension_name(s.extension));
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

TEST(JsonString, EveryStringOfOneOrTwoBytes) {
  for (int a = 0; a < 256; ++a) {
    const std::string one(1, static_cast<char>(a));
    ASSERT_EQ(by_caqa(one), by_nlohmann(one)) << "byte " << a;
    for (int b = 0; b < 256; ++b) {
      const std::string two = one + static_cast<char>(b);
      ASSERT_EQ(by_caqa(two), by_nlohmann(two)) << "bytes " << a << " " << b;
    }
  }
}

TEST(JsonString, HandWrittenCases) {
  for (std::string_view text :
       {std::string_view(""), std::string_view("plain"), std::string_view("say \"hi\" \\ back\\slash"),
        std::string_view("tab\tnew\nline\rcr\bbs\fff\x01\x1f\x7f", 21), std::string_view("nul\0inside", 10),
        std::string_view("Z\xC3\xBCrich \xE2\x82\xAC \xF0\x9F\x98\x80"),  // 2, 3 and 4 bytes
        std::string_view("lone \x80 continuation"), std::string_view("cut \xE2\x82"),
        std::string_view("cut \xE2\x82 in the middle"), std::string_view("overlong \xC0\xAF \xE0\x80\xAF"),
        std::string_view("surrogate \xED\xA0\x80"), std::string_view("too high \xF4\x90\x80\x80 \xF5\x80"),
        std::string_view("\xFF\xFE"), std::string_view("\xE2\x82\"quote after a cut")})
    EXPECT_EQ(by_caqa(text), by_nlohmann(text)) << text;
}

TEST(JsonString, RandomStringsOfTheBytesDecodingTurnsOn) {
  // ASCII that escapes, each UTF-8 lead range's edges, continuation edges, never-valid bytes.
  constexpr unsigned char kBytes[] = {0x00, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, '"',  '\\', 'a',  0x7F,
                                      0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
                                      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF};
  caqa::Rng rng(16);
  for (int n = 0; n < 200000; ++n) {
    std::string text(1 + static_cast<std::size_t>(rng.uniform() * 12), ' ');
    for (char& c : text) c = static_cast<char>(kBytes[static_cast<std::size_t>(rng.uniform() * sizeof kBytes)]);
    ASSERT_EQ(by_caqa(text), by_nlohmann(text)) << ::testing::PrintToString(text);
  }
}

// Plain text of up to 80 bytes with a few of those bytes anywhere: the writer skips plain
// bytes 16 at a time, so a special byte falls at every place in a block and in the tail.
TEST(JsonString, LongStringsWithSpecialBytesAnywhere) {
  constexpr unsigned char kSpecial[] = {0x00, 0x0A, 0x1F, '"', '\\', 0x7F, 0x80, 0xC3, 0xA9, 0xE2, 0xFF};
  caqa::Rng rng(17);
  for (int n = 0; n < 100000; ++n) {
    std::string text(static_cast<std::size_t>(rng.uniform() * 81), ' ');
    for (char& c : text) c = static_cast<char>('a' + static_cast<int>(rng.uniform() * 26));
    for (int k = static_cast<int>(rng.uniform() * 4); k > 0 && !text.empty(); --k)
      text[static_cast<std::size_t>(rng.uniform() * static_cast<double>(text.size()))] =
          static_cast<char>(kSpecial[static_cast<std::size_t>(rng.uniform() * sizeof kSpecial)]);
    ASSERT_EQ(by_caqa(text), by_nlohmann(text)) << ::testing::PrintToString(text);
  }
}

TEST(JsonString, EveryStringOfTheFixturesAndCorpus) {
  std::size_t files = 0, strings = 0;
  for (const char* folder : {"tests/fixtures", "tests/corpus"})
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(CAQA_SOURCE_DIR) / folder)) {
      if (!entry.is_regular_file()) continue;
      ++files;
      const std::string bytes = read_bytes(entry.path());
      std::vector<std::string> texts{bytes};
      std::istringstream lines(bytes);
      for (std::string line; std::getline(lines, line);) {
        texts.push_back(line);
        const Json parsed = Json::parse(line, nullptr, false);
        if (!parsed.is_discarded()) strings_of(parsed, texts);
      }
      const Json whole = Json::parse(bytes, nullptr, false);
      if (!whole.is_discarded()) strings_of(whole, texts);
      for (const auto& text : texts) {
        ++strings;
        ASSERT_EQ(by_caqa(text), by_nlohmann(text)) << entry.path() << ": " << ::testing::PrintToString(text);
      }
    }
  EXPECT_GT(files, 50u);
  EXPECT_GT(strings, 1000u);
}

TEST(SampleJson, TheDefaultBenchmarkAsNlohmannWroteIt) {
  using namespace caqa::kg;
  const fs::path data = fs::path(CAQA_SOURCE_DIR) / "data" / "default";
  std::vector<std::string> files;
  for (const char* name :
       {"triples.tsv", "names.tsv", "types.tsv", "questions.jsonl", "relation_templates.tsv", "query_templates.tsv"})
    files.push_back(read_bytes(data / name));
  ProblemCounts problems;
  MemoryGraphBuilder builder;
  add_triples(builder, {"triples.tsv", files[0]}, TripleFormat::Auto, problems);
  for (auto& [key, name] : read_two_column_table({"names.tsv", files[1]}, problems)) builder.set_name(key, name);
  for (auto& [key, type] : read_two_column_table({"types.tsv", files[2]}, problems)) builder.set_type(key, type);
  const MemoryGraph kg = builder.build();
  std::vector<Question> questions = read_questions({"questions.jsonl", files[3]}, problems);
  const QueryTemplates phrases = QueryTemplates::parse({"query_templates.tsv", files[5]}, problems);
  for (auto& q : sample_questions(kg, phrases, questions, 1000, 13)) questions.push_back(std::move(q));
  std::unordered_map<std::string, std::string> templates;
  for (auto& [relation, text] : read_two_column_table({"relation_templates.tsv", files[4]}, problems))
    templates.emplace(relation, text);
  const Verbalizer verbalizer(kg, templates);
  BuildResult built = build_benchmark(kg, questions, verbalizer, BuildOptions{});
  ASSERT_GT(built.samples.size(), 1000u);
  for (const auto& s : built.samples) {
    ASSERT_EQ(sample_json(s, kg), nlohmann_sample_json(s, kg)) << s.id;
    std::vector<std::string> texts;
    strings_of(Json::parse(sample_json(s, kg)), texts);
    for (const auto& text : texts) ASSERT_EQ(by_caqa(text), by_nlohmann(text)) << text;
  }
  // Texts a rewriter could return: quotes, control characters, invalid UTF-8.
  BenchmarkSample odd = built.samples.front();
  odd.question = "Who said \"no\"?\n\tTwice\x01";
  odd.answer = "Z\xC3\xBCrich \xE2\x82 cut";
  odd.citation = "[1] \xFF\xC0\xAF back\\slash \xED\xA0\x80";
  odd.evidence.clear();
  EXPECT_EQ(sample_json(odd, kg), nlohmann_sample_json(odd, kg));
}
