// The leaderboard's core: ranking with ties, the JSON Schema subset, meta.json checked
// against the embedded schema, scoring one entry with caqa score's blocking rule, and
// the board JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "caqa/leaderboard/baselines.h"
#include "caqa/leaderboard/entries.h"
#include "caqa/leaderboard/json_schema.h"
#include "caqa/leaderboard/ranking.h"
#include "caqa/leaderboard/sealed_split.h"
#include "test_support.h"

namespace caqa::leaderboard {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

RankInput entry(const char* key, double score, double low, double high) { return {key, score, {low, high}}; }

TEST(LeaderboardRanking, NotSignificantMeansTiedAtRankOne) {
  std::vector<RankInput> in{entry("b", 0.50, 0.45, 0.55), entry("a", 0.52, 0.47, 0.57)};
  PairwiseP p(2);
  p.set(0, 1, 0.40);
  auto r = rank_entries(in, p);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].index, 1u);  // higher score listed first
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[0].tie_group, 1);
  EXPECT_EQ(r[1].tie_group, 1);
  EXPECT_FALSE(r[0].has_above);
  EXPECT_TRUE(r[1].has_above);
  EXPECT_DOUBLE_EQ(r[1].p_vs_above, 0.40);
  EXPECT_TRUE(r[1].cis_overlap_above);
  EXPECT_FALSE(r[1].beaten_by_above);
}

TEST(LeaderboardRanking, PairedTestBelowAlphaSeparatesOverlappingIntervals) {
  std::vector<RankInput> in{entry("a", 0.60, 0.55, 0.65), entry("b", 0.57, 0.52, 0.62)};
  PairwiseP p(2);
  p.set(0, 1, 0.01);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 2);
  EXPECT_TRUE(r[1].cis_overlap_above);
  EXPECT_TRUE(r[1].beaten_by_above);
  EXPECT_EQ(r[1].tie_group, 2);
}

TEST(LeaderboardRanking, AlphaIsStrict) {
  std::vector<RankInput> in{entry("a", 0.60, 0.55, 0.65), entry("b", 0.57, 0.52, 0.62)};
  PairwiseP p(2);
  p.set(0, 1, 0.05);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 1);
}

TEST(LeaderboardRanking, DisjointIntervalsWinWithoutPairedTest) {
  std::vector<RankInput> in{entry("a", 0.80, 0.75, 0.85), entry("b", 0.50, 0.45, 0.55)};
  PairwiseP p(2);  // NaN: no paired test
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 2);
  EXPECT_FALSE(r[1].cis_overlap_above);
  EXPECT_TRUE(std::isnan(r[1].p_vs_above));
  // Touching intervals overlap.
  in[0].ci.low = 0.55;
  r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_TRUE(r[1].cis_overlap_above);
}

TEST(LeaderboardRanking, NonTransitiveTiesCountEveryBetterEntry) {
  // a ~ b, b ~ c, but a beats c: c gets rank 2, b stays tied with a.
  std::vector<RankInput> in{entry("a", 0.70, 0.64, 0.76), entry("b", 0.66, 0.60, 0.72), entry("c", 0.62, 0.56, 0.68)};
  PairwiseP p(3);
  p.set(0, 1, 0.20);
  p.set(1, 2, 0.20);
  p.set(0, 2, 0.001);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[2].rank, 2);
  EXPECT_EQ(r[2].beaten_by, 1u);
  // Adjacent pairs are not significant: one tie group.
  EXPECT_EQ(r[2].tie_group, 1);
}

TEST(LeaderboardRanking, GroupsAndRanksOverFourEntries) {
  std::vector<RankInput> in{entry("d", 0.30, 0.25, 0.35), entry("c", 0.31, 0.26, 0.36), entry("b", 0.60, 0.55, 0.65),
                            entry("a", 0.61, 0.56, 0.66)};
  PairwiseP p(4);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) p.set(i, j, 0.5);
  auto r = rank_entries(in, p);
  std::vector<std::string> keys;
  for (const auto& e : r) keys.push_back(in[e.index].key);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[2].rank, 3);  // beaten by a and b (disjoint intervals)
  EXPECT_EQ(r[3].rank, 3);
  EXPECT_EQ(r[0].tie_group, 1);
  EXPECT_EQ(r[1].tie_group, 1);
  EXPECT_EQ(r[2].tie_group, 2);
  EXPECT_EQ(r[3].tie_group, 2);
}

TEST(LeaderboardRanking, EqualScoresNeverBeatEachOtherAndSortByKey) {
  std::vector<RankInput> in{entry("z", 0.5, 0.5, 0.5), entry("y", 0.5, 0.5, 0.5)};
  PairwiseP p(2);
  p.set(0, 1, 0.0);
  auto r = rank_entries(in, p);
  EXPECT_EQ(in[r[0].index].key, "y");
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_FALSE(beats(in[0], in[1], 0.0));
}

TEST(LeaderboardRanking, EmptyInput) { EXPECT_TRUE(rank_entries({}, PairwiseP(0)).empty()); }

// ---- the JSON Schema subset ---------------------------------------------------------

Json parsed(std::string_view text) {
  std::string error;
  auto j = parse_json(text, error);
  EXPECT_TRUE(j) << error;
  return j.value_or(Json());
}

std::vector<std::string> problems_of(std::string_view value, std::string_view schema) {
  return schema_problems(parsed(value), parsed(schema));
}

TEST(JsonSchema, ParseErrorNamesTheByte) {
  std::string error;
  EXPECT_FALSE(parse_json(R"({"a": )", error));
  EXPECT_EQ(error.rfind("not valid JSON at byte 7: ", 0), 0u) << error;
  EXPECT_FALSE(parse_json("", error));
}

TEST(JsonSchema, TypeSingleAndList) {
  const char* schema =
      R"({"type": "object", "properties": {"a": {"type": ["string", "null"]}, "n": {"type": "integer"}}})";
  EXPECT_TRUE(problems_of(R"({"a": null, "n": 3})", schema).empty());
  EXPECT_TRUE(problems_of(R"({"a": "x"})", schema).empty());
  EXPECT_EQ(problems_of(R"({"a": 8})", schema),
            std::vector<std::string>{"\"a\": expected a string or null, found number 8"});
  EXPECT_EQ(problems_of(R"({"n": 1.5})", schema),
            std::vector<std::string>{"\"n\": expected an integer, found number 1.5"});
  EXPECT_EQ(problems_of("[1]", schema), std::vector<std::string>{"expected a JSON object, found array [1]"});
}

TEST(JsonSchema, RequiredAndAdditionalProperties) {
  const char* schema = R"({"required": ["a", "b"], "additionalProperties": false, "properties": {"a": {}, "b": {}}})";
  EXPECT_TRUE(problems_of(R"({"a": 1, "b": 2})", schema).empty());
  EXPECT_EQ(problems_of(R"({"a": 1, "c": 2})", schema),
            (std::vector<std::string>{"missing required field \"b\"", "unknown field \"c\" (allowed: a, b)"}));
  EXPECT_TRUE(
      problems_of(R"({"a": 1, "b": 2, "c": 3})", R"({"required": ["a"]})").empty());  // extras allowed by default
}

TEST(JsonSchema, EnumShowsTheChoices) {
  const char* schema = R"({"properties": {"s": {"type": "string", "enum": ["x-y", "z"]}}})";
  EXPECT_TRUE(problems_of(R"({"s": "z"})", schema).empty());
  EXPECT_EQ(problems_of(R"({"s": "xy"})", schema),
            std::vector<std::string>{"\"s\": expected one of x-y, z, found \"xy\""});
}

TEST(JsonSchema, PatternIsSearchedNotAnchored) {
  const char* schema = R"({"properties": {"u": {"pattern": "^https?://"}, "d": {"pattern": "[0-9]"}}})";
  EXPECT_TRUE(problems_of(R"({"u": "https://a.b", "d": "a1b"})", schema).empty());
  EXPECT_EQ(problems_of(R"({"u": "ftp://a"})", schema),
            std::vector<std::string>{"\"u\": expected a string matching ^https?://, found \"ftp://a\""});
}

TEST(JsonSchema, MinLengthAndMaxLengthCountCharacters) {
  const char* schema = R"({"properties": {"a": {"type": "string", "minLength": 1}, "b": {"type": ["string", "null"],
    "minLength": 1}, "c": {"minLength": 3, "maxLength": 4}}})";
  EXPECT_EQ(problems_of(R"({"a": ""})", schema), std::vector<std::string>{"\"a\": must not be empty"});
  EXPECT_EQ(problems_of(R"({"b": ""})", schema), std::vector<std::string>{"\"b\": must not be empty (use null)"});
  EXPECT_EQ(problems_of(R"({"c": "ab"})", schema),
            std::vector<std::string>{"\"c\": expected at least 3 characters, found 2"});
  EXPECT_EQ(problems_of(R"({"c": "abcde"})", schema),
            std::vector<std::string>{"\"c\": expected at most 4 characters, found 5"});
  EXPECT_TRUE(problems_of(R"({"c": "\u00e9\u00e9\u00e9\u00e9"})", schema).empty());  // 4 characters, 8 bytes
}

TEST(JsonSchema, FormatDateIsARealCalendarDate) {
  const char* schema = R"({"properties": {"d": {"format": "date"}}})";
  for (const char* good : {"2024-02-29", "2000-02-29", "2026-12-31"})
    EXPECT_TRUE(problems_of(fmt::format(R"({{"d": "{}"}})", good), schema).empty()) << good;
  for (const char* bad : {"2023-02-29", "1900-02-29", "2026-13-01", "2026-04-31", "2026-1-01", "yesterday"})
    EXPECT_EQ(problems_of(fmt::format(R"({{"d": "{}"}})", bad), schema),
              std::vector<std::string>{fmt::format("\"d\": expected a calendar date YYYY-MM-DD, found \"{}\"", bad)});
}

TEST(JsonSchema, FormatUri) {
  const char* schema = R"({"properties": {"u": {"format": "uri"}}})";
  EXPECT_TRUE(problems_of(R"({"u": "https://example.org/x"})", schema).empty());
  EXPECT_EQ(problems_of(R"({"u": "example dot org"})", schema),
            std::vector<std::string>{"\"u\": expected a URI, found \"example dot org\""});
}

TEST(JsonSchema, NotAndNestedProperties) {
  const char* schema = R"({"properties": {"s": {"not": {"pattern": "^baseline-"}},
    "o": {"type": "object", "required": ["k"], "properties": {"k": {"type": "string"}}}}})";
  EXPECT_TRUE(problems_of(R"({"s": "mine", "o": {"k": "v"}})", schema).empty());
  EXPECT_EQ(problems_of(R"({"s": "baseline-x"})", schema),
            std::vector<std::string>{
                "\"s\": expected a value that does not match {\"pattern\":\"^baseline-\"}, found \"baseline-x\""});
  EXPECT_EQ(problems_of(R"({"o": {"k": 1}})", schema),
            std::vector<std::string>{"\"o.k\": expected a string, found number 1"});
  EXPECT_EQ(problems_of(R"({"o": {}})", schema), std::vector<std::string>{"\"o\": missing required field \"k\""});
}

// ---- meta.json against schema/leaderboard_meta.schema.json ------------------------

const std::string kVersion(64, 'a');

Json good_meta() {
  return Json{{"slug", "my-judge"},
              {"evaluator", "My judge"},
              {"setting", "zero-shot"},
              {"model", nullptr},
              {"size", "8B"},
              {"organisation", "Lab"},
              {"paper", "https://arxiv.org/abs/1"},
              {"code", nullptr},
              {"date", "2026-11-22"},
              {"benchmark_version", kVersion}};
}

std::vector<std::string> meta_problems(const Json& meta, const char* folder = "my-judge") {
  return check_submission_meta(meta.dump(), folder, kVersion).problems;
}

TEST(SubmissionMeta, EmbeddedSchemaIsTheLeaderboardSchema) {
  Json schema = parsed(leaderboard_meta_schema());
  EXPECT_EQ(schema["$id"], "https://caqa.local/schema/leaderboard_meta.schema.json");
  EXPECT_EQ(schema["additionalProperties"], false);
}

TEST(SubmissionMeta, GoodMetaGivesTheShownFields) {
  MetaCheck c = check_submission_meta(good_meta().dump(), "my-judge", kVersion);
  ASSERT_TRUE(c.meta) << (c.problems.empty() ? "" : c.problems[0]);
  EXPECT_EQ(c.meta->slug, "my-judge");
  EXPECT_EQ(c.meta->size, "8B");
  EXPECT_FALSE(c.meta->model);
  EXPECT_EQ(c.meta->paper, "https://arxiv.org/abs/1");
  EXPECT_EQ(c.meta->date, "2026-11-22");
  EXPECT_FALSE(c.meta->description);
}

TEST(SubmissionMeta, EachBadFieldIsNamed) {
  struct Case {
    const char* key;
    Json value;
    std::string expected;
  };
  const std::vector<Case> cases{
      {"size", 8, "\"size\": expected a string or null, found number 8"},
      {"setting", "zeroshot",
       "\"setting\": expected one of zero-shot, few-shot, fine-tuned, other, found \"zeroshot\""},
      {"slug", "My_Judge", "\"slug\": expected a string matching ^[a-z0-9][a-z0-9-]{0,62}$, found \"My_Judge\""},
      {"evaluator", "", "\"evaluator\": must not be empty"},
      {"model", "", "\"model\": must not be empty (use null)"},
      {"code", "ftp://x", "\"code\": expected a string matching ^https?://, found \"ftp://x\""},
      {"date", "2026-02-30", "\"date\": expected a calendar date YYYY-MM-DD, found \"2026-02-30\""},
      {"extra", 1,
       "unknown field \"extra\" (allowed: slug, evaluator, setting, model, size, organisation, paper, code, "
       "date, benchmark_version, description)"},
  };
  for (const auto& c : cases) {
    Json meta = good_meta();
    meta[c.key] = c.value;
    auto problems = meta_problems(meta);
    ASSERT_FALSE(problems.empty()) << c.key;
    EXPECT_EQ(problems[0], c.expected) << c.key;
    EXPECT_FALSE(check_submission_meta(meta.dump(), "my-judge", kVersion).meta);
  }
}

TEST(SubmissionMeta, MissingFieldNotJsonAndNotAnObject) {
  Json meta = good_meta();
  meta.erase("organisation");
  EXPECT_EQ(meta_problems(meta), std::vector<std::string>{"missing required field \"organisation\""});
  EXPECT_EQ(check_submission_meta("{\"slug\":", "x", kVersion).problems[0].rfind("not valid JSON at byte", 0), 0u);
  EXPECT_EQ(check_submission_meta("[]", "x", kVersion).problems,
            std::vector<std::string>{"expected a JSON object, found array []"});
}

TEST(SubmissionMeta, RulesBeyondTheSchema) {
  EXPECT_EQ(meta_problems(good_meta(), "other"),
            std::vector<std::string>{"\"slug\": \"my-judge\" must equal the folder name \"other\""});
  Json meta = good_meta();
  meta["slug"] = "baseline-mine";
  EXPECT_EQ(meta_problems(meta, "baseline-mine")[0],
            "\"slug\": expected a value that does not match {\"pattern\":\"^baseline-\"}, found \"baseline-mine\"");
  meta = good_meta();
  meta["benchmark_version"] = std::string(64, 'b');
  auto problems = meta_problems(meta);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rfind("\"benchmark_version\": \"bbbb", 0), 0u) << problems[0];
}

// ---- entries and the board ------------------------------------------------------------

BoardBenchmark small_benchmark() {
  BoardBenchmark b;
  b.test = parse_gold(test::edge_gold()).gold;
  b.train = parse_gold(test::gold_line("t1", "irrelevant", "single") + test::gold_line("t2", "irrelevant", "union") +
                       test::gold_line("t3", "supportive", "single"))
                .gold;
  b.version = kVersion;
  return b;
}

EntryCheck check(SubmissionChecker& checker, const std::string& folder, const std::string& predictions) {
  Json meta = good_meta();
  meta["slug"] = folder;
  std::string meta_text = meta.dump();
  InputText text(predictions);
  return checker.check(
      {folder, folder + "/meta.json", std::string_view(meta_text), folder + "/predictions.jsonl", &text});
}

// Predictions for every sample of the edge gold.
std::string complete_predictions() {
  return test::edge_predictions() + "{\"id\":\"e04\",\"label\":\"maybe\"}\n" +
         "{\"id\":\"e14\",\"label\":\"irrelevant\"}\n";
}

TEST(LeaderboardEntries, ScoredLikeCaqaScoreAndBlockedOnlyByBlockingProblems) {
  BoardBenchmark b = small_benchmark();
  SubmissionChecker checker(b);
  // An invalid label and an unknown id do not block `caqa score`, so they do not block here.
  EntryCheck scored = check(checker, "a", complete_predictions());
  ASSERT_TRUE(scored.entry) << (scored.problems.empty() ? "" : scored.problems[0]);
  EXPECT_EQ(scored.entry->scored.outcomes.size(), b.test.size());
  EXPECT_EQ(scored.note, "1 invalid label(s), 0 unparseable, 1 unknown id(s); scored as wrong/ignored");
  // Issue 12: a submission that leaves test samples out is refused, not ranked.
  EntryCheck partial = check(checker, "c", test::edge_predictions());
  EXPECT_FALSE(partial.entry);
  ASSERT_FALSE(partial.problems.empty());
  EXPECT_NE(partial.problems[0].find("a submission predicts every sample"), std::string::npos) << partial.problems[0];
  EntryCheck blocked = check(checker, "b", test::edge_predictions() + "{\"id\": \"e01\", \"label\": \n");
  EXPECT_FALSE(blocked.entry);
  ASSERT_FALSE(blocked.problems.empty());
  EXPECT_EQ(blocked.problems[0].rfind("b/predictions.jsonl:", 0), 0u) << blocked.problems[0];
}

TEST(LeaderboardEntries, SlugsAreUniqueIgnoringCase) {
  BoardBenchmark b = small_benchmark();
  SubmissionChecker checker(b);
  EXPECT_TRUE(check(checker, "judge", complete_predictions()).entry);
  EntryCheck again = check(checker, "Judge", complete_predictions());
  EXPECT_FALSE(again.entry);
  EXPECT_NE(std::find(again.problems.begin(), again.problems.end(),
                      "Judge/meta.json: slug \"Judge\" is not unique (differs from another only in case)"),
            again.problems.end());
}

TEST(LeaderboardBaselines, AlwaysSupportiveMajorityOfTrainAndSeededRandom) {
  BoardBenchmark b = small_benchmark();
  auto baselines = computed_baselines(b.test, b.train);
  ASSERT_EQ(baselines.size(), 3u);
  EXPECT_EQ(baselines[0].meta.slug, "baseline-always-supportive");
  EXPECT_EQ(baselines[1].meta.evaluator, "Majority class of train (irrelevant)");
  EXPECT_EQ(baselines[2].meta.slug, "baseline-uniform-random");
  EXPECT_EQ(baselines[0].predictions.substr(0, 34), "{\"id\":\"e01\",\"label\":\"supportive\"}\n");
  EXPECT_EQ(computed_baselines(b.test, b.train)[2].predictions, baselines[2].predictions);  // seeded
  EXPECT_EQ(computed_baselines(b.test, GoldSet{}).size(), 2u);                              // no train, no majority row
}

TEST(LeaderboardBoard, JsonCarriesRanksColumnsAndTheVisitorRule) {
  BoardBenchmark b = small_benchmark();
  SubmissionChecker checker(b);
  std::vector<BoardEntry> entries{*check(checker, "edge", complete_predictions()).entry};
  std::vector<std::string> problems;
  for (auto& e : baseline_entries(b, problems)) entries.push_back(std::move(e));
  EXPECT_TRUE(problems.empty());
  std::string error;
  auto reported = read_reported_table(fmt::format(R"({{"flag": "{}", "entries": []}})", kReportedFlag), error);
  ASSERT_TRUE(reported) << error;
  const std::string text = board_json(entries, b, *reported);
  EXPECT_EQ(text, board_json(entries, b, *reported));
  EXPECT_EQ(text.back(), '\n');
  Json board = parsed(text);
  EXPECT_EQ(board["format"], "caqa-leaderboard");
  EXPECT_EQ(board["benchmark"]["n"], 18);
  EXPECT_EQ(board["labels"][1], (Json{{"name", "partially_supportive"}, {"header", "Par."}}));
  std::vector<std::string> levels, headers;
  for (const auto& c : board["complexity_columns"]) levels.push_back(c["name"]), headers.push_back(c["header"]);
  EXPECT_EQ(levels, (std::vector<std::string>{"single", "concatenation", "intersection", "union"}));
  EXPECT_EQ(headers, (std::vector<std::string>{"Single", "Concat.", "Inter.", "Union"}));
  EXPECT_EQ(board["visitor_row"]["ranked"], false);
  EXPECT_EQ(board["visitor_row"]["from_score_report"]["f1"], "per_label.<label>.f1");
  const Json& verified = board["verified"];
  ASSERT_EQ(verified.size(), 4u);
  EXPECT_EQ(verified[0]["slug"], "edge");  // the only real evaluator leads
  EXPECT_EQ(verified[0]["vs_above"], nullptr);
  for (std::size_t i = 1; i < verified.size(); ++i) {
    EXPECT_EQ(verified[i]["vs_above"]["slug"], verified[i - 1]["slug"]);
    EXPECT_GE(verified[i - 1]["micro_f1"].get<double>(), verified[i]["micro_f1"].get<double>());
    EXPECT_EQ(verified[i]["rank"], 1 + verified[i]["beaten_by"].get<int>());
  }
  std::vector<std::string> keys;
  for (const auto& [k, v] : verified[0]["complexity_micro_f1"].items()) keys.push_back(k);
  EXPECT_EQ(keys, levels);
  EXPECT_EQ(board["reported"]["flag"], kReportedFlag);
  EXPECT_EQ(board_freshness(text, b), BoardFreshness::Current);
  b.version = std::string(64, 'c');
  EXPECT_EQ(board_freshness(text, b), BoardFreshness::Stale);
  EXPECT_EQ(board_freshness("{", b), BoardFreshness::Unreadable);
}

TEST(LeaderboardReported, NeedsTheFlagAndEntries) {
  std::string error;
  EXPECT_FALSE(read_reported_table(R"({"entries": []})", error));
  EXPECT_NE(error.find("\"flag\""), std::string::npos);
  EXPECT_FALSE(read_reported_table("[", error));
  EXPECT_EQ(error.rfind("not valid JSON", 0), 0u);
}

}  // namespace
}  // namespace caqa::leaderboard

// Issue 18: the ranked split keeps a source question's samples together (its four
// citations carry four labels), ships no label or evidence in its inputs, and is the
// same for the same test.jsonl.
TEST(LeaderboardSealedSplit, KeepsQuestionsTogetherAndInputsUnlabelled) {
  std::string test;
  const char* labels[] = {"supportive", "partially_supportive", "contradictory", "irrelevant"};
  for (int q = 0; q < 40; ++q)
    for (int l = 0; l < 4; ++l)
      test += fmt::format(
          "{{\"id\":\"{:016x}\",\"question\":\"q{}\",\"answer\":\"a\",\"citation\":\"c\",\"label\":\"{}\","
          "\"complexity\":\"single\",\"split\":\"test\",\"evidence\":{{\"triples\":[]}},\"source_question\":\"s{}\"}}"
          "\n",
          q * 4 + l, q, labels[l], q);
  std::string error;
  auto split = caqa::leaderboard::seal_test_split(test, error);
  ASSERT_TRUE(split) << error;
  EXPECT_EQ(split->n_public + split->n_ranked, 160u);
  EXPECT_EQ(split->n_public % 4, 0u);
  EXPECT_GT(split->n_public, 0u);
  for (int q = 0; q < 40; ++q) {
    const std::string group = fmt::format("\"source_question\":\"s{}\"", q);
    std::size_t in_public = 0, pos = 0;
    while ((pos = split->public_gold.find(group, pos)) != std::string::npos) ++in_public, ++pos;
    EXPECT_TRUE(in_public == 0 || in_public == 4) << "question " << q << " is split across the two parts";
  }
  EXPECT_EQ(split->ranked_inputs.find("\"label\""), std::string::npos);
  EXPECT_EQ(split->ranked_inputs.find("evidence"), std::string::npos);
  EXPECT_EQ(split->ranked_inputs.find("source_question"), std::string::npos);
  EXPECT_EQ(split->ranked_placeholder.find("partially_supportive"), std::string::npos);
  auto again = caqa::leaderboard::seal_test_split(test, error);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->ranked_gold, split->ranked_gold);
  EXPECT_EQ(again->ranked_inputs, split->ranked_inputs);
  EXPECT_FALSE(caqa::leaderboard::seal_test_split("{\"id\": 3}\n", error));
  EXPECT_EQ(error, "line 1: expected a JSON object with a string \"id\"");
}
