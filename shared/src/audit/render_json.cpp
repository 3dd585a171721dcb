#include <cmath>

#include "caqa/audit/audit_render.h"

namespace caqa::audit {

namespace {

using Json = nlohmann::ordered_json;

// Four decimals, as the tables print three: stable text, and NaN (no sample) is null.
Json rounded(double v) {
  if (std::isnan(v)) return nullptr;
  return std::round(v * 1e4) / 1e4 + 0.0;  // + 0.0: no -0.0
}

}  // namespace

Json to_json(const AuditReport& report) {
  const AuditOptions& o = report.options;
  Json probes_json = Json::array();
  for (const ProbeRow& r : report.rows) {
    const ProbeInfo& info = probe_info(r.probe);
    Json labels, levels;
    for (Label l : kLabels) labels[std::string(label_name(l))] = rounded(r.scores.per_label[index_of(l)].f1);
    for (Complexity c : shown_levels(r.scores.complexity_n))
      levels[std::string(complexity_name(c))] = rounded(r.scores.complexity_micro_f1[index_of(c)]);
    probes_json.push_back(Json{{"probe", info.name},
                               {"reads", info.cue},
                               {"micro_f1", rounded(r.micro_f1)},
                               {"over_majority", rounded(r.over_majority)},
                               {"margin", rounded(r.margin)},
                               {"warning", r.warns},
                               {"f1_per_label", labels},
                               {"micro_f1_per_complexity", levels}});
  }
  return Json{{"train_samples", report.train_size},
              {"test_samples", report.test_size},
              {"seed", o.train.seed},
              {"epochs", o.train.epochs},
              {"margins", Json{{"shallow", o.shallow_margin}, {"citation_only", o.citation_margin}}},
              {"majority_label", label_name(report.majority)},
              {"probes", probes_json},
              {"warnings", audit_warnings(report)}};
}

}  // namespace caqa::audit
