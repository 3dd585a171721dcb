#include "caqa/gold_set.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "caqa/formats/samples_reader.h"
#include "json_object_line.h"

namespace caqa {

struct GoldSetBuilder {
  static GoldSet& set_split(GoldSet& g, std::string split) {
    g.split_ = std::move(split);
    return g;
  }
  static void set_scheme(GoldSet& g, const LabelScheme& scheme) { g.scheme_ = &scheme; }
  static void add(GoldSet& g, ClassId label, Complexity complexity, std::uint32_t line) {
    g.labels_.push_back(label);
    g.complexities_.push_back(complexity);
    g.lines_.push_back(line);
  }
  static IdIndex& ids(GoldSet& g) { return g.ids_; }
  static void add_qid(GoldSet& g, IdIndex& names, std::string_view qid) {
    std::uint32_t existing = names.insert(qid);
    if (existing == IdIndex::kAbsent) {
      existing = static_cast<std::uint32_t>(g.qid_names_.size());
      g.qid_names_.emplace_back(qid);
    }
    g.qids_.push_back(existing);
  }
};

GoldParse parse_gold(const InputText& text, const GoldOptions& options, const GoldSampleObserver& observe) {
  GoldParse out;
  const LabelScheme& scheme = *options.scheme;
  GoldSetBuilder::set_scheme(out.gold, scheme);
  IdIndex qid_names;
  IdIndex& ids = GoldSetBuilder::ids(out.gold);
  ids.reserve(0, text.bytes().size() / 4 + 16);
  std::string split;
  bool split_seen = false, split_mixed = false;
  // Label spelling errors, merged into the reader's diagnostics line by line, each
  // before the same line's complexity error (as the fields are checked).
  std::vector<Diagnostic> label_errors;
  SampleReadOptions read;
  read.split = options.split;
  read.max_line_bytes = options.max_line_bytes;
  read.texts = options.texts;
  Diagnostics read_problems = for_each_sample(text, read, [&](const SampleView& sample) {
    std::optional<ClassId> label;
    if (sample.label && !(label = scheme.parse_exact(*sample.label))) {
      detail::JsonField found{detail::JsonField::Type::String, *sample.label, 0, sample.label_column};
      label_errors.push_back(
          {ErrorCode::InvalidLabel, Severity::Error, sample.line, sample.label_column,
           fmt::format("expected {}, found {}", scheme.expected_list(), detail::describe_found(found)),
           "gold files use the canonical spellings exactly"});
    }
    if (!label || !sample.complete) return;

    ids.append(sample.id);
    if (sample.qid) GoldSetBuilder::add_qid(out.gold, qid_names, *sample.qid);
    GoldSetBuilder::add(out.gold, *label, *sample.complexity, sample.line);
    if (observe) observe(static_cast<std::uint32_t>(out.gold.size() - 1), sample);
    if (!split_seen) {
      split = std::string(sample.split);
      split_seen = true;
    } else if (sample.split != split) {
      split_mixed = true;
    }
  });
  std::merge(label_errors.begin(), label_errors.end(), read_problems.items.begin(), read_problems.items.end(),
             std::back_inserter(out.diagnostics.items),
             [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  auto error = [&](std::uint32_t n, ErrorCode code, std::uint32_t column, std::string message, std::string hint = {}) {
    out.diagnostics.items.push_back({code, Severity::Error, n, column, std::move(message), std::move(hint)});
  };
  std::vector<std::uint32_t> earlier = ids.build();
  for (std::uint32_t e = 0; e < earlier.size(); ++e)
    if (earlier[e] != IdIndex::kAbsent)
      error(out.gold.line(e), ErrorCode::DuplicateId, 0,
            fmt::format("duplicate gold id \"{}\" (first on line {})", ids.id(e), out.gold.line(earlier[e])),
            "every benchmark sample needs its own id");
  std::stable_sort(out.diagnostics.items.begin(), out.diagnostics.items.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  GoldSetBuilder::set_split(out.gold, split_mixed ? "mixed" : split);
  if (out.gold.size() == 0 && !out.diagnostics.has_errors()) {
    out.diagnostics.items.push_back({ErrorCode::NoGoldSamples, Severity::Error, 0, 0,
                                     options.split ? fmt::format("no gold sample has \"split\": \"{}\"", *options.split)
                                                   : std::string("the gold file holds no samples"),
                                     options.split ? "check --split against the file's split values" : ""});
  }
  return out;
}

}  // namespace caqa
