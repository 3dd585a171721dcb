// The explorer's view model against the core: its tallies must be the scorer's.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "caqa/metrics/confusion.h"
#include "caqa/viewer/highlight.h"
#include "caqa/viewer/viewer_state.h"

using namespace caqa;
using namespace caqa::viewer;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kExamples = CAQA_SOURCE_DIR "/data/examples/";

ViewerState loaded(bool two) {
  ViewerState v;
  EXPECT_FALSE(v.load_benchmark("benchmark.jsonl", read(kExamples + "benchmark.jsonl")));
  EXPECT_FALSE(v.add_submission("pred_good.jsonl", read(kExamples + "pred_good.jsonl")));
  if (two) EXPECT_FALSE(v.add_submission("pred_weak.jsonl", read(kExamples + "pred_weak.jsonl")));
  return v;
}

}  // namespace

TEST(ViewerState, LoadsTextsOfEverySample) {
  ViewerState v = loaded(false);
  ASSERT_EQ(v.gold().size(), 48u);
  EXPECT_EQ(v.texts_found(), 48u);
  std::uint32_t g = v.gold().ids().find("ex-001");
  ASSERT_NE(g, IdIndex::kAbsent);
  EXPECT_EQ(v.texts()[g].question, "Which scientist won Nobel Prizes in both Physics and Chemistry?");
  ASSERT_EQ(v.texts()[g].triples.size(), 1u);
  EXPECT_EQ(v.texts()[g].triples[0][1], "award_received");
  EXPECT_EQ(v.visible().size(), 48u);
}

TEST(ViewerState, PerSampleOutcomesRebuildTheScorersConfusionMatrix) {
  ViewerState v = loaded(true);
  for (const Submission& s : v.submissions()) {
    auto want = s.report().confusion.overall();
    std::vector<std::vector<std::uint64_t>> got(want.size(), std::vector<std::uint64_t>(v.outcome_count(), 0));
    for (std::uint32_t g = 0; g < v.gold().size(); ++g) got[v.gold().label(g)][s.scored.outcomes[g]] += 1;
    EXPECT_EQ(got, want) << s.name;
  }
}

TEST(ViewerState, CellSelectionListsExactlyTheCellsSamples) {
  ViewerState v = loaded(true);
  v.set_active(1);
  auto overall = v.submissions()[1].report().confusion.overall();
  for (int gl = 0; gl < v.gold().scheme().size(); ++gl)
    for (int o = 0; o < v.outcome_count(); ++o) {
      v.select_cell(gl, o);
      EXPECT_EQ(v.visible().size(), overall[gl][o]) << gl << "," << o;
      for (auto g : v.visible()) {
        EXPECT_EQ(v.gold().label(g), gl);
        EXPECT_EQ(v.outcome(1, g), o);
      }
    }
  v.clear_filters();
  EXPECT_EQ(v.visible().size(), 48u);
}

TEST(ViewerState, FiltersCombine) {
  ViewerState v = loaded(false);
  Filters f;
  f.complexity = index_of(Complexity::Single);
  v.set_filters(f);
  std::size_t single = v.visible().size();
  EXPECT_EQ(single, v.submissions()[0].report().classification.complexity_n[0]);
  f.text = "URANUS";  // case-insensitive
  v.set_filters(f);
  ASSERT_GE(v.visible().size(), 1u);
  for (auto g : v.visible()) EXPECT_NE(v.texts()[g].search_key.find("uranus"), std::string::npos);
  f.text = "no sample says this";
  v.set_filters(f);
  EXPECT_TRUE(v.visible().empty());
}

TEST(ViewerState, AgreementFilterPartitionsTheSamples) {
  ViewerState v = loaded(true);
  std::size_t total = 0;
  for (Agreement a : {Agreement::BothCorrect, Agreement::OnlyACorrect, Agreement::OnlyBCorrect, Agreement::BothWrong}) {
    Filters f;
    f.agreement = a;
    v.set_filters(f);
    total += v.visible().size();
  }
  EXPECT_EQ(total, 48u);
}

TEST(ViewerState, PairedDifferenceMatchesTheReports) {
  ViewerState v = loaded(true);
  ASSERT_EQ(v.paired().size(), 7u);  // micro, macro, macro recall, four label F1s
  const auto& micro = v.paired()[0];
  EXPECT_EQ(micro.metric.measure, caqa::measure_index("micro_f1"));
  EXPECT_DOUBLE_EQ(micro.result.value_a, v.submissions()[0].report().classification.value("micro_f1"));
  EXPECT_DOUBLE_EQ(micro.result.value_b, v.submissions()[1].report().classification.value("micro_f1"));
  EXPECT_DOUBLE_EQ(micro.result.difference, micro.result.value_a - micro.result.value_b);
  EXPECT_EQ(micro.result.n, 48u);
  EXPECT_DOUBLE_EQ(v.paired()[1].result.value_a, v.submissions()[0].report().classification.value("macro_f1"));
}

TEST(ViewerState, ErrorsComeInTheCoresWords) {
  ViewerState v;
  auto err = v.add_submission("p.jsonl", "{}\n");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("load a benchmark"), std::string::npos);
  EXPECT_FALSE(v.load_benchmark("benchmark.jsonl", read(kExamples + "benchmark.jsonl")));
  err = v.add_submission("pred_malformed.jsonl", read(kExamples + "pred_malformed.jsonl"));
  ASSERT_TRUE(err);
  EXPECT_EQ(err->message.rfind("pred_malformed.jsonl:", 0), 0u) << err->message;
  EXPECT_NE(err->message.find("error["), std::string::npos) << err->message;
  EXPECT_TRUE(v.submissions().empty());
  err = v.load_benchmark("bad.jsonl", "{\"id\":\"a\",\"label\":\"nope\",\"complexity\":\"single\"}\n");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->message.rfind("bad.jsonl:1:", 0), 0u) << err->message;
}

TEST(ViewerState, TwentyFourThousandSamplesFilterQuickly) {
  std::string bench, pred;
  const char* labels[] = {"supportive", "partially_supportive", "contradictory", "irrelevant"};
  const char* levels[] = {"single", "union", "intersection", "concatenation"};
  for (int i = 0; i < 24000; ++i) {
    bench += "{\"id\":\"s" + std::to_string(i) + "\",\"question\":\"Who directed film " + std::to_string(i) +
             "?\",\"answer\":\"Film " + std::to_string(i) + " was directed by Person " + std::to_string(i % 97) +
             " [1].\",\"citation\":\"[1] Person " + std::to_string(i % 89) + " directed it.\",\"label\":\"" +
             labels[i % 4] + "\",\"complexity\":\"" + levels[(i / 4) % 4] +
             "\",\"evidence\":{\"triples\":[[\"a\",\"b\",\"c\"]]}}\n";
    if (i % 50) pred += "{\"id\":\"s" + std::to_string(i) + "\",\"label\":\"" + labels[(i * 7) % 4] + "\"}\n";
  }
  ViewerState v;
  ASSERT_FALSE(v.load_benchmark("b", bench));
  ASSERT_FALSE(v.add_submission("p", pred));
  EXPECT_EQ(v.texts_found(), 24000u);
  auto t0 = std::chrono::steady_clock::now();
  Filters f;
  f.text = "person 42";
  v.set_filters(f);
  v.select_cell(0, v.gold().scheme().size());  // missing
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::size_t want = 0;  // brute force: gold supportive, no prediction, "person 42" in the text
  for (int i = 0; i < 24000; i += 50)
    if (i % 4 == 0 && (i % 97 == 42 || i % 89 == 42)) ++want;
  EXPECT_EQ(v.visible().size(), want);
  f = {};
  f.outcome = v.gold().scheme().size();  // missing
  v.set_filters(f);
  EXPECT_EQ(v.visible().size(), 480u);
  EXPECT_LT(ms, 200.0) << "two refilters over 24,000 samples";
}

TEST(Highlight, TokenizeLowerCasesWordsAndKeepsByteSpans) {
  auto w = tokenize("Jaws was directed by Steven-Spielberg [1].");
  ASSERT_EQ(w.size(), 7u);
  EXPECT_EQ(w[0].word, "jaws");
  EXPECT_EQ(w[0].span, (Span{0, 4}));
  EXPECT_EQ(w[4].word, "steven");
  EXPECT_EQ(w[6].word, "1");
}

TEST(Highlight, SharedWordsSkipStopWordsAndShortWords) {
  std::string a = "Jaws was directed by Steven Spielberg [1].";
  std::string b = "[1] Jaws is a 1975 film directed by Steven Spielberg.";
  auto s = shared_words(a, b);
  EXPECT_EQ(s.words, (std::vector<std::string>{"directed", "jaws", "spielberg", "steven"}));
  ASSERT_EQ(s.in_a.size(), 4u);
  EXPECT_EQ(a.substr(s.in_a[0].begin, s.in_a[0].end - s.in_a[0].begin), "Jaws");
  ASSERT_EQ(s.in_b.size(), 4u);
  EXPECT_EQ(b.substr(s.in_b[3].begin, s.in_b[3].end - s.in_b[3].begin), "Spielberg");
  EXPECT_TRUE(is_stop_word("the"));
  EXPECT_TRUE(shared_words("the of and", "the of and").words.empty());
}

TEST(Highlight, NonAsciiWordsMatch) {
  auto s = shared_words("Café Zürich opened", "zürich had a café");
  EXPECT_EQ(s.words, (std::vector<std::string>{"café", "zürich"}));
}
