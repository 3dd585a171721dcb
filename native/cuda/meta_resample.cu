// CUDA twin of the CPU bootstrap in shared/src/meta/resampling.cpp. A batch of replicates
// at a time, five kernels, the per-element code shared (caqa/meta/resample_kernels.h):
//   draw      one thread per draw: the drawn item's cell count + 1 (atomicAdd; counts are
//             integers, so the order of the additions does not matter); with few cells, into
//             per-warp shared-memory counts first
//   totals    one thread per (replicate, chunk of cells): draws per level in the chunk
//   scan      one thread per replicate: draws per level before each chunk
//   partials  one thread per (replicate, chunk): add_cell over the chunk's cells in order
//   fold      one thread per replicate: add_sums over the chunks in order
// The floating-point sums thus happen in the CPU twin's order, and --fmad=false keeps every
// product rounded as on the host: the two twins agree bit for bit.
#include "cuda/meta_resample.h"

#include <algorithm>
#include <vector>

#include "cuda/cuda_check.h"

namespace caqa::cuda {

namespace {

using resample::kChunkCells;
using resample::kLevels;
using resample::RankSums;

__global__ void draw_kernel(std::uint64_t key, std::uint64_t first, std::uint64_t n, const std::uint32_t* cell_of_item,
                            std::uint32_t* counts, std::uint64_t cells) {
  const std::uint64_t replicate = blockIdx.y;
  std::uint32_t* own = counts + replicate * cells;
  for (std::uint64_t k = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; k < n;
       k += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    atomicAdd(own + cell_of_item[resample::draw_index(key, first + replicate, k, n)], 1u);
}

// Few cells (heavily tied scores): global atomics on a handful of addresses would queue, so a
// block counts in shared memory (warp w into copy w % copies, so fewer lanes share an
// address) and adds each nonzero total to global memory once.
__global__ void draw_kernel_shared(std::uint64_t key, std::uint64_t first, std::uint64_t n,
                                   const std::uint32_t* cell_of_item, std::uint32_t* counts, std::uint32_t cells,
                                   std::uint32_t copies) {
  extern __shared__ std::uint32_t local[];
  for (std::uint32_t i = threadIdx.x; i < copies * cells; i += blockDim.x) local[i] = 0;
  __syncthreads();
  const std::uint64_t replicate = blockIdx.y;
  std::uint32_t* mine = local + (threadIdx.x / 32 % copies) * cells;
  for (std::uint64_t k = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; k < n;
       k += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    atomicAdd(mine + cell_of_item[resample::draw_index(key, first + replicate, k, n)], 1u);
  __syncthreads();
  std::uint32_t* own = counts + replicate * cells;
  for (std::uint32_t c = threadIdx.x; c < cells; c += blockDim.x) {
    std::uint32_t total = 0;
    for (std::uint32_t j = 0; j < copies; ++j) total += local[j * cells + c];
    if (total != 0) atomicAdd(own + c, total);
  }
}

__global__ void totals_kernel(const std::uint32_t* counts, std::uint64_t scores, std::uint64_t chunks,
                              std::uint64_t* totals) {
  const std::uint64_t chunk = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
  if (chunk >= chunks) return;
  const std::uint64_t replicate = blockIdx.y;
  const std::uint32_t* own = counts + replicate * scores * kLevels;
  std::uint64_t sum[kLevels] = {0, 0, 0};
  const std::uint64_t end = (chunk + 1) * kChunkCells, last = end < scores ? end : scores;
  for (std::uint64_t b = chunk * kChunkCells; b < last; ++b)
    for (int l = 0; l < kLevels; ++l) sum[l] += own[b * kLevels + l];
  for (int l = 0; l < kLevels; ++l) totals[(replicate * chunks + chunk) * kLevels + l] = sum[l];
}

__global__ void scan_kernel(const std::uint64_t* totals, std::uint64_t chunks, std::uint64_t replicates,
                            std::uint64_t* before) {
  const std::uint64_t replicate = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
  if (replicate >= replicates) return;
  std::uint64_t running[kLevels] = {0, 0, 0};
  for (std::uint64_t c = 0; c < chunks; ++c)
    for (int l = 0; l < kLevels; ++l) {
      const std::uint64_t at = (replicate * chunks + c) * kLevels + l;
      before[at] = running[l];
      running[l] += totals[at];
    }
}

__global__ void partials_kernel(const std::uint32_t* counts, const double* dx, std::uint64_t scores,
                                std::uint64_t chunks, std::uint64_t n, const std::uint64_t* before,
                                RankSums* partials) {
  const std::uint64_t chunk = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
  if (chunk >= chunks) return;
  const std::uint64_t replicate = blockIdx.y;
  const std::uint32_t* own = counts + replicate * scores * kLevels;
  std::int64_t lower[kLevels];
  for (int l = 0; l < kLevels; ++l)
    lower[l] = static_cast<std::int64_t>(before[(replicate * chunks + chunk) * kLevels + l]);
  RankSums sums;
  resample::clear(sums);
  const std::uint64_t end = (chunk + 1) * kChunkCells, last = end < scores ? end : scores;
  for (std::uint64_t b = chunk * kChunkCells; b < last; ++b) {
    std::int64_t m[kLevels];
    for (int l = 0; l < kLevels; ++l) m[l] = own[b * kLevels + l];
    resample::add_cell(sums, m, dx[b], lower, static_cast<std::int64_t>(n));
    for (int l = 0; l < kLevels; ++l) lower[l] += m[l];
  }
  partials[replicate * chunks + chunk] = sums;
}

__global__ void fold_kernel(const RankSums* partials, std::uint64_t chunks, std::uint64_t replicates, RankSums* out) {
  const std::uint64_t replicate = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
  if (replicate >= replicates) return;
  RankSums total;
  resample::clear(total);
  for (std::uint64_t c = 0; c < chunks; ++c) resample::add_sums(total, partials[replicate * chunks + c]);
  out[replicate] = total;
}

std::uint64_t blocks_for(std::uint64_t threads, std::uint64_t per_block) {
  return (threads + per_block - 1) / per_block;
}

}  // namespace

bool meta_resample(const ResampleLayout& layout, std::uint64_t key, std::uint64_t first, std::uint64_t count,
                   RankSums* sums, std::string& error) {
  const std::uint64_t n = layout.items(), scores = layout.scores(), chunks = layout.chunks();
  if (count == 0) return true;
  if (n == 0) {
    for (std::uint64_t i = 0; i < count; ++i) resample::clear(sums[i]);
    return true;
  }
  std::vector<std::uint32_t> cell_of_item(n);
  for (std::uint64_t cell = 0; cell + 1 < layout.cell_start.size(); ++cell)
    std::fill(cell_of_item.begin() + layout.cell_start[cell], cell_of_item.begin() + layout.cell_start[cell + 1],
              static_cast<std::uint32_t>(cell));

  // Replicates per batch: what a quarter of the free memory holds, at most 512.
  std::size_t free_bytes = 0, total_bytes = 0;
  CAQA_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::uint64_t per_replicate = scores * kLevels * sizeof(std::uint32_t) +
                                      chunks * (2 * kLevels * sizeof(std::uint64_t) + sizeof(RankSums)) +
                                      sizeof(RankSums);
  const std::uint64_t batch =
      std::max<std::uint64_t>(1, std::min<std::uint64_t>({count, 512, free_bytes / 4 / per_replicate}));

  DeviceBuffer<std::uint32_t> d_cell_of_item, d_counts;
  DeviceBuffer<double> d_dx;
  DeviceBuffer<std::uint64_t> d_totals, d_before;
  DeviceBuffer<RankSums> d_partials, d_out;
  CAQA_CUDA_TRY(d_cell_of_item.alloc(n));
  CAQA_CUDA_TRY(d_dx.alloc(scores));
  CAQA_CUDA_TRY(d_counts.alloc(batch * scores * kLevels));
  CAQA_CUDA_TRY(d_totals.alloc(batch * chunks * kLevels));
  CAQA_CUDA_TRY(d_before.alloc(batch * chunks * kLevels));
  CAQA_CUDA_TRY(d_partials.alloc(batch * chunks));
  CAQA_CUDA_TRY(d_out.alloc(batch));
  CAQA_CUDA_TRY(cudaMemcpy(d_cell_of_item.ptr, cell_of_item.data(), n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  CAQA_CUDA_TRY(cudaMemcpy(d_dx.ptr, layout.dx.data(), scores * sizeof(double), cudaMemcpyHostToDevice));

  constexpr unsigned kThreads = 256;
  // Shared-memory counting: up to 8 copies (one per warp) within 32 KiB.
  constexpr std::uint64_t kSharedCells = 4096, kDrawsPerBlock = 16 * kThreads;
  const std::uint64_t cells = scores * kLevels;
  const std::uint32_t copies = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(8192 / cells, 1, kThreads / 32));
  for (std::uint64_t done = 0; done < count; done += batch) {
    const std::uint64_t here = std::min(batch, count - done);
    CAQA_CUDA_TRY(cudaMemset(d_counts.ptr, 0, here * scores * kLevels * sizeof(std::uint32_t)));
    if (cells <= kSharedCells) {
      // Each block draws at least kDrawsPerBlock, so few blocks flush into the same cells.
      const dim3 draws(static_cast<unsigned>(std::min<std::uint64_t>(blocks_for(n, kDrawsPerBlock), 4096)),
                       static_cast<unsigned>(here));
      draw_kernel_shared<<<draws, kThreads, copies * cells * sizeof(std::uint32_t)>>>(
          key, first + done, n, d_cell_of_item.ptr, d_counts.ptr, static_cast<std::uint32_t>(cells), copies);
    } else {
      const dim3 draws(static_cast<unsigned>(std::min<std::uint64_t>(blocks_for(n, kThreads), 4096)),
                       static_cast<unsigned>(here));
      draw_kernel<<<draws, kThreads>>>(key, first + done, n, d_cell_of_item.ptr, d_counts.ptr, cells);
    }
    CAQA_CUDA_TRY(cudaGetLastError());
    const dim3 per_chunk(static_cast<unsigned>(blocks_for(chunks, kThreads)), static_cast<unsigned>(here));
    totals_kernel<<<per_chunk, kThreads>>>(d_counts.ptr, scores, chunks, d_totals.ptr);
    CAQA_CUDA_TRY(cudaGetLastError());
    scan_kernel<<<static_cast<unsigned>(blocks_for(here, kThreads)), kThreads>>>(d_totals.ptr, chunks, here,
                                                                                 d_before.ptr);
    CAQA_CUDA_TRY(cudaGetLastError());
    partials_kernel<<<per_chunk, kThreads>>>(d_counts.ptr, d_dx.ptr, scores, chunks, n, d_before.ptr, d_partials.ptr);
    CAQA_CUDA_TRY(cudaGetLastError());
    fold_kernel<<<static_cast<unsigned>(blocks_for(here, kThreads)), kThreads>>>(d_partials.ptr, chunks, here,
                                                                                 d_out.ptr);
    CAQA_CUDA_TRY(cudaGetLastError());
    CAQA_CUDA_TRY(cudaMemcpy(sums + done, d_out.ptr, here * sizeof(RankSums), cudaMemcpyDeviceToHost));
  }
  return true;
}

}  // namespace caqa::cuda
