// Test driver: `caqa eval` alone (the same command object the caqa binary registers),
// so the kill/resume test can run it as a child process.
#include "command.h"

namespace caqa::cli {
// Also declared in command.h once `caqa eval` is registered there; repeating it is harmless.
std::unique_ptr<Command> add_eval_command(CLI::App& app);
}  // namespace caqa::cli

int main(int argc, char** argv) {
  CLI::App app{"caqa eval test driver"};
  app.require_subcommand(1);
  auto command = caqa::cli::add_eval_command(app);
  CLI11_PARSE(app, argc, argv);
  return command->run();
}
