#include "caqa/kg/benchmark_builder.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>

#include <fmt/format.h>

#include "caqa/audit/surface_cues.h"
#include "caqa/hash.h"
#include "caqa/kg/answerability.h"
#include "caqa/kg/citation_drafts.h"
#include "caqa/kg/citation_facts.h"
#include "caqa/kg/comparison_query.h"
#include "caqa/kg/label_verifier.h"
#include "caqa/kg/negation_query.h"
#include "caqa/kg/query_text.h"
#include "caqa/kg/question_texts.h"
#include "caqa/kg/subgraph_edit.h"
#include "caqa/kg/unbacked_claims.h"
#include "sample_ids.h"

namespace caqa::kg {

namespace {

// More answers than this and a citation that grounds them all reads like a list.
constexpr std::size_t kMaxAnswers = 4;
// Paddings drafted per label and question, among which the cue matching chooses.
constexpr int kDraftsPerLabel = 16;
// Questions whose citations are two passages, "[1] ... [2] ..." (the paper's evidence has
// "one or multiple citations").
constexpr double kTwoPassageShare = 0.4;
// Source questions asked a comparison, a negation too: most have an entity with a year to
// compare or a birthplace to deny, and neither level should outnumber the paper's.
constexpr double kComparisonShare = 0.5;
constexpr double kNegationShare = 0.3;

// The source question's own answers, when it states them, must be what its query returns
// over the KG: otherwise the KG (or the question) is not the one the answers belong to.
bool stated_answers_hold(const Question& question, const ResolvedQuery& resolved, const KnowledgeGraph& kg) {
  if (question.answers.empty()) return true;
  std::vector<EntityId> stated;
  for (const auto& key : question.answers) {
    auto e = kg.find_entity(key);
    if (!e) return false;
    stated.push_back(*e);
  }
  std::sort(stated.begin(), stated.end());
  stated.erase(std::unique(stated.begin(), stated.end()), stated.end());
  ExtendedQuery plain;
  plain.branches.push_back(resolved);
  return answers_of(plain, kg) == std::optional(stated);
}

// What one source question yields, worked out on its own (possibly on another thread)
// and merged in question order, so the result does not depend on which ran first.
struct QuestionOutcome {
  ProblemCounts problems;
  std::vector<std::string> violations;
  std::vector<BenchmarkSample> samples;  // sample ids not yet checked against other questions'
  bool collected = false;
  QueryShape shape = QueryShape::Single;
  std::size_t determinacy_checked = 0, determinacy_failed = 0;
  std::optional<Extension> extension;
  std::vector<Extension> later;  // the later levels (comparison, negation) that made samples
};

struct QuestionBuilder {
  const KnowledgeGraph& kg;
  const Verbalizer& verbalizer;
  const BuildOptions& options;
  const StandIns stand_ins{kg};
  const RelationProfile profile{kg};
  const ClaimReader reader{profile, options.implied_facts};
  const std::vector<bool> orderable = orderable_relations(kg, profile);

  QuestionOutcome build(const Question& question) const;
  // Steps 2-7 for one extended query: grounding, editing, verbalisation; false when it
  // made no samples. `tag` starts the later levels' problems ("comparison: ...").
  bool attribute(const Question& question, const ExtendedQuery& extended, Rng& rng, std::string_view tag,
                 QuestionOutcome& out) const;
  // The later levels asked of the question's entities, each from its own generator.
  void later_levels(const Question& question, const ResolvedQuery& resolved, const std::vector<Binding>& bindings,
                    QuestionOutcome& out) const;
};

QuestionOutcome QuestionBuilder::build(const Question& question) const {
  QuestionOutcome out;
  auto problem = [&](const std::string& reason) { out.problems.add(reason, question.id); };
  // 1. Query collection: single, paths of at most two hops, trees of at most two subjects.
  auto shape = question.query.shape();
  if (!shape) {
    problem("query is not a single triple, path or tree");
    return out;
  }
  if (*shape == QueryShape::Path && question.query.patterns.size() > 2) {
    problem("path query longer than two hops");
    return out;
  }
  if (*shape == QueryShape::Tree && question.query.patterns.size() > 2) {
    problem("tree query with more than two subjects");
    return out;
  }
  auto resolved = resolve(question.query, kg, out.problems, question.id);
  if (!resolved) return out;
  // The generator of a question depends only on (seed, id), not on file order.
  Rng rng(options.seed ^ fnv1a64(question.id, kQuestionHashSeed));
  auto bindings = match(*resolved, kg, 64);
  if (std::none_of(bindings.begin(), bindings.end(), [&](const Binding& b) { return distinct_nodes(*resolved, b); })) {
    problem(bindings.empty() ? "query grounds to nothing in the KG" : "query's only answers are its own entities");
    return out;
  }
  if (!stated_answers_hold(question, *resolved, kg)) {
    problem("stated answers differ from what the query returns over the KG");
    return out;
  }
  out.collected = true;
  out.shape = *shape;

  // 2. Extension.
  const ExtendedQuery extended = extend_query(*resolved, *shape, kg, rng, &profile);
  // Only questions a reader can answer as written seed the later levels, which keeps their
  // share of a build near the paper's levels' (MetaQA asks many that are skipped); a level
  // not asked for is still built to tell, and its samples dropped.
  if (options.levels[index_of(extended.complexity)]) {
    if (attribute(question, extended, rng, {}, out)) out.extension = extended.extension;
    if (out.extension) later_levels(question, *resolved, bindings, out);
  } else if (QuestionOutcome unasked; attribute(question, extended, rng, {}, unasked)) {
    later_levels(question, *resolved, bindings, out);
  }
  return out;
}

void QuestionBuilder::later_levels(const Question& question, const ResolvedQuery& resolved,
                                   const std::vector<Binding>& bindings, QuestionOutcome& out) const {
  std::vector<EntityId> answers;
  for (const Binding& b : bindings)
    if (distinct_nodes(resolved, b) && std::find(answers.begin(), answers.end(), b[0]) == answers.end())
      answers.push_back(b[0]);
  std::sort(answers.begin(), answers.end());
  if (options.levels[index_of(Complexity::Comparison)]) {
    Rng rng(options.seed ^ fnv1a64(question.id + "|comparison", kQuestionHashSeed));
    std::optional<ExtendedQuery> asked;
    if (rng.uniform() < kComparisonShare)
      asked = comparison_query(resolved, answers, kg, profile, orderable, verbalizer.display_names(), rng);
    if (asked && attribute(question, *asked, rng, "comparison: ", out)) out.later.push_back(Extension::Comparison);
  }
  if (options.levels[index_of(Complexity::Negation)] && !options.negatable.empty()) {
    Rng rng(options.seed ^ fnv1a64(question.id + "|negation", kQuestionHashSeed));
    std::optional<ExtendedQuery> asked;
    if (rng.uniform() < kNegationShare)
      asked = negation_query(
          resolved, answers, kg, profile, stand_ins, options.negatable, verbalizer.display_names(),
          [this](RelationId r) { return verbalizer.names_a_subject(r); }, rng);
    if (asked && attribute(question, *asked, rng, "negation: ", out)) out.later.push_back(Extension::Negation);
  }
}

bool QuestionBuilder::attribute(const Question& question, const ExtendedQuery& extended, Rng& rng, std::string_view tag,
                                QuestionOutcome& out) const {
  auto problem = [&](const std::string& reason) { out.problems.add(std::string(tag) + reason, question.id); };
  const bool comparison = extended.complexity == Complexity::Comparison;
  const bool negation = extended.complexity == Complexity::Negation;
  // 3. Grounding: G derives every answer of the extended query.
  auto g = ground_attribution(extended, kg, rng);
  if (!g) {
    problem("extended query grounds to nothing, or to too many bindings");
    return false;
  }
  if (g->targets.size() > kMaxAnswers) {
    problem(fmt::format("extended query has more than {} answers", kMaxAnswers));
    return false;
  }
  // Determinacy: the extended query, run over the whole KG, returns exactly the answers
  // the sample states.
  ++out.determinacy_checked;
  if (answers_of(extended, kg) != std::optional(g->targets)) {
    ++out.determinacy_failed;
    problem("extended query's answers over the KG differ from the stated answers");
    return false;
  }
  // Answerable as written (answerability.h).
  if (auto why = unanswerable(extended, *g, profile, verbalizer.display_names())) {
    problem(*why);
    return false;
  }

  const std::optional<std::string> asked = comparison ? verbalizer.comparison_question(extended, *g)
                                           : negation ? verbalizer.negation_question(extended, *g)
                                                      : verbalizer.question(question, extended, *g);
  if (!asked) {
    problem("no question phrase for the extended query (query templates)");
    return false;
  }
  std::string text = *asked;
  if (const DisplayNames* names = verbalizer.display_names())
    text = names->as_written(std::move(text), std::span<const Triple>(g->supportive));

  const CitationFacts padding(extended, *g, kg, profile, verbalizer.unsaid(), &options.implied_facts);
  if (!padding.can_name_all()) {
    problem("an entity the answer names has no fact but G's to be named by");
    return false;
  }

  // 4. Editing; every edit is read claim by claim before it is kept (claim_reading.h).
  auto reads_as = [&](Label label) {
    return [this, label, &extended, &g](std::span<const Triple> facts) {
      return !verify_label(label, extended, *g, facts, reader);
    };
  };
  // A question that denies a value: the citation states it ("Spielberg was born in Chicago").
  const auto contradiction = comparison                             ? order_reversal(extended, *g, kg, stand_ins, rng)
                             : negation && extended.denied != kNone ? denied_value_stated(extended, *g)
                                                                    : contradictory(*g, kg, stand_ins, profile, rng);
  std::array<std::optional<std::vector<Triple>>, kLabelCount> subgraphs = {
      g->supportive, partially_supportive(extended, *g, rng, reads_as(Label::PartiallySupportive)),
      contradiction ? std::optional(contradiction->subgraph) : std::nullopt,
      irrelevant(extended, *g, kg, stand_ins, rng, reads_as(Label::Irrelevant), verbalizer.unsaid())};
  if (!subgraphs[1] && extended.complexity != Complexity::Single && g->supportive.size() > 1)
    problem("no partially supportive edit");
  if (!subgraphs[2]) problem("no single-valued link for a contradictory edit");
  if (!subgraphs[3]) problem("no irrelevant subgraph around the subject");
  // Every citation of the question holds the same number of facts: room for its core and
  // for a fact naming each entity the answer names that the core does not (an irrelevant
  // citation names none of them by itself), then one more; and at least two or three
  // beyond G's own (readers prefer the shorter passage, every fact beyond the core is one
  // they did not ask about, but with fewer MetaQA's citations differ in length by label).
  std::size_t facts = g->supportive.size() + 2 + (rng.uniform() < 0.5 ? 1 : 0);
  for (const auto& subgraph : subgraphs)
    if (subgraph) facts = std::max(facts, subgraph->size() + padding.unnamed(*subgraph) + 1);

  // 5. Verbalisation; 7. split by source question.
  bool test = Rng(options.seed * 0x9E3779B97F4A7C15ull ^ fnv1a64(question.id, kQuestionHashSeed)).uniform() <
              options.test_fraction;
  // One passage or two for every citation of the question, drawn apart from the build's
  // stream; the answer cites each ("[1][2]"), so the count is the same for every label.
  const std::size_t passages =
      Rng(options.seed ^ fnv1a64(question.id + "|passages", kQuestionHashSeed)).uniform() < kTwoPassageShare ? 2 : 1;
  std::string answer = cite_passages(comparison ? verbalizer.comparison_answer(extended, *g)
                                     : negation ? verbalizer.negation_answer(extended, *g)
                                                : verbalizer.answer_statement(extended, *g),
                                     passages);
  const std::vector<EntityId> named_plainly = verbalizer.display_names()
                                                  ? verbalizer.display_names()->plain_answers(g->targets, g->supportive)
                                                  : std::vector<EntityId>{};
  // What the reader takes as a claim that no citation may state without it (unbacked_claims.h).
  const UnbackedClaims unbacked(*g, text, answer, kg, verbalizer.display_names(), options.implied_facts, profile);
  // Drafts of each label's citation, matched on their surface cues (caqa/kg/citation_drafts.h).
  // Every draft takes its random draws in this order and is verified as composed (6.
  // Verification, on every fact the citation states); only drafts that pass can be chosen.
  std::array<std::vector<CitationDraft>, kLabelCount> drafts;
  std::vector<std::size_t> drafted;
  for (Label label : kLabels) {
    const auto& subgraph = subgraphs[index_of(label)];
    if (!subgraph) continue;
    auto& pool = drafts[index_of(label)];
    std::string failure;
    for (int k = 0; k < kDraftsPerLabel; ++k) {
      CitationDraft d;
      d.facts = padding.compose(*subgraph, facts, static_cast<int>(rng.uniform() * 3), rng.uniform(), rng);
      d.phrasings = verbalizer.phrasings(d.facts, rng);
      auto verdict = options.verify ? verify_label(label, extended, *g, d.facts, reader) : std::nullopt;
      if (!verdict) verdict = unbacked.misread(d.facts);
      if (verdict)
        failure = std::move(*verdict);
      else
        pool.push_back(std::move(d));
    }
    if (pool.empty())
      out.problems.add(std::string(tag) + "no citation draft verifies as its label", question.id,
                       fmt::format("{}: {}", label_name(label), failure));
    else
      drafted.push_back(index_of(label));
  }
  // The target every label's draft is matched to: the middle of all the drafts' cues, so
  // that no label's citations sit apart on average (an irrelevant one names more things).
  const audit::QuestionCues cues(text, answer);
  std::vector<const std::vector<CitationDraft>*> pools;
  for (std::size_t label : drafted) {
    for (auto& d : drafts[label]) {
      d.text = verbalizer.citation(d.facts, d.phrasings, passages, named_plainly);
      d.cues = cues.all(d.text);
    }
    pools.push_back(&drafts[label]);
  }
  const std::vector<double> target = shared_target(pools);
  const auto texts = std::make_shared<const QuestionTexts>(
      question_texts(tag.empty() ? question.text : text, extended, *g, kg, verbalizer));
  for (std::size_t label_index : drafted) {
    const Label label = kLabels[label_index];
    auto& pool = drafts[label_index];
    CitationDraft& chosen = pool[nearest_draft(pool, target)];
    BenchmarkSample s;
    s.id = sample_id(options.seed, question.id, extended.extension, label);
    s.evidence = std::move(chosen.facts);
    s.question = text;
    s.answer = answer;
    s.citation = std::move(chosen.text);
    s.label = label;
    s.complexity = extended.complexity;
    s.test = test;
    s.source_question = question.id;
    s.extension = extended.extension;
    if (label == Label::Contradictory) s.contradiction = contradiction->rule;
    s.texts = texts;
    s.sub_fact_verdicts = reader.verdicts(g->supportive, s.evidence);
    out.samples.push_back(std::move(s));
  }
  return true;
}

}  // namespace

BuildResult build_benchmark(const KnowledgeGraph& kg, const std::vector<Question>& questions,
                            const Verbalizer& verbalizer, const BuildOptions& options, const BuildProgress& progress,
                            const ParallelFor& parallel) {
  BuildResult out;
  BuildStats& stats = out.stats;
  stats.questions = questions.size();
  const QuestionBuilder builder{kg, verbalizer, options};
  out.relations = builder.profile.rows();
  // Question ids as read (the questions outlive the build); sample ids as numbers.
  std::unordered_set<std::string_view> seen_ids;
  std::unordered_set<std::uint64_t> sample_ids;
  // Questions are built a wave at a time (in parallel where the runner allows) and merged
  // in file order: the first of two questions with one id is the one kept, as are the
  // problems' examples.
  constexpr std::size_t kWave = 1024;
  std::vector<QuestionOutcome> wave;
  std::vector<std::size_t> wave_questions;
  for (std::size_t begin = 0; begin < questions.size(); begin += kWave) {
    if (progress) progress(begin, questions.size());
    wave_questions.clear();
    std::vector<bool> duplicate;
    for (std::size_t qi = begin; qi < std::min(questions.size(), begin + kWave); ++qi) {
      wave_questions.push_back(qi);
      duplicate.push_back(!seen_ids.insert(questions[qi].id).second);
    }
    wave.assign(wave_questions.size(), {});
    run_each(parallel, wave_questions.size(), [&](std::size_t i) {
      if (!duplicate[i]) wave[i] = builder.build(questions[wave_questions[i]]);
    });
    for (std::size_t i = 0; i < wave.size(); ++i) {
      if (duplicate[i]) {
        out.problems.add("duplicate question id", questions[wave_questions[i]].id);
        continue;
      }
      QuestionOutcome& q = wave[i];
      out.problems.merge(q.problems);
      if (q.collected) {
        ++stats.collected;
        ++stats.shapes[static_cast<int>(q.shape)];
      }
      stats.determinacy_checked += q.determinacy_checked;
      stats.determinacy_failures += q.determinacy_failed;
      if (q.extension) ++stats.extensions[static_cast<int>(*q.extension)];
      for (Extension e : q.later) ++stats.extensions[static_cast<int>(e)];
      for (auto& v : q.violations) out.violations.push_back(std::move(v));
      for (auto& s : q.samples) {
        if (!sample_ids.insert(id_number(s.id)).second) {
          out.problems.add("sample id collides with another sample's", s.source_question);
          continue;
        }
        out.samples.push_back(std::move(s));
      }
    }
  }
  count_samples(out.samples, stats);
  // Ordered by id: a hash, so neighbouring lines share nothing either. Ids of 16 hex digits
  // sort as their numbers do: the numbers are sorted, then each sample moved once.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> order(out.samples.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = {id_number(out.samples[i].id), static_cast<std::uint32_t>(i)};
  std::sort(order.begin(), order.end());
  std::vector<BenchmarkSample> sorted;
  sorted.reserve(order.size());
  for (const auto& entry : order) sorted.push_back(std::move(out.samples[entry.second]));
  out.samples = std::move(sorted);
  if (progress) progress(questions.size(), questions.size());
  return out;
}

}  // namespace caqa::kg
