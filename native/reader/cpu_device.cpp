#include "reader/cpu_device.h"

#include <cblas.h>

#include <algorithm>

namespace caqa::reader {

std::size_t CpuDevice::threads() {
  static const std::size_t count = std::max(1u, std::thread::hardware_concurrency());
  return count;
}

void CpuDevice::gemm(const GemmCall& g, const float* a, const float* b, float* c) {
  if (g.m == 0 || g.n == 0) return;
  for (int i = 0; i < g.batch; ++i)
    cblas_sgemm(CblasRowMajor, g.trans_a ? CblasTrans : CblasNoTrans, g.trans_b ? CblasTrans : CblasNoTrans, g.m, g.n,
                g.k, g.alpha, a + i * g.stride_a, g.lda, b + i * g.stride_b, g.ldb, g.beta, c + i * g.stride_c, g.ldc);
}

}  // namespace caqa::reader
