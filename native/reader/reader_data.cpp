#include "reader/reader_data.h"

#include <algorithm>

#include "baseline/dataset.h"
#include "caqa/errors.h"
#include "caqa/formats/samples_reader.h"
#include "caqa/gold_set.h"
#include "caqa/reader/tokens.h"
#include "caqa/source_text.h"
#include "files.h"
#include "thread_runner.h"

namespace caqa::reader {

std::optional<ReaderData> read_reader_data(const std::string& path, const LabelScheme* scheme, std::string& error) {
  auto file = cli::read_file(path, error);
  if (!file) return std::nullopt;
  if (!scheme) scheme = declared_gold_scheme(file->text());
  if (!scheme) scheme = &caqa_scheme();
  SampleReadOptions options;
  options.texts = true;
  options.require_texts = true;
  options.require_label = false;
  options.require_complexity = false;  // imported gold (WiCE, AttributionBench) has no levels
  options.triples = false;
  SampleParse parsed = read_samples(file->text(), options);
  for (const Diagnostic& problem : parsed.diagnostics.items)
    if (problem.severity == Severity::Error) {
      error = format_diagnostic(path, problem);
      return std::nullopt;
    }
  ReaderData d;
  d.scheme = scheme;
  for (Sample& sample : parsed.samples) {
    int cls = -1;
    if (sample.label) {
      const auto parsed_class = scheme->parse_gold(*sample.label);
      if (!parsed_class) {
        error =
            format_diagnostic(path, {ErrorCode::InvalidLabel, Severity::Error, sample.line, sample.label_column,
                                     "expected " + scheme->expected_list() + " (scheme " + std::string(scheme->name) +
                                         "), found \"" + printable_excerpt(*sample.label, 60) + "\"",
                                     "name the scheme with --scheme, or in the file's \"scheme\" field"});
        return std::nullopt;
      }
      cls = *parsed_class;
    }
    d.has_labels = d.has_labels && cls >= 0;
    d.classes.push_back(cls);
    d.ids.push_back(baseline::json_id_token(sample));
    d.question.push_back(std::move(sample.question));
    d.answer.push_back(std::move(sample.answer));
    d.citation.push_back(std::move(sample.citation));
  }
  return d;
}

std::vector<ReaderExample> encode_examples(const ReaderData& data, const ReaderConfig& config) {
  const TokenizerConfig tokens{config.buckets, static_cast<std::size_t>(config.max_tokens)};
  std::vector<ReaderExample> out(data.size());
  run_each(cli::thread_runner(16), data.size(), [&](std::size_t i) {
    out[i].hypothesis = encode_text(data.answer[i], data.citation[i], tokens);
    out[i].premise = encode_text(data.citation[i], data.answer[i], tokens);
    out[i].label = std::max(0, data.classes[i]);
  });
  return out;
}

}  // namespace caqa::reader
