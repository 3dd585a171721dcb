#include "caqa/leaderboard/board.h"

#include <cmath>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "../report/report_envelope.h"
#include "caqa/leaderboard/baselines.h"
#include "caqa/leaderboard/ranking.h"
#include "caqa/metrics/paired.h"
#include "caqa/version.h"

namespace caqa::leaderboard {

namespace {

Json number(double x) { return std::isnan(x) ? Json() : Json(x); }
Json optional_text(const std::optional<std::string>& s) { return s ? Json(*s) : Json(); }

Json meta_json(const SubmissionMeta& m) {
  Json j{{"evaluator", m.evaluator},
         {"setting", m.setting},
         {"model", optional_text(m.model)},
         {"size", optional_text(m.size)},
         {"organisation", m.organisation},
         {"links", {{"paper", optional_text(m.paper)}, {"code", optional_text(m.code)}}},
         {"date", optional_text(m.date)}};
  if (m.description) j["description"] = *m.description;
  return j;
}

Json scores_json(const ScoreReport& rep) {
  const Classification& c = rep.classification;
  Json j;
  j["n"] = c.n;
  j["coverage"] =
      rep.counts.gold ? static_cast<double>(rep.counts.matched) / static_cast<double>(rep.counts.gold) : 0.0;
  Json f1 = Json::object();
  const LabelScheme& scheme = *rep.options.scheme;
  for (int l = 0; l < scheme.size(); ++l)
    f1[std::string(scheme.class_name(static_cast<ClassId>(l)))] = number(c.per_label[l].f1);
  j["f1"] = f1;
  j["micro_f1"] = number(c.value("micro_f1"));
  const Interval* ci = rep.intervals ? &rep.intervals->measure("micro_f1") : nullptr;
  j["micro_f1_ci"] = ci ? detail::ci_json(*ci, rep.options.bootstrap.level) : Json();
  j["macro_f1"] = number(c.value("macro_f1"));
  Json levels = Json::object();
  for (Complexity level : rep.levels)
    levels[std::string(complexity_name(level))] = number(c.complexity_micro_f1[index_of(level)]);
  j["complexity_micro_f1"] = levels;
  return j;
}

// above - me, from the paired test stored for the pair in index order.
PairedResult seen_from_above(PairedResult r, std::size_t above, std::size_t me) {
  if (above > me) {
    std::swap(r.value_a, r.value_b);
    r.difference = -r.difference;
    r.difference_ci = {-r.difference_ci.high, -r.difference_ci.low};
  }
  return r;
}

// Table 6's figures of an entry that submitted sub-fact judgments: its mean FActScore over
// the partially supportive samples, the gold's, and the gap; null for one that did not.
Json entry_factscore_json(const BoardEntry& e) {
  if (!e.factscore) return nullptr;
  for (const factscore::Population& p : e.factscore->populations) {
    if (p.kind != "table6") continue;
    auto stat = [&](factscore::Statistic s) { return p.stats[static_cast<std::size_t>(s)]; };
    const auto gap = stat(factscore::Statistic::Gap);
    return Json{{"population", p.name},
                {"n", p.samples},
                {"factscore", number(stat(factscore::Statistic::Predicted).value)},
                {"gold_factscore", number(stat(factscore::Statistic::Gold).value)},
                {"gap", number(gap.value)},
                {"gap_ci", detail::ci_json({gap.ci[0], gap.ci[1]}, e.factscore->bootstrap.level)},
                {"pearson", number(stat(factscore::Statistic::Pearson).value)}};
  }
  return nullptr;
}

Json entry_json(const BoardEntry& e, const RankedEntry& r, const std::string& above_slug,
                const PairedResult& vs_above) {
  Json j;
  j["rank"] = r.rank;
  j["tie_group"] = r.tie_group;
  j["beaten_by"] = r.beaten_by;
  j["slug"] = e.meta.slug;
  j["badge"] = e.baseline ? "baseline" : "verified";
  for (const Json& part : {meta_json(e.meta), scores_json(*e.scored.report)})
    for (const auto& [k, v] : part.items()) j[k] = v;
  j["factscore"] = entry_factscore_json(e);
  if (!r.has_above) {
    j["vs_above"] = nullptr;
    return j;
  }
  j["vs_above"] = Json{{"slug", above_slug},
                       {"difference", vs_above.difference},
                       {"difference_ci", detail::ci_json(vs_above.difference_ci, board_request().bootstrap.level)},
                       {"p_randomization", vs_above.p_randomization},
                       {"p_bootstrap", vs_above.p_bootstrap},
                       {"cis_overlap", r.cis_overlap_above},
                       {"significant", r.beaten_by_above}};
  return j;
}

PairedResult paired(const ScoredFile& a, const ScoredFile& b, const GoldSet& test) {
  return compare_paired(paired_counts(test, a, b, false), CompareMetric{}, board_request().bootstrap);
}

Json benchmark_json(const BoardBenchmark& b) {
  return Json{
      {"name", "caqa build (default KG)"}, {"version", b.version}, {"gold", b.test_name}, {"gold_sha256", b.version},
      {"split", b.test.split()},           {"part", b.part},       {"n", b.test.size()},  {"public_n", b.public_n}};
}

Json ranking_json() {
  const BootstrapOptions boot = board_request().bootstrap;
  return Json{{"metric", "micro_f1"},
              {"rule",
               "rank = 1 + number of entries that beat it significantly: higher micro-F1 and (paired approximate "
               "randomization p < 0.05 or non-overlapping 95% bootstrap CIs); tie_group: consecutive entries the one "
               "above does not beat significantly"},
              {"alpha", RankOptions{}.alpha},
              {"bootstrap", Json{{"resamples", boot.resamples}, {"seed", boot.seed}, {"level", boot.level}}}};
}

// What the site draws without re-deriving it: the label and complexity columns, and
// how a visitor's own score report (caqa score --json) becomes an unranked row.
void add_columns_and_visitor_row(Json& board, const std::vector<Complexity>& shown) {
  Json labels = Json::array(), levels = Json::array();
  const LabelScheme& scheme = *board_request().scheme;
  for (int l = 0; l < scheme.size(); ++l)
    labels.push_back({{"name", scheme.class_name(static_cast<ClassId>(l))}, {"header", scheme.short_names[l]}});
  for (Complexity c : shown) levels.push_back({{"name", complexity_name(c)}, {"header", complexity_title(c)}});
  board["labels"] = labels;
  board["complexity_columns"] = levels;
  board["visitor_row"] = Json{{"ranked", false},
                              {"badge", "unofficial"},
                              {"setting", "your file"},
                              {"from_score_report",
                               {{"f1", "per_label.<label>.f1"},
                                {"micro_f1", "micro_f1"},
                                {"micro_f1_ci", "micro_f1_ci"},
                                {"complexity_micro_f1", "per_complexity.<level>.micro_f1"}}}};
}

}  // namespace

std::string board_json(const std::vector<BoardEntry>& entries, const BoardBenchmark& b, const ReportedTable& reported,
                       const ReportedTable* reported_factscore) {
  std::vector<RankInput> inputs;
  for (const auto& e : entries) {
    const ScoreReport& rep = *e.scored.report;
    const double micro = rep.classification.value("micro_f1");
    inputs.push_back({e.meta.slug, micro, rep.intervals ? rep.intervals->measure("micro_f1") : Interval{micro, micro}});
  }
  PairwiseP p(entries.size());
  std::map<std::pair<std::size_t, std::size_t>, PairedResult> results;
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t j = i + 1; j < entries.size(); ++j) {
      PairedResult r = paired(entries[i].scored, entries[j].scored, b.test);
      results[{i, j}] = r;
      p.set(i, j, r.p_randomization);
    }
  auto ranked = rank_entries(inputs, p);
  Json verified = Json::array();
  for (std::size_t pos = 0; pos < ranked.size(); ++pos) {
    std::size_t me = ranked[pos].index, above = pos ? ranked[pos - 1].index : me;
    PairedResult vs_above =
        pos ? seen_from_above(results[{std::min(above, me), std::max(above, me)}], above, me) : PairedResult{};
    verified.push_back(entry_json(entries[me], ranked[pos], entries[above].meta.slug, vs_above));
  }
  std::string signature = entries.empty() ? score_signature(ScoreReport{}) : entries.front().scored.report->signature;
  Json board;
  board["format"] = "caqa-leaderboard";
  board["format_version"] = kBoardFormatVersion;
  board["caqa_version"] = kVersion;
  board["signature"] = fmt::format("caqa-leaderboard:{}|rank:micro_f1|test:paired-randomization|alpha:0.05|{}",
                                   kBoardFormatVersion, signature);
  board["score_signature"] = signature;
  board["benchmark"] = benchmark_json(b);
  board["ranking"] = ranking_json();
  add_columns_and_visitor_row(board, entries.empty() ? ScoreReport{}.levels : entries.front().scored.report->levels);
  board["verified"] = verified;
  board["reported"] = reported.document;
  if (reported_factscore) board["reported_factscore"] = reported_factscore->document;
  return board.dump(2) + "\n";
}

BoardFreshness board_freshness(std::string_view board_bytes, const BoardBenchmark& b) {
  std::string error;
  std::optional<Json> board = parse_json(board_bytes, error);
  if (!board || !board->is_object()) return BoardFreshness::Unreadable;
  ScoredFile reference = score_submission(InputText(constant_predictions(b.test, Label::Supportive)), "signature", b);
  const std::string expected = reference.blocked() ? "" : reference.report->signature;
  auto text_at = [](const Json& j, const char* key) {
    auto it = j.is_object() ? j.find(key) : j.end();
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  auto bench = board->find("benchmark");
  bool same_gold = bench != board->end() && text_at(*bench, "gold_sha256") == b.version;
  return text_at(*board, "score_signature") == expected && same_gold ? BoardFreshness::Current : BoardFreshness::Stale;
}

}  // namespace caqa::leaderboard
