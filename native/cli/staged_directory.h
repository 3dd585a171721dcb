// An output folder written all-or-nothing (caqa build): the files go to a temporary sibling,
// .caqa-tmp-<name>-<pid> on the same filesystem, which replaces the folder in commit() (the
// old folder renamed aside, the new one renamed in, the old one removed). A reader sees the
// old folder or the new one, never a mix.
//
// Interrupts: while staging, SIGINT and SIGTERM only set a flag (no work in the handler);
// after each file the flag is checked, and then the temporary folder is removed and the
// process ends by the same signal, leaving the old folder whole. The swap itself runs with
// both signals blocked. A temporary folder left by a killed run (SIGKILL, power loss) is
// removed by the next run into the same folder, once its process is gone.
#pragma once

#include <csignal>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::cli {

class StagedDirectory {
 public:
  // A symlink to a folder is followed: the folder it names is replaced.
  explicit StagedDirectory(const std::filesystem::path& target);
  StagedDirectory(const StagedDirectory&) = delete;
  StagedDirectory& operator=(const StagedDirectory&) = delete;
  ~StagedDirectory();  // removes the temporary folder unless committed

  // False (with error) when the target exists and is not a folder, or holds anything but
  // `outputs` and their leftover .tmp-<pid> files: replacing it would delete them.
  bool can_replace(const std::vector<std::string_view>& outputs, std::string& error) const;
  // Creates the temporary folder and starts catching SIGINT and SIGTERM.
  bool open(std::string& error);
  bool write(std::string_view name, std::string_view content, std::string& error);
  bool commit(std::string& error);

 private:
  bool stop_if_interrupted(std::string& error);
  void restore_handlers();
  void discard();

  std::filesystem::path target_, staging_;
  bool handlers_installed_ = false;
  struct sigaction old_int_ = {};
  struct sigaction old_term_ = {};
};

}  // namespace caqa::cli
