// The shortcut audit on synthetic benchmarks where the label is planted in exactly one
// cue: that probe warns and no other shallow probe does. Plus determinism and the
// structured errors for inputs the audit cannot use.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../parallel_runners.h"
#include "caqa/audit/audit_render.h"
#include "caqa/audit/surface_cues.h"
#include "caqa/rng.h"

namespace caqa::audit {
namespace {

enum class Plant { Nothing, IdSuffix, CitationLength, AnswerPresence };

// Owns the text the samples view.
struct Synthetic {
  std::vector<std::string> text;  // id, question, answer, citation per sample
  std::vector<AuditSample> samples;
};

const std::vector<std::string> kWords = {"river",  "album",  "tower",  "novel",  "bridge", "opera",
                                         "forest", "engine", "garden", "island", "museum", "palace",
                                         "harbor", "valley", "castle", "market"};
const std::vector<std::string> kNames = {"Arden Vale", "Bryce Holm", "Corin Lake", "Dana Roth",  "Elin Marsh",
                                         "Fenn Ashby", "Gale Orton", "Hale Brook", "Ines Varga", "Jory Kent"};
const std::vector<std::string> kSuffixes = {"sup", "par", "con", "irr"};

std::string words(Rng& rng, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += (i ? " " : "") + kWords[rng.next() % kWords.size()];
  return out;
}

Synthetic make(Plant plant, int n, std::uint64_t seed) {
  Rng rng(seed);
  Synthetic s;
  s.text.reserve(4 * n);
  for (int i = 0; i < n; ++i) {
    const int label = static_cast<int>(rng.next() % kLabelCount);
    const std::size_t who = rng.next() % kNames.size();
    const std::string& name = kNames[who];
    const std::string& other = kNames[(who + 1 + rng.next() % (kNames.size() - 1)) % kNames.size()];  // not name
    std::string id = "s" + std::to_string(rng.next() % 1000000);
    if (plant == Plant::IdSuffix) id += "-" + kSuffixes[label];
    const std::string question = "Which " + words(rng, 3) + "?";
    const std::string answer = "The answer is " + name + " [1].";
    // Supportive and partially supportive citations name the answer under AnswerPresence;
    // otherwise every citation names the answer or another name at random.
    const bool names_answer = plant == Plant::AnswerPresence ? label < 2 : rng.next() % 2 == 0;
    std::string citation = "[1] " + (names_answer ? name : other) + " " + words(rng, 4 + rng.next() % 6) + ".";
    // Spaces the tokenizer skips: only the character count carries the label.
    if (plant == Plant::CitationLength) citation += std::string(40 * label, ' ');
    s.text.insert(s.text.end(), {id, question, answer, citation});
    s.samples.push_back({{}, {}, {}, {}, kLabels[label], kComplexities[rng.next() % kPaperComplexityCount], {}});
  }
  for (int i = 0; i < n; ++i) {
    AuditSample& a = s.samples[i];
    a.id = s.text[4 * i];
    a.question = s.text[4 * i + 1];
    a.answer = s.text[4 * i + 2];
    a.citation = s.text[4 * i + 3];
  }
  return s;
}

AuditReport audit_of(Plant plant) {
  const Synthetic train = make(plant, 1200, 1), test = make(plant, 800, 2);
  AuditResult result = run_audit(train.samples, test.samples);
  EXPECT_TRUE(result.ok()) << to_string(result.error) << ": " << result.message;
  return result.report;
}

std::vector<Probe> warning_probes(const AuditReport& report) {
  std::vector<Probe> out;
  for (const ProbeRow& r : report.rows)
    if (r.warns) out.push_back(r.probe);
  return out;
}

double micro_f1(const AuditReport& report, Probe probe) { return report.rows[static_cast<int>(probe)].micro_f1; }

TEST(Audit, RowsFollowTheRegistryAndReferenceRowsNeverWarn) {
  const AuditReport report = audit_of(Plant::IdSuffix);
  ASSERT_EQ(report.rows.size(), probes().size());
  for (std::size_t i = 0; i < report.rows.size(); ++i) EXPECT_EQ(report.rows[i].probe, probes()[i].probe);
  EXPECT_EQ(report.train_size, 1200u);
  EXPECT_EQ(report.test_size, 800u);
  EXPECT_FALSE(report.rows[static_cast<int>(Probe::FullInput)].warns);  // it reads the id-free text only
}

TEST(Audit, NothingPlantedNothingWarns) {
  const AuditReport report = audit_of(Plant::Nothing);
  EXPECT_TRUE(warning_probes(report).empty()) << render_text(report);
  EXPECT_FALSE(report.any_warning());
}

TEST(Audit, LabelInTheIdWarnsOnTheIdProbeOnly) {
  const AuditReport report = audit_of(Plant::IdSuffix);
  EXPECT_EQ(warning_probes(report), std::vector<Probe>{Probe::IdOnly}) << render_text(report);
  EXPECT_GT(micro_f1(report, Probe::IdOnly), 0.99);
}

TEST(Audit, LabelInTheCitationLengthWarnsOnTheLengthsProbeOnly) {
  const AuditReport report = audit_of(Plant::CitationLength);
  EXPECT_EQ(warning_probes(report), std::vector<Probe>{Probe::LengthsOnly}) << render_text(report);
  EXPECT_GT(micro_f1(report, Probe::LengthsOnly), 0.9);
}

TEST(Audit, AnswerPresenceWarnsOnThePresenceProbeOnly) {
  const AuditReport report = audit_of(Plant::AnswerPresence);
  // Full input and lexical may see it too; they are reference rows.
  EXPECT_EQ(warning_probes(report), std::vector<Probe>{Probe::PresenceOnly}) << render_text(report);
  EXPECT_GT(micro_f1(report, Probe::PresenceOnly), 0.4);  // two of four labels told apart from two
}

TEST(Audit, GivenAnswerEntitiesArePresenceCues) {
  // The answer no longer names anyone; the producer's entity names carry the cue.
  Synthetic train = make(Plant::AnswerPresence, 1200, 1), test = make(Plant::AnswerPresence, 800, 2);
  for (Synthetic* data : {&train, &test})
    for (AuditSample& a : data->samples) {
      a.answer_entities = {a.answer.substr(14, a.answer.size() - 14 - 5)};  // "The answer is NAME [1]."
      a.answer = "See the citation [1].";
    }
  const AuditResult result = run_audit(train.samples, test.samples);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(warning_probes(result.report), std::vector<Probe>{Probe::PresenceOnly}) << render_text(result.report);
}

// CueReader keeps a question's side: its cues are length_cues' and presence_cues', with
// questions and answers repeating (every sample's question and answer four times), with and
// without answer entities.
TEST(Audit, CueReaderGivesTheCueFunctionsValues) {
  Synthetic data = make(Plant::AnswerPresence, 300, 7);
  for (std::size_t i = 0; i < data.samples.size(); ++i) {
    const AuditSample& first = data.samples[i / 4 * 4];
    data.samples[i].question = first.question;
    data.samples[i].answer = first.answer;
    if (i % 2 == 1) data.samples[i].answer_entities = {first.answer.substr(14, 4)};  // one side with, one without
  }
  CueReader reader;
  for (const AuditSample& s : data.samples) {
    EXPECT_EQ(reader.lengths(s), length_cues(s)) << s.question;
    EXPECT_EQ(reader.presence(s), presence_cues(s)) << s.question;
  }
}

// The cue reader counts sentences in its one pass over the words: the count it gives is
// sentence_count's, on texts of stops, spaces, markers and words in every order.
TEST(Audit, LengthCuesCountSentencesAsSentenceCount) {
  const std::string alphabet = ". !?\t\n[]1aZ\xC3\xA9,\"";
  Rng rng(5);
  const QuestionCues cues("Who wrote it?", "The answer is Arden Vale [1].");
  for (int k = 0; k < 20000; ++k) {
    std::string text(static_cast<std::size_t>(rng.uniform() * 24), ' ');
    for (char& c : text) c = alphabet[static_cast<std::size_t>(rng.uniform() * static_cast<double>(alphabet.size()))];
    EXPECT_EQ(cues.lengths(text)[1], sentence_count(text)) << '"' << text << '"';
  }
  EXPECT_EQ(sentence_count("[1] Arden Vale wrote it. It is a novel! Is it?"), 3);
  EXPECT_EQ(cues.lengths("[1] Arden Vale wrote it. It is a novel! Is it?")[1], 3);
}

TEST(Audit, MarginsAreOptions) {
  const Synthetic train = make(Plant::IdSuffix, 400, 1), test = make(Plant::IdSuffix, 200, 2);
  AuditOptions options;
  options.shallow_margin = 1.0;
  const AuditResult result = run_audit(train.samples, test.samples, options);
  ASSERT_TRUE(result.ok());
  EXPECT_FALSE(result.report.any_warning());
  EXPECT_TRUE(audit_warnings(result.report).empty());
}

TEST(Audit, SameInputsSameBytes) {
  const Synthetic train = make(Plant::AnswerPresence, 600, 5), test = make(Plant::AnswerPresence, 300, 6);
  const AuditResult a = run_audit(train.samples, test.samples), b = run_audit(train.samples, test.samples);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(to_json(a.report).dump(), to_json(b.report).dump());
  EXPECT_EQ(render_text(a.report), render_text(b.report));
  EXPECT_EQ(render_markdown(a.report), render_markdown(b.report));
}

// The probes train in parallel where a runner allows; the report may not depend on which
// finished first.
TEST(Audit, SameReportForAnyRunner) {
  const Synthetic train = make(Plant::IdSuffix, 600, 7), test = make(Plant::IdSuffix, 300, 8);
  const AuditResult in_order = run_audit(train.samples, test.samples);
  ASSERT_TRUE(in_order.ok());
  for (const ParallelFor& runner : {testing::backwards_runner(), testing::thread_per_item_runner()}) {
    const AuditResult other = run_audit(train.samples, test.samples, {}, runner);
    ASSERT_TRUE(other.ok());
    EXPECT_EQ(to_json(other.report).dump(), to_json(in_order.report).dump());
  }
}

TEST(Audit, RenderersCarryEveryProbeAndWarning) {
  const AuditReport report = audit_of(Plant::IdSuffix);
  const std::string text = render_text(report), markdown = render_markdown(report);
  const auto json = to_json(report);
  ASSERT_EQ(json["probes"].size(), probes().size());
  for (std::size_t i = 0; i < probes().size(); ++i) {
    EXPECT_NE(text.find(probes()[i].name), std::string::npos);
    EXPECT_NE(markdown.find("| " + std::string(probes()[i].name) + " |"), std::string::npos);
    EXPECT_EQ(json["probes"][i]["probe"], probes()[i].name);
  }
  EXPECT_NE(text.find("warning: id only reaches micro-F1 1.000"), std::string::npos) << text;
  EXPECT_NE(markdown.find("**leak**"), std::string::npos);
  ASSERT_EQ(json["warnings"].size(), 1u);
  EXPECT_EQ(json["probes"][static_cast<int>(Probe::IdOnly)]["warning"], true);
  EXPECT_EQ(json["probes"][static_cast<int>(Probe::Majority)]["margin"], nullptr);
}

TEST(Audit, UnusableInputsAreErrorsNotCrashes) {
  const Synthetic data = make(Plant::Nothing, 200, 3);
  const std::vector<AuditSample> none;
  EXPECT_EQ(run_audit(none, data.samples).error, AuditError::EmptyTrain);
  EXPECT_EQ(run_audit(data.samples, none).error, AuditError::EmptyTest);
  std::vector<AuditSample> one_label = data.samples;
  for (AuditSample& s : one_label) s.label = Label::Irrelevant;
  EXPECT_EQ(run_audit(one_label, data.samples).error, AuditError::OneLabelTrain);
  EXPECT_EQ(run_audit(data.samples, one_label).error, AuditError::OneLabelTest);
  AuditOptions bad;
  bad.citation_margin = -0.1;
  const AuditResult result = run_audit(data.samples, data.samples, bad);
  EXPECT_EQ(result.error, AuditError::BadOptions);
  EXPECT_NE(result.message.find("citation -0.1"), std::string::npos) << result.message;
  EXPECT_FALSE(to_string(AuditError::OneLabelTrain).empty());
}

}  // namespace
}  // namespace caqa::audit
