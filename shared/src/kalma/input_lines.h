// Line-level helpers of the KaLMA readers (inputs.cpp, judgments_reader.cpp): diagnostics
// tied to lines, the loop over JSON-object lines, question ids and triple lists.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../json/json_object_line.h"
#include "caqa/kalma/inputs.h"

namespace caqa::kalma::reader {

using detail::JsonField;
using Json = nlohmann::json;

inline constexpr std::string_view kTripleHint =
    "write each knowledge triple as [\"Q212657\", \"place of birth\", \"Rome\"]: entity QID, property label, value "
    "label";

// Collects one file's diagnostics, each tied to a line.
class Reporter {
 public:
  explicit Reporter(Diagnostics& out) : out_(out) {}
  void error(std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Error, line, column, std::move(message), std::move(hint)});
  }
  void warning(std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Warning, line, column, std::move(message), std::move(hint)});
  }
  void problem(std::uint32_t line, const detail::LineProblem& p) { error(line, p.column, p.code, p.message, p.hint); }
  void sort() {
    std::stable_sort(out_.items.begin(), out_.items.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  }

 private:
  Diagnostics& out_;
};

// Calls on_line(line) for every non-blank line that parses as a JSON object; reports the
// others, with an example line of this file's format as the hint.
template <class OnLine>
std::size_t for_each_object(const InputText& text, const ReadOptions& options, detail::JsonObjectLine& parser,
                            std::string_view example, Reporter& report, OnLine on_line) {
  return detail::for_each_json_object(
      text, options.max_line_bytes, parser,
      [&](std::uint32_t line, detail::LineProblem problem) {
        if (problem.code == ErrorCode::MalformedJson || problem.code == ErrorCode::NotAnObject)
          problem.hint = fmt::format("each line must hold one JSON object, e.g. {}", example);
        report.problem(line, problem);
      },
      on_line);
}

// The question id of a line: a string, or an integer read as its decimal text.
std::optional<std::string_view> question_id(const JsonField& field, std::uint32_t line, Reporter& report);

// A JSON value as a short printable excerpt, for messages.
std::string shown(const Json& value);

// The whole line as a DOM, for the nested arrays JsonObjectLine does not read; parsed
// once per line, on first use.
class LineDom {
 public:
  explicit LineDom(const SourceLine& line) : line_(line) {}
  // The value of key, or nullptr (reported) when the line cannot be read as a DOM.
  const Json* get(const JsonField& field, std::string_view key, Reporter& report);

 private:
  const SourceLine& line_;
  Json doc_;
  bool parsed_ = false;
};

// One triple [qid, property, value]; qid may be empty when allow_empty_qid.
std::optional<Triple> read_triple(const Json& v, bool allow_empty_qid);

// A required (or optional) array of triples; nullopt when absent or unusable.
std::optional<TripleSet> read_triple_list(const SourceLine& line, LineDom& dom, const JsonField& field,
                                          std::string_view key, bool required, Reporter& report);

// Remembers the first line of each id, to report repeats.
class FirstLines {
 public:
  // 0 when id is new (and records line), else the line it was first seen on.
  std::uint32_t seen(std::string_view id, std::uint32_t line) {
    auto [it, added] = first_.emplace(std::string(id), line);
    return added ? 0 : it->second;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> first_;
};

}  // namespace caqa::kalma::reader
