// Prompt rendering and the CoT aggregation rule (see caqa/eval/prompt.h).
#include "caqa/eval/prompt.h"

#include <algorithm>

namespace caqa::eval {

namespace {

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || c == '_'; }

// Length of the placeholder starting at tmpl[pos] == '{' ("{name}"), or 0 if none.
std::size_t placeholder_length(std::string_view tmpl, std::size_t pos) {
  std::size_t end = pos + 1;
  while (end < tmpl.size() && is_name_char(tmpl[end])) ++end;
  if (end == pos + 1 || end >= tmpl.size() || tmpl[end] != '}') return 0;
  return end - pos + 1;
}

std::string_view trim(std::string_view text) {
  const char* spaces = " \t\r";
  std::size_t begin = text.find_first_not_of(spaces);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(spaces) - begin + 1);
}

}  // namespace

std::string_view to_string(PromptError error) {
  switch (error) {
    case PromptError::None: return "ok";
    case PromptError::UnknownPlaceholder: return "the template names a placeholder with no value";
  }
  return "unknown prompt error";
}

std::string_view template_body(std::string_view file_bytes) {
  if (file_bytes.ends_with("\r\n")) return file_bytes.substr(0, file_bytes.size() - 2);
  if (file_bytes.ends_with('\n')) return file_bytes.substr(0, file_bytes.size() - 1);
  return file_bytes;
}

std::vector<std::string> template_placeholders(std::string_view tmpl) {
  std::vector<std::string> names;
  for (std::size_t pos = tmpl.find('{'); pos != std::string_view::npos; pos = tmpl.find('{', pos + 1)) {
    std::size_t length = placeholder_length(tmpl, pos);
    if (length == 0) continue;
    std::string name(tmpl.substr(pos + 1, length - 2));
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
  }
  return names;
}

RenderedPrompt render_prompt(std::string_view tmpl, std::span<const PromptField> fields) {
  RenderedPrompt out;
  out.text.reserve(tmpl.size() + 256);
  std::size_t copied = 0;
  for (std::size_t pos = tmpl.find('{'); pos != std::string_view::npos; pos = tmpl.find('{', pos + 1)) {
    std::size_t length = placeholder_length(tmpl, pos);
    if (length == 0) continue;
    std::string_view name = tmpl.substr(pos + 1, length - 2);
    auto field = std::find_if(fields.begin(), fields.end(), [&](const PromptField& f) { return f.name == name; });
    if (field == fields.end()) {
      out.text.clear();
      out.error = PromptError::UnknownPlaceholder;
      out.detail.clear();  // appended, not assigned: GCC 12 warns wrongly on the assignment
      out.detail += '{';
      out.detail += name;
      out.detail += '}';
      return out;
    }
    out.text.append(tmpl.substr(copied, pos - copied));
    out.text.append(field->value);
    copied = pos + length;
    pos = copied - 1;
  }
  out.text.append(tmpl.substr(copied));
  return out;
}

RenderedPrompt render_sample_prompt(std::string_view tmpl, const SampleText& sample) {
  const PromptField fields[] = {
      {"question", sample.question}, {"answer", sample.answer}, {"citation", sample.citation}};
  return render_prompt(tmpl, fields);
}

std::vector<std::string> split_sub_facts(std::string_view response) {
  std::vector<std::string> facts;
  while (!response.empty()) {
    std::size_t eol = response.find('\n');
    std::string_view line = trim(response.substr(0, eol));
    response = eol == std::string_view::npos ? std::string_view{} : response.substr(eol + 1);
    if (line.starts_with("- ") || line.starts_with("* ")) {
      line = trim(line.substr(2));
    } else {
      std::size_t digits = 0;
      while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
      if (digits > 0 && digits < line.size() && (line[digits] == '.' || line[digits] == ')'))
        line = trim(line.substr(digits + 1));
    }
    if (!line.empty()) facts.emplace_back(line);
  }
  return facts;
}

Label aggregate_fact_labels(std::span<const Label> facts) {
  bool any_contradicted = false, all_supported = !facts.empty(), any_supported = false;
  for (Label label : facts) {
    any_contradicted |= label == Label::Contradictory;
    any_supported |= label == Label::Supportive;
    all_supported &= label == Label::Supportive;
  }
  if (any_contradicted) return Label::Contradictory;
  if (all_supported) return Label::Supportive;
  if (any_supported) return Label::PartiallySupportive;
  return Label::Irrelevant;
}

}  // namespace caqa::eval
