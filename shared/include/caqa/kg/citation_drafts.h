// Within-question cue matching (docs/benchmark.md, "Artifact controls"). Padding alone
// leaves each label's citations a little apart on average: a supportive citation repeats
// the question's words, an irrelevant one names another subject. So the builder drafts
// several paddings of each label's subgraph, draws one label's draft at random as the
// question's target, and gives every other label its draft nearest that target on the
// surface cues the audit reads (lengths, sentences, answer and question words present,
// words new to the citation). Any choice among drafts keeps the label true: each draft
// is the label's subgraph plus facts that change nothing, and is verified as written.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caqa/kg/graph.h"

namespace caqa::kg {

struct CitationDraft {
  std::vector<Triple> facts;
  std::vector<std::size_t> phrasings;  // kg::Verbalizer::phrasings of the facts
  std::string text;
  std::vector<double> cues;  // caqa::audit::QuestionCues::all of its text
};

// The question's target: the mean of each label's mean cues, moved into the range every
// label's drafts reach where they overlap (a label whose drafts are all short would
// otherwise be the short one across questions: MetaQA's contradictory citations).
// `pools` holds the labels' drafts, each with its cues; empty pools are left out.
std::vector<double> shared_target(const std::vector<const std::vector<CitationDraft>*>& pools);

// Index of the draft whose cues are nearest `target` (the first of equals).
std::size_t nearest_draft(const std::vector<CitationDraft>& drafts, const std::vector<double>& target);

}  // namespace caqa::kg
