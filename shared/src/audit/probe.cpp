#include "caqa/audit/probe.h"

namespace caqa::audit {

const std::array<ProbeInfo, kProbeCount>& probes() {
  static const std::array<ProbeInfo, kProbeCount> table = {{
      {Probe::Majority, "majority", "the most frequent train label",
       "Predicts the most frequent train label for every sample: the floor every probe is measured against.",
       ProbeMargin::None},
      {Probe::Lexical, "lexical", "BM25 overlap of question + answer with the citation",
       "One BM25 score cut by thresholds fit on train: a cheap full-input reference.", ProbeMargin::None},
      {Probe::FullInput, "full input", "question, answer and citation (bag of n-grams)",
       "The trained baseline on everything an evaluator sees: how far surface n-grams get.", ProbeMargin::None},
      {Probe::IdOnly, "id only", "the sample id",
       "Character n-grams of the id and its pieces (split at - _ . /). Ids must carry nothing: if they name the "
       "label, level or edit, any model that reads them is scored for bookkeeping.",
       ProbeMargin::Shallow},
      {Probe::LengthsOnly, "lengths only",
       "citation length, sentence count, distinct words and their share, question and answer length",
       "Four numbers per sample, standardised and binned. If citation length tells the label, the builder's "
       "edits leave a footprint and an evaluator can count instead of read.",
       ProbeMargin::Shallow},
      {Probe::PresenceOnly, "presence only", "answer entities and question/answer words found in the citation",
       "Whether the citation contains the answer's names and how much of the question's and the answer's "
       "content words it repeats, binned. If string matching tells the label, the benchmark measures matching.",
       ProbeMargin::Shallow},
      {Probe::CitationOnly, "citation only", "the citation alone",
       "Bag of n-grams of the citation without question or answer. Support is a relation between answer and "
       "citation; a citation alone should say little (its margin is wider, the label may leave some trace).",
       ProbeMargin::Citation},
      {Probe::QuestionAnswerOnly, "question+answer only", "question and answer without the citation",
       "Bag of n-grams of question and answer. Without the citation the label is unknowable; a high score means "
       "the questions or answers of each label differ.",
       ProbeMargin::Shallow},
      {Probe::AnswerOnly, "answer only", "the answer alone",
       "Bag of n-grams of the answer: the answer's wording must not depend on whether its citation supports it.",
       ProbeMargin::Shallow},
  }};
  return table;
}

const ProbeInfo& probe_info(Probe probe) { return probes()[static_cast<int>(probe)]; }

}  // namespace caqa::audit
