// The hook through which a front end rewrites a build's texts (caqa build --verbalizer
// llm, native/verbalize/llm_rewriter.h): the core hands it requests, each with what its
// prompt needs, and checks every text it returns (text_checks.h) before using it. The
// core itself never sends anything anywhere.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "caqa/verbalize/text_checks.h"

namespace caqa::verbalize {

using NameTriple = std::array<std::string, 3>;  // head name, relation, tail name

// One text to write (the paper's Appendix A tasks). Only the fields of its task are set.
struct TextRequest {
  TextTask task = TextTask::Citation;
  std::vector<NameTriple> triples;  // citation: the facts it states, in order
  std::vector<std::size_t>
      passage;                  // citation: each fact's passage (0: "[1]", 1: "[2]"), as the grammar text plans them
  std::string source_question;  // question: the original question's text
  std::string query;            // question: the extended query, names for constants, ?a the answer
  std::string question;         // answer: the question it answers
  std::vector<std::string> answers;  // answer: the answer entities' names
};

struct TextRewriter {
  std::string name;                                        // "llm/MODEL": the manifest's verbalizer
  std::vector<std::pair<std::string, std::string>> about;  // for the manifest: model, prompt SHA-256...
  // One reply per request, in order; nullopt where no text came back (the grammar text stays).
  std::function<std::vector<std::optional<std::string>>(const std::vector<TextRequest>&)> rewrite;
};

}  // namespace caqa::verbalize
