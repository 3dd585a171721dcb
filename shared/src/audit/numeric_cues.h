// The numbers the dense probes read (private to shared/src/audit): surface statistics
// that the label must not depend on, one vector per sample.
#pragma once

#include <string_view>
#include <vector>

#include "caqa/audit/audit_sample.h"

namespace caqa::audit::detail {

// Sentences: runs ended by . ! or ? before white space or the end (a last unterminated
// run counts too).
int sentence_count(std::string_view text);

// Citation characters, citation sentences, question characters, answer characters.
std::vector<double> length_cues(const AuditSample& sample);

// Fractions found in the citation (case-insensitive; -1 where undefined): the answer's
// name-like spans that the question does not contain (its claim), the given answer
// entities, the question's content words, the answer's content words, the claim's
// content words; and the fraction of the citation's content words that question and
// answer do not contain.
std::vector<double> presence_cues(const AuditSample& sample);

}  // namespace caqa::audit::detail
