// The gold labels of one benchmark split, indexed by sample id.
// A gold line needs "id" and "label" (any spelling the scheme lists: the canonical
// name, the CAQA authors' Support/Missing/..., binary 1/0, WiCE's supported/...).
// "complexity" is optional, but on every line or on none (other benchmarks have no
// complexity levels). "scheme" names the label scheme: the first line that has one
// chooses it unless the caller fixed the scheme (--scheme), and a line naming another
// one is an error. "split", "qid" (the source question, a ranking group for the meta
// track), a --group-by field and the sample's text fields are optional here.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/complexity.h"
#include "caqa/errors.h"
#include "caqa/formats/samples_reader.h"
#include "caqa/id_index.h"
#include "caqa/input_text.h"
#include "caqa/label.h"
#include "caqa/source_text.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

struct GoldOptions {
  const LabelScheme* scheme = &caqa_scheme();  // gold labels are its spellings (or CAQA's, mapped)
  bool scheme_given = false;         // scheme is settled (the user chose it, or the caller read the gold's own with
                                     // declared_gold_scheme): a line's "scheme" does not replace it
  std::optional<std::string> split;  // keep only samples of this split
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  bool texts = false;    // read question, answer, citation and evidence for the observer
  std::string group_by;  // a string gold field whose values group the samples ("" = none)
  bool operator==(const GoldOptions&) const = default;
};

// The scheme the gold's first "scheme" names (nullptr when no line names one, or the
// name is unknown: parse_gold reports that). Reads lines only up to that one.
const LabelScheme* declared_gold_scheme(const InputText& text, std::size_t max_line_bytes = kDefaultMaxLineBytes);

class GoldSet {
 public:
  std::size_t size() const { return labels_.size(); }
  const IdIndex& ids() const { return ids_; }
  const LabelScheme& scheme() const { return *scheme_; }
  // Class of sample i under scheme().
  ClassId label(std::uint32_t i) const { return labels_[i]; }
  Complexity complexity(std::uint32_t i) const { return complexities_[i]; }
  std::uint32_t line(std::uint32_t i) const { return lines_[i]; }
  // Split shared by every sample, "mixed" when they differ, "" when no sample names one.
  const std::string& split() const { return split_; }
  // True when every sample has a "qid"; qid(i) indexes qid_names().
  bool has_qids() const { return !qids_.empty() && qids_.size() == labels_.size(); }
  std::uint32_t qid(std::uint32_t i) const { return qids_[i]; }
  const std::vector<std::string>& qid_names() const { return qid_names_; }
  // False when no line has "complexity" (every sample then reads as single, unshown).
  bool has_complexity() const { return has_complexity_; }
  // With GoldOptions::group_by: group(i) indexes group_names() (first appearance order).
  const std::string& group_field() const { return group_field_; }
  bool has_groups() const { return !group_field_.empty(); }
  std::uint32_t group(std::uint32_t i) const { return groups_[i]; }
  const std::vector<std::string>& group_names() const { return group_names_; }

 private:
  friend struct GoldSetBuilder;
  IdIndex ids_;
  const LabelScheme* scheme_ = &caqa_scheme();
  std::vector<ClassId> labels_;
  std::vector<Complexity> complexities_;
  std::vector<std::uint32_t> lines_;
  std::vector<std::uint32_t> qids_;  // per sample with a qid, in order
  std::vector<std::string> qid_names_;
  std::string split_;
  bool has_complexity_ = true;
  std::string group_field_;
  std::vector<std::uint32_t> groups_;
  std::vector<std::string> group_names_;
};

struct GoldParse {
  GoldSet gold;
  Diagnostics diagnostics;
};

// Sees each sample as it enters the gold set (index = its position), so that a front
// end that needs the texts too (the explorer) reads the file once.
using GoldSampleObserver = std::function<void(std::uint32_t index, const SampleView& sample)>;

// text: the whole gold file. Never throws; problems come back as diagnostics.
GoldParse parse_gold(const InputText& text, const GoldOptions& options = {}, const GoldSampleObserver& observe = {});

}  // namespace caqa
