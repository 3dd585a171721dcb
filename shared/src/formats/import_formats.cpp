#include "caqa/formats/import.h"

#include <algorithm>

#include <fmt/format.h>

#include "caqa/text.h"
#include "import_rows.h"

namespace caqa {

namespace {

// Where each shape comes from: docs/import.md ("Formats").
const std::vector<ImportFormatSpec> kFormats = {
    {ImportFormat::CaqaRelease,
     "caqa-release",
     "CSV",
     "caqa4",
     {"id", "query", "answer", "reference", "label", "complexity", ""},
     "the CAQA release (CAQA_train.csv, CAQA_dev.csv); labels Support, Missing, Contradictory, Irrelevant; "
     "id and complexity columns optional"},
    {ImportFormat::Alce,
     "alce",
     "CSV",
     "caqa4",
     {"id", "query", "answer", "reference", "label", "", ""},
     "ALCE-FineGrained as the CAQA authors ship it; labels 1 = Support, 0 = Irrelevant (the authors' map); "
     "id column optional"},
    {ImportFormat::AttributionBench,
     "attributionbench",
     "JSON Lines",
     "binary",
     {"id", "question", "claim", "references", "attribution_label", "", "src_dataset"},
     "AttributionBench; the claim is the answer judged, the references list becomes numbered citations; "
     "labels attributable / not attributable"},
    {ImportFormat::AttrScore,
     "attrscore",
     "CSV",
     "caqa4",
     {"id", "query", "answer", "reference", "label", "", "dataset"},
     "AttrScore (AttrEval-Simulation, AttrEval-GenSearch); labels Attributable = Support, Extrapolatory = "
     "Irrelevant, Contradictory (the CAQA authors' map); id and dataset columns optional"},
    {ImportFormat::Wice,
     "wice",
     "JSON Lines",
     "support3",
     {"meta.id", "", "claim", "evidence", "label", "", ""},
     "WiCE claim level; the evidence sentences are one cited passage; labels supported / partially_supported / "
     "not_supported"},
    {ImportFormat::Mapped,
     "mapped",
     "CSV or JSON Lines",
     "",
     {},
     "any file: --answer-col, --citation-col, --label-col, --scheme (--id-col, --question-col, --label-map, "
     "--keep optional); a list of references, several citation columns or LIST[].FIELD become numbered citations"},
};

// The schemes an import may write (the registry's names; its aliases are accepted too).
const std::vector<std::string_view> kSchemeNames = {"caqa4", "support3", "binary"};

const std::vector<detail::SourceLabel> kCaqaReleaseLabels = {
    {"Support", "Support"}, {"Missing", "Missing"}, {"Contradictory", "Contradictory"}, {"Irrelevant", "Irrelevant"}};
const std::vector<detail::SourceLabel> kAlceLabels = {{"1", "Support"}, {"0", "Irrelevant"}};
const std::vector<detail::SourceLabel> kAttributionBenchLabels = {{"attributable", "attributable"},
                                                                  {"not attributable", "not attributable"}};
const std::vector<detail::SourceLabel> kAttrScoreLabels = {
    {"Attributable", "Support"}, {"Extrapolatory", "Irrelevant"}, {"Contradictory", "Contradictory"}};
const std::vector<detail::SourceLabel> kWiceLabels = {
    {"supported", "supported"}, {"partially_supported", "partially_supported"}, {"not_supported", "not_supported"}};
const std::vector<detail::SourceLabel> kAnyLabel = {};

}  // namespace

const std::vector<ImportFormatSpec>& import_formats() { return kFormats; }

const ImportFormatSpec* find_import_format(std::string_view name) {
  for (const auto& f : kFormats)
    if (f.name == name) return &f;
  return nullptr;
}

const std::vector<std::string_view>& import_scheme_names() { return kSchemeNames; }

const LabelScheme* import_label_scheme(std::string_view name) {
  const LabelScheme* scheme = find_label_scheme(name);
  if (!scheme || std::find(kSchemeNames.begin(), kSchemeNames.end(), scheme->name) == kSchemeNames.end())
    return nullptr;
  return scheme;
}

std::vector<std::pair<std::string, std::string>> import_label_map(ImportFormat format, const LabelScheme& scheme) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& l : detail::source_labels(format))
    if (auto c = scheme.parse_spelling(l.spelling)) out.emplace_back(l.source, scheme.class_name(*c));
  return out;
}

namespace detail {

const std::vector<SourceLabel>& source_labels(ImportFormat format) {
  switch (format) {
    case ImportFormat::CaqaRelease: return kCaqaReleaseLabels;
    case ImportFormat::Alce: return kAlceLabels;
    case ImportFormat::AttributionBench: return kAttributionBenchLabels;
    case ImportFormat::AttrScore: return kAttrScoreLabels;
    case ImportFormat::Wice: return kWiceLabels;
    case ImportFormat::Mapped: break;
  }
  return kAnyLabel;
}

LabelRead read_source_label(const ImportResult& result, const ImportOptions& options, std::string_view text) {
  const LabelScheme& scheme = *result.scheme;
  const auto& labels = source_labels(options.format);
  if (labels.empty()) {
    if (const ImportLabelMapping* m = find_label_mapping(options.label_map, text)) text = m->cls;
    if (auto c = scheme.parse_spelling(trim_spaces(text))) return {c, {}};
    std::string mapped;
    for (const ImportLabelMapping& m : options.label_map) mapped += fmt::format("\"{}\", ", m.source);
    return {std::nullopt, fmt::format("{}{} (or a spelling the {} scheme accepts)", mapped, scheme.expected_list(),
                                      result.scheme_name)};
  }
  // Case, spaces, hyphens and underscores do not matter: sources differ only in those.
  std::string folded = fold_label_text(trim_spaces(text));
  for (const auto& l : labels)
    if (fold_label_text(l.source) == folded)
      if (auto c = scheme.parse_spelling(l.spelling)) return {c, {}};
  std::string expected;
  for (std::size_t i = 0; i < labels.size(); ++i)
    expected += fmt::format("{}\"{}\"", i == 0 ? "" : i + 1 == labels.size() ? " or " : ", ", labels[i].source);
  return {std::nullopt, expected};
}

ImportResult start_import(const ImportOptions& options) {
  ImportResult out;
  std::string_view name = options.scheme;
  if (options.format != ImportFormat::Mapped)
    for (const auto& f : kFormats)
      if (f.format == options.format) name = f.scheme;
  out.scheme = import_label_scheme(name);
  // Written under the registry's name even when asked by an alias ("levels").
  out.scheme_name = std::string(out.scheme ? out.scheme->name : name);
  return out;
}

std::string row_id(const ImportOptions& options, std::size_t row) {
  return fmt::format("{}-{}", options.row_id_prefix.empty() ? "row" : options.row_id_prefix, row);
}

}  // namespace detail

ImportFields import_fields(const ImportOptions& options) {
  if (options.format == ImportFormat::Mapped) {
    const ImportColumns& c = options.columns;
    return {c.id, c.question, c.answer, c.citation, c.label, "", ""};
  }
  for (const auto& f : kFormats)
    if (f.format == options.format) return f.fields;
  return {};
}

ImportResult import_gold(const InputText& text, const ImportOptions& options) {
  ImportResult out = detail::start_import(options);
  if (!out.scheme) {
    std::string names;
    for (std::string_view n : import_scheme_names()) names += fmt::format("{}{}", names.empty() ? "" : ", ", n);
    out.diagnostics.items.push_back({ErrorCode::InvalidLabel, Severity::Error, 0, 0,
                                     fmt::format("expected a scheme ({}), found \"{}\"", names, options.scheme),
                                     "pass --scheme with the mapped format"});
    return out;
  }
  if (options.format == ImportFormat::Mapped)
    if (std::string problem = mapped_options_problem(options); !problem.empty()) {
      out.diagnostics.items.push_back({ErrorCode::BadFieldType, Severity::Error, 0, 0, std::move(problem),
                                       "docs/import.md describes the mapped format's options"});
      return out;
    }
  bool json = false;
  switch (options.format) {
    case ImportFormat::AttributionBench:
    case ImportFormat::Wice: json = true; break;
    case ImportFormat::Mapped: {
      // Content decides: a JSON Lines file opens with an object, a CSV file with its header.
      std::string_view bytes = text.bytes();
      if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
      std::size_t first = bytes.find_first_not_of(" \t\r\n");
      json = first != std::string_view::npos && bytes[first] == '{';
      break;
    }
    default: break;
  }
  return json ? detail::import_json_lines(text, options) : detail::import_csv(text, options);
}

// The mapped format's options beyond plain names: several citation sources or a path into
// a list of objects (--citation-col), a source label map (--label-map) and the kept source
// fields (--keep), each checked before a file is read.
namespace {

// The keys a gold line has of its own (the sample schema's): a kept field may not take one.
constexpr std::string_view kGoldKeys[] = {"id",     "question",   "answer", "citation", "label",
                                          "scheme", "complexity", "split",  "qid",      "evidence"};

// "a, b,,c" as {"a", "b", "", "c"}: each item trimmed, empty items kept (they are errors).
std::vector<std::string_view> comma_items(std::string_view text) {
  std::vector<std::string_view> items;
  while (true) {
    std::size_t comma = text.find(',');
    items.push_back(detail::trim_spaces(text.substr(0, comma)));
    if (comma == std::string_view::npos) return items;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace

namespace detail {

const ImportLabelMapping* find_label_mapping(const std::vector<ImportLabelMapping>& map, std::string_view label) {
  std::string key = ascii_lower(trim_spaces(label));
  for (const ImportLabelMapping& m : map)
    if (ascii_lower(m.source) == key) return &m;
  return nullptr;
}

}  // namespace detail

std::optional<std::vector<CitationSource>> citation_sources(std::string_view spec, std::string& error) {
  std::vector<CitationSource> out;
  for (std::string_view item : comma_items(spec)) {
    if (item.empty()) {
      error = fmt::format(
          "--citation-col \"{}\": expected a field or column name in each comma-separated item, "
          "found an empty item",
          spec);
      return std::nullopt;
    }
    CitationSource source{std::string(item), std::string(item), {}};
    if (std::size_t list = item.find("[]"); list != std::string_view::npos) {
      std::string_view path = item.substr(0, list), rest = item.substr(list + 2);
      if (path.empty() || rest.size() < 2 || rest.front() != '.' || rest.find("[]") != std::string_view::npos) {
        error = fmt::format(
            "--citation-col item \"{}\": expected LIST[].FIELD (a list of objects and the field "
            "of each that is one reference, e.g. docs[].text)",
            item);
        return std::nullopt;
      }
      source.path = std::string(path);
      source.element_field = std::string(rest.substr(1));
    }
    out.push_back(std::move(source));
  }
  return out;
}

std::optional<std::vector<ImportLabelMapping>> parse_import_label_map(std::string_view spec, const LabelScheme& scheme,
                                                                      std::string& error) {
  std::vector<ImportLabelMapping> out;
  for (std::string_view item : comma_items(spec)) {
    std::size_t eq = item.find('=');
    std::string_view source = detail::trim_spaces(item.substr(0, eq));
    std::string_view cls = eq == std::string_view::npos ? std::string_view() : detail::trim_spaces(item.substr(eq + 1));
    std::optional<ClassId> id;
    if (eq == std::string_view::npos || source.empty() || cls.empty())
      error = fmt::format("--label-map item \"{}\": expected SRC=CLASS, found {}", item,
                          item.empty()                   ? "an empty item"
                          : eq == std::string_view::npos ? "no '='"
                          : source.empty()               ? "no SRC before '='"
                                                         : "no CLASS after '='");
    else if (!(id = scheme.parse_spelling(cls)))
      error = fmt::format("--label-map item \"{}\": expected a class of the {} scheme ({}), found \"{}\"", item,
                          scheme.name, scheme.expected_list(), cls);
    else if (detail::find_label_mapping(out, source))
      error = fmt::format("--label-map item \"{}\": \"{}\" is mapped twice", item, source);
    if (!error.empty()) return std::nullopt;
    out.push_back({std::string(source), std::string(scheme.class_name(*id))});
  }
  return out;
}

std::string mapped_options_problem(const ImportOptions& options) {
  std::string error;
  if (!citation_sources(options.columns.citation, error)) return error;
  if (const LabelScheme* scheme = import_label_scheme(options.scheme))
    for (const ImportLabelMapping& m : options.label_map)
      if (!scheme->parse_spelling(m.cls))
        return fmt::format("--label-map \"{}\": expected a class of the {} scheme ({}), found \"{}\"", m.source,
                           scheme->name, scheme->expected_list(), m.cls);
  const std::vector<std::string>& kept = options.columns.kept;
  for (auto name = kept.begin(); name != kept.end(); ++name) {
    if (name->empty())
      return "--keep: expected a field or column name in each comma-separated item, found an empty item";
    if (std::find(std::begin(kGoldKeys), std::end(kGoldKeys), *name) != std::end(kGoldKeys))
      return fmt::format("--keep \"{}\": a gold line has its own \"{}\"; keep a field of another name", *name, *name);
    if (std::find(kept.begin(), name, *name) != name) return fmt::format("--keep \"{}\": named twice", *name);
  }
  return {};
}

}  // namespace caqa
