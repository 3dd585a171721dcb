// The fake server's answers to caqa build --verbalizer llm (data/prompts/verbalize_*.txt):
// each prompt gets, by a hash of its text, a good text, an incomplete one (a name of its
// triples or answers left out) or a hallucinating one (the KG name kBait added), so a test
// knows exactly what it planted from the prompts the server saw.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace caqa::eval::testing {

enum class Planted { Good, Incomplete, Hallucinating };
enum class VerbalizeTask { None, Citation, Question, Answer };

// A KG name the test KG holds but no sample can mention (its own relation, no question).
inline const std::string kBait = "Rosebud Sled";

inline VerbalizeTask verbalize_task(const std::string& prompt) {
  if (prompt.starts_with("Instruction: Your task is to convert a specific subgraph")) return VerbalizeTask::Citation;
  if (prompt.starts_with("Instruction: Given knowledge graph triples")) return VerbalizeTask::Question;
  if (prompt.starts_with("Instruction: Your task is to convert a question along")) return VerbalizeTask::Answer;
  return VerbalizeTask::None;
}

inline Planted planted(const std::string& prompt) {
  std::uint64_t h = 1469598103934665603ull;
  for (char c : prompt) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return static_cast<Planted>(h % 3);
}

inline std::string verbalize_line(const std::string& prompt, const std::string& tag) {
  std::size_t at = prompt.find("\n" + tag);
  if (at == std::string::npos) return {};
  at += 1 + tag.size();
  return prompt.substr(at, prompt.find('\n', at) - at);
}

// The double-quoted strings of a line, in order (the subgraph's names and relations).
inline std::vector<std::string> quoted_strings(const std::string& line) {
  std::vector<std::string> out;
  for (std::size_t at = line.find('"'); at != std::string::npos; at = line.find('"', at + 1)) {
    std::size_t end = line.find('"', at + 1);
    out.push_back(line.substr(at + 1, end - at - 1));
    at = end;
  }
  return out;
}

// The constants of "[(?a, directed_by, Jaws) AND (...)]".
inline std::vector<std::string> query_constants(const std::string& line) {
  std::vector<std::string> out;
  for (std::size_t open = line.find('('); open != std::string::npos; open = line.find('(', open + 1)) {
    std::string inside = line.substr(open + 1, line.find(')', open) - open - 1);
    std::size_t a = inside.find(", "), b = inside.rfind(", ");
    for (const std::string& term : {inside.substr(0, a), inside.substr(b + 2)})
      if (!term.starts_with("?")) out.push_back(term);
  }
  return out;
}

inline std::string and_joined(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : " and ") + names[i];
  return out;
}

inline std::string fake_verbalize(const std::string& prompt) {
  Planted kind = planted(prompt);
  std::string extra = kind == Planted::Hallucinating ? " " + kBait + " is nearby." : "";
  switch (verbalize_task(prompt)) {
    case VerbalizeTask::Citation: {
      // Two passages come as "[1] [(...)] [2] [(...)]": a good text keeps the markers.
      const std::string line = verbalize_line(prompt, "Subgraph: ");
      const std::size_t second = line.find("[2] ");
      auto s = quoted_strings(line);
      if (kind == Planted::Incomplete) return s[0] + " is known.";
      std::string out;
      for (const std::string& part : {line.substr(0, second), second == std::string::npos ? "" : line.substr(second)}) {
        auto names = quoted_strings(part);
        if (names.empty()) continue;
        if (second != std::string::npos) out += (out.empty() ? "[" : " [") + std::to_string(out.empty() ? 1 : 2) + "]";
        for (std::size_t i = 0; i + 2 < names.size(); i += 3)
          out += (out.empty() ? "" : " ") + names[i] + " has " + names[i + 1] + " " + names[i + 2] + ".";
      }
      return out + extra;
    }
    case VerbalizeTask::Question:
      if (kind == Planted::Incomplete) return "Which one is it?";
      return "Which entity relates to " + and_joined(query_constants(verbalize_line(prompt, "Triples: "))) + "?" +
             extra;
    case VerbalizeTask::Answer: {
      std::string line = verbalize_line(prompt, "Answer: ");
      std::vector<std::string> answers;
      for (std::size_t at = 0; at <= line.size();) {
        std::size_t end = line.find("; ", at);
        answers.push_back(line.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos) break;
        at = end + 2;
      }
      if (kind == Planted::Incomplete) return "The answer is unknown.";
      return "The answer is " + and_joined(answers) + "." + extra;
    }
    case VerbalizeTask::None: break;
  }
  return {};
}

}  // namespace caqa::eval::testing
