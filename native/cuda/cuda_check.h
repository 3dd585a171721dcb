// What every CUDA twin needs: a check that turns a failed runtime call into an error
// message (the functions return false; nothing throws or exits), and device memory freed
// on every path.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#define CAQA_CUDA_TRY(call)                                            \
  do {                                                                 \
    cudaError_t status_ = (call);                                      \
    if (status_ != cudaSuccess) {                                      \
      error = std::string(#call) + ": " + cudaGetErrorString(status_); \
      return false;                                                    \
    }                                                                  \
  } while (0)

namespace caqa::cuda {

template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (ptr) cudaFree(ptr);
  }
  cudaError_t alloc(std::size_t n) { return cudaMalloc(&ptr, (n ? n : 1) * sizeof(T)); }
};

}  // namespace caqa::cuda
