#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "caqa/prediction.h"

using caqa::ErrorCode;
using caqa::PredictedKind;

namespace {
caqa::Diagnostic only_diagnostic(const caqa::PredictionSet& set) {
  EXPECT_EQ(set.diagnostics.items.size(), 1u);
  return set.diagnostics.items.empty() ? caqa::Diagnostic{ErrorCode::EmptyFile} : set.diagnostics.items[0];
}
}  // namespace

TEST(PredictionReader, JsonLinesLabelResponseAndScore) {
  auto set = caqa::read_predictions(
      "{\"id\":\"a\",\"label\":\"Attributable\",\"score\":0.75}\n"
      "\n"
      "{\"id\":7,\"response\":\"Relationship Category: Contradictory\",\"extra\":[1,2]}\n");
  EXPECT_TRUE(set.diagnostics.items.empty());
  ASSERT_EQ(set.rows.size(), 2u);
  EXPECT_EQ(set.id(set.rows[0]), "a");
  EXPECT_EQ(set.rows[0].label, caqa::index_of(caqa::Label::Supportive));
  EXPECT_TRUE(set.rows[0].has_score);
  EXPECT_DOUBLE_EQ(set.rows[0].score, 0.75);
  EXPECT_EQ(set.id(set.rows[1]), "7");
  EXPECT_EQ(set.rows[1].line, 3u);
  EXPECT_EQ(set.rows[1].label, caqa::index_of(caqa::Label::Contradictory));
  EXPECT_TRUE(set.rows[1].from_response);
  EXPECT_EQ(set.responses_parsed, 1u);
}

TEST(PredictionReader, MalformedJsonHasLineAndColumn) {
  auto d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\"}\n{\"id\":\"b\",,}\n"));
  EXPECT_EQ(d.code, ErrorCode::MalformedJson);
  EXPECT_EQ(d.line, 2u);
  EXPECT_EQ(d.column, 11u);
}

TEST(PredictionReader, TypeErrorsNameWhatWasFound) {
  auto d = only_diagnostic(caqa::read_predictions("{\"id\":3.5,\"label\":\"supportive\"}\n"));
  EXPECT_EQ(d.code, ErrorCode::BadIdType);
  EXPECT_EQ(d.column, 7u);
  EXPECT_NE(d.message.find("number 3.5"), std::string::npos) << d.message;
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":2}\n"));
  EXPECT_EQ(d.code, ErrorCode::BadLabelType);
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\",\"score\":\"high\"}\n"));
  EXPECT_EQ(d.code, ErrorCode::BadScore);
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"x\",\"label\":\"y\"}\n"));
  EXPECT_EQ(d.code, ErrorCode::DuplicateKey);
  d = only_diagnostic(caqa::read_predictions("[1,2]\n"));
  EXPECT_EQ(d.code, ErrorCode::NotAnObject);
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\"} x\n"));
  EXPECT_EQ(d.code, ErrorCode::MalformedJson);
}

TEST(PredictionReader, InvalidUtf8AndLongLines) {
  auto d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\xff\",\"label\":\"supportive\"}\n"));
  EXPECT_EQ(d.code, ErrorCode::InvalidUtf8);
  EXPECT_EQ(d.column, 9u);
  caqa::PredictionOptions options;
  options.max_line_bytes = 64;
  d = only_diagnostic(
      caqa::read_predictions("{\"id\":\"" + std::string(100, 'a') + "\",\"label\":\"irrelevant\"}\n", options));
  EXPECT_EQ(d.code, ErrorCode::LineTooLong);
}

TEST(PredictionReader, InvalidLabelsAndUnparseableResponsesAreKeptAsRows) {
  auto set = caqa::read_predictions(
      "{\"id\":\"a\",\"label\":\"maybe\"}\n{\"id\":\"b\",\"label\":null}\n{\"id\":\"c\",\"response\":\"I am not "
      "sure.\"}\n");
  ASSERT_EQ(set.rows.size(), 3u);
  EXPECT_EQ(set.rows[0].kind, PredictedKind::InvalidLabel);
  EXPECT_EQ(set.rows[1].kind, PredictedKind::InvalidLabel);
  EXPECT_EQ(set.rows[2].kind, PredictedKind::Unparseable);
  EXPECT_EQ(set.diagnostics.items[2].severity, caqa::Severity::Warning);
}

TEST(PredictionReader, StrictModeWantsCanonicalLabels) {
  caqa::PredictionOptions options;
  options.extract = caqa::ExtractMode::Strict;
  auto set = caqa::read_predictions("{\"id\":\"a\",\"label\":\"Supportive\"}\n", options);
  EXPECT_EQ(set.rows[0].kind, PredictedKind::InvalidLabel);
}

TEST(PredictionReader, BinaryModeAcceptsNegativeLabels) {
  caqa::PredictionOptions options;
  options.scheme = caqa::find_label_scheme("binary");
  auto set = caqa::read_predictions("{\"id\":\"a\",\"label\":\"Not supportive\"}\n", options);
  ASSERT_EQ(set.rows[0].kind, PredictedKind::Label);
  EXPECT_EQ(set.rows[0].label, 1);  // rest
}

TEST(PredictionReader, CsvWithQuotesCrlfAndBom) {
  auto set = caqa::read_predictions(
      "\xEF\xBB\xBFid,response,score\r\n"
      "a,\"Supportive, since it says \"\"X\"\"\",0.9\r\n"
      "b,\"Line one\nIrrelevant\",\r\n"
      "c,Partial,abc\r\n");
  EXPECT_EQ(set.format, caqa::PredictionFormat::Csv);
  ASSERT_EQ(set.rows.size(), 3u);
  EXPECT_EQ(set.rows[0].label, caqa::index_of(caqa::Label::Supportive));
  EXPECT_TRUE(set.rows[0].has_score);
  EXPECT_EQ(set.rows[1].label, caqa::index_of(caqa::Label::Irrelevant));
  EXPECT_FALSE(set.rows[1].has_score);
  EXPECT_EQ(set.rows[2].line, 5u);
  auto d = only_diagnostic(set);
  EXPECT_EQ(d.code, ErrorCode::BadScore);
  EXPECT_EQ(d.line, 5u);
}

TEST(PredictionReader, CsvStructuralErrors) {
  auto d = only_diagnostic(caqa::read_predictions("id,verdict\na,supportive\n", {caqa::PredictionFormat::Csv}));
  EXPECT_EQ(d.code, ErrorCode::CsvHeader);
  d = only_diagnostic(caqa::read_predictions("id,label\na,supportive,0.3\n"));
  EXPECT_EQ(d.code, ErrorCode::CsvFieldCount);
  EXPECT_EQ(d.line, 2u);
  d = only_diagnostic(caqa::read_predictions("id,label\na,\"supportive\n"));
  EXPECT_EQ(d.code, ErrorCode::CsvQuote);
}

TEST(PredictionReader, EmptyFile) {
  EXPECT_EQ(only_diagnostic(caqa::read_predictions("")).code, ErrorCode::EmptyFile);
  EXPECT_EQ(only_diagnostic(caqa::read_predictions("\n  \n")).code, ErrorCode::EmptyFile);
}

// Issue 12: `caqa eval` writes its own extracted "label" beside the "response"; score used
// that label, so the parse rate counted nothing and --extract strict had no effect.
TEST(PredictionReader, AResponseIsReadWithThisRunsExtractionEvenBesideALabel) {
  const char* line = "{\"id\":\"a\",\"label\":\"supportive\",\"response\":\"Well, I would say irrelevant.\"}\n";
  auto lenient = caqa::read_predictions(line);
  ASSERT_EQ(lenient.rows.size(), 1u);
  EXPECT_EQ(lenient.rows[0].label, caqa::index_of(caqa::Label::Irrelevant));
  EXPECT_EQ(lenient.responses, 1u);
  EXPECT_EQ(lenient.responses_parsed, 1u);
  caqa::PredictionOptions strict;
  strict.extract = caqa::ExtractMode::Strict;
  auto s = caqa::read_predictions(line, strict);
  EXPECT_EQ(s.rows[0].kind, PredictedKind::Unparseable);
  EXPECT_EQ(s.responses_parsed, 0u);
}

// Python's json writes NaN and Infinity: one such score is one bad_score on its line (a
// warning: the line is scored without a score), never the whole line or file lost.
TEST(PredictionReader, NonFiniteScoreIsOneBadScoreOnItsLine) {
  auto set = caqa::read_predictions(
      "{\"id\":\"a\",\"label\":\"supportive\",\"score\":NaN}\n"
      "{\"id\":\"b\",\"label\":\"irrelevant\",\"score\": -Infinity ,\"note\":\"NaN, Infinity\"}\n"
      "{\"id\":\"c\",\"label\":\"irrelevant\",\"score\":0.25}\n");
  ASSERT_EQ(set.rows.size(), 3u);
  EXPECT_FALSE(set.rows[0].has_score);
  EXPECT_EQ(set.rows[0].label, caqa::index_of(caqa::Label::Supportive));
  EXPECT_FALSE(set.rows[1].has_score);
  EXPECT_TRUE(set.rows[2].has_score);
  ASSERT_EQ(set.diagnostics.items.size(), 2u);
  const auto& nan = set.diagnostics.items[0];
  EXPECT_EQ(nan.code, ErrorCode::BadScore);
  EXPECT_EQ(nan.line, 1u);
  EXPECT_EQ(nan.column, 40u);
  EXPECT_NE(nan.message.find("found number NaN"), std::string::npos) << nan.message;
  EXPECT_NE(nan.hint.find("not JSON): write null"), std::string::npos) << nan.hint;
  EXPECT_EQ(set.diagnostics.items[1].line, 2u);
  EXPECT_EQ(set.diagnostics.items[1].column, 41u);
  EXPECT_NE(set.diagnostics.items[1].message.find("-Infinity"), std::string::npos);

  auto csv = caqa::read_predictions("id,label,score\na,supportive,NaN\nb,irrelevant,0.5\n");
  ASSERT_EQ(csv.rows.size(), 2u);
  auto d = only_diagnostic(csv);
  EXPECT_EQ(d.code, ErrorCode::BadScore);
  EXPECT_EQ(d.line, 2u);

  // A NaN in the label is still a wrong type for that field, and other syntax errors stay errors.
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":NaN}\n"));
  EXPECT_EQ(d.code, ErrorCode::BadLabelType);
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\",\"score\":NaN,}\n"));
  EXPECT_EQ(d.code, ErrorCode::MalformedJson);
  d = only_diagnostic(caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\",\"score\":NaNa}\n"));
  EXPECT_EQ(d.code, ErrorCode::MalformedJson);
}

// Lines are parsed a window (128 KiB) at a time; a bad line anywhere, in the first
// window or a later one, is reported as on its own and every other line is read.
TEST(PredictionReader, ProblemsAcrossParseWindows) {
  std::string text;
  for (int i = 1; i <= 6000; ++i) {
    if (i == 2500)
      text += "{\"id\":\"x\",\"label\":\"supportive\"}{\"id\":\"y\"}\n";  // two objects on one line
    else if (i == 4000)
      text += "{\"id\":\"p4000\",\"label\":\n";  // an object broken over two lines
    else if (i == 4001)
      text += "\"supportive\"}\n";
    else if (i == 5000)
      text += "{\"id\":\"p5000\",\"label\":\"bad \xff\"}\n";
    else
      text += "{\"id\":\"p" + std::to_string(i) + "\",\"label\":\"supportive\",\"score\":0.5}\n";
  }
  ASSERT_GT(text.size(), std::size_t{2} << 17);  // three windows
  auto set = caqa::read_predictions(text);
  ASSERT_EQ(set.diagnostics.items.size(), 4u);
  const std::pair<std::uint32_t, ErrorCode> expected[] = {{2500, ErrorCode::MalformedJson},
                                                          {4000, ErrorCode::MalformedJson},
                                                          {4001, ErrorCode::MalformedJson},
                                                          {5000, ErrorCode::InvalidUtf8}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(set.diagnostics.items[i].line, expected[i].first);
    EXPECT_EQ(set.diagnostics.items[i].code, expected[i].second) << set.diagnostics.items[i].message;
  }
  EXPECT_EQ(set.lines_read, 6000u);
  ASSERT_EQ(set.rows.size(), 5996u);
  EXPECT_EQ(set.id(set.rows.back()), "p6000");
  EXPECT_EQ(set.rows.back().line, 6000u);
  EXPECT_TRUE(set.rows.back().has_score);
}
