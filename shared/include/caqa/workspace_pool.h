// Workspaces that the tasks of a parallel loop (run_each) reuse: a task takes one, a new one
// when none is idle, and gives it back when done, so a loop of many tasks allocates about
// one per thread at work, whatever the runner.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

namespace caqa {

template <class Workspace>
class WorkspacePool {
 public:
  std::unique_ptr<Workspace> take() {
    {
      std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        std::unique_ptr<Workspace> out = std::move(idle_.back());
        idle_.pop_back();
        return out;
      }
    }
    return std::make_unique<Workspace>();
  }
  void give_back(std::unique_ptr<Workspace> workspace) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(workspace));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Workspace>> idle_;
};

}  // namespace caqa
