#include "staged_directory.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include <pthread.h>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "files.h"

namespace caqa::cli {

namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t g_interrupt = 0;
extern "C" void note_interrupt(int signal) { g_interrupt = signal; }

constexpr std::string_view kStagingPrefix = ".caqa-tmp-";

// "<prefix><digits>" -> the number; -1 for any other name.
long number_after(const std::string& name, const std::string& prefix) {
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
  char* end = nullptr;
  long n = std::strtol(name.c_str() + prefix.size(), &end, 10);
  return *end == '\0' && n > 0 ? n : -1;
}

// Staging folders of earlier runs into the same target whose process is gone (killed).
void remove_stale_staging(const fs::path& parent, const std::string& name) {
  const std::string prefix = std::string(kStagingPrefix) + name + "-";
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    long pid = number_after(entry.path().filename().string(), prefix);
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) fs::remove_all(entry.path(), ec);
  }
}

sigset_t interrupt_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

StagedDirectory::StagedDirectory(const fs::path& target) {
  std::error_code ec;
  target_ = fs::absolute(target, ec).lexically_normal();
  if (!target_.has_filename()) target_ = target_.parent_path();  // "out/"
  if (fs::is_symlink(target_, ec)) target_ = fs::canonical(target_, ec);
}

StagedDirectory::~StagedDirectory() { discard(); }

bool StagedDirectory::can_replace(const std::vector<std::string_view>& outputs, std::string& error) const {
  std::error_code ec;
  if (!fs::exists(target_, ec)) return true;
  if (!fs::is_directory(target_, ec)) {
    error = fmt::format("{} exists and is not a folder", target_.string());
    return false;
  }
  std::vector<std::string> foreign;
  for (const auto& entry : fs::directory_iterator(target_, ec)) {
    std::string name = entry.path().filename().string();
    bool ours = false;
    for (std::string_view output : outputs)
      ours = ours || name == output || number_after(name, std::string(output) + ".tmp-") > 0;
    if (!ours) foreign.push_back(name);
  }
  if (foreign.empty()) return true;
  error = fmt::format(
      "{} holds files that caqa build did not write ({}{}): the build replaces the whole folder, "
      "so give -o a new or empty folder, or move them out",
      target_.string(), fmt::join(foreign.begin(), foreign.begin() + std::min<std::size_t>(3, foreign.size()), ", "),
      foreign.size() > 3 ? ", ..." : "");
  return false;
}

bool StagedDirectory::open(std::string& error) {
  const fs::path parent = target_.parent_path();
  std::error_code ec;
  fs::create_directories(parent, ec);
  remove_stale_staging(parent, target_.filename().string());
  // Catching first: the signal must not find the folder created and nobody to remove it.
  g_interrupt = 0;
  struct sigaction on_interrupt {};
  on_interrupt.sa_handler = note_interrupt;
  sigemptyset(&on_interrupt.sa_mask);
  on_interrupt.sa_flags = SA_RESTART;
  // A signal the caller ignores (nohup) stays ignored.
  for (auto [signal, old] : {std::pair{SIGINT, &old_int_}, std::pair{SIGTERM, &old_term_}}) {
    sigaction(signal, nullptr, old);
    if (old->sa_handler != SIG_IGN) sigaction(signal, &on_interrupt, nullptr);
  }
  handlers_installed_ = true;
  staging_ = parent / fmt::format("{}{}-{}", kStagingPrefix, target_.filename().string(), ::getpid());
  fs::remove_all(staging_, ec);
  if (!fs::create_directory(staging_, ec)) {
    error = fmt::format("cannot create {}: {}", staging_.string(), ec.message());
    staging_.clear();
    restore_handlers();
    return false;
  }
  return true;
}

bool StagedDirectory::write(std::string_view name, std::string_view content, std::string& error) {
  if (!stop_if_interrupted(error)) return false;
  if (!write_file_atomic((staging_ / name).string(), content, error)) return false;
  return stop_if_interrupted(error);
}

bool StagedDirectory::commit(std::string& error) {
  if (!stop_if_interrupted(error)) return false;
  const sigset_t signals = interrupt_signals();
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  const fs::path aside =
      target_.parent_path() / fmt::format(".caqa-old-{}-{}", target_.filename().string(), ::getpid());
  std::error_code ec;
  const bool had_old = fs::exists(target_, ec);
  if (had_old) fs::rename(target_, aside, ec);
  if (!ec) fs::rename(staging_, target_, ec);
  bool committed = !ec;
  if (committed) {
    staging_.clear();
    if (had_old) fs::remove_all(aside, ec);
  } else {
    error = fmt::format("cannot move {} to {}: {}", staging_.string(), target_.string(), ec.message());
    if (had_old && !fs::exists(target_)) fs::rename(aside, target_, ec);
  }
  restore_handlers();
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  // An interrupt during the swap, or caught by another thread: the new folder is whole, now stop.
  if (g_interrupt != 0) std::raise(g_interrupt);
  return committed;
}

bool StagedDirectory::stop_if_interrupted(std::string& error) {
  if (g_interrupt == 0) return true;
  const int signal = g_interrupt;
  discard();
  std::raise(signal);  // the caller's disposition again: by default the process ends here
  error = "interrupted";
  return false;
}

void StagedDirectory::restore_handlers() {
  if (!handlers_installed_) return;
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  handlers_installed_ = false;
}

void StagedDirectory::discard() {
  std::error_code ec;
  if (!staging_.empty()) fs::remove_all(staging_, ec);
  staging_.clear();
  restore_handlers();
}

}  // namespace caqa::cli
