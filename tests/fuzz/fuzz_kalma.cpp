// The KaLMA track (score_kalma: questions, answers and judgments parsers, then the
// metrics) on any bytes. The input holds the three files separated by lines of five
// dashes ("\n-----\n"); with fewer parts the judgments (then the answers) are empty or
// absent. Checks: no crash, a block comes with an error in the file that caused it,
// a report exactly when nothing blocks.
#include <optional>
#include <string_view>

#include "caqa/kalma/pipeline.h"
#include "fuzz_check.h"

namespace {

constexpr std::string_view kSeparator = "\n-----\n";

// The next part of rest, up to the separator (or the end); rest moves past it.
std::optional<std::string_view> next_part(std::string_view& rest, bool& exhausted) {
  if (exhausted) return std::nullopt;
  const std::size_t at = rest.find(kSeparator);
  if (at == std::string_view::npos) {
    exhausted = true;
    return rest;
  }
  const std::string_view part = rest.substr(0, at);
  rest.remove_prefix(at + kSeparator.size());
  return part;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  namespace kalma = caqa::kalma;
  std::string_view rest = caqa::fuzz::as_text(data, size);
  bool exhausted = false;
  const caqa::InputText questions(*next_part(rest, exhausted));
  const caqa::InputText answers(next_part(rest, exhausted).value_or(""));
  std::optional<caqa::InputText> judgments;
  if (auto part = next_part(rest, exhausted)) judgments.emplace(*part);

  for (bool pairs : {false, true}) {
    kalma::KalmaRequest request;
    request.sources = {"questions.jsonl", "answers.jsonl", judgments ? "judgments.jsonl" : ""};
    request.pairs = pairs;
    const kalma::KalmaOutcome outcome = kalma::score_kalma(questions, answers, judgments, request);
    caqa::fuzz::check_diagnostics(outcome.questions, questions.bytes());
    caqa::fuzz::check_diagnostics(outcome.answers, answers.bytes());
    if (judgments) caqa::fuzz::check_diagnostics(outcome.judgments, judgments->bytes());
    if (outcome.blocked == kalma::KalmaBlock::Questions)
      check(outcome.questions.has_errors(), "blocked on questions without an error there");
    if (outcome.blocked == kalma::KalmaBlock::AnswersOrJudgments)
      check(outcome.answers.has_errors() || outcome.judgments.has_errors(),
            "blocked on answers or judgments without an error there");
    check(outcome.report.has_value() == (outcome.ok() && !pairs), "a report without a clean run, or none with one");
  }
  return 0;
}
