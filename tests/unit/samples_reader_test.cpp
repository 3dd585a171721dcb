#include <gtest/gtest.h>

#include "caqa/formats/samples_reader.h"
#include "test_support.h"

using caqa::ErrorCode;
using caqa::read_samples;
using caqa::SampleReadOptions;
using caqa::test::codes;

namespace {

const std::string kFull =
    R"({"id":"ex-001","qid":"WebQTest-7","question":"Who directed Jaws?","answer":"Spielberg [1].",)"
    R"("citation":"[1] Jaws is a 1975 film.","label":"supportive","complexity":"union","split":"test",)"
    R"("evidence":{"triples":[["Jaws","directed_by","Steven Spielberg"],["Jaws",1975,null],["bad"]]}})"
    "\n";

SampleReadOptions with_texts() {
  SampleReadOptions options;
  options.texts = true;
  return options;
}

}  // namespace

TEST(SamplesReader, ReadsEveryField) {
  auto parsed = read_samples(kFull, with_texts());
  ASSERT_TRUE(parsed.diagnostics.items.empty()) << parsed.diagnostics.items[0].message;
  ASSERT_EQ(parsed.samples.size(), 1u);
  const caqa::Sample& s = parsed.samples[0];
  EXPECT_EQ(s.id, "ex-001");
  EXPECT_FALSE(s.integer_id);
  EXPECT_EQ(s.qid, "WebQTest-7");
  EXPECT_EQ(s.question, "Who directed Jaws?");
  EXPECT_EQ(s.answer, "Spielberg [1].");
  EXPECT_EQ(s.citation, "[1] Jaws is a 1975 film.");
  EXPECT_EQ(s.label, "supportive");
  EXPECT_EQ(s.complexity, caqa::Complexity::Union);
  EXPECT_EQ(s.split, "test");
  EXPECT_EQ(s.line, 1u);
  ASSERT_EQ(s.triples.size(), 2u);  // ["bad"] is no triple
  EXPECT_EQ(s.triples[0], (caqa::EvidenceTriple{"Jaws", "directed_by", "Steven Spielberg"}));
  EXPECT_EQ(s.triples[1], (caqa::EvidenceTriple{"Jaws", "1975", "null"}));  // non-strings as JSON text
}

TEST(SamplesReader, TextsOnlyWhenAsked) {
  auto parsed = read_samples(kFull);
  ASSERT_EQ(parsed.samples.size(), 1u);
  EXPECT_EQ(parsed.samples[0].question, "");
  EXPECT_TRUE(parsed.samples[0].triples.empty());
  EXPECT_EQ(parsed.samples[0].label, "supportive");
}

TEST(SamplesReader, IntegerAndStringIdsAreOneCanonicalForm) {
  auto parsed = read_samples(
      "{\"id\":5,\"label\":\"supportive\",\"complexity\":\"single\"}\n"
      "{\"id\":\"5\",\"label\":\"supportive\",\"complexity\":\"single\"}\n");
  ASSERT_EQ(parsed.samples.size(), 2u);
  EXPECT_EQ(parsed.samples[0].id, "5");
  EXPECT_TRUE(parsed.samples[0].integer_id);
  EXPECT_EQ(parsed.samples[1].id, "5");
  EXPECT_FALSE(parsed.samples[1].integer_id);
  EXPECT_EQ(codes(parsed.diagnostics), (decltype(codes(parsed.diagnostics)){{ErrorCode::DuplicateId, 2}}));
}

TEST(SamplesReader, MissingAndInvalidFieldsAreErrorsWithPositions) {
  std::string text =
      "{\"label\":\"supportive\",\"complexity\":\"single\"}\n"                               // 1 no id
      "{\"id\":1.5,\"label\":\"supportive\",\"complexity\":\"single\"}\n"                    // 2 float id
      "{\"id\":\"a\",\"complexity\":\"single\"}\n"                                           // 3 no label
      "{\"id\":\"b\",\"label\":3,\"complexity\":\"single\"}\n"                               // 4 label type
      "{\"id\":\"c\",\"label\":\"supportive\"}\n"                                            // 5 no complexity
      "{\"id\":\"d\",\"label\":\"supportive\",\"complexity\":\"Single\"}\n"                  // 6 bad spelling
      "{\"id\":\"e\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":7}\n"      // 7 split type
      "{\"id\":\"f\",\"label\":\"supportive\",\"complexity\":\"single\",\"question\":[]}\n"  // 8 text type
      "{\"id\":\"g\" \"label\"}\n"                                                           // 9 not JSON
      "{\"id\":\"h\",\"label\":\"anything\",\"complexity\":\"single\"}\n";  // label spelling: the caller's
  auto parsed = read_samples(text, with_texts());
  using V = decltype(codes(parsed.diagnostics));
  EXPECT_EQ(codes(parsed.diagnostics), (V{{ErrorCode::MissingId, 1},
                                          {ErrorCode::BadIdType, 2},
                                          {ErrorCode::MissingLabel, 3},
                                          {ErrorCode::BadLabelType, 4},
                                          {ErrorCode::MissingComplexity, 5},
                                          {ErrorCode::InvalidComplexity, 6},
                                          {ErrorCode::BadSplitType, 7},
                                          {ErrorCode::BadFieldType, 8},
                                          {ErrorCode::MalformedJson, 9}}));
  ASSERT_EQ(parsed.samples.size(), 1u);
  EXPECT_EQ(parsed.samples[0].id, "h");
  EXPECT_EQ(parsed.diagnostics.items[3].column, 19u);  // the label's value
  EXPECT_EQ(parsed.diagnostics.items[5].message,
            "expected single, union, intersection or concatenation, found string \"Single\"");
}

TEST(SamplesReader, RequiredTextsAndOptionalLabels) {
  SampleReadOptions options = with_texts();
  options.require_texts = true;
  options.require_label = false;
  auto parsed = read_samples("{\"id\":\"a\",\"complexity\":\"single\",\"question\":\"q\",\"answer\":\"a\"}\n", options);
  ASSERT_EQ(parsed.diagnostics.items.size(), 1u);
  EXPECT_EQ(parsed.diagnostics.items[0].code, ErrorCode::MissingField);
  EXPECT_NE(parsed.diagnostics.items[0].message.find("\"citation\""), std::string::npos);
  auto ok = read_samples(
      "{\"id\":\"a\",\"complexity\":\"single\",\"question\":\"q\",\"answer\":\"a\",\"citation\":\"c\"}", options);
  ASSERT_EQ(ok.samples.size(), 1u);
  EXPECT_FALSE(ok.samples[0].label.has_value());
}

TEST(SamplesReader, CrlfBomAndBlankLines) {
  std::string text =
      "\xEF\xBB\xBF{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\",\"question\":\"Q\"}\r\n"
      "\r\n"
      "  \n"
      "{\"id\":\"b\",\"label\":\"irrelevant\",\"complexity\":\"concatenation\"}\r\n";
  auto parsed = read_samples(text, with_texts());
  EXPECT_TRUE(parsed.diagnostics.items.empty());
  ASSERT_EQ(parsed.samples.size(), 2u);
  EXPECT_EQ(parsed.samples[0].question, "Q");
  EXPECT_EQ(parsed.samples[1].line, 4u);
  EXPECT_EQ(parsed.samples[1].complexity, caqa::Complexity::Concatenation);
}

TEST(SamplesReader, SplitFilterSkipsOtherSplitsUnchecked) {
  std::string text =
      "{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":\"train\"}\n"
      "{\"id\":\"b\",\"split\":\"train\"}\n"
      "{\"id\":\"c\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":\"test\"}\n"
      "{\"id\":\"d\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":null}\n";
  SampleReadOptions options;
  options.split = "test";
  auto parsed = read_samples(text, options);
  EXPECT_TRUE(parsed.diagnostics.items.empty());
  ASSERT_EQ(parsed.samples.size(), 1u);
  EXPECT_EQ(parsed.samples[0].id, "c");
  options.split = "";
  parsed = read_samples(text, options);
  ASSERT_EQ(parsed.samples.size(), 1u);
  EXPECT_EQ(parsed.samples[0].id, "d");  // null split reads as none
}

TEST(SamplesReader, MaxSamplesStopsReading) {
  SampleReadOptions options;
  options.max_samples = 1;
  auto parsed = read_samples("{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\"}\nnot json\n", options);
  EXPECT_TRUE(parsed.diagnostics.items.empty());
  EXPECT_EQ(parsed.samples.size(), 1u);
}

TEST(SamplesReader, StreamingSeesIncompleteLinesForCallersChecks) {
  std::vector<std::pair<std::string, bool>> seen;
  auto diagnostics = caqa::for_each_sample(
      "{\"id\":\"a\",\"label\":\"x\"}\n{\"id\":\"b\",\"label\":\"y\",\"complexity\":\"union\"}\n", {},
      [&](const caqa::SampleView& s) { seen.emplace_back(std::string(*s.label), s.complete); });
  EXPECT_EQ(seen, (std::vector<std::pair<std::string, bool>>{{"x", false}, {"y", true}}));
  ASSERT_EQ(diagnostics.items.size(), 1u);
  EXPECT_EQ(diagnostics.items[0].code, ErrorCode::MissingComplexity);
}
