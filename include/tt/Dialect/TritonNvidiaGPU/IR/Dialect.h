//===- Dialect.h - the ttng dialect -----------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The TritonNvidiaGPU dialect: NVIDIA-only TTGIR operations (wgmma, TMA,
// mbarriers, proxy fences).
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tt/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "tt/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

#endif // TT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
