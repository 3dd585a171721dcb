#include "baseline/dataset.h"

#include <algorithm>
#include <thread>

#include <nlohmann/json.hpp>

#include "caqa/formats/samples_reader.h"
#include "files.h"

namespace caqa::baseline {

std::vector<TextFields> Dataset::all_fields() const {
  std::vector<TextFields> out;
  out.reserve(size());
  for (std::size_t i = 0; i < size(); ++i) out.push_back(fields(i));
  return out;
}

std::vector<std::uint8_t> Dataset::label_indices() const {
  std::vector<std::uint8_t> out;
  out.reserve(size());
  for (Label l : labels) out.push_back(static_cast<std::uint8_t>(index_of(l)));
  return out;
}

Dataset Dataset::head(std::size_t n) const {
  n = std::min(n, size());
  Dataset d;
  d.has_labels = has_labels;
  d.ids.assign(ids.begin(), ids.begin() + n);
  d.question.assign(question.begin(), question.begin() + n);
  d.answer.assign(answer.begin(), answer.begin() + n);
  d.citation.assign(citation.begin(), citation.begin() + n);
  d.labels.assign(labels.begin(), labels.begin() + n);
  d.complexity.assign(complexity.begin(), complexity.begin() + n);
  return d;
}

std::string json_id_token(const Sample& sample) {
  if (sample.integer_id) return sample.id;
  nlohmann::json id = sample.id;
  return id.dump();
}

std::optional<Dataset> read_dataset(const std::string& path, std::string& error) {
  auto file = cli::read_file(path, error);
  if (!file) return std::nullopt;
  SampleReadOptions options;
  options.texts = true;
  options.require_texts = true;
  options.require_label = false;
  options.triples = false;  // a Dataset holds the texts only
  SampleParse parsed = read_samples(file->text(), options);
  for (const Diagnostic& problem : parsed.diagnostics.items)
    if (problem.severity == Severity::Error) {
      error = format_diagnostic(path, problem);
      return std::nullopt;
    }
  Dataset d;
  for (Sample& sample : parsed.samples) {
    std::optional<Label> label;
    if (sample.label && !(label = parse_label_exact(*sample.label))) {
      error = format_diagnostic(path, {ErrorCode::InvalidLabel, Severity::Error, sample.line, sample.label_column,
                                       "expected supportive, partially_supportive, contradictory or irrelevant, "
                                       "found \"" +
                                           printable_excerpt(*sample.label, 60) + "\"",
                                       "benchmark files use the canonical label spellings exactly"});
      return std::nullopt;
    }
    d.has_labels = d.has_labels && label.has_value();
    d.labels.push_back(label.value_or(Label::Supportive));
    d.ids.push_back(json_id_token(sample));
    d.question.push_back(std::move(sample.question));
    d.answer.push_back(std::move(sample.answer));
    d.citation.push_back(std::move(sample.citation));
    d.complexity.push_back(sample.complexity);
  }
  return d;
}

SparseRows featurize_all(const Dataset& data, const FeatureConfig& config, unsigned threads) {
  const std::size_t n = data.size();
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, n / 256)));
  std::vector<SparseRows> parts(threads);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      const std::size_t begin = n * t / threads, end = n * (t + 1) / threads;
      Featurizer featurizer(config);
      for (std::size_t i = begin; i < end; ++i) featurizer.add(data.fields(i), parts[t]);
    });
  for (auto& th : pool) th.join();
  if (threads == 1) return std::move(parts[0]);
  SparseRows out;
  std::size_t nnz = 0;
  for (const auto& p : parts) nnz += p.nnz();
  out.indices.reserve(nnz);
  out.values.reserve(nnz);
  out.offsets.reserve(n + 1);
  for (const auto& p : parts) {
    const std::uint64_t base = out.nnz();
    out.indices.insert(out.indices.end(), p.indices.begin(), p.indices.end());
    out.values.insert(out.values.end(), p.values.begin(), p.values.end());
    for (std::size_t r = 1; r < p.offsets.size(); ++r) out.offsets.push_back(base + p.offsets[r]);
  }
  return out;
}

}  // namespace caqa::baseline
