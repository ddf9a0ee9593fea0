//===- DefaultLayouts.cpp - blocked layouts tensors start with --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/DefaultLayouts.h"

#include <algorithm>

using namespace mlir;
namespace ttg = mlir::triton::gpu;

ttg::BlockedEncodingAttr ttg::getBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order, int numWarps,
    int threadsPerWarp, int numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned lanesLeft = threadsPerWarp, warpsLeft = numWarps;
  unsigned threadsLeft = numWarps * threadsPerWarp;
  unsigned lanesUsed = 1, warpsUsed = 1;
  // From the fastest dimension on, give each dimension as many threads as it
  // has element groups, lanes first, then warps; the slowest dimension takes
  // whatever is left so every lane and warp has a place.
  for (unsigned i = 0; i + 1 < rank; ++i) {
    unsigned d = order[i];
    int64_t groups = std::max<int64_t>(1, shape[d] / sizePerThread[d]);
    unsigned threads = std::clamp<int64_t>(threadsLeft, 1, groups);
    lanes[d] = std::clamp<unsigned>(threads, 1, lanesLeft);
    warps[d] = std::clamp<unsigned>(threads / lanes[d], 1, warpsLeft);
    lanesLeft /= lanes[d];
    warpsLeft /= warps[d];
    threadsLeft /= threads;
    lanesUsed *= lanes[d];
    warpsUsed *= warps[d];
  }
  unsigned last = order[rank - 1];
  lanes[last] = threadsPerWarp / lanesUsed;
  warps[last] = numWarps / warpsUsed;
  (void)numCTAs; // Single-CTA layouts; clusters are not split here.
  return ttg::BlockedEncodingAttr::get(context, sizePerThread, lanes, warps,
                                       order);
}

ttg::BlockedEncodingAttr
ttg::getDefaultBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                               int numWarps, int threadsPerWarp, int numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1), order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  return getBlockedEncoding(context, shape, sizePerThread, order, numWarps,
                            threadsPerWarp, numCTAs);
}
