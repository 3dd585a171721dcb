// The builder's documents: sample lines (schema/benchmark_sample.schema.json) and the
// statistics (the paper's Table 4), counted from the samples kept.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "caqa/json_string.h"
#include "caqa/kg/benchmark_builder.h"

namespace caqa::kg {

void count_samples(const std::vector<BenchmarkSample>& samples, BuildStats& stats) {
  stats.labels = {};
  stats.complexities = {};
  stats.samples = {};
  stats.contradiction_rules = {};
  stats.cells = {};
  stats.passages = {};
  stats.sub_facts = {};
  std::array<std::vector<std::size_t>, 2> words;
  for (const auto& s : samples) {
    std::size_t n = 0, markers = 0;
    for (std::size_t at = 0; at < s.citation.size();) {
      const std::size_t end = std::min(s.citation.find(' ', at), s.citation.size());
      if (end > at) (s.citation[at] == '[' && s.citation[end - 1] == ']' ? markers : n) += 1;
      at = end + 1;
    }
    words[s.test].push_back(n);
    ++stats.passages[s.test][markers > 1 ? 1 : 0];
    ++stats.cells[index_of(s.label)][index_of(s.complexity)][s.test];
    if (s.label == Label::Contradictory) ++stats.contradiction_rules[static_cast<std::size_t>(s.contradiction)];
    ++stats.labels[index_of(s.label)][s.test];
    ++stats.complexities[index_of(s.complexity)][s.test];
    ++stats.samples[s.test];
    if (!s.sub_fact_verdicts.empty())
      ++stats.sub_facts[index_of(s.label)][s.test]
                       [{std::count(s.sub_fact_verdicts.begin(), s.sub_fact_verdicts.end(), ClaimVerdict::Supported),
                         s.sub_fact_verdicts.size()}];
  }
  for (int split : {0, 1}) {
    auto& w = words[split];
    std::sort(w.begin(), w.end());
    auto rank = [&](double p) {  // nearest rank: the smallest value with a share p at or below it
      return w.empty() ? 0 : w[static_cast<std::size_t>(std::ceil(p * static_cast<double>(w.size()))) - 1];
    };
    stats.citation_words[split] = {rank(0.1), rank(0.5), rank(0.9)};
  }
}

void append_sample_json(std::string& out, const BenchmarkSample& s, const KnowledgeGraph& kg) {
  auto field = [&](std::string_view key, std::string_view value) {
    out += key;
    append_json_string(out, value);
  };
  auto triples = [&](std::string_view key, bool names) {
    out += key;
    for (std::size_t i = 0; i < s.evidence.size(); ++i) {
      const Triple& t = s.evidence[i];
      out += i == 0 ? "[[" : ",[";
      append_json_string(out, names ? kg.entity_name(t.head) : kg.entity_key(t.head));
      out.push_back(',');
      append_json_string(out, kg.relation_name(t.relation));
      out.push_back(',');
      append_json_string(out, names ? kg.entity_name(t.tail) : kg.entity_key(t.tail));
      out.push_back(']');
    }
    out += s.evidence.empty() ? "[]" : "]";
  };
  field("{\"id\":", s.id);
  field(",\"question\":", s.question);
  field(",\"answer\":", s.answer);
  field(",\"citation\":", s.citation);
  field(",\"label\":", label_name(s.label));
  field(",\"complexity\":", complexity_name(s.complexity));
  field(",\"split\":", s.test ? "test" : "train");
  // The answer's sub-facts, each with what the citation does with it (issue 41); a sample
  // made without QuestionTexts (a test's) has none to write.
  if (s.texts && s.texts->sub_facts.size() == s.sub_fact_verdicts.size() && !s.sub_fact_verdicts.empty()) {
    for (std::size_t i = 0; i < s.sub_fact_verdicts.size(); ++i) {
      field(i == 0 ? ",\"subfacts\":[{\"fact\":" : ",{\"fact\":", s.texts->sub_facts[i]);
      field(",\"verdict\":", verdict_name(s.sub_fact_verdicts[i]));
      out.push_back('}');
    }
    out.push_back(']');
  }
  triples(",\"evidence\":{\"triples\":", true);
  triples(",\"keys\":", false);
  field("},\"source_question\":", s.source_question);
  field(",\"extension\":", extension_name(s.extension));
  out.push_back('}');
}

std::string sample_json(const BenchmarkSample& s, const KnowledgeGraph& kg) {
  std::string out;
  append_sample_json(out, s, kg);
  return out;
}

namespace {

// The gold FActScore (supported / claimed sub-facts) by label, and its distribution over
// partially supportive samples, the paper's Table 6 population.
std::string sub_fact_markdown(const BuildStats& st) {
  auto mean = [](const std::map<std::pair<std::size_t, std::size_t>, std::size_t>& m) -> std::string {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& [counts, samples] : m) {
      sum += static_cast<double>(samples) * static_cast<double>(counts.first) / static_cast<double>(counts.second);
      n += samples;
    }
    return n == 0 ? "-" : fmt::format("{:.4f} ({})", sum / static_cast<double>(n), n);
  };
  std::string out =
      "\nGold FActScore (issue 41): supported sub-facts / sub-facts the answer claims, mean per sample "
      "(samples):\n\n| Label | Train | Test |\n| --- | ---: | ---: |\n";
  for (Label l : kLabels)
    out += fmt::format("| {} | {} | {} |\n", label_name(l), mean(st.sub_facts[index_of(l)][0]),
                       mean(st.sub_facts[index_of(l)][1]));
  const auto& partial = st.sub_facts[index_of(Label::PartiallySupportive)];
  std::map<std::pair<std::size_t, std::size_t>, std::array<std::size_t, 2>> rows;
  for (int split : {0, 1})
    for (const auto& [counts, samples] : partial[split]) rows[counts][split] = samples;
  if (rows.empty()) return out;
  out +=
      "\nPartially supportive samples by supported / claimed sub-facts:\n\n| Sub-facts | FActScore | Train | Test "
      "|\n| --- | ---: | ---: | ---: |\n";
  for (const auto& [counts, n] : rows)
    out += fmt::format("| {} of {} | {:.4f} | {} | {} |\n", counts.first, counts.second,
                       static_cast<double>(counts.first) / static_cast<double>(counts.second), n[0], n[1]);
  return out;
}

}  // namespace

std::vector<Complexity> BuildStats::shown_levels() const {
  std::array<std::size_t, kComplexityCount> per_level{};
  for (Complexity c : kComplexities)
    per_level[index_of(c)] = complexities[index_of(c)][0] + complexities[index_of(c)][1];
  return caqa::shown_levels(per_level);
}

std::string statistics_markdown(const BuildStats& st) {
  std::string out = "| Classes | | Train | Test | Total |\n| --- | --- | ---: | ---: | ---: |\n";
  out += fmt::format("| | | {} | {} | {} |\n", st.samples[0], st.samples[1], st.samples[0] + st.samples[1]);
  constexpr std::array<std::string_view, kLabelCount> kShort = {"Sup.", "Par.", "Con.", "Irr."};
  for (int l = 0; l < kLabelCount; ++l)
    out += fmt::format("| {} | {} | {} | {} | {} |\n", l == 0 ? "Category" : "", kShort[l], st.labels[l][0],
                       st.labels[l][1], st.labels[l][0] + st.labels[l][1]);
  const std::vector<Complexity> levels = st.shown_levels();
  for (Complexity c : levels) {
    int i = index_of(c);
    out += fmt::format("| {} | {} | {} | {} | {} |\n", i == 0 ? "Complexity" : "", complexity_name(c),
                       st.complexities[i][0], st.complexities[i][1], st.complexities[i][0] + st.complexities[i][1]);
  }
  out +=
      "\nCitations: length in words (markers such as [1] left out; nearest-rank percentiles) and passages "
      "([1] ... [2] ...):\n\n| Split | p10 | Median | p90 | One passage | Two passages |\n| --- | ---: | ---: | "
      "---: | ---: | ---: |\n";
  for (int split : {0, 1})
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", split == 1 ? "Test" : "Train", st.citation_words[split].p10,
                       st.citation_words[split].median, st.citation_words[split].p90, st.passages[split][0],
                       st.passages[split][1]);
  out += sub_fact_markdown(st);
  for (int split : {1, 0}) {
    out += fmt::format("\n{} split, label x complexity:\n\n| Label |", split == 1 ? "Test" : "Train");
    for (Complexity c : levels) out += fmt::format(" {} |", complexity_name(c));
    out += " Total |\n| --- |";
    for (std::size_t i = 0; i <= levels.size(); ++i) out += " ---: |";
    out += "\n";
    for (Label l : kLabels) {
      out += fmt::format("| {} |", label_name(l));
      std::size_t total = 0;
      for (Complexity c : levels) {
        const std::size_t n = st.cells[index_of(l)][index_of(c)][split];
        total += n;
        out += fmt::format(" {} |", n);
      }
      out += fmt::format(" {} |\n", total);
    }
  }
  return out;
}

}  // namespace caqa::kg
