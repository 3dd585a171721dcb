// Reader of the gold sub-facts (sub_facts.h).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../json/json_object_line.h"
#include "caqa/factscore/sub_facts.h"

namespace caqa::factscore {

namespace {

using detail::JsonField;

constexpr std::string_view kVerdictHint =
    R"(write "subfacts" as [{"fact": "...", "verdict": "supported"}, ...] or ["supported", "unsupported", ...])";

// "supported" is true, "unsupported" and "contradicted" false; nullopt for anything else.
std::optional<bool> verdict(const nlohmann::json& v) {
  const nlohmann::json* word = &v;
  if (v.is_object()) {
    auto it = v.find("verdict");
    if (it == v.end()) return std::nullopt;
    word = &*it;
  }
  if (!word->is_string()) return std::nullopt;
  const auto& s = word->get_ref<const std::string&>();
  if (s == "supported") return true;
  if (s == "unsupported" || s == "contradicted") return false;
  return std::nullopt;
}

}  // namespace

SubFactGoldRead read_sub_fact_gold(const InputText& text, const GoldSet& gold, std::size_t max_line_bytes) {
  SubFactGoldRead out;
  out.gold.supported.assign(gold.size(), {});
  detail::JsonObjectLine parser{"id", "subfacts"};
  auto error = [&](std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message) {
    out.diagnostics.items.push_back(
        {code, Severity::Error, line, column, std::move(message), std::string(kVerdictHint)});
  };
  detail::for_each_json_object(
      text, max_line_bytes, parser,
      [](std::uint32_t, const detail::LineProblem&) {},  // the gold reader has reported the line already
      [&](const SourceLine& line) {
        std::string_view id;
        const JsonField& sub = parser.field(1);
        if (sub.type == JsonField::Type::Absent || detail::id_text(parser.field(0), id)) return;
        const std::uint32_t g = gold.ids().find(id);
        if (g == IdIndex::kAbsent) return;  // a line of another split
        if (sub.type != JsonField::Type::Array) {
          error(line.number, sub.column, ErrorCode::BadFieldType,
                fmt::format("expected an array for \"subfacts\", found {}", detail::describe_found(sub)));
          return;
        }
        const nlohmann::json array = nlohmann::json::parse(sub.text, nullptr, false);
        std::vector<bool> supported;
        for (std::size_t i = 0; i < array.size(); ++i) {
          const auto v = verdict(array[i]);
          if (!v) {
            error(line.number, sub.column, ErrorCode::BadFieldType,
                  fmt::format("sub-fact {} of \"{}\": expected a verdict supported, unsupported or contradicted, "
                              "found {}",
                              i + 1, id, array[i].dump().substr(0, 80)));
            return;
          }
          supported.push_back(*v);
        }
        if (supported.empty()) {
          error(line.number, sub.column, ErrorCode::BadFieldType,
                fmt::format("\"{}\": expected at least one sub-fact, found an empty \"subfacts\"", id));
          return;
        }
        out.gold.supported[g] = std::move(supported);
        ++out.gold.samples_with_sub_facts;
      });
  return out;
}

}  // namespace caqa::factscore
