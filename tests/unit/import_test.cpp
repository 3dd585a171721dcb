// caqa import's core: each format's good and malformed fixture (tests/fixtures/import,
// shapes in docs/import.md). Expected classes are the registry's, by index.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "caqa/formats/import.h"
#include "test_support.h"

using caqa::ErrorCode;
using caqa::ImportFormat;
using caqa::test::codes;

namespace {

std::string fixture(const std::string& relative) {
  std::ifstream in(std::filesystem::path(CAQA_SOURCE_DIR) / "tests" / "fixtures" / "import" / relative,
                   std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  EXPECT_TRUE(in.good() || in.eof()) << relative;
  return buffer.str();
}

caqa::ImportResult import(ImportFormat format, const std::string& relative, caqa::ImportOptions options = {}) {
  options.format = format;
  return caqa::import_gold(fixture(relative), options);
}

std::vector<std::string> ids(const caqa::ImportResult& r) {
  std::vector<std::string> out;
  for (const auto& row : r.rows) out.push_back(row.id);
  return out;
}

std::vector<int> labels(const caqa::ImportResult& r) {
  std::vector<int> out;
  for (const auto& row : r.rows) out.push_back(row.label);
  return out;
}

using Codes = std::vector<std::pair<ErrorCode, std::uint32_t>>;

caqa::ImportOptions mapped_json() {
  caqa::ImportOptions o;
  o.scheme = "binary";
  o.columns = {"meta.id", "q", "a", "docs", "gold"};
  return o;
}

caqa::ImportOptions mapped_csv() {
  caqa::ImportOptions o;
  o.scheme = "support3";
  o.columns = {"pair_id", "", "statement", "source_text", "level"};
  return o;
}

}  // namespace

TEST(Import, SchemesResolveThroughTheRegistry) {
  for (std::string_view name : caqa::import_scheme_names()) EXPECT_NE(caqa::import_label_scheme(name), nullptr) << name;
  EXPECT_EQ(caqa::import_label_scheme("caqa4")->size(), 4);
  EXPECT_EQ(caqa::import_label_scheme("support3")->size(), 3);
  EXPECT_EQ(caqa::import_label_scheme("binary")->size(), 2);
  EXPECT_EQ(caqa::import_label_scheme("nope"), nullptr);
  for (const auto& f : caqa::import_formats()) EXPECT_EQ(caqa::find_import_format(f.name), &f);
}

TEST(Import, CaqaReleaseGood) {
  auto r = import(ImportFormat::CaqaRelease, "caqa-release/good.csv");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(r.scheme_name, "caqa4");
  EXPECT_EQ(ids(r), (std::vector<std::string>{"row-1", "row-2", "row-3", "row-4"}));
  // Support, Missing, Contradictory, Irrelevant: the registry's four classes in order.
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(*r.rows[3].question, "Who painted \"The Starry Night\"?");
  EXPECT_EQ(r.rows[3].citation, "[1] Amsterdam is the capital of the Netherlands.\nIt lies on the IJ bay.");
  EXPECT_EQ(r.rows[3].line, 5u);
  EXPECT_FALSE(r.rows[0].complexity);
}

TEST(Import, CaqaReleaseIdsAndComplexity) {
  auto r = import(ImportFormat::CaqaRelease, "caqa-release/good_ids.csv");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(ids(r), (std::vector<std::string>{"caqa-dev-7", "caqa-dev-8"}));
  EXPECT_EQ(r.rows[0].complexity, std::optional<std::string>("single"));
  EXPECT_FALSE(r.rows[1].complexity);  // an empty cell: no complexity
}

TEST(Import, CaqaReleaseMalformed) {
  auto r = import(ImportFormat::CaqaRelease, "caqa-release/malformed.csv");
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::InvalidLabel, 2},
                                         {ErrorCode::CsvFieldCount, 3},
                                         {ErrorCode::MissingField, 4},
                                         {ErrorCode::CsvQuote, 6}}));
  EXPECT_EQ(r.diagnostics.items[0].column, 105u);
  EXPECT_NE(r.diagnostics.items[0].message.find("found \"Supported?\""), std::string::npos);
  EXPECT_EQ(ids(r), (std::vector<std::string>{"row-4"}));
  EXPECT_EQ(r.records, 5u);
  EXPECT_EQ(r.bad_rows, 4u);
}

TEST(Import, AlceUsesTheAuthorsMap) {
  auto r = import(ImportFormat::Alce, "alce/good.csv");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(labels(r), (std::vector<int>{0, 3, 0}));  // 1 = Support, 0 = Irrelevant
  auto bad = import(ImportFormat::Alce, "alce/malformed.csv");
  EXPECT_EQ(codes(bad.diagnostics),
            (Codes{{ErrorCode::InvalidLabel, 2}, {ErrorCode::CsvFieldCount, 3}, {ErrorCode::MissingField, 4}}));
  EXPECT_TRUE(bad.rows.empty());
}

TEST(Import, AttrScoreFoldsExtrapolatoryToIrrelevant) {
  auto r = import(ImportFormat::AttrScore, "attrscore/good.csv");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(labels(r), (std::vector<int>{0, 2, 3}));
  ASSERT_EQ(r.rows[2].kept.size(), 1u);
  EXPECT_EQ(r.rows[2].kept[0], (std::pair<std::string, std::string>{"dataset", "attreval_simulation"}));
  auto bad = import(ImportFormat::AttrScore, "attrscore/malformed.csv");
  EXPECT_EQ(codes(bad.diagnostics),
            (Codes{{ErrorCode::InvalidLabel, 2}, {ErrorCode::CsvFieldCount, 3}, {ErrorCode::CsvQuote, 4}}));
}

TEST(Import, AttributionBenchGood) {
  auto r = import(ImportFormat::AttributionBench, "attributionbench/good.jsonl");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(r.scheme_name, "binary");
  EXPECT_EQ(ids(r), (std::vector<std::string>{"AttributedQA_fixture-0001", "ExpertQA_fixture-0002",
                                              "Stanford-GenSearch_fixture-0003"}));
  EXPECT_EQ(labels(r), (std::vector<int>{0, 0, 1}));
  EXPECT_EQ(r.rows[1].answer, "The seasons are caused by the tilt of the Earth's axis [1][2].");
  EXPECT_EQ(r.rows[1].citation.rfind("[1] https://example.org/axial-tilt\n", 0), 0u);
  EXPECT_NE(r.rows[1].citation.find(" [2] https://example.org/seasons"), std::string::npos);
  EXPECT_EQ(r.rows[1].kept[0], (std::pair<std::string, std::string>{"src_dataset", "ExpertQA"}));
}

TEST(Import, AttributionBenchMalformed) {
  std::vector<caqa::ImportResult> results;
  results.push_back(import(ImportFormat::AttributionBench, "attributionbench/malformed.jsonl"));
  caqa::drop_duplicate_ids(results, {"malformed.jsonl"});
  const auto& r = results[0];
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::MissingId, 1},
                                         {ErrorCode::InvalidLabel, 2},
                                         {ErrorCode::BadFieldType, 3},
                                         {ErrorCode::MalformedJson, 4},
                                         {ErrorCode::DuplicateId, 6}}));
  EXPECT_NE(r.diagnostics.items[4].message.find("first on line 5"), std::string::npos);
  EXPECT_EQ(ids(r), (std::vector<std::string>{"LFQA_fixture-5"}));
  EXPECT_EQ(r.bad_rows, 5u);
}

TEST(Import, WiceGood) {
  auto r = import(ImportFormat::Wice, "wice/good.jsonl");
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(r.scheme_name, "support3");
  EXPECT_EQ(ids(r), (std::vector<std::string>{"dev00001-0", "dev00001-1", "dev00002-0"}));
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1, 2}));
  EXPECT_FALSE(r.rows[0].question);
  EXPECT_EQ(r.rows[0].citation,
            "[1] The Golden Gate Bridge opened to vehicular traffic on May 28, 1937. It was the longest suspension "
            "bridge span at the time.");
}

TEST(Import, WiceMalformed) {
  auto r = import(ImportFormat::Wice, "wice/malformed.jsonl");
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::InvalidLabel, 1},
                                         {ErrorCode::MissingId, 2},
                                         {ErrorCode::BadFieldType, 3},
                                         {ErrorCode::MalformedJson, 4}}));
  EXPECT_EQ(ids(r), (std::vector<std::string>{"test00001-4"}));
}

TEST(Import, MappedJsonLines) {
  auto r = import(ImportFormat::Mapped, "mapped/good.jsonl", mapped_json());
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(ids(r), (std::vector<std::string>{"m-1", "m-2", "m-3"}));
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1, 0}));  // any spelling of the scheme
  EXPECT_EQ(r.rows[1].citation, "[1] Machu Picchu is a citadel in southern Peru. [2] It is above the Urubamba valley.");
  EXPECT_EQ(r.rows[2].citation, "[1] Water has the formula H2O.");  // a string stays as it is
  auto bad = import(ImportFormat::Mapped, "mapped/malformed.jsonl", mapped_json());
  EXPECT_EQ(codes(bad.diagnostics),
            (Codes{{ErrorCode::InvalidLabel, 1}, {ErrorCode::MissingField, 2}, {ErrorCode::MissingId, 4}}));
  EXPECT_EQ(ids(bad), (std::vector<std::string>{"m-3"}));
}

TEST(Import, MappedCsv) {
  auto r = import(ImportFormat::Mapped, "mapped/good.csv", mapped_csv());
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1, 2}));
  EXPECT_FALSE(r.rows[0].question);
  std::vector<caqa::ImportResult> results;
  results.push_back(import(ImportFormat::Mapped, "mapped/malformed.csv", mapped_csv()));
  caqa::drop_duplicate_ids(results, {"malformed.csv"});
  EXPECT_EQ(codes(results[0].diagnostics), (Codes{{ErrorCode::InvalidLabel, 2}, {ErrorCode::DuplicateId, 4}}));
}

TEST(Import, MappedNeedsAKnownSchemeAndItsColumns) {
  caqa::ImportOptions o = mapped_csv();
  o.scheme = "fivepoint";
  auto r = import(ImportFormat::Mapped, "mapped/good.csv", o);
  ASSERT_EQ(r.diagnostics.items.size(), 1u);
  EXPECT_TRUE(r.rows.empty());
  o = mapped_csv();
  o.columns.label = "gold_label";
  r = import(ImportFormat::Mapped, "mapped/good.csv", o);
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::CsvHeader, 1}}));
  EXPECT_NE(r.diagnostics.items[0].message.find("expected a column named \"gold_label\""), std::string::npos);
  EXPECT_EQ(r.records, 0u);
}

TEST(Import, DuplicateIdsAcrossFilesNameTheFirstFile) {
  std::vector<caqa::ImportResult> results;
  results.push_back(import(ImportFormat::Wice, "wice/good.jsonl"));
  results.push_back(import(ImportFormat::Wice, "wice/good.jsonl"));
  caqa::drop_duplicate_ids(results, {"a.jsonl", "b.jsonl"});
  EXPECT_EQ(results[0].rows.size(), 3u);
  EXPECT_TRUE(results[1].rows.empty());
  EXPECT_EQ(results[1].bad_rows, 3u);
  EXPECT_NE(results[1].diagnostics.items[0].message.find("(first on a.jsonl:1)"), std::string::npos);
}

TEST(Import, GoldLineAndCitations) {
  EXPECT_EQ(caqa::numbered_citations({"a", "b c"}), "[1] a [2] b c");
  EXPECT_EQ(caqa::numbered_citations({}), "");
  EXPECT_EQ(caqa::numbered_citations({"[1] u\nx", "[3] v"}), "[1] u\nx [2] [3] v");
  auto r = import(ImportFormat::AttrScore, "attrscore/good.csv");
  EXPECT_EQ(caqa::imported_gold_line(r.rows[2], r),
            "{\"id\":\"row-3\",\"question\":\"How tall is Mount Kilimanjaro?\",\"answer\":\"Mount Kilimanjaro is 5895 "
            "metres tall.\",\"citation\":\"Mount Kilimanjaro is a dormant volcano in Tanzania.\",\"label\":\"" +
                std::string(r.scheme->class_name(3)) +
                "\",\"scheme\":\"caqa4\",\"dataset\":\"attreval_simulation\"}\n");
}

TEST(Import, EmptyAndHeaderOnlyFiles) {
  caqa::ImportOptions o;
  o.format = ImportFormat::CaqaRelease;
  EXPECT_EQ(codes(caqa::import_gold("", o).diagnostics), (Codes{{ErrorCode::EmptyFile, 0}}));
  auto header_only = caqa::import_gold("query,answer,reference,label\n", o);
  EXPECT_TRUE(header_only.diagnostics.items.empty());
  EXPECT_EQ(header_only.records, 0u);
  o.format = ImportFormat::Wice;
  EXPECT_TRUE(caqa::import_gold("", o).rows.empty());
}

// Every prefix of every fixture (a file cut anywhere, quotes and objects left open) gives
// values, never a crash: each record is a row or a bad row.
TEST(Import, EveryPrefixOfEveryFixture) {
  struct Case {
    ImportFormat format;
    const char* file;
    caqa::ImportOptions options;
  };
  std::vector<Case> cases = {{ImportFormat::CaqaRelease, "caqa-release/good.csv", {}},
                             {ImportFormat::CaqaRelease, "caqa-release/malformed.csv", {}},
                             {ImportFormat::Alce, "alce/malformed.csv", {}},
                             {ImportFormat::AttrScore, "attrscore/malformed.csv", {}},
                             {ImportFormat::AttributionBench, "attributionbench/malformed.jsonl", {}},
                             {ImportFormat::Wice, "wice/malformed.jsonl", {}},
                             {ImportFormat::Mapped, "mapped/malformed.jsonl", mapped_json()},
                             {ImportFormat::Mapped, "mapped/good.csv", mapped_csv()}};
  for (Case& c : cases) {
    std::string text = fixture(c.file);
    c.options.format = c.format;
    for (std::size_t n = 0; n <= text.size(); ++n) {
      auto r = caqa::import_gold(text.substr(0, n), c.options);
      ASSERT_EQ(r.rows.size() + r.bad_rows, r.records) << c.file << " cut at " << n;
      for (const auto& row : r.rows) ASSERT_LT(row.label, r.scheme->size());
    }
  }
}
