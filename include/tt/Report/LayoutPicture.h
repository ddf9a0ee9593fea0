//===- LayoutPicture.h - SVG pictures of linear layouts ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Draws a layout as a grid of tensor elements:
//
//  * a distributed layout ((register, lane, warp, block) -> tensor): each
//    cell is colored by the warp that holds the element (one hue per warp,
//    shaded by lane), labelled with the lane, and carries
//    data-o="warp,lane,register,copies" (copies > 1 where the layout
//    broadcasts the element to several threads or registers);
//  * a shared-memory layout ((offset, block) -> tensor): each cell is
//    colored and labelled by the shared-memory bank of its element, and
//    carries data-o="offset,bank".
//
// Cells are `cell` pixels square from (x0, y0); a cell's row and column are
// (y - y0) / cell and (x - x0) / cell; the <svg> element names x0, y0, cell,
// rows and cols in data- attributes so scripts and tests can read it.
// Rank-2 tensors are drawn as they are (dim0 = rows); rank-1 tensors wrap
// into rows; higher ranks show the slice where the leading dims are 0.
// Large tensors are capped to a tile at the top-left corner, and the note
// says so.
//
//===----------------------------------------------------------------------===//

#ifndef TT_REPORT_LAYOUTPICTURE_H
#define TT_REPORT_LAYOUTPICTURE_H

#include "tt/LinearLayout/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Attribute;
} // namespace mlir

namespace tt::report {

/// Which hardware location holds a tensor element: the first one (smallest
/// block, warp, lane, register) of the `copies` that do.
struct ElementOwner {
  int32_t reg = -1, lane = -1, warp = -1, block = -1;
  uint32_t copies = 0; ///< 0: no thread holds the element
};

/// The owner of every element of a distributed layout, in row-major order
/// of its out dims (dim0 slowest). Missing in dims count as size 1.
std::vector<ElementOwner> computeOwnership(const LinearLayout &layout);

/// The element offset of every element of a shared layout ((offset[, block])
/// -> tensor), row-major as above; -1 where no offset holds it. The first
/// offset wins when several do.
std::vector<int64_t> computeOffsets(const LinearLayout &layout);

struct DrawOptions {
  /// At most this many cells are drawn (the tile is capped).
  unsigned maxCells = 2048;
  /// At most this many columns (a rank-1 tensor wraps at this width).
  unsigned maxCols = 64;
  /// Cell size in pixels.
  unsigned cell = 14;
};

/// An SVG picture and what it shows.
struct Picture {
  std::string svg;
  /// "128x64 tensor; showing rows 0-31 and columns 0-63 (capped)".
  std::string caption;
  std::vector<std::string> notes;
};

/// Draws a distributed layout (in dims register/lane/warp/block).
Picture drawDistributedLayout(const LinearLayout &layout,
                              const DrawOptions &options = {});

/// Draws a shared-memory layout (in dims offset[/block]) of `elemBits`-bit
/// elements; notes the bank conflicts of reading 16-byte pieces of 8
/// consecutive lines (as ldmatrix and the tensor cores do).
Picture drawSharedLayout(const LinearLayout &layout, unsigned elemBits,
                         const DrawOptions &options = {});

/// The linear layout of a ttg encoding for `shape` (the bridge of
/// tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h); std::nullopt when
/// the encoding has none.
std::optional<LinearLayout> encodingToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                                   mlir::Attribute encoding);

/// Whether a ttg encoding is a shared-memory one.
bool isSharedEncoding(mlir::Attribute encoding);

/// Draws a ttg encoding for a tensor of `shape` with `elemBits`-bit
/// elements. std::nullopt when the encoding has no linear layout.
std::optional<Picture> drawEncoding(mlir::Attribute encoding,
                                    llvm::ArrayRef<int64_t> shape,
                                    unsigned elemBits,
                                    const DrawOptions &options = {});

} // namespace tt::report

#endif // TT_REPORT_LAYOUTPICTURE_H
