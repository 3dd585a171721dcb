// Prompt templates for LLM judges (CAQA Appendix D.1, Tables 12 and 13; Appendix E.3).
//
// A template is the text of a data/prompts/*.txt file minus one final newline
// (template_body). "{name}" with name made of [a-z_] (at least one character) is a
// placeholder; every other character, other braces included, is literal. Rendering
// fills each placeholder from the given fields; a placeholder with no field is an
// error (a value, not an exception), so a wrong prompt set never reaches a model.
// No I/O here: the CLI reads the files and hashes them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/label.h"

namespace caqa::eval {

struct PromptField {
  std::string_view name;
  std::string_view value;
};

enum class PromptError : std::uint8_t { None, UnknownPlaceholder };

std::string_view to_string(PromptError error);

struct RenderedPrompt {
  std::string text;
  PromptError error = PromptError::None;
  std::string detail;  // the offending placeholder, when error != None
  bool ok() const { return error == PromptError::None; }
};

// The template held by a prompt file: its bytes minus one final "\n" (or "\r\n").
std::string_view template_body(std::string_view file_bytes);

// The placeholder names of a template, in order of first appearance, each once.
std::vector<std::string> template_placeholders(std::string_view tmpl);

RenderedPrompt render_prompt(std::string_view tmpl, std::span<const PromptField> fields);

// The fields of a benchmark sample: {question}, {answer}, {citation}.
struct SampleText {
  std::string_view question;
  std::string_view answer;
  std::string_view citation;
};
RenderedPrompt render_sample_prompt(std::string_view tmpl, const SampleText& sample);

// Appendix E.3, step 1 output: one sub-fact per non-empty line; leading list markers
// ("-", "*", "1.", "1)") and surrounding spaces are dropped.
std::vector<std::string> split_sub_facts(std::string_view response);

// Appendix E.3, step 3: the answer's label from its atomic facts' labels.
//   contradictory         if at least one fact is contradicted;
//   supportive            if all facts are supported;
//   partially_supportive  if at least one fact is supported (and none contradicted);
//   irrelevant            otherwise (all facts irrelevant).
// A fact judged partially_supportive counts as not supported and not contradicted.
// No facts gives irrelevant (nothing of the answer is supported).
Label aggregate_fact_labels(std::span<const Label> facts);

}  // namespace caqa::eval
