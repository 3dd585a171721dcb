#include "caqa/kg/benchmark_builder.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/hash.h"

namespace caqa::kg {

namespace {

// A digit short of FNV's offset basis, and kept so: every built benchmark's random
// choices and train/test split depend on this seed.
constexpr std::uint64_t kQuestionHashSeed = 1469598103934665603ull;

constexpr std::array<std::string_view, kLabelCount> kLabelSuffix = {"sup", "par", "con", "irr"};

bool shares_triple(std::span<const Triple> a, std::span<const Triple> b) {
  for (const Triple& t : a)
    if (std::find(b.begin(), b.end(), t) != b.end()) return true;
  return false;
}

// What each label must satisfy when the extended query is run on its subgraph.
std::optional<std::string> verify(Label label, const ExtendedQuery& q, const Attribution& g,
                                  std::span<const Triple> subgraph) {
  std::vector<EntityId> derived = derived_answers(q, subgraph);
  auto is_target = [&](EntityId e) { return std::find(g.targets.begin(), g.targets.end(), e) != g.targets.end(); };
  bool all = std::all_of(g.targets.begin(), g.targets.end(),
                         [&](EntityId t) { return std::binary_search(derived.begin(), derived.end(), t); });
  bool other = std::any_of(derived.begin(), derived.end(), [&](EntityId e) { return !is_target(e); });
  switch (label) {
    case Label::Supportive:
      if (!all) return "supportive subgraph does not derive the answer";
      break;
    case Label::PartiallySupportive:
      if (all) return "partially supportive subgraph still derives the whole answer";
      if (other) return "partially supportive subgraph derives another answer";
      break;
    case Label::Contradictory:
      if (!other) return "contradictory subgraph derives no different answer";
      break;
    case Label::Irrelevant:
      if (shares_triple(subgraph, g.supportive)) return "irrelevant subgraph shares a triple with the supportive one";
      if (std::any_of(derived.begin(), derived.end(), is_target)) return "irrelevant subgraph derives the answer";
      break;
  }
  return std::nullopt;
}

}  // namespace

BuildResult build_benchmark(const KnowledgeGraph& kg, const std::vector<Question>& questions,
                            const Verbalizer& verbalizer, const BuildOptions& options, const BuildProgress& progress) {
  BuildResult out;
  BuildStats& stats = out.stats;
  stats.questions = questions.size();
  std::set<std::string> seen_ids;
  for (std::size_t qi = 0; qi < questions.size(); ++qi) {
    if (progress && (qi % 256 == 0)) progress(qi, questions.size());
    const Question& question = questions[qi];
    if (!seen_ids.insert(question.id).second) {
      out.problems.add("duplicate question id", question.id);
      continue;
    }
    // 1. Query collection: single, paths of at most two hops, trees of at most two subjects.
    auto shape = question.query.shape();
    if (!shape) {
      out.problems.add("query is not a single triple, path or tree", question.id);
      continue;
    }
    if (*shape == QueryShape::Path && question.query.patterns.size() > 2) {
      out.problems.add("path query longer than two hops", question.id);
      continue;
    }
    if (*shape == QueryShape::Tree && question.query.patterns.size() > 2) {
      out.problems.add("tree query with more than two subjects", question.id);
      continue;
    }
    auto resolved = resolve(question.query, kg, out.problems, question.id);
    if (!resolved) continue;
    // The generator of a question depends only on (seed, id), not on file order.
    Rng rng(options.seed ^ fnv1a64(question.id, kQuestionHashSeed));
    auto bindings = match(*resolved, kg, 64);
    if (std::none_of(bindings.begin(), bindings.end(),
                     [&](const Binding& b) { return distinct_nodes(*resolved, b); })) {
      out.problems.add(
          bindings.empty() ? "query grounds to nothing in the KG" : "query's only answers are its own entities",
          question.id);
      continue;
    }
    ++stats.collected;
    ++stats.shapes[static_cast<int>(*shape)];

    // 2-3. Extension and grounding.
    ExtendedQuery extended = extend_query(*resolved, *shape, kg, rng);
    auto g = ground_attribution(extended, kg, rng);
    if (!g) {
      out.problems.add("extended query grounds to nothing", question.id);
      continue;
    }
    ++stats.extensions[static_cast<int>(extended.extension)];
    std::vector<EntityId> all_answers = answers_of(extended, kg);

    // 4. Editing.
    std::array<std::optional<std::vector<Triple>>, kLabelCount> subgraphs = {
        g->supportive, partially_supportive(extended, *g, rng), contradictory(extended, *g, all_answers, kg, rng),
        irrelevant(extended, *g, kg, rng)};
    if (!subgraphs[1] && extended.complexity != Complexity::Single)
      out.problems.add("no partially supportive edit", question.id);
    if (!subgraphs[2]) out.problems.add("no same-type entity for a contradictory edit", question.id);
    if (!subgraphs[3]) out.problems.add("no irrelevant subgraph around the subject", question.id);

    // 5. Verbalisation; 7. split by source question.
    bool test = Rng(options.seed * 0x9E3779B97F4A7C15ull ^ fnv1a64(question.id, kQuestionHashSeed)).uniform() <
                options.test_fraction;
    std::string text = verbalizer.question(question, extended);
    std::string answer = verbalizer.answer_statement(extended, *g, text);
    for (Label label : kLabels) {
      const auto& subgraph = subgraphs[index_of(label)];
      if (!subgraph) continue;
      BenchmarkSample s;
      s.id = fmt::format("{}-{}", question.id, kLabelSuffix[index_of(label)]);
      // 6. Verification.
      if (options.verify) {
        if (auto failure = verify(label, extended, *g, *subgraph)) {
          out.violations.push_back(fmt::format("{}: {}", s.id, *failure));
          continue;
        }
      }
      s.question = text;
      s.answer = answer;
      s.citation = verbalizer.citation(*subgraph);
      s.label = label;
      s.complexity = extended.complexity;
      s.test = test;
      s.evidence = *subgraph;
      s.source_question = question.id;
      s.extension = extended.extension;
      ++stats.labels[index_of(label)][test];
      ++stats.complexities[index_of(s.complexity)][test];
      ++stats.samples[test];
      out.samples.push_back(std::move(s));
    }
  }
  if (progress) progress(questions.size(), questions.size());
  return out;
}

std::string sample_json(const BenchmarkSample& s, const KnowledgeGraph& kg) {
  nlohmann::ordered_json j;
  j["id"] = s.id;
  j["question"] = s.question;
  j["answer"] = s.answer;
  j["citation"] = s.citation;
  j["label"] = std::string(label_name(s.label));
  j["complexity"] = std::string(complexity_name(s.complexity));
  j["split"] = s.test ? "test" : "train";
  nlohmann::ordered_json triples = nlohmann::ordered_json::array(), keys = nlohmann::ordered_json::array();
  for (const Triple& t : s.evidence) {
    triples.push_back({std::string(kg.entity_name(t.head)), std::string(kg.relation_name(t.relation)),
                       std::string(kg.entity_name(t.tail))});
    keys.push_back({std::string(kg.entity_key(t.head)), std::string(kg.relation_name(t.relation)),
                    std::string(kg.entity_key(t.tail))});
  }
  j["evidence"] = {{"triples", triples}, {"keys", keys}};
  j["source_question"] = s.source_question;
  j["extension"] = std::string(extension_name(s.extension));
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string statistics_markdown(const BuildStats& st) {
  std::string out = "| Classes | | Train | Test | Total |\n| --- | --- | ---: | ---: | ---: |\n";
  out += fmt::format("| | | {} | {} | {} |\n", st.samples[0], st.samples[1], st.samples[0] + st.samples[1]);
  constexpr std::array<std::string_view, kLabelCount> kShort = {"Sup.", "Par.", "Con.", "Irr."};
  for (int l = 0; l < kLabelCount; ++l)
    out += fmt::format("| {} | {} | {} | {} | {} |\n", l == 0 ? "Category" : "", kShort[l], st.labels[l][0],
                       st.labels[l][1], st.labels[l][0] + st.labels[l][1]);
  for (Complexity c : kComplexities) {
    int i = index_of(c);
    out += fmt::format("| {} | {} | {} | {} | {} |\n", i == 0 ? "Complexity" : "", complexity_name(c),
                       st.complexities[i][0], st.complexities[i][1], st.complexities[i][0] + st.complexities[i][1]);
  }
  return out;
}

}  // namespace caqa::kg
