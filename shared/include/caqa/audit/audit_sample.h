// What the shortcut audit reads of one benchmark sample: text, gold label and level,
// nothing of the knowledge graph, so the build (in-process) and `caqa audit` (from
// JSON Lines) feed it alike. Views into text the caller owns for the audit's duration.
#pragma once

#include <string_view>
#include <vector>

#include "caqa/complexity.h"
#include "caqa/label.h"

namespace caqa::audit {

struct AuditSample {
  std::string_view id, question, answer, citation;
  Label label = Label::Supportive;
  Complexity complexity = Complexity::Single;
  // Names of the answer entities where the producer knows them (the builder does);
  // empty: the presence probe uses the answer's name-like spans alone.
  std::vector<std::string_view> answer_entities;
};

}  // namespace caqa::audit
