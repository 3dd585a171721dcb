#include "caqa/gold_set.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "../json/json_object_line.h"
#include "caqa/formats/samples_reader.h"
#include "caqa/source_text.h"

namespace caqa {

struct GoldSetBuilder {
  static GoldSet& set_split(GoldSet& g, std::string split) {
    g.split_ = std::move(split);
    return g;
  }
  static void set_scheme(GoldSet& g, const LabelScheme& scheme) { g.scheme_ = &scheme; }
  static void reserve(GoldSet& g, std::size_t count) {
    g.labels_.reserve(count);
    g.complexities_.reserve(count);
    g.lines_.reserve(count);
  }
  static void add(GoldSet& g, ClassId label, Complexity complexity, std::uint32_t line) {
    g.labels_.push_back(label);
    g.complexities_.push_back(complexity);
    g.lines_.push_back(line);
  }
  static IdIndex& ids(GoldSet& g) { return g.ids_; }
  static void set_has_complexity(GoldSet& g, bool has) { g.has_complexity_ = has; }
  static void set_group_field(GoldSet& g, std::string field) { g.group_field_ = std::move(field); }
  static void add_group(GoldSet& g, IdIndex& names, std::string_view group) {
    g.groups_.push_back(intern(names, g.group_names_, group));
  }
  static void add_qid(GoldSet& g, IdIndex& names, std::string_view qid) {
    g.qids_.push_back(intern(names, g.qid_names_, qid));
  }

 private:
  // The position of `name` in `table`, added at the end when new.
  static std::uint32_t intern(IdIndex& names, std::vector<std::string>& table, std::string_view name) {
    std::uint32_t existing = names.insert(name);
    if (existing != IdIndex::kAbsent) return existing;
    table.emplace_back(name);
    return static_cast<std::uint32_t>(table.size() - 1);
  }
};

const LabelScheme* declared_gold_scheme(const InputText& text, std::size_t max_line_bytes) {
  // Most gold files name no scheme: skip the scan when the key cannot be there.
  if (!contains_bytes(text.bytes(), "\"scheme\"")) return nullptr;
  detail::JsonObjectLine parser({"scheme"});
  LineCursor cursor(text.bytes());
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text) || line.text.size() > max_line_bytes) continue;
    if (parser.parse(line.text, text.readable_from(line.offset))) continue;
    const detail::JsonField& f = parser.field(0);
    if (f.type == detail::JsonField::Type::String) return find_label_scheme(f.text);
  }
  return nullptr;
}

GoldParse parse_gold(const InputText& text, const GoldOptions& options, const GoldSampleObserver& observe) {
  GoldParse out;
  const LabelScheme* declared = options.scheme_given ? nullptr : declared_gold_scheme(text, options.max_line_bytes);
  const LabelScheme& scheme = declared ? *declared : *options.scheme;
  GoldSetBuilder::set_scheme(out.gold, scheme);
  IdIndex qid_names;
  IdIndex& ids = GoldSetBuilder::ids(out.gold);
  std::size_t lines = estimated_line_count(text.bytes());
  ids.reserve(lines, text.bytes().size() / 4 + 16);
  GoldSetBuilder::reserve(out.gold, lines);
  std::string split;
  bool split_seen = false, split_mixed = false;
  // Label spelling errors, merged into the reader's diagnostics line by line, each
  // before the same line's complexity error (as the fields are checked).
  std::vector<Diagnostic> label_errors;
  // The first line that names a scheme, and the first with and without a complexity.
  std::string first_scheme;
  const LabelScheme* first_named = nullptr;  // first_scheme's scheme, nullptr when unknown
  std::uint32_t first_scheme_line = 0, first_with_complexity = 0;
  std::vector<std::uint32_t> without_complexity;
  IdIndex group_names;
  if (!options.group_by.empty()) GoldSetBuilder::set_group_field(out.gold, options.group_by);
  SampleReadOptions read;
  read.split = options.split;
  read.max_line_bytes = options.max_line_bytes;
  read.texts = options.texts;
  read.require_complexity = false;
  read.group_field = options.group_by;
  Diagnostics read_problems = for_each_sample(text, read, [&](const SampleView& sample) {
    bool scheme_ok = true;
    if (sample.scheme) {
      const LabelScheme* named = find_label_scheme(*sample.scheme);
      if (first_scheme_line == 0) {
        first_scheme = std::string(*sample.scheme);
        first_named = named;
        first_scheme_line = sample.line;
      }
      std::string message;
      if (!named)
        message = fmt::format("expected a label scheme ({}), found \"{}\"", label_scheme_names(), *sample.scheme);
      else if (named != first_named)
        message = fmt::format("expected \"scheme\": \"{}\" as on line {}, found \"{}\"", first_scheme,
                              first_scheme_line, *sample.scheme);
      if (!message.empty()) {
        label_errors.push_back({ErrorCode::SchemeMismatch, Severity::Error, sample.line, sample.scheme_column,
                                std::move(message), "one gold file holds labels of one scheme"});
        scheme_ok = false;
      }
    }
    std::optional<ClassId> label;
    if (sample.label && !(label = scheme.parse_gold(*sample.label))) {
      detail::JsonField found{
          .type = detail::JsonField::Type::String, .column = sample.label_column, .text = *sample.label};
      label_errors.push_back(
          {ErrorCode::InvalidLabel, Severity::Error, sample.line, sample.label_column,
           fmt::format("expected {} (scheme {}), found {}", scheme.expected_list(), scheme.name,
                       detail::describe_found(found)),
           "gold labels are the scheme's classes or a spelling it lists (docs/scoring.md); --scheme chooses another"});
    }
    if (sample.complete) {
      if (!sample.complexity)
        without_complexity.push_back(sample.line);
      else if (first_with_complexity == 0)
        first_with_complexity = sample.line;
    }
    if (!label || !sample.complete || !scheme_ok) return;

    ids.append(sample.id);
    if (sample.group) GoldSetBuilder::add_group(out.gold, group_names, *sample.group);
    if (sample.qid) GoldSetBuilder::add_qid(out.gold, qid_names, *sample.qid);
    GoldSetBuilder::add(out.gold, *label, sample.complexity.value_or(Complexity::Single), sample.line);
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
  // Complexity on every line or on none: a benchmark half with levels would score its
  // other half as `single`.
  GoldSetBuilder::set_has_complexity(out.gold, first_with_complexity != 0 || without_complexity.empty());
  if (first_with_complexity != 0)
    for (std::uint32_t n : without_complexity)
      error(n, ErrorCode::MissingComplexity, 1,
            fmt::format("expected a \"complexity\" key as on line {}, found none", first_with_complexity),
            "\"complexity\" is optional, but then on no line of the file");
  for (const IdIndex::Repeat& r : ids.build())
    error(out.gold.line(r.entry), ErrorCode::DuplicateId, 0,
          fmt::format("duplicate gold id \"{}\" (first on line {})", ids.id(r.entry), out.gold.line(r.first)),
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
