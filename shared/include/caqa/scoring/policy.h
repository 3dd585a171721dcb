// What stops a prediction file from being scored, decided once for every front end
// (caqa validate, score, compare, meta, the leaderboard, the browser, the explorer):
// problems that leave a line unreadable block (malformed JSON, wrong types, a missing
// id, a bad CSV header, lines too long, invalid UTF-8), and so do repeated ids under
// --dup error. Everything the scorer has a documented answer for does not block and is
// a warning: an invalid label or an unparseable response (scored as wrong), an id not in
// gold (ignored), a bad score (no score), missing predictions (wrong, or left out).
#pragma once

#include "caqa/errors.h"
#include "caqa/validate.h"

namespace caqa {

bool blocks_scoring(ErrorCode code, DuplicatePolicy policy);

// Sets each diagnostic's severity by the rule above: Error exactly when it blocks.
void apply_scoring_policy(Diagnostics& diagnostics, DuplicatePolicy policy);

}  // namespace caqa
