// The reader's CPU twin: matrix products through OpenBLAS, the element-wise kernels of
// caqa/reader/kernels.h in plain loops (reader/pass.h's Device).
#pragma once

#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "caqa/reader/pass.h"
#include "reader/scratch_arena.h"

namespace caqa::reader {

class CpuDevice {
 public:
  CpuDevice() = default;
  CpuDevice(const CpuDevice&) = delete;
  CpuDevice& operator=(const CpuDevice&) = delete;
  ~CpuDevice() {
    for (void* p : kept_) std::free(p);
  }
  // Memory for the device's lifetime (parameters, moments).
  template <class T>
  T* keep(std::size_t n) {
    kept_.push_back(allocate(n * sizeof(T)));
    return static_cast<T*>(kept_.back());
  }
  template <class T>
  T* scratch(std::size_t n) {
    return static_cast<T*>(arena_.take(n * sizeof(T)));
  }
  void rewind() { arena_.rewind(); }
  template <class T>
  void upload(T* dst, const std::vector<T>& src) {
    if (!src.empty()) std::memcpy(dst, src.data(), src.size() * sizeof(T));
  }
  template <class T>
  void download(T* dst, const T* src, std::size_t n) {
    if (n) std::memcpy(dst, src, n * sizeof(T));
  }
  // Every kernel writes element i's outputs only, so splitting the range across threads
  // gives the same bytes as one loop; small ranges are not worth a thread.
  template <class F>
  void each(std::size_t n, const F& f) {
    const std::size_t parts = n >= kThreadedElements ? threads() : 1;
    if (parts <= 1) {
      for (std::size_t i = 0; i < n; ++i) f(i);
      return;
    }
    std::vector<std::thread> pool;
    for (std::size_t p = 1; p < parts; ++p)
      pool.emplace_back([&, p] {
        for (std::size_t i = n * p / parts; i < n * (p + 1) / parts; ++i) f(i);
      });
    for (std::size_t i = 0; i < n / parts; ++i) f(i);
    for (std::thread& t : pool) t.join();
  }
  void gemm(const GemmCall& g, const float* a, const float* b, float* c);

 private:
  static constexpr std::size_t kThreadedElements = std::size_t{1} << 18;
  static std::size_t threads();
  static void* allocate(std::size_t bytes) { return std::aligned_alloc(256, (bytes + 255) / 256 * 256); }
  std::vector<void*> kept_;
  static void release(void* p) { std::free(p); }
  ScratchArena<void* (*)(std::size_t), void (*)(void*)> arena_{&allocate, &release};
};

}  // namespace caqa::reader
