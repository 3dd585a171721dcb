// A subcommand: registers its flags on the CLI11 app, then runs once parsed.
#pragma once

#include <memory>

#include <CLI/CLI.hpp>

namespace caqa::cli {

class Command {
 public:
  virtual ~Command() = default;
  virtual int run() = 0;
};

std::unique_ptr<Command> add_validate_command(CLI::App& app);
std::unique_ptr<Command> add_score_command(CLI::App& app);
std::unique_ptr<Command> add_compare_command(CLI::App& app);
std::unique_ptr<Command> add_meta_command(CLI::App& app);
std::unique_ptr<Command> add_build_command(CLI::App& app);
std::unique_ptr<Command> add_kalma_command(CLI::App& app);
std::unique_ptr<Command> add_eval_command(CLI::App& app);
std::unique_ptr<Command> add_export_gold_command(CLI::App& app);
std::unique_ptr<Command> add_serve_command(CLI::App& app);
std::unique_ptr<Command> add_leaderboard_command(CLI::App& app);
std::unique_ptr<Command> add_train_command(CLI::App& app);
std::unique_ptr<Command> add_predict_command(CLI::App& app);
std::unique_ptr<Command> add_audit_command(CLI::App& app);

}  // namespace caqa::cli
