#include "baseline/dataset.h"

#include <algorithm>
#include <thread>

#include <simdjson.h>

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

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<Dataset> read_dataset(const std::string& path, std::string& error) {
  simdjson::padded_string text;
  if (auto e = simdjson::padded_string::load(path).get(text)) {
    error = path + ": cannot read (" + simdjson::error_message(e) + ")";
    return std::nullopt;
  }
  Dataset d;
  simdjson::ondemand::parser parser;
  std::string_view all(text.data(), text.size());
  std::size_t line_no = 0, pos = 0;
  while (pos < all.size()) {
    std::size_t end = all.find('\n', pos);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = trim(all.substr(pos, end - pos));
    ++line_no;
    if (line_no == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
    pos = end + 1;
    if (line.empty()) continue;
    auto where = [&](const std::string& what) {
      error = path + ":" + std::to_string(line_no) + ": " + what;
      return std::nullopt;
    };
    // The padding after the whole file makes in-place parsing of a line safe.
    simdjson::ondemand::document doc;
    if (parser.iterate(line.data(), line.size(), all.size() - (line.data() - all.data()) + simdjson::SIMDJSON_PADDING).get(doc))
      return where("not a JSON object");
    simdjson::ondemand::object obj;
    if (doc.get_object().get(obj)) return where("not a JSON object");
    std::string_view id_raw;
    simdjson::ondemand::value id_value;
    if (obj.find_field_unordered("id").get(id_value)) return where("missing \"id\" (every sample needs one)");
    id_raw = id_value.raw_json_token();
    d.ids.emplace_back(trim(id_raw));
    for (auto [key, target] : {std::pair<const char*, std::vector<std::string>*>{"question", &d.question},
                               {"answer", &d.answer},
                               {"citation", &d.citation}}) {
      std::string_view s;
      if (obj.find_field_unordered(key).get_string().get(s))
        return where(std::string("expected a string for \"") + key +
                     "\" (the baselines read the sample's text; a gold-only file is not enough)");
      target->emplace_back(s);
    }
    std::string_view label_text;
    if (!obj.find_field_unordered("label").get_string().get(label_text)) {
      auto label = parse_label_exact(label_text);
      if (!label) return where("unknown label \"" + std::string(label_text) + "\"");
      d.labels.push_back(*label);
    } else {
      d.has_labels = false;
      d.labels.push_back(Label::Supportive);
    }
    std::string_view level_text;
    std::optional<Complexity> level;
    if (!obj.find_field_unordered("complexity").get_string().get(level_text)) level = parse_complexity_exact(level_text);
    d.complexity.push_back(level.value_or(Complexity::Single));
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
      for (std::size_t i = begin; i < end; ++i) featurize(data.fields(i), config, parts[t]);
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
