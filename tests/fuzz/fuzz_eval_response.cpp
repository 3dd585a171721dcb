// caqa eval's reading of one server answer, any bytes as the body (issue 43), one target
// per protocol (CAQA_FUZZ_API: the --api name). Chat and completions: the completion and
// its log-probabilities, the class probabilities, the log-probability check. Pair APIs:
// the body for batches of 1 to 4 pairs, then every pair's answer checked and judged with
// and without --raw-scores. Checks: no crash; a judged pair has a known label and, where
// it has probabilities, values in [0, 1] that sum to 1; a refusal says why; class
// probabilities sum to 1.
#include <cmath>
#include <numeric>
#include <string>

#include "eval/answer_checks.h"
#include "eval/pair_protocol.h"
#include "fuzz_check.h"

namespace {

using namespace caqa::eval;
using caqa::fuzz::check;

constexpr double kTolerance = 1e-6;

bool sums_to_one(const std::vector<double>& p) {
  for (double v : p)
    if (!(v >= -kTolerance && v <= 1 + kTolerance)) return false;
  return std::abs(std::accumulate(p.begin(), p.end(), 0.0) - 1.0) < 1e-3;
}

const ClassMap& class_map(Api api) {
  static const ClassMap map = [api] {
    std::string error;
    const char* spec = api == Api::VllmClassify ? "0=contradictory,1=supportive,2=irrelevant"
                       : api == Api::VllmScore  ? "positive=supportive,negative=irrelevant"
                                               : "entailment=supportive,neutral=irrelevant,contradiction=contradictory";
    return *parse_class_map(spec, caqa::caqa_scheme(), 0.5, error);
  }();
  return map;
}

void judge_completion(Api api, std::string_view body) {
  for (bool with_logprobs : {false, true}) {
    const auto text = parse_completion(body, api, with_logprobs);
    if (!text || !with_logprobs) continue;
    const auto reply = nlohmann::json::parse(*text, nullptr, false);
    check(reply.is_object() && reply.contains("content") && reply.contains("logprobs"),
          "a completion with log-probabilities is {content, logprobs}");
    const auto positions = parse_token_positions(reply["logprobs"]);
    if (!positions) continue;
    for (bool raw : {false, true}) {
      const auto refusal = check_logprobs(*positions, raw);
      check(!refusal || !refusal->reason.empty(), "a refusal says why");
      if (refusal) continue;
      if (auto probs = class_probabilities(*positions, caqa::caqa_scheme()))
        check(sums_to_one(*probs), "class probabilities of accepted log-probabilities sum to 1");
    }
  }
}

void judge_pairs(Api api, std::string_view body) {
  const ClassMap& map = class_map(api);
  for (std::size_t pairs = 1; pairs <= 4; ++pairs) {
    std::string error;
    const auto outputs = parse_pair_response(api, body, pairs, error);
    check(outputs.has_value() || !error.empty(), "a refused body says why");
    if (!outputs) continue;
    check(outputs->size() == pairs, "one answer a pair");
    for (const PairOutput& output : *outputs)
      for (bool raw : {false, true}) {
        const PairVerdict verdict = check_pair_output(api, map, output, raw);
        check(verdict.judgement.has_value() != verdict.refusal.has_value(), "a pair is judged or refused");
        if (verdict.refusal) {
          check(!verdict.refusal->reason.empty(), "a refusal says why");
          continue;
        }
        const SchemeJudgement& j = *verdict.judgement;
        check(j.label < map.scheme->size(), "a judged pair's label is a class of the scheme");
        check(std::isfinite(j.score), "a judged pair's score is finite");
        if (!j.probs.empty()) check(sums_to_one(j.probs), "a judged pair's probabilities sum to 1");
      }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Api api = *parse_api(CAQA_FUZZ_API);
  const std::string_view body = caqa::fuzz::as_text(data, size);
  if (is_pair_api(api))
    judge_pairs(api, body);
  else
    judge_completion(api, body);
  return 0;
}
