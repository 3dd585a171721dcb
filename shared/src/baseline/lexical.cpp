#include "caqa/baseline/lexical.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "caqa/hash.h"
#include "tokens.h"

namespace caqa::baseline {

namespace {

constexpr std::uint32_t kTermBits = 20;
constexpr double kK1 = 1.2, kB = 0.75;
constexpr int kGrid = 64;  // threshold candidates: score quantiles

std::uint32_t term_id(const std::string& lower) {
  return static_cast<std::uint32_t>(fnv1a64(lower)) & ((1u << kTermBits) - 1);
}

std::vector<std::uint32_t> terms(std::string_view text) {
  std::vector<std::uint32_t> out;
  for (const auto& t : detail::tokenize(text))
    if (!t.stop) out.push_back(term_id(t.lower));
  return out;
}

std::vector<std::uint32_t> distinct(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

}  // namespace

double lexical_score(const LexicalModel& model, const TextFields& fields) {
  std::string qa(fields.question);
  qa += ' ';
  qa += fields.answer;
  const auto query = distinct(terms(qa));
  auto doc = terms(fields.citation);
  const double length = static_cast<double>(doc.size());
  std::sort(doc.begin(), doc.end());
  const double norm = kK1 * (1 - kB + kB * length / model.average_length);
  double score = 0, best = 0;
  for (std::uint32_t q : query) {
    const double df = model.df.empty() ? 0 : model.df[q];
    const double idf = std::log(1 + (model.documents - df + 0.5) / (df + 0.5));
    const auto range = std::equal_range(doc.begin(), doc.end(), q);
    const double tf = static_cast<double>(range.second - range.first);
    score += idf * tf * (kK1 + 1) / (tf + norm);
    best += idf * (kK1 + 1);
  }
  return best > 0 ? score / best : 0;
}

Label lexical_label(const LexicalModel& model, double score) {
  int interval = 0;
  while (interval < 3 && score >= model.thresholds[interval]) ++interval;
  return model.interval_labels[interval];
}

LexicalModel fit_lexical(const std::vector<TextFields>& train, const std::vector<Label>& labels) {
  LexicalModel model;
  model.df.assign(std::size_t{1} << kTermBits, 0.0f);
  double total_length = 0;
  for (const auto& f : train) {
    auto doc = terms(f.citation);
    total_length += static_cast<double>(doc.size());
    for (std::uint32_t t : distinct(std::move(doc))) model.df[t] += 1;
  }
  model.documents = static_cast<std::uint32_t>(train.size());
  model.average_length = train.empty() ? 1 : std::max(1.0, total_length / static_cast<double>(train.size()));

  const std::size_t n = train.size();
  std::vector<double> scores(n);
  for (std::size_t i = 0; i < n; ++i) scores[i] = lexical_score(model, train[i]);
  std::vector<double> sorted = scores;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> cuts;  // candidate thresholds, then +inf (an empty top interval)
  for (int g = 1; g < kGrid && n > 0; ++g) cuts.push_back(sorted[n * static_cast<std::size_t>(g) / kGrid]);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  cuts.push_back(std::numeric_limits<double>::infinity());
  const std::size_t m = cuts.size();
  // below[i][l]: samples of label l scoring under cuts[i]
  std::vector<std::array<std::size_t, kLabelCount>> below(m);
  std::array<std::size_t, kLabelCount> totals{};
  for (std::size_t i = 0; i < n; ++i) {
    ++totals[index_of(labels[i])];
    const std::size_t first =
        static_cast<std::size_t>(std::upper_bound(cuts.begin(), cuts.end(), scores[i]) - cuts.begin());
    for (std::size_t c = first; c < m; ++c) ++below[c][index_of(labels[i])];
  }
  std::array<int, 4> perm = {0, 1, 2, 3};
  std::vector<std::array<int, 4>> perms;
  do perms.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));

  std::size_t best = 0;
  bool found = false;
  for (std::size_t a = 0; a < m; ++a)
    for (std::size_t b = a; b < m; ++b)
      for (std::size_t c = b; c < m; ++c)
        for (const auto& p : perms) {
          const std::size_t correct = below[a][p[0]] + (below[b][p[1]] - below[a][p[1]]) +
                                      (below[c][p[2]] - below[b][p[2]]) + (totals[p[3]] - below[c][p[3]]);
          if (!found || correct > best) {
            found = true;
            best = correct;
            model.thresholds = {cuts[a], cuts[b], cuts[c]};
            for (int k = 0; k < 4; ++k) model.interval_labels[k] = kLabels[p[k]];
          }
        }
  model.train_micro_f1 = n ? static_cast<double>(best) / static_cast<double>(n) : 0;
  return model;
}

}  // namespace caqa::baseline
