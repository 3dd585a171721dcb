// The automatic checks of one generated text (CAQA paper, section 4.4 and Table 8): does it
// name every entity it must (else Absent), and no entity of the KG it may not (else
// Hallucinated)? Plus the lint (lint.h). A text that fails any check is not used; the
// build keeps the grammar verbaliser's text instead (docs/verbalize.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/verbalize/entity_name_index.h"
#include "caqa/verbalize/lint.h"

namespace caqa::verbalize {

// Table 8's verdicts, in its column order.
enum class Coverage : std::uint8_t { FullCoverage, Absent, Hallucinated };
inline constexpr int kCoverageCount = 3;
inline constexpr std::array<Coverage, kCoverageCount> kCoverages = {Coverage::FullCoverage, Coverage::Absent,
                                                                    Coverage::Hallucinated};
std::string_view coverage_name(Coverage coverage);   // "full_coverage", "absent", "hallucinated"
std::string_view coverage_title(Coverage coverage);  // "Full coverage", a table header

// The three generation tasks of the paper's Appendix A, in its order.
enum class TextTask : std::uint8_t { Citation, Question, Answer };
inline constexpr int kTextTaskCount = 3;
inline constexpr std::array<TextTask, kTextTaskCount> kTextTasks = {TextTask::Citation, TextTask::Question,
                                                                    TextTask::Answer};
std::string_view text_task_name(TextTask task);  // "citation", "question", "answer"

// What one text must, may and must not name.
struct TextNames {
  std::vector<std::string> required;   // every one present (case-insensitive), else Absent
  std::vector<std::string> allowed;    // KG names it may hold besides the required ones
  std::vector<std::string> forbidden;  // none present (a question never names its answer)
};

// A citation names every entity of its triples and may name the question's.
TextNames citation_names(const std::vector<std::string>& triple_names, const std::vector<std::string>& question_names);
// A question names the query's constants, may name what its source question names, never
// an answer.
TextNames question_names(const std::vector<std::string>& query_names, const std::string& source_text,
                         const std::vector<std::string>& answer_names, const EntityNameIndex& index);
// An answer statement names every answer and may name what its question names.
TextNames answer_names(const std::vector<std::string>& answers, const std::vector<std::string>& query_names,
                       const std::string& question, const EntityNameIndex& index);

struct TextCheck {
  Coverage coverage = Coverage::FullCoverage;
  LintCounts lint;
  std::vector<std::string>
      reasons;  // "absent: Jaws", "hallucinated: Roy Scheider", "names the answer: Ireland", "lint: a_an"
  bool passed() const { return coverage == Coverage::FullCoverage && lint.clean(); }
};

// Absent before Hallucinated: a text missing a name is Absent whatever else it holds.
// Naming a forbidden name counts as Hallucinated.
TextCheck check_text(std::string_view text, const TextNames& names, const EntityNameIndex& index);

}  // namespace caqa::verbalize
