#include "build_manifest.h"
#include <algorithm>

#include <nlohmann/json.hpp>

#include "caqa/audit/audit_render.h"
#include "caqa/hardening/aflite_report.h"
#include "caqa/verbalize/text_check_report.h"
#include "caqa/version.h"

namespace caqa::kg {

namespace {

using Json = nlohmann::ordered_json;

// Every input file, in the order BuildSources lists (and the build reads) them.
std::vector<const SourceFile*> inputs_in_order(const BuildSources& s) {
  std::vector<const SourceFile*> out;
  auto add = [&](const SourceFile& f) { out.push_back(&f); };
  if (s.relation_names) add(*s.relation_names);
  for (const auto& f : s.kg) add(f);
  for (const auto& f : s.names) add(f);
  for (const auto& f : s.types) add(f);
  if (s.metaqa_kg) {
    add(s.metaqa_kg->triples);
    add(s.metaqa_kg->entities);
    add(s.metaqa_kg->relations);
  }
  if (s.fb15k) {
    for (const auto& f : s.fb15k->triples) add(f);
    add(s.fb15k->names);
  }
  for (const auto& f : s.questions) add(f);
  for (const auto& m : s.metaqa_questions) {
    add(m.questions);
    add(m.qtypes);
  }
  for (const auto* f : {&s.webqsp, &s.grailqa, &s.cwq, &s.templates, &s.implied_facts, &s.qualifiers, &s.negatable})
    if (*f) add(**f);
  if (s.query_templates) add(*s.query_templates);
  return out;
}

std::string file_name(std::string_view path) { return std::string(path.substr(path.find_last_of('/') + 1)); }

Json file_entry(const std::string& name, std::string_view bytes, const Sha256Hex& sha256_hex) {
  return Json{{"path", name}, {"sha256", sha256_hex ? sha256_hex(bytes) : std::string()}, {"bytes", bytes.size()}};
}

}  // namespace

std::string manifest_json(const BuildSources& sources, const BenchmarkOptions& options, const BuiltBenchmark& built) {
  Json m;
  m["tool"] = "caqa build";
  m["caqa_version"] = kVersion;
  m["seed"] = options.build.seed;
  m["test_fraction"] = options.build.test_fraction;
  // Named only when a later level is asked for: a build of the paper's four reads as before.
  if (std::any_of(kComplexities.begin() + kPaperComplexityCount, kComplexities.end(),
                  [&](Complexity c) { return options.build.levels[index_of(c)]; })) {
    Json levels = Json::array();
    for (Complexity c : kComplexities)
      if (options.build.levels[index_of(c)]) levels.push_back(complexity_name(c));
    m["levels"] = levels;
  }
  m["verify"] = options.build.verify;
  m["sample_queries"] = options.sample_queries;
  if (built.training)
    m["train_questions"] = Json{{"asked", built.training->asked},
                                {"sampled", built.training->sampled},
                                {"left_out_for_test_claims", built.training->sharing_test_facts},
                                {"filtered", built.training->filtered},
                                {"samples", built.training->samples}};
  Json inputs = Json::array();
  for (const SourceFile* f : inputs_in_order(sources))
    inputs.push_back(file_entry(file_name(f->path), f->bytes, sources.sha256_hex));
  m["inputs"] = inputs;
  Json outputs = Json::array();
  for (const auto& [name, text] : built.documents())
    if (text != &built.manifest_json) outputs.push_back(file_entry(std::string(name), *text, sources.sha256_hex));
  m["outputs"] = outputs;
  m["kg"] =
      Json{{"triples", built.graph.triples}, {"entities", built.graph.entities}, {"relations", built.graph.relations}};
  if (sources.sparql) {
    m["kg"]["sparql_endpoint"] = sources.sparql->first;
    if (!sources.sparql->second.empty()) m["kg"]["graph"] = sources.sparql->second;
  }
  const BuildStats& st = built.stats;
  Json labels, complexities;
  for (Label l : kLabels)
    labels[std::string(label_name(l))] =
        Json{{"train", st.labels[index_of(l)][0]}, {"test", st.labels[index_of(l)][1]}};
  for (Complexity c : st.shown_levels())
    complexities[std::string(complexity_name(c))] =
        Json{{"train", st.complexities[index_of(c)][0]}, {"test", st.complexities[index_of(c)][1]}};
  // The paper's extensions always; a later level's only when it made any.
  Json extensions;
  for (std::size_t e = 0; e < kExtensionCount; ++e)
    if (e < 4 || st.extensions[e] > 0)
      extensions[std::string(extension_name(static_cast<Extension>(e)))] = st.extensions[e];
  m["counts"] = Json{{"questions", st.questions},
                     {"collected", st.collected},
                     {"samples", Json{{"train", st.samples[0]}, {"test", st.samples[1]}}},
                     {"labels", labels},
                     {"complexities", complexities},
                     {"extensions", extensions}};
  Json skipped = Json::object();
  for (const auto& [reason, n] : built.problems.counts()) {
    Json examples = Json::array();
    for (const auto& e : built.problems.examples(reason))
      examples.push_back(e.detail.empty() ? e.where : e.where + ": " + e.detail);
    skipped[reason] = Json{{"count", n}, {"examples", examples}};
  }
  m["skipped"] = skipped;
  Json rules = Json::object();
  for (std::size_t r = 0; r < kContradictionRuleCount; ++r)
    rules[std::string(contradiction_rule_name(static_cast<ContradictionRule>(r)))] = st.contradiction_rules[r];
  m["contradiction_rules"] = rules;
  Json relations = Json::array();
  for (const auto& row : built.relations)
    relations.push_back(Json{{"relation", row.relation},
                             {"from", row.from_head ? "head" : "tail"},
                             {"subjects", row.profile.subjects},
                             {"single_share", row.profile.single_share()},
                             {"mean_objects", row.profile.mean_objects()},
                             {"functional", row.profile.functional},
                             {"generic", row.profile.generic},
                             {"symmetric", row.symmetric}});
  m["relations"] = Json{{"functional_share", RelationProfile::kFunctionalShare},
                        {"generic_mean", RelationProfile::kGenericMean},
                        {"implied_fact_rules", built.implied_fact_rules},
                        {"directions", relations}};
  Json violations = Json::array();
  for (std::size_t i = 0; i < built.violations.size() && i < 20; ++i) violations.push_back(built.violations[i]);
  m["verification"] =
      Json{{"violations", built.violations.size()},
           {"examples", violations},
           {"determinacy", Json{{"checked", st.determinacy_checked}, {"failed_and_skipped", st.determinacy_failures}}}};
  m["text_checks"] = verbalize::text_checks_json(built.text_checks);
  if (built.hardening && built.hardening->error == hardening::AfliteError::None)
    m["hardening"] = hardening::aflite_json(*built.hardening, options.hardening);
  if (built.audit_before_hardening && built.audit_before_hardening->ok())
    m["audit_before_hardening"] = audit::to_json(built.audit_before_hardening->report);
  if (built.audit && built.audit->ok()) m["audit"] = audit::to_json(built.audit->report);
  return m.dump(2) + "\n";
}

}  // namespace caqa::kg
