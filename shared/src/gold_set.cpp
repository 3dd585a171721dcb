#include "caqa/gold_set.h"

#include <algorithm>

#include <fmt/format.h>

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

namespace {

using detail::JsonField;

enum Key { kId, kLabel, kComplexity, kSplit, kQid };

Diagnostic at_line(std::uint32_t line, const detail::LineProblem& p) {
  return Diagnostic{p.code, Severity::Error, line, p.column, p.message, p.hint};
}

}  // namespace

GoldParse parse_gold(const InputText& text, const GoldOptions& options) {
  GoldParse out;
  const LabelScheme& scheme = *options.scheme;
  GoldSetBuilder::set_scheme(out.gold, scheme);
  detail::JsonObjectLine parser({"id", "label", "complexity", "split", "qid"});
  IdIndex qid_names;
  IdIndex& ids = GoldSetBuilder::ids(out.gold);
  ids.reserve(0, text.bytes().size() / 4 + 16);
  std::string split;
  bool split_seen = false, split_mixed = false;
  LineCursor cursor(text.bytes());
  SourceLine line;
  auto error = [&](std::uint32_t n, ErrorCode code, std::uint32_t column, std::string message, std::string hint = {}) {
    out.diagnostics.items.push_back({code, Severity::Error, n, column, std::move(message), std::move(hint)});
  };
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    if (line.text.size() > options.max_line_bytes) {
      error(line.number, ErrorCode::LineTooLong, 1,
            fmt::format("expected a line of at most {} bytes, found {} bytes", options.max_line_bytes, line.text.size()));
      continue;
    }
    if (auto problem = parser.parse(line.text, text.readable_from(line.offset))) {
      out.diagnostics.items.push_back(at_line(line.number, *problem));
      continue;
    }
    std::string_view id;
    if (auto problem = detail::id_text(parser.field(kId), id)) {
      out.diagnostics.items.push_back(at_line(line.number, *problem));
      continue;
    }
    const JsonField& split_field = parser.field(kSplit);
    std::string_view sample_split;
    if (split_field.type == JsonField::Type::String) {
      sample_split = split_field.text;
    } else if (split_field.type != JsonField::Type::Absent && split_field.type != JsonField::Type::Null) {
      error(line.number, ErrorCode::BadSplitType, split_field.column,
            fmt::format("expected a string for \"split\", found {}", detail::describe_found(split_field)));
      continue;
    }
    if (options.split && sample_split != *options.split) continue;

    const JsonField& label_field = parser.field(kLabel);
    std::optional<ClassId> label;
    if (label_field.type == JsonField::Type::Absent) {
      error(line.number, ErrorCode::MissingLabel, 1, "expected a \"label\" key, found none");
    } else if (label_field.type != JsonField::Type::String) {
      error(line.number, ErrorCode::BadLabelType, label_field.column,
            fmt::format("expected a string for \"label\", found {}", detail::describe_found(label_field)));
    } else if (!(label = scheme.parse_exact(label_field.text))) {
      error(line.number, ErrorCode::InvalidLabel, label_field.column,
            fmt::format("expected {}, found {}", scheme.expected_list(), detail::describe_found(label_field)),
            "gold files use the canonical spellings exactly");
    }
    const JsonField& complexity_field = parser.field(kComplexity);
    std::optional<Complexity> complexity;
    if (complexity_field.type == JsonField::Type::Absent) {
      error(line.number, ErrorCode::MissingComplexity, 1, "expected a \"complexity\" key, found none");
    } else if (complexity_field.type != JsonField::Type::String ||
               !(complexity = parse_complexity_exact(complexity_field.text))) {
      error(line.number, ErrorCode::InvalidComplexity, complexity_field.column,
            fmt::format("expected single, union, intersection or concatenation, found {}",
                        detail::describe_found(complexity_field)));
    }
    if (!label || !complexity) continue;

    ids.append(id);
    std::string_view qid;
    if (parser.field(kQid).type != JsonField::Type::Absent && !detail::id_text(parser.field(kQid), qid))
      GoldSetBuilder::add_qid(out.gold, qid_names, qid);
    GoldSetBuilder::add(out.gold, *label, *complexity, line.number);
    if (!split_seen) {
      split = std::string(sample_split);
      split_seen = true;
    } else if (sample_split != split) {
      split_mixed = true;
    }
  }
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
    out.diagnostics.items.push_back(
        {ErrorCode::NoGoldSamples, Severity::Error, 0, 0,
         options.split ? fmt::format("no gold sample has \"split\": \"{}\"", *options.split)
                       : std::string("the gold file holds no samples"),
         options.split ? "check --split against the file's split values" : ""});
  }
  return out;
}

}  // namespace caqa
