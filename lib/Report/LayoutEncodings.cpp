//===- LayoutEncodings.cpp - Pictures of ttg encodings ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The MLIR side of tt/Report/LayoutPicture.h: a ttg encoding attribute to
// its linear layout (through the bridge of
// tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h) and to a picture.
//
//===----------------------------------------------------------------------===//

#include "tt/Report/LayoutPicture.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

using namespace llvm;
using namespace tt;
using namespace tt::report;
namespace ttg = mlir::triton::gpu;

std::optional<tt::LinearLayout>
tt::report::encodingToLinearLayout(ArrayRef<int64_t> shape,
                                   mlir::Attribute encoding) {
  if (!encoding)
    return std::nullopt;
  return ttg::toLinearLayout(shape, encoding);
}

bool tt::report::isSharedEncoding(mlir::Attribute encoding) {
  return encoding && isa<ttg::SharedEncodingTrait>(encoding);
}

std::optional<Picture> tt::report::drawEncoding(mlir::Attribute encoding,
                                                ArrayRef<int64_t> shape,
                                                unsigned elemBits,
                                                const DrawOptions &options) {
  bool shared = isSharedEncoding(encoding);
  SmallVector<int64_t, 4> drawn(shape.begin(), shape.end());
  // A multi-buffered allocation: draw one buffer.
  if (shared && drawn.size() > 2)
    drawn.erase(drawn.begin(), drawn.end() - 2);
  std::optional<LinearLayout> layout = encodingToLinearLayout(drawn, encoding);
  if (!layout)
    return std::nullopt;
  Picture pic = shared ? drawSharedLayout(*layout, elemBits, options)
                       : drawDistributedLayout(*layout, options);
  if (drawn.size() != shape.size()) {
    std::string s;
    for (unsigned i = 0; i < shape.size(); ++i)
      s += (i ? "x" : "") + std::to_string(shape[i]);
    pic.notes.insert(pic.notes.begin(),
                     "one buffer of the " + s + " allocation");
  }
  return pic;
}

