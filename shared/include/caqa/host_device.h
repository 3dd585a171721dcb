// Per-element code written once for both backends: functions marked CAQA_HD compile as
// __host__ __device__ under nvcc and as plain inline functions everywhere else (g++,
// em++), so a CUDA kernel and its CPU twin call the very same code.
#pragma once

#if defined(__CUDACC__)
#define CAQA_HD __host__ __device__
#else
#define CAQA_HD
#endif
