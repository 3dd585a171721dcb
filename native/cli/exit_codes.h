// The exit codes of every caqa command (README "Exit codes"), one set for all of them.
#pragma once

namespace caqa::cli {

inline constexpr int kExitOk = 0;       // done: valid, scored, built, written
inline constexpr int kExitInvalid = 1;  // an input blocks the work, or the work is incomplete (eval: failed requests)
inline constexpr int kExitUsage = 2;    // usage error, unreadable or unwritable file, unusable gold file

}  // namespace caqa::cli
