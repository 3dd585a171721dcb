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

// tests/fixtures/import/mapped/three_annotators.jsonl as docs/import.md imports it.
caqa::ImportOptions mapped_levels() {
  caqa::ImportOptions o;
  o.scheme = "support3";
  o.columns = {"", "question", "answer", "docs[].text", "label", {"setting"}};
  std::string error;
  o.label_map = *caqa::parse_import_label_map("supported=full, Partially = partial,not_supported=no",
                                              *caqa::import_label_scheme("support3"), error);
  return o;
}

std::string label_map_error(std::string_view spec, std::string_view scheme = "support3") {
  std::string error;
  EXPECT_FALSE(caqa::parse_import_label_map(spec, *caqa::import_label_scheme(scheme), error)) << spec;
  return error;
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

TEST(Import, MappedLabelMapKeptFieldAndTitledDocs) {
  auto r = import(ImportFormat::Mapped, "mapped/three_annotators.jsonl", mapped_levels());
  EXPECT_TRUE(r.diagnostics.items.empty());
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1, 2, 0, 1, 2}));  // supported, partially, not_supported
  EXPECT_EQ(r.rows[1].citation,
            "[1] Axolotl: Axolotls feed on worms and insect larvae. [2] Amphibian diets: Many salamanders also take "
            "small fish when they can catch them.");
  EXPECT_EQ(r.rows[2].kept, (std::vector<std::pair<std::string, std::string>>{{"setting", "closed-book"}}));
  EXPECT_EQ(caqa::imported_gold_line(r.rows[3], r),
            "{\"id\":\"row-4\",\"question\":\"Which planet has the most moons?\",\"answer\":\"Saturn has more known "
            "moons than any other planet [1].\",\"citation\":\"[1] Moons of Saturn: Saturn has the largest number of "
            "confirmed moons of any planet in the Solar System.\",\"label\":\"full\",\"scheme\":\"support3\","
            "\"setting\":\"closed-book\"}\n");
}

TEST(Import, LabelMapItemsAreCheckedAndComeBeforeTheSchemesSpellings) {
  std::string error;
  auto map = caqa::parse_import_label_map(" 1 = Supportive,0=irrelevant", *caqa::import_label_scheme("caqa4"), error);
  ASSERT_TRUE(map) << error;
  EXPECT_EQ(map->front().source, "1");
  EXPECT_EQ(map->front().cls, "supportive");  // the canonical class name, as the sidecar records it
  EXPECT_NE(label_map_error("supported").find("item \"supported\": expected SRC=CLASS, found no '='"),
            std::string::npos);
  EXPECT_NE(label_map_error("=full").find("no SRC"), std::string::npos);
  EXPECT_NE(label_map_error("a=full, b = ").find("item \"b =\": expected SRC=CLASS, found no CLASS"),
            std::string::npos);
  EXPECT_NE(label_map_error("a=full,").find("found an empty item"), std::string::npos);
  EXPECT_NE(label_map_error("a=maybe").find("expected a class of the support3 scheme"), std::string::npos);
  EXPECT_NE(label_map_error("a=full,A=no").find("\"A\" is mapped twice"), std::string::npos);
  // "no" is a support3 spelling, but the map is read first; an unmapped label still parses.
  caqa::ImportOptions o = mapped_csv();
  o.label_map = {{"no", "full"}};
  auto r = caqa::import_gold("pair_id,statement,source_text,level\np1,s,c, NO \np2,s,c,partial\np3,s,c,maybe\n", o);
  EXPECT_EQ(labels(r), (std::vector<int>{0, 1}));
  EXPECT_NE(r.diagnostics.items.at(0).message.find("\"no\", full, partial or no"), std::string::npos);
  o.label_map = {{"x", "maybe"}};  // built without parse_import_label_map: import_gold checks it
  EXPECT_EQ(codes(caqa::import_gold("pair_id\n", o).diagnostics), (Codes{{ErrorCode::BadFieldType, 0}}));
}

TEST(Import, KeptNamesMayNotTakeTheGoldsOwnKeys) {
  caqa::ImportOptions o = mapped_json();
  for (const char* name : {"id", "label", "complexity", "split", "scheme"}) {
    o.columns.kept = {"setting", name};
    EXPECT_NE(caqa::mapped_options_problem(o).find("a gold line has its own"), std::string::npos) << name;
  }
  o.columns.kept = {"setting", "setting"};
  EXPECT_NE(caqa::mapped_options_problem(o).find("named twice"), std::string::npos);
  o.columns.kept = {"setting"};
  EXPECT_EQ(caqa::mapped_options_problem(o), "");
  o.columns.kept = {"id"};  // import_gold checks it too
  auto r = import(ImportFormat::Mapped, "mapped/good.jsonl", o);
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::BadFieldType, 0}}));
  EXPECT_TRUE(r.rows.empty());
}

TEST(Import, KeptJsonValuesAsTextAndMissingOnesAreBadRows) {
  caqa::ImportOptions o = mapped_json();
  o.columns.kept = {"n", "flag", "meta.setting"};
  auto r = caqa::import_gold(
      R"({"meta": {"id": "a", "setting": "rag"}, "q": "q", "a": "a", "docs": "d", "gold": "attributable", "n": 3, "flag": true}
{"meta": {"id": "b"}, "q": "q", "a": "a", "docs": "d", "gold": "attributable", "n": 4, "flag": false}
{"meta": {"id": "c", "setting": "rag"}, "q": "q", "a": "a", "docs": "d", "gold": "attributable", "n": [4], "flag": false}
)",
      o);
  EXPECT_EQ(ids(r), (std::vector<std::string>{"a"}));
  EXPECT_EQ(r.rows[0].kept,
            (std::vector<std::pair<std::string, std::string>>{{"n", "3"}, {"flag", "true"}, {"meta.setting", "rag"}}));
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::MissingField, 2}, {ErrorCode::BadFieldType, 3}}));
  EXPECT_EQ(r.diagnostics.items[1].column, 103u);  // the mapped fields' problems have columns
}

TEST(Import, SeveralCitationColumnsAndListPaths) {
  caqa::ImportOptions o = mapped_json();
  o.columns.citation = "lead, docs";
  auto r = caqa::import_gold(
      R"({"meta": {"id": "a"}, "q": "q", "a": "a", "lead": "L", "docs": ["x", "y"], "gold": "attributable"}
)",
      o);
  EXPECT_EQ(r.rows.at(0).citation, "[1] L [2] x [3] y");
  o.columns.citation = "docs[].body.text";  // FIELD may be a dotted path; "title" is the element's own
  std::string text =
      R"({"meta": {"id": "a"}, "a": "a", "docs": [{"body": {"text": "t1"}}, {"title": "T", "body": {"text": "t2"}}], "gold": "attributable"}
{"meta": {"id": "b"}, "a": "a", "docs": {"body": "t"}, "gold": "attributable"}
{"meta": {"id": "c"}, "a": "a", "docs": [{"body": {"text": "t"}}, "t2"], "gold": "attributable"}
{"meta": {"id": "d"}, "a": "a", "docs": [{"body": {"text": "t"}}, {"title": "T"}], "gold": "attributable"}
{"meta": {"id": "e"}, "a": "a", "docs": [{"body": {"text": 5}}], "gold": "attributable"}
{"meta": {"id": "f"}, "a": "a", "gold": "attributable"}
)";
  r = caqa::import_gold(text, o);
  EXPECT_EQ(r.rows.at(0).citation, "[1] t1 [2] T: t2");
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::BadFieldType, 2},
                                         {ErrorCode::BadFieldType, 3},
                                         {ErrorCode::MissingField, 4},
                                         {ErrorCode::BadFieldType, 5},
                                         {ErrorCode::MissingField, 6}}));
  EXPECT_EQ(r.diagnostics.items[0].message,
            "expected a list of objects at \"docs\" for \"docs[].body.text\", found an object");
  EXPECT_EQ(r.diagnostics.items[0].column, 41u);
  EXPECT_NE(r.diagnostics.items[1].message.find("found a string as element 2"), std::string::npos);
  EXPECT_NE(r.diagnostics.items[2].message.find("found element 2 without \"body.text\""), std::string::npos);
  EXPECT_NE(r.diagnostics.items[3].message.find("found a number in element 1"), std::string::npos);
  std::string error;
  EXPECT_FALSE(caqa::citation_sources("docs[]", error));
  EXPECT_FALSE(caqa::citation_sources("a,,b", error));
  EXPECT_EQ(caqa::citation_sources("a, b[].c", error)->at(1).element_field, "c");
}

TEST(Import, MappedCsvCitationColumnsAndKeptColumns) {
  caqa::ImportOptions o = mapped_csv();
  o.columns.citation = "s1,s2";
  o.columns.kept = {"domain"};
  auto r = caqa::import_gold("pair_id,statement,s1,s2,level,domain\np1,s,one,two,full,news\np2,s,one,,no,\n", o);
  EXPECT_EQ(r.rows.at(0).citation, "[1] one [2] two");
  EXPECT_EQ(r.rows[0].kept, (std::vector<std::pair<std::string, std::string>>{{"domain", "news"}}));
  EXPECT_EQ(codes(r.diagnostics), (Codes{{ErrorCode::MissingField, 3}}));  // an empty kept cell
  o.columns.kept = {"topic"};
  EXPECT_EQ(codes(caqa::import_gold("pair_id,statement,s1,s2,level\n", o).diagnostics),
            (Codes{{ErrorCode::CsvHeader, 1}}));
  o.columns.kept = {};
  o.columns.citation = "docs[].text";
  r = caqa::import_gold("pair_id,statement,docs,level\n", o);
  EXPECT_NE(r.diagnostics.items.at(0).message.find("found the list path \"docs[].text\""), std::string::npos);
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
                             {ImportFormat::Mapped, "mapped/good.csv", mapped_csv()},
                             {ImportFormat::Mapped, "mapped/three_annotators.jsonl", mapped_levels()}};
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
