#include "caqa/formats/import.h"

#include <algorithm>

#include <fmt/format.h>

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
     "any file: --answer-col, --citation-col, --label-col, --scheme (--id-col, --question-col optional); "
     "a list of references becomes numbered citations"},
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

LabelRead read_source_label(const ImportResult& result, ImportFormat format, std::string_view text) {
  const LabelScheme& scheme = *result.scheme;
  const auto& labels = source_labels(format);
  if (labels.empty()) {
    if (auto c = scheme.parse_spelling(trim_spaces(text))) return {c, {}};
    return {std::nullopt,
            fmt::format("{} (or a spelling the {} scheme accepts)", scheme.expected_list(), result.scheme_name)};
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

}  // namespace caqa
