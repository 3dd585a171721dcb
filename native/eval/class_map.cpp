#include "class_map.h"

#include <fmt/format.h>

#include "caqa/formats/import.h"
#include "caqa/text.h"

namespace caqa::eval {

namespace {

std::string trimmed_lower(std::string_view text) {
  std::size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : ascii_lower(text.substr(b, e - b + 1));
}

}  // namespace

std::optional<ClassId> ClassMap::find(std::string_view server_class) const {
  const std::string key = trimmed_lower(server_class);
  for (const auto& [name, cls] : entries)
    if (name == key) return cls;
  return std::nullopt;
}

std::optional<ClassMap> parse_class_map(std::string_view spec, const LabelScheme& scheme, double threshold,
                                        std::string& error) {
  // The syntax and its errors are caqa import mapped's --label-map.
  auto items =
      trimmed_lower(spec).empty() ? std::vector<ImportLabelMapping>{} : parse_import_label_map(spec, scheme, error);
  if (!items) return std::nullopt;
  ClassMap map;
  map.scheme = &scheme;
  map.threshold = threshold;
  map.positive = 0;
  map.negative = static_cast<ClassId>(scheme.size() - 1);
  for (const ImportLabelMapping& item : *items) {
    const std::string source = trimmed_lower(item.source);
    const ClassId cls = *scheme.parse_spelling(item.cls);
    map.entries.emplace_back(source, cls);
    if (source == "positive") map.positive = cls;
    if (source == "negative") map.negative = cls;
  }
  return map;
}

std::optional<SchemeJudgement> judge_pair(const ClassMap& map, const PairOutput& output, std::string& error) {
  SchemeJudgement out;
  const std::size_t n = static_cast<std::size_t>(map.scheme->size());
  if (output.score) {
    const double s = *output.score;
    out.label = s >= map.threshold ? map.positive : map.negative;
    if (s >= 0.0 && s <= 1.0 && map.positive != map.negative) {
      out.probs.assign(n, 0.0);
      out.probs[map.positive] = s;
      out.probs[map.negative] = 1.0 - s;
      out.score = out.probs[0];
    } else {
      out.score = map.positive == 0 ? s : -s;  // the first class's side stays the higher
    }
    return out;
  }
  out.probs.assign(n, 0.0);
  for (const auto& [name, p] : output.classes) {
    const auto cls = map.find(name);
    if (!cls) {
      error = fmt::format("the server's class \"{}\" is not in --label-map", name);
      return std::nullopt;
    }
    out.probs[*cls] += p;
  }
  for (std::size_t c = 1; c < n; ++c)
    if (out.probs[c] > out.probs[out.label]) out.label = static_cast<ClassId>(c);
  out.score = out.probs[0];
  return out;
}

}  // namespace caqa::eval
