// Four floats, one per class, with lane-wise arithmetic: the value type of the trained
// baseline's per-element math (logreg_kernels.h). Each lane is one IEEE operation, with
// no fused multiply-add and no reassociation, so a formula gives the same bits on four
// lanes as on four scalars. Host code gets a SIMD register (ClassVector: GCC/Clang vector
// extension, SSE on x86-64); CUDA code a plain array (ClassArray: one thread holds one
// sample's four classes).
#pragma once

#include <math.h>

#include "caqa/host_device.h"

#if !defined(__CUDACC__) && defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace caqa::baseline {

inline constexpr int kClasses = 4;  // the four CAQA labels, in caqa::Label order

CAQA_HD inline float sqrt_of(float x) { return sqrtf(x); }

struct ClassArray {
  float lane[kClasses];

  CAQA_HD static ClassArray load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  CAQA_HD void store(float* p) const {
    for (int k = 0; k < kClasses; ++k) p[k] = lane[k];
  }
  CAQA_HD friend ClassArray operator+(ClassArray a, ClassArray b) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] + b.lane[k];
    return a;
  }
  CAQA_HD friend ClassArray operator-(ClassArray a, ClassArray b) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] - b.lane[k];
    return a;
  }
  CAQA_HD friend ClassArray operator*(ClassArray a, ClassArray b) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] * b.lane[k];
    return a;
  }
  CAQA_HD friend ClassArray operator/(ClassArray a, ClassArray b) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] / b.lane[k];
    return a;
  }
  CAQA_HD friend ClassArray operator+(ClassArray a, float s) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] + s;
    return a;
  }
  CAQA_HD friend ClassArray operator*(float s, ClassArray a) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = s * a.lane[k];
    return a;
  }
  CAQA_HD friend ClassArray operator/(ClassArray a, float s) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = a.lane[k] / s;
    return a;
  }
  CAQA_HD friend ClassArray sqrt_of(ClassArray a) {
    for (int k = 0; k < kClasses; ++k) a.lane[k] = sqrtf(a.lane[k]);
    return a;
  }
};

#if !defined(__CUDACC__)
struct ClassVector {
  typedef float Native __attribute__((vector_size(16)));
  Native lane;

  static ClassVector load(const float* p) {
    ClassVector r;
    __builtin_memcpy(&r.lane, p, sizeof r.lane);
    return r;
  }
  void store(float* p) const { __builtin_memcpy(p, &lane, sizeof lane); }
  static Native splat(float s) { return Native{s, s, s, s}; }
  friend ClassVector operator+(ClassVector a, ClassVector b) { return {a.lane + b.lane}; }
  friend ClassVector operator-(ClassVector a, ClassVector b) { return {a.lane - b.lane}; }
  friend ClassVector operator*(ClassVector a, ClassVector b) { return {a.lane * b.lane}; }
  friend ClassVector operator/(ClassVector a, ClassVector b) { return {a.lane / b.lane}; }
  friend ClassVector operator+(ClassVector a, float s) { return {a.lane + splat(s)}; }
  friend ClassVector operator*(float s, ClassVector a) { return {splat(s) * a.lane}; }
  friend ClassVector operator/(ClassVector a, float s) { return {a.lane / splat(s)}; }
  friend ClassVector sqrt_of(ClassVector a) {
#if defined(__SSE__)
    return {_mm_sqrt_ps(a.lane)};
#else
    return {Native{sqrtf(a.lane[0]), sqrtf(a.lane[1]), sqrtf(a.lane[2]), sqrtf(a.lane[3])}};
#endif
  }
};
#endif

}  // namespace caqa::baseline
