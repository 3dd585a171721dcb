// The reader's CUDA twin: reader/pass.h's Device on the GPU. Matrix products through
// cuBLAS (row-major calls turned into column-major ones by swapping the operands), every
// element-wise kernel of caqa/reader/kernels.h launched as one thread per element: the
// per-element code is the CPU twin's. CUDA failures throw std::runtime_error.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "cuda/reader_engine.h"
#include "reader/device_engine.h"
#include "reader/scratch_arena.h"

namespace caqa::reader::cuda {

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}
void check(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(what) + ": cuBLAS status " + std::to_string(static_cast<int>(status)));
}

template <class F>
__global__ void each_kernel(std::size_t n, F f) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

void* device_allocate(std::size_t bytes) {
  void* p = nullptr;
  check(cudaMalloc(&p, bytes), "cudaMalloc");
  return p;
}
void device_free(void* p) { cudaFree(p); }

class CudaDevice {
 public:
  CudaDevice() { check(cublasCreate(&blas_), "cublasCreate"); }
  CudaDevice(const CudaDevice&) = delete;
  CudaDevice& operator=(const CudaDevice&) = delete;
  ~CudaDevice() {
    for (void* p : kept_) cudaFree(p);
    cublasDestroy(blas_);
  }
  template <class T>
  T* keep(std::size_t n) {
    kept_.push_back(device_allocate(n ? n * sizeof(T) : 1));
    return static_cast<T*>(kept_.back());
  }
  template <class T>
  T* scratch(std::size_t n) {
    return static_cast<T*>(arena_.take(n ? n * sizeof(T) : 1));
  }
  void rewind() { arena_.rewind(); }
  template <class T>
  void upload(T* dst, const std::vector<T>& src) {
    if (!src.empty()) check(cudaMemcpy(dst, src.data(), src.size() * sizeof(T), cudaMemcpyHostToDevice), "upload");
  }
  template <class T>
  void download(T* dst, const T* src, std::size_t n) {
    if (n) check(cudaMemcpy(dst, src, n * sizeof(T), cudaMemcpyDeviceToHost), "download");
  }
  template <class F>
  void each(std::size_t n, const F& f) {
    if (n == 0) return;
    constexpr unsigned kThreads = 256;
    each_kernel<<<static_cast<unsigned>((n + kThreads - 1) / kThreads), kThreads>>>(n, f);
    check(cudaGetLastError(), "kernel launch");
  }
  // Row-major C = op(A) op(B) is column-major C' = op(B)' op(A)': the operands swap.
  void gemm(const GemmCall& g, const float* a, const float* b, float* c) {
    if (g.m == 0 || g.n == 0) return;
    const cublasOperation_t op_a = g.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t op_b = g.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
    if (g.batch == 1) {
      check(cublasSgemm(blas_, op_b, op_a, g.n, g.m, g.k, &g.alpha, b, g.ldb, a, g.lda, &g.beta, c, g.ldc),
            "cublasSgemm");
    } else {
      check(cublasSgemmStridedBatched(blas_, op_b, op_a, g.n, g.m, g.k, &g.alpha, b, g.ldb, g.stride_b, a, g.lda,
                                      g.stride_a, &g.beta, c, g.ldc, g.stride_c, g.batch),
            "cublasSgemmStridedBatched");
    }
  }

 private:
  cublasHandle_t blas_ = nullptr;
  std::vector<void*> kept_;
  ScratchArena<void* (*)(std::size_t), void (*)(void*)> arena_{&device_allocate, &device_free};
};

}  // namespace

std::unique_ptr<ReaderEngine> make_reader_engine(const ReaderConfig& config) {
  return std::make_unique<DeviceEngine<CudaDevice>>(config, "cuda");
}

}  // namespace caqa::reader::cuda
