// Reader of an evaluator's sub-fact judgments (sub_facts.h).
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "../json/json_object_line.h"
#include "caqa/factscore/sub_facts.h"

namespace caqa::factscore {

namespace {

using detail::JsonField;

constexpr std::string_view kExample = R"({"id": "000ef22dcd0d7d27", "subfacts": [true, false, true]})";

}  // namespace

double SubFactJudgments::score() const {
  if (judgments.empty()) return factscore.value_or(0.0);
  return std::accumulate(judgments.begin(), judgments.end(), 0.0) / static_cast<double>(judgments.size());
}

SubFactPredictions read_sub_fact_predictions(const InputText& text, const GoldSet& gold, const SubFactGold& sub_facts,
                                             std::size_t max_line_bytes) {
  SubFactPredictions out;
  out.by_gold.assign(gold.size(), {});
  std::vector<std::uint32_t> first_line(gold.size(), 0);
  Diagnostics& d = out.diagnostics;
  auto error = [&](std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message,
                   std::string hint = {}) {
    d.items.push_back({code, Severity::Error, line, column, std::move(message), std::move(hint)});
  };
  detail::JsonObjectLine parser{"id", "subfacts", "factscore"};
  out.lines = detail::for_each_json_object(
      text, max_line_bytes, parser,
      [&](std::uint32_t line, detail::LineProblem p) {
        if (p.code == ErrorCode::MalformedJson || p.code == ErrorCode::NotAnObject)
          p.hint = fmt::format("each line must hold one JSON object, e.g. {}", kExample);
        error(line, p.column, p.code, std::move(p.message), std::move(p.hint));
      },
      [&](const SourceLine& line) {
        std::string_view id;
        if (auto p = detail::id_text(parser.field(0), id)) {
          error(line.number, p->column, p->code, std::move(p->message), std::move(p->hint));
          return;
        }
        const std::uint32_t g = gold.ids().find(id);
        if (g == IdIndex::kAbsent) {
          d.items.push_back({ErrorCode::UnknownId, Severity::Warning, line.number, parser.field(0).column,
                             fmt::format("expected an id of the gold file, found \"{}\"; the line is ignored", id),
                             "check that the predictions and --gold are the same benchmark split"});
          return;
        }
        if (first_line[g] != 0) {
          error(line.number, parser.field(0).column, ErrorCode::DuplicateId,
                fmt::format("a second line for \"{}\" (first on line {})", id, first_line[g]),
                "keep one line per sample");
          return;
        }
        first_line[g] = line.number;
        const std::vector<bool>& claimed = sub_facts.supported[g];
        if (claimed.empty()) {
          error(line.number, parser.field(0).column, ErrorCode::JudgmentMismatch,
                fmt::format("\"{}\" has no sub-facts in the gold file", id),
                "sub-facts come with benchmarks built by caqa build (issue 41); other benchmarks have none");
          return;
        }
        const JsonField& list = parser.field(1);
        const JsonField& bare = parser.field(2);
        SubFactJudgments j;
        if (list.type == JsonField::Type::Array) {
          // The reader reads NaN and Infinity (not JSON) as a 0 of the same width inside an
          // array: the line's own bytes tell them apart.
          if (line.text.substr(list.column - 1, list.text.size()) != list.text) {
            error(line.number, list.column, ErrorCode::BadScore,
                  fmt::format("\"subfacts\" of \"{}\": expected true, false or a probability in [0, 1], found NaN "
                              "or Infinity",
                              id));
            return;
          }
          const nlohmann::json array = nlohmann::json::parse(list.text, nullptr, false);
          if (array.size() != claimed.size()) {
            error(line.number, list.column, ErrorCode::JudgmentMismatch,
                  fmt::format("expected {} judgments for \"{}\" (its answer's sub-facts, in order), found {}",
                              claimed.size(), id, array.size()),
                  "judge every sub-fact the gold line lists, in its order");
            return;
          }
          for (std::size_t i = 0; i < array.size(); ++i) {
            const nlohmann::json& v = array[i];
            if (v.is_boolean()) {
              j.judgments.push_back(v.get<bool>() ? 1.0 : 0.0);
            } else if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= 0 &&
                       v.get<double>() <= 1) {
              j.judgments.push_back(v.get<double>());
            } else {
              error(line.number, list.column, ErrorCode::BadScore,
                    fmt::format("judgment {} of \"{}\": expected true, false or a probability in [0, 1], found {}",
                                i + 1, id, v.dump().substr(0, 40)));
              return;
            }
          }
        } else if (list.type != JsonField::Type::Absent) {
          error(line.number, list.column, ErrorCode::BadFieldType,
                fmt::format("expected an array for \"subfacts\", found {}", detail::describe_found(list)),
                std::string(kExample));
          return;
        } else if (bare.type == JsonField::Type::Integer || bare.type == JsonField::Type::Float) {
          if (!(std::isfinite(bare.number) && bare.number >= 0 && bare.number <= 1)) {
            error(line.number, bare.column, ErrorCode::BadScore,
                  fmt::format("expected a \"factscore\" in [0, 1], found {}", bare.text));
            return;
          }
          j.factscore = bare.number;
        } else {
          error(line.number, bare.type == JsonField::Type::Absent ? 1 : bare.column,
                bare.type == JsonField::Type::Absent ? ErrorCode::MissingField : ErrorCode::BadFieldType,
                bare.type == JsonField::Type::Absent
                    ? std::string("expected \"subfacts\" (the judgments) or \"factscore\", found neither")
                    : fmt::format("expected a number for \"factscore\", found {}", detail::describe_found(bare)),
                std::string(kExample));
          return;
        }
        j.present = true;
        out.by_gold[g] = std::move(j);
      });
  for (std::uint32_t g = 0; g < gold.size(); ++g)
    if (!sub_facts.supported[g].empty() && !out.by_gold[g].present) {
      if (++out.missing <= 3) out.first_missing.push_back(g);
    }
  std::stable_sort(d.items.begin(), d.items.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return out;
}

}  // namespace caqa::factscore
