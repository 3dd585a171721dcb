// Samples as the reader reads them: the answer and the citation of each, its label as a
// class of a label scheme (caqa4, support3, binary...), so that any gold trains and is
// predicted (issue 34: "a support3 or binary gold trains too").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "caqa/reader/batch.h"
#include "caqa/reader/model.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa::reader {

struct ReaderData {
  const LabelScheme* scheme = nullptr;
  std::vector<std::string> ids;  // each as its JSON token, written back as read
  std::vector<std::string> question, answer, citation;
  std::vector<int> classes;  // the scheme's class, -1 where the line has no label
  bool has_labels = true;    // every line has a label
  std::size_t size() const { return ids.size(); }
};

// A benchmark file (caqa/formats/samples_reader.h) whose samples all have an answer and a
// citation. Labels are read with `scheme`, else the scheme the file's first "scheme" names,
// else caqa4. nullopt with "file:line:column: error[code]: ..." on the first problem.
std::optional<ReaderData> read_reader_data(const std::string& path, const LabelScheme* scheme, std::string& error);

// What the model reads of each sample: the answer against the citation.
std::vector<ReaderExample> encode_examples(const ReaderData& data, const ReaderConfig& config);

}  // namespace caqa::reader
