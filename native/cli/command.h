// A subcommand: registers its flags on the CLI11 app, then runs once parsed.
#pragma once

#include <memory>

#include <CLI/CLI.hpp>

#include "exit_codes.h"

namespace caqa::cli {

class Command {
 public:
  virtual ~Command() = default;
  virtual int run() = 0;
};

// The subcommands, in `caqa --help` order: each cmd_<name>.cpp defines
// add_<name>_command(app), which registers its flags and returns the command.
// clang-format off
#define CAQA_COMMANDS(X) \
  X(build) X(validate) X(score) X(compare) X(meta) X(factscore) X(kalma) X(eval) X(export_gold) X(import) X(serve) X(leaderboard) \
  X(train) X(predict) X(audit)
// clang-format on

#define CAQA_DECLARE_COMMAND(name) std::unique_ptr<Command> add_##name##_command(CLI::App& app);
CAQA_COMMANDS(CAQA_DECLARE_COMMAND)
#undef CAQA_DECLARE_COMMAND

}  // namespace caqa::cli
