// Gold files of other benchmarks (issue 15): labels read through the scheme's spellings,
// the scheme a gold line names, optional complexity and --group-by.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "caqa/gold_set.h"
#include "caqa/meta/support_level.h"
#include "caqa/report.h"
#include "caqa/scoring/pipeline.h"
#include "test_support.h"

using caqa::ErrorCode;
using caqa::test::codes;
using Codes = std::vector<std::pair<ErrorCode, std::uint32_t>>;

namespace {

const caqa::LabelScheme& scheme(const char* name) { return *caqa::find_label_scheme(name); }

caqa::GoldParse parse(const std::string& text, const char* scheme_name = nullptr, std::string group_by = "") {
  caqa::GoldOptions o;
  if (scheme_name) {
    o.scheme = &scheme(scheme_name);
    o.scheme_given = true;
  }
  o.group_by = std::move(group_by);
  return caqa::parse_gold(text, o);
}

std::vector<int> labels(const caqa::GoldSet& g) {
  std::vector<int> out;
  for (std::uint32_t i = 0; i < g.size(); ++i) out.push_back(g.label(i));
  return out;
}

}  // namespace

TEST(GoldScheme, NewNamesAndOldAliases) {
  EXPECT_EQ(&scheme("caqa4"), &caqa::caqa_scheme());
  EXPECT_EQ(&scheme("caqa"), &caqa::caqa_scheme());
  EXPECT_EQ(&scheme("levels"), &scheme("support3"));
  EXPECT_EQ(scheme("support3").name, "support3");
  EXPECT_EQ(caqa::find_label_scheme("four"), nullptr);
  EXPECT_EQ(caqa::label_scheme_names(), "caqa4, binary, attrscore or support3");
}

TEST(GoldScheme, CaqaAuthorsSpellingsInGold) {
  auto p = parse(
      "{\"id\":1,\"label\":\"Support\",\"complexity\":\"single\"}\n"
      "{\"id\":2,\"label\":\"Missing\",\"complexity\":\"single\"}\n"
      "{\"id\":3,\"label\":\"Contradictory\",\"complexity\":\"union\"}\n"
      "{\"id\":4,\"label\":\"Irrelevant\",\"complexity\":\"union\"}\n");
  EXPECT_FALSE(p.diagnostics.has_errors());
  EXPECT_EQ(labels(p.gold), (std::vector<int>{0, 1, 2, 3}));
}

TEST(GoldScheme, BinaryAndSupportLevelSpellingsInGold) {
  auto b = parse(
      "{\"id\":1,\"label\":\"attributable\"}\n{\"id\":2,\"label\":\"not attributable\"}\n"
      "{\"id\":3,\"label\":\"1\"}\n{\"id\":4,\"label\":\"0\"}\n{\"id\":5,\"label\":\"irrelevant\"}\n",
      "binary");
  EXPECT_FALSE(b.diagnostics.has_errors());
  EXPECT_EQ(labels(b.gold), (std::vector<int>{0, 1, 0, 1, 1}));
  auto w = parse(
      "{\"id\":1,\"label\":\"supported\"}\n{\"id\":2,\"label\":\"partially_supported\"}\n"
      "{\"id\":3,\"label\":\"not_supported\"}\n{\"id\":4,\"label\":\"PS\"}\n",
      "support3");
  EXPECT_FALSE(w.diagnostics.has_errors());
  EXPECT_EQ(labels(w.gold), (std::vector<int>{0, 1, 2, 1}));
  // AttrScore's labels fold into binary as docs/scoring.md says: attributable is supportive,
  // extrapolatory and contradictory are rest.
  auto folded = parse(
      "{\"id\":1,\"label\":\"Attributable\"}\n{\"id\":2,\"label\":\"Extrapolatory\"}\n"
      "{\"id\":3,\"label\":\"Contradictory\"}\n",
      "binary");
  EXPECT_FALSE(folded.diagnostics.has_errors());
  EXPECT_EQ(labels(folded.gold), (std::vector<int>{0, 1, 1}));
  // A spelling no scheme lists is still an error, with the scheme in the message.
  auto bad = parse("{\"id\":1,\"label\":\"mostly\"}\n", "support3");
  ASSERT_EQ(codes(bad.diagnostics), (Codes{{ErrorCode::InvalidLabel, 1}}));
  EXPECT_NE(bad.diagnostics.items[0].message.find("scheme support3"), std::string::npos);
}

TEST(GoldScheme, TheGoldNamesItsScheme) {
  std::string text =
      "{\"id\":1,\"label\":\"attributable\",\"scheme\":\"binary\"}\n"
      "{\"id\":2,\"label\":\"0\",\"scheme\":\"binary\"}\n";
  EXPECT_EQ(caqa::declared_gold_scheme(text), &scheme("binary"));
  auto p = parse(text);
  EXPECT_FALSE(p.diagnostics.has_errors());
  EXPECT_EQ(&p.gold.scheme(), &scheme("binary"));
  EXPECT_EQ(labels(p.gold), (std::vector<int>{0, 1}));
  // The request takes it too, so predictions are read through it; --scheme wins.
  caqa::ScoreRequest r;
  r.adopt_gold_scheme(text);
  EXPECT_EQ(r.scheme, &scheme("binary"));
  caqa::ScoreRequest given;
  given.scheme_given = true;
  given.adopt_gold_scheme(text);
  EXPECT_EQ(given.scheme, &caqa::caqa_scheme());
  // Under a --scheme caqa4 the binary "0" is no CAQA label.
  EXPECT_EQ(codes(parse(text, "caqa4").diagnostics), (Codes{{ErrorCode::InvalidLabel, 2}}));
  EXPECT_EQ(caqa::declared_gold_scheme("{\"id\":1,\"label\":\"supportive\"}\n"), nullptr);
}

TEST(GoldScheme, LinesThatDisagreeAreErrors) {
  auto p = parse(
      "{\"id\":1,\"label\":\"attributable\",\"scheme\":\"binary\"}\n"
      "{\"id\":2,\"label\":\"no\",\"scheme\":\"support3\"}\n"
      "{\"id\":3,\"label\":\"no\",\"scheme\":\"three\"}\n"
      "{\"id\":4,\"label\":\"no\",\"scheme\":7}\n"
      "{\"id\":5,\"label\":\"no\"}\n");
  EXPECT_EQ(codes(p.diagnostics),
            (Codes{{ErrorCode::SchemeMismatch, 2}, {ErrorCode::SchemeMismatch, 3}, {ErrorCode::BadFieldType, 4}}));
  EXPECT_EQ(p.diagnostics.items[0].message, "expected \"scheme\": \"binary\" as on line 1, found \"support3\"");
  EXPECT_EQ(p.diagnostics.items[0].column, 31u);  // the value of "scheme"
  // An alias names the same scheme: no disagreement.
  EXPECT_FALSE(parse("{\"id\":1,\"label\":\"full\",\"scheme\":\"support3\"}\n"
                     "{\"id\":2,\"label\":\"no\",\"scheme\":\"levels\"}\n")
                   .diagnostics.has_errors());
}

TEST(GoldScheme, ComplexityOnEveryLineOrOnNone) {
  auto none = parse("{\"id\":1,\"label\":\"supportive\"}\n{\"id\":2,\"label\":\"irrelevant\"}\n");
  EXPECT_FALSE(none.diagnostics.has_errors());
  EXPECT_FALSE(none.gold.has_complexity());
  EXPECT_TRUE(caqa::parse_gold(caqa::test::edge_gold()).gold.has_complexity());
  auto mixed = parse(
      "{\"id\":1,\"label\":\"supportive\"}\n{\"id\":2,\"label\":\"irrelevant\",\"complexity\":\"union\"}\n"
      "{\"id\":3,\"label\":\"irrelevant\"}\n");
  EXPECT_EQ(codes(mixed.diagnostics), (Codes{{ErrorCode::MissingComplexity, 1}, {ErrorCode::MissingComplexity, 3}}));
  EXPECT_EQ(mixed.diagnostics.items[0].message, "expected a \"complexity\" key as on line 2, found none");
}

TEST(GoldScheme, GroupsOfAGoldField) {
  auto p = parse(
      "{\"id\":1,\"label\":\"supportive\",\"src_dataset\":\"HAGRID\"}\n"
      "{\"id\":2,\"label\":\"irrelevant\",\"src_dataset\":\"LFQA\"}\n"
      "{\"id\":3,\"label\":\"irrelevant\",\"src_dataset\":\"HAGRID\"}\n",
      nullptr, "src_dataset");
  ASSERT_FALSE(p.diagnostics.has_errors());
  EXPECT_EQ(p.gold.group_names(), (std::vector<std::string>{"HAGRID", "LFQA"}));
  EXPECT_EQ(p.gold.group(2), 0u);
  auto missing =
      parse("{\"id\":1,\"label\":\"supportive\"}\n{\"id\":2,\"label\":\"supportive\",\"src\":[1]}\n", nullptr, "src");
  EXPECT_EQ(codes(missing.diagnostics), (Codes{{ErrorCode::MissingField, 1}, {ErrorCode::BadFieldType, 2}}));
  // A field the reader reads anyway groups too.
  auto by_split = parse("{\"id\":1,\"label\":\"supportive\",\"split\":\"test\"}\n", nullptr, "split");
  EXPECT_EQ(by_split.gold.group_names(), (std::vector<std::string>{"test"}));
}

TEST(GoldScheme, ReportsWithoutComplexityAndWithGroups) {
  std::string gold =
      "{\"id\":1,\"label\":\"attributable\",\"scheme\":\"binary\",\"src\":\"a\"}\n"
      "{\"id\":2,\"label\":\"not attributable\",\"scheme\":\"binary\",\"src\":\"a\"}\n"
      "{\"id\":3,\"label\":\"attributable\",\"scheme\":\"binary\",\"src\":\"b\"}\n";
  caqa::ScoreRequest request;
  request.group_by = "src";
  request.bootstrap.resamples = 50;
  auto scored = caqa::score_bytes(gold, "{\"id\":1,\"label\":\"1\"}\n{\"id\":2,\"label\":\"1\"}\n", request,
                                  {"pred", "gold", "sha"});
  ASSERT_TRUE(scored.file && !scored.file->blocked());
  const caqa::ScoreReport& r = *scored.file->report;
  EXPECT_EQ(r.options.scheme, &scheme("binary"));
  auto j = nlohmann::json::parse(caqa::report_json(r));
  EXPECT_TRUE(j["per_complexity"].is_null());
  EXPECT_EQ(j["options"]["mode"], "binary");
  ASSERT_EQ(j["per_group"]["groups"].size(), 2u);
  EXPECT_EQ(j["per_group"]["field"], "src");
  EXPECT_EQ(j["per_group"]["groups"][0]["name"], "a");
  EXPECT_EQ(j["per_group"]["groups"][0]["micro_f1"], 0.5);
  EXPECT_TRUE(j["per_group"]["groups"][0].contains("micro_f1_ci"));
  EXPECT_EQ(j["per_group"]["groups"][1]["n_matched"], 0);  // b's one sample is missing: wrong
  EXPECT_EQ(j["per_group"]["groups"][1]["micro_f1"], 0.0);
  std::string table = caqa::render_table({r});
  EXPECT_NE(table.find("per complexity: not in this benchmark"), std::string::npos);
  EXPECT_EQ(table.find("Single"), std::string::npos);
  EXPECT_NE(table.find("\nsrc "), std::string::npos);
  // CAQA gold keeps its complexity columns and has no per_group key.
  auto caqa_report = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions()).report;
  auto cj = nlohmann::json::parse(caqa::report_json(caqa_report));
  EXPECT_TRUE(cj["per_complexity"].is_object());
  EXPECT_FALSE(cj.contains("per_group"));
}

// caqa meta: "not attributable" is the level no, and AttributionBench's "attributable" full.
TEST(GoldScheme, MetaLevelsReadNotAttributable) {
  EXPECT_EQ(caqa::parse_support_level("not attributable"), caqa::SupportLevel::No);
  EXPECT_EQ(caqa::parse_support_level("attributable"), caqa::SupportLevel::Full);
  EXPECT_EQ(caqa::parse_support_level("1", caqa::LevelCoding::Binary), caqa::SupportLevel::Full);
}
