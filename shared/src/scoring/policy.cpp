#include "caqa/scoring/policy.h"

namespace caqa {

bool blocks_scoring(ErrorCode code, DuplicatePolicy policy) {
  switch (code) {
    case ErrorCode::InvalidLabel:
    case ErrorCode::UnparseableResponse:
    case ErrorCode::UnknownId:
    case ErrorCode::BadScore:
    case ErrorCode::MissingPredictions: return false;
    case ErrorCode::DuplicateId: return policy == DuplicatePolicy::Error;
    default: return true;
  }
}

void apply_scoring_policy(Diagnostics& diagnostics, DuplicatePolicy policy) {
  for (auto& d : diagnostics.items) d.severity = blocks_scoring(d.code, policy) ? Severity::Error : Severity::Warning;
}

}  // namespace caqa
