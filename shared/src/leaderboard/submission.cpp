#include "caqa/leaderboard/submission.h"

#include <fmt/format.h>

#include "caqa/leaderboard/json_schema.h"
#include "leaderboard_meta_schema_text.h"

namespace caqa::leaderboard {

namespace {

const Json& meta_schema() {
  static const Json schema = [] {
    std::string error;
    return parse_json(leaderboard_meta_schema(), error).value_or(Json::object());
  }();
  return schema;
}

std::optional<std::string> optional_string(const Json& meta, const char* key) {
  auto it = meta.find(key);
  if (it == meta.end() || it->is_null()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

std::string_view leaderboard_meta_schema() { return generated::kLeaderboardMetaSchema; }

MetaCheck check_submission_meta(std::string_view bytes, std::string_view folder, std::string_view benchmark_version) {
  MetaCheck out;
  std::string error;
  std::optional<Json> meta = parse_json(bytes, error);
  if (!meta) {
    out.problems.push_back(error);
    return out;
  }
  out.problems = schema_problems(*meta, meta_schema());
  if (!meta->is_object()) return out;
  auto text = [&](const char* key) -> std::optional<std::string> {
    auto it = meta->find(key);
    return it != meta->end() && it->is_string() ? std::optional(it->get<std::string>()) : std::nullopt;
  };
  if (auto slug = text("slug"); slug && *slug != folder)
    out.problems.push_back(fmt::format("\"slug\": \"{}\" must equal the folder name \"{}\"", *slug, folder));
  if (auto version = text("benchmark_version"); version && *version != benchmark_version)
    out.problems.push_back(
        fmt::format("\"benchmark_version\": \"{}\" does not match this benchmark's version {} "
                    "(the SHA-256 of the default benchmark's test.jsonl; docs/leaderboard.md)",
                    *version, benchmark_version));
  if (!out.problems.empty()) return out;
  SubmissionMeta m;
  m.slug = text("slug").value_or("");
  m.evaluator = text("evaluator").value_or("");
  m.setting = text("setting").value_or("");
  m.organisation = text("organisation").value_or("");
  m.benchmark_version = text("benchmark_version").value_or("");
  m.model = optional_string(*meta, "model");
  m.size = optional_string(*meta, "size");
  m.paper = optional_string(*meta, "paper");
  m.code = optional_string(*meta, "code");
  m.date = optional_string(*meta, "date");
  m.description = optional_string(*meta, "description");
  out.meta = std::move(m);
  return out;
}

}  // namespace caqa::leaderboard
