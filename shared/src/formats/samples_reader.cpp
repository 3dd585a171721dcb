#include "caqa/formats/samples_reader.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../json/json_object_line.h"
#include "caqa/id_index.h"

namespace caqa {

namespace {

using detail::JsonField;

// Text keys come last so that the gold path parses only the first six; a --group-by
// field that is none of these is appended after them.
enum Key : std::size_t { kId, kLabel, kComplexity, kSplit, kQid, kScheme, kQuestion, kAnswer, kCitation, kEvidence };
constexpr std::array<std::string_view, 10> kKeys = {"id",     "label",    "complexity", "split",    "qid",
                                                    "scheme", "question", "answer",     "citation", "evidence"};
constexpr std::array<std::string_view, 3> kTextKeys = {"question", "answer", "citation"};

class LineErrors {
 public:
  LineErrors(Diagnostics& out, std::uint32_t line) : out_(out), line_(line) {}
  void add(ErrorCode code, std::uint32_t column, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Error, line_, column, std::move(message), std::move(hint)});
    any_ = true;
  }
  void add(const detail::LineProblem& p) { add(p.code, p.column, p.message, p.hint); }
  bool any() const { return any_; }

 private:
  Diagnostics& out_;
  std::uint32_t line_;
  bool any_ = false;
};

void read_label(const JsonField& field, bool required, SampleView& sample, LineErrors& errors) {
  if (field.type == JsonField::Type::Absent) {
    if (required) errors.add(ErrorCode::MissingLabel, 1, "expected a \"label\" key, found none");
  } else if (field.type != JsonField::Type::String) {
    errors.add(ErrorCode::BadLabelType, field.column,
               fmt::format("expected a string for \"label\", found {}", detail::describe_found(field)));
  } else {
    sample.label = field.text;
    sample.label_column = field.column;
  }
}

void read_complexity(const JsonField& field, bool required, SampleView& sample, LineErrors& errors) {
  if (field.type == JsonField::Type::Absent) {
    if (required) errors.add(ErrorCode::MissingComplexity, 1, "expected a \"complexity\" key, found none");
  } else if (field.type != JsonField::Type::String || !(sample.complexity = parse_complexity_exact(field.text))) {
    errors.add(
        ErrorCode::InvalidComplexity, field.column,
        fmt::format("expected single, union, intersection or concatenation, found {}", detail::describe_found(field)));
  }
}

void read_texts(const detail::JsonObjectLine& parser, const SampleReadOptions& options, SampleView& sample,
                LineErrors& errors) {
  std::string_view* targets[] = {&sample.question, &sample.answer, &sample.citation};
  for (std::size_t t = 0; t < kTextKeys.size(); ++t) {
    const JsonField& field = parser.field(kQuestion + t);
    if (field.type == JsonField::Type::String) {
      *targets[t] = field.text;
    } else if (field.type != JsonField::Type::Absent) {
      errors.add(ErrorCode::BadFieldType, field.column,
                 fmt::format("expected a string for \"{}\", found {}", kTextKeys[t], detail::describe_found(field)));
    } else if (options.require_texts && t != 0) {  // claim-only benchmarks (WiCE) have no question
      errors.add(ErrorCode::MissingField, 1, fmt::format("expected a \"{}\" key, found none", kTextKeys[t]),
                 "eval and the baselines read the sample's text; a gold-only file is not enough");
    }
  }
  if (parser.field(kEvidence).type == JsonField::Type::Object) sample.evidence = parser.field(kEvidence).text;
}

// evidence.triples as the explorer shows them: [s, p, o] arrays, other entries skipped.
std::vector<EvidenceTriple> evidence_triples(std::string_view evidence) {
  std::vector<EvidenceTriple> out;
  if (evidence.empty()) return out;
  nlohmann::json j = nlohmann::json::parse(evidence.begin(), evidence.end(), nullptr, false);
  if (!j.is_object()) return out;
  auto triples = j.find("triples");
  if (triples == j.end() || !triples->is_array()) return out;
  for (const auto& t : *triples) {
    if (!t.is_array() || t.size() != 3) continue;
    EvidenceTriple triple;
    for (std::size_t k = 0; k < 3; ++k) triple[k] = t[k].is_string() ? t[k].get<std::string>() : t[k].dump();
    out.push_back(std::move(triple));
  }
  return out;
}

}  // namespace

Sample owned_sample(const SampleView& v, bool triples) {
  Sample s;
  s.id = std::string(v.id);
  s.integer_id = v.integer_id;
  if (v.label) s.label = std::string(*v.label);
  s.label_column = v.label_column;
  s.complexity = v.complexity.value_or(Complexity::Single);
  s.split = std::string(v.split);
  if (v.qid) s.qid = std::string(*v.qid);
  s.question = std::string(v.question);
  s.answer = std::string(v.answer);
  s.citation = std::string(v.citation);
  if (triples) s.triples = evidence_triples(v.evidence);
  s.line = v.line;
  return s;
}

namespace {

// The group field's key index: one of the keys read anyway, else a key of its own.
std::vector<std::string_view> parser_keys(const SampleReadOptions& options, std::size_t& group_key) {
  std::vector<std::string_view> keys(kKeys.begin(), options.texts ? kKeys.end() : kKeys.begin() + kQuestion);
  group_key = keys.size();
  if (options.group_field.empty()) return keys;
  auto known = std::find(keys.begin(), keys.end(), std::string_view(options.group_field));
  if (known != keys.end()) {
    group_key = static_cast<std::size_t>(known - keys.begin());
  } else {
    keys.push_back(options.group_field);
  }
  return keys;
}

void read_group(const JsonField& field, const std::string& name, SampleView& sample, LineErrors& errors) {
  if (field.type == JsonField::Type::String || field.type == JsonField::Type::Integer) {
    sample.group = field.text;
  } else {
    errors.add(field.type == JsonField::Type::Absent ? ErrorCode::MissingField : ErrorCode::BadFieldType,
               field.type == JsonField::Type::Absent ? 1 : field.column,
               fmt::format("expected a string for \"{}\" (--group-by), found {}", name,
                           field.type == JsonField::Type::Absent ? "none" : detail::describe_found(field)),
               "every gold line needs the field that the scores are grouped by");
  }
}

}  // namespace

Diagnostics for_each_sample(const InputText& text, const SampleReadOptions& options,
                            const std::function<void(const SampleView&)>& take) {
  Diagnostics out;
  std::size_t group_key = 0;
  detail::JsonObjectLine parser(parser_keys(options, group_key));
  LineCursor cursor(text.bytes());
  SourceLine line;
  std::size_t taken = 0;
  SampleView sample;
  while (taken < options.max_samples && cursor.next(line)) {
    if (is_blank(line.text)) continue;
    LineErrors errors(out, line.number);
    if (line.text.size() > options.max_line_bytes) {
      errors.add(
          ErrorCode::LineTooLong, 1,
          fmt::format("expected a line of at most {} bytes, found {} bytes", options.max_line_bytes, line.text.size()));
      continue;
    }
    if (auto problem = parser.parse_line(text, line)) {
      errors.add(*problem);
      continue;
    }
    // Field by field: zeroing the whole view costs a `rep stos` per line on the hot path.
    sample.label.reset();
    sample.complexity.reset();
    sample.split = {};
    sample.qid.reset();
    sample.scheme.reset();
    sample.group.reset();
    sample.question = sample.answer = sample.citation = sample.evidence = {};
    sample.line = line.number;
    if (auto problem = detail::id_text(parser.field(kId), sample.id)) {
      errors.add(*problem);
      continue;
    }
    sample.integer_id = parser.field(kId).type == JsonField::Type::Integer;
    const JsonField& split = parser.field(kSplit);
    if (split.type == JsonField::Type::String) {
      sample.split = split.text;
    } else if (split.type != JsonField::Type::Absent && split.type != JsonField::Type::Null) {
      errors.add(ErrorCode::BadSplitType, split.column,
                 fmt::format("expected a string for \"split\", found {}", detail::describe_found(split)));
      continue;
    }
    if (options.split && sample.split != *options.split) continue;
    read_label(parser.field(kLabel), options.require_label, sample, errors);
    read_complexity(parser.field(kComplexity), options.require_complexity, sample, errors);
    const JsonField& scheme = parser.field(kScheme);
    if (scheme.type == JsonField::Type::String) {
      sample.scheme = scheme.text;
      sample.scheme_column = scheme.column;
    } else if (scheme.type != JsonField::Type::Absent) {
      errors.add(ErrorCode::BadFieldType, scheme.column,
                 fmt::format("expected a string for \"scheme\", found {}", detail::describe_found(scheme)));
    }
    if (!options.group_field.empty()) read_group(parser.field(group_key), options.group_field, sample, errors);
    if (options.texts) read_texts(parser, options, sample, errors);
    std::string_view qid;
    if (parser.field(kQid).type != JsonField::Type::Absent && !detail::id_text(parser.field(kQid), qid))
      sample.qid = qid;
    sample.complete = !errors.any();
    take(sample);
    if (sample.complete) ++taken;
  }
  return out;
}

SampleParse read_samples(const InputText& text, const SampleReadOptions& options) {
  SampleParse out;
  out.diagnostics = for_each_sample(text, options, [&](const SampleView& sample) {
    if (sample.complete) out.samples.push_back(owned_sample(sample, options.triples));
  });
  IdIndex ids;
  for (const Sample& s : out.samples) ids.append(s.id);
  for (const IdIndex::Repeat& r : ids.build())
    out.diagnostics.items.push_back({ErrorCode::DuplicateId, Severity::Error, out.samples[r.entry].line, 0,
                                     fmt::format("duplicate sample id \"{}\" (first on line {})",
                                                 out.samples[r.entry].id, out.samples[r.first].line),
                                     "every benchmark sample needs its own id"});
  std::stable_sort(out.diagnostics.items.begin(), out.diagnostics.items.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return out;
}

}  // namespace caqa
