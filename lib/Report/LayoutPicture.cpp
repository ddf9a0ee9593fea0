//===- LayoutPicture.cpp - SVG pictures of linear layouts -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Plain C++ on the linear-layout library (no MLIR): the encoding entry
// points that need MLIR live in Collect.cpp.
//
//===----------------------------------------------------------------------===//

#include "tt/Report/LayoutPicture.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;
using namespace tt;
using namespace tt::report;

namespace {

/// The tensor dims of a layout: out dims named dim0, dim1, ... by index.
struct TensorShape {
  SmallVector<int64_t, 4> sizes;     ///< by tensor dim
  SmallVector<unsigned, 4> outIndex; ///< tensor dim -> out-dim position
  SmallVector<int64_t, 4> strides;   ///< row-major, dim0 slowest

  explicit TensorShape(const LinearLayout &layout) {
    SmallVector<LinearLayout::DimSize, 4> outs = layout.getOutDims();
    unsigned rank = outs.size();
    sizes.assign(rank, 1);
    outIndex.assign(rank, 0);
    for (unsigned d = 0; d < rank; ++d) {
      Dim name = outDim(d);
      if (!layout.hasOutDim(name))
        continue;
      outIndex[d] = layout.getOutDimIndex(name);
      sizes[d] = layout.getOutDimSize(name);
    }
    strides.assign(rank, 1);
    for (int d = int(rank) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * sizes[d + 1];
  }

  int64_t numElements() const { return sizes.empty() ? 1 : strides[0] * sizes[0]; }

  /// Row-major index of the element a packed output names.
  int64_t index(const LinearLayout &layout, uint64_t packed) const {
    LinearLayout::Basis coords = layout.unpackOut(packed);
    int64_t idx = 0;
    for (unsigned d = 0; d < sizes.size(); ++d)
      idx += int64_t(coords[outIndex[d]]) * strides[d];
    return idx;
  }
};

/// The grid drawn for a tensor: `rows` x `cols` cells; cell (r, c) shows the
/// element whose row-major index is elementAt(r, c).
struct Grid {
  unsigned rows = 0, cols = 0;
  int64_t fullRows = 0, fullCols = 0; ///< the tensor (or wrapped) extent
  bool wrapped = false;               ///< a rank-1 tensor in rows
  bool sliced = false;                ///< leading dims fixed to 0
  int64_t rowStride = 0;              ///< index step of one row

  int64_t elementAt(unsigned r, unsigned c) const {
    return int64_t(r) * rowStride + c;
  }
};

Grid makeGrid(const TensorShape &shape, const DrawOptions &options) {
  Grid g;
  unsigned rank = shape.sizes.size();
  unsigned maxCols = std::max(1u, options.maxCols);
  if (rank <= 1) {
    int64_t n = rank == 0 ? 1 : shape.sizes[0];
    g.fullCols = std::min<int64_t>(n, maxCols);
    g.fullRows = (n + g.fullCols - 1) / g.fullCols;
    g.rowStride = g.fullCols;
    g.wrapped = n > g.fullCols;
  } else {
    g.fullRows = shape.sizes[rank - 2];
    g.fullCols = shape.sizes[rank - 1];
    g.rowStride = shape.strides[rank - 2];
    g.sliced = rank > 2;
  }
  g.cols = unsigned(std::min<int64_t>(g.fullCols, maxCols));
  unsigned maxRows = std::max(1u, options.maxCells / std::max(1u, g.cols));
  g.rows = unsigned(std::min<int64_t>(g.fullRows, maxRows));
  return g;
}

std::string shapeString(ArrayRef<int64_t> sizes) {
  std::string s;
  for (unsigned i = 0; i < sizes.size(); ++i)
    s += (i ? "x" : "") + std::to_string(sizes[i]);
  return s.empty() ? "scalar" : s;
}

std::string captionFor(const TensorShape &shape, const Grid &g) {
  std::string c = shapeString(shape.sizes) +
                  (shape.sizes.size() == 1 ? "-element tensor" : " tensor");
  if (g.wrapped)
    c += formatv(", drawn {0} elements a row", g.cols).str();
  if (g.sliced)
    c += ", the slice where the leading dims are 0";
  bool cappedRows = g.rows < g.fullRows, cappedCols = g.cols < g.fullCols;
  if (cappedRows || cappedCols) {
    if (g.wrapped)
      c += formatv("; showing elements 0-{0} of {1} (capped)",
                   int64_t(g.rows) * g.cols - 1, shape.numElements())
               .str();
    else
      c += formatv("; showing rows 0-{0} of {1} and columns 0-{2} of {3} "
                   "(capped)",
                   g.rows - 1, g.fullRows, g.cols - 1, g.fullCols)
               .str();
  }
  return c;
}

/// Row and column numbers around the grid, every `step` cells.
void drawAxes(raw_ostream &os, const Grid &g, unsigned x0, unsigned y0,
              unsigned cell) {
  unsigned step = cell >= 18 ? 4 : 8;
  os << "<g class=\"ax\">";
  for (unsigned c = 0; c < g.cols; c += step)
    os << formatv("<text x=\"{0}\" y=\"{1}\">{2}</text>", x0 + c * cell,
                  y0 - 4, c);
  for (unsigned r = 0; r < g.rows; r += step)
    os << formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>",
                  x0 - 3, y0 + r * cell + cell - 3,
                  g.wrapped ? int64_t(r) * g.cols : int64_t(r));
  os << "</g>";
}

/// An SVG path of the cell edges where `differs(a, b)` holds between
/// horizontally or vertically adjacent cells.
template <typename Fn>
std::string boundaryPath(const Grid &g, unsigned x0, unsigned y0,
                         unsigned cell, Fn differs) {
  std::string d;
  raw_string_ostream os(d);
  for (unsigned r = 0; r < g.rows; ++r)
    for (unsigned c = 0; c < g.cols; ++c) {
      if (c + 1 < g.cols && differs(r, c, r, c + 1))
        os << formatv("M{0} {1}v{2}", x0 + (c + 1) * cell, y0 + r * cell,
                      cell);
      if (r + 1 < g.rows && differs(r, c, r + 1, c))
        os << formatv("M{0} {1}h{2}", x0 + c * cell, y0 + (r + 1) * cell,
                      cell);
    }
  return d;
}

void openSVG(raw_ostream &os, StringRef kind, const Grid &g, unsigned x0,
             unsigned y0, unsigned cell, unsigned width, unsigned height) {
  os << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lay\" "
                "{9}data-kind=\"{0}\" data-x0=\"{1}\" data-y0=\"{2}\" "
                "data-cell=\"{3}\" data-rows=\"{4}\" data-cols=\"{5}\" "
                "width=\"{6}\" height=\"{7}\" viewBox=\"0 0 {6} {7}\" "
                "font-family=\"monospace\" font-size=\"{8}\">",
                kind, x0, y0, cell, g.rows, g.cols, width, height,
                // Two-digit lane numbers, legible in a 14-pixel cell.
                cell >= 18 ? 11 : cell >= 14 ? 10 : 7,
                g.wrapped ? "data-wrap=\"1\" " : "")
            .str();
  os << "<style>.ax text{fill:#555}.c rect{stroke:#fff;stroke-width:.5}"
        ".c text{text-anchor:middle;pointer-events:none}</style>";
}

/// An HSL color as #rrggbb (shorter than hsl(...) in thousands of cells).
std::string hsl(double h, double s, double l) {
  s /= 100;
  l /= 100;
  double c = (1 - std::abs(2 * l - 1)) * s;
  double hp = std::fmod(h, 360.0) / 60.0;
  double x = c * (1 - std::abs(std::fmod(hp, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  if (hp < 1) r = c, g = x;
  else if (hp < 2) r = x, g = c;
  else if (hp < 3) g = c, b = x;
  else if (hp < 4) g = x, b = c;
  else if (hp < 5) r = x, b = c;
  else r = c, b = x;
  double m = l - c / 2;
  auto byte = [&](double v) { return unsigned(std::lround((v + m) * 255)); };
  return formatv("#{0:x-2}{1:x-2}{2:x-2}", byte(r), byte(g), byte(b)).str();
}

} // namespace

//===----------------------------------------------------------------------===//
// Ownership
//===----------------------------------------------------------------------===//

std::vector<ElementOwner> tt::report::computeOwnership(const LinearLayout &l) {
  TensorShape shape(l);
  std::vector<ElementOwner> owners(shape.numElements());
  SmallVector<LinearLayout::DimSize, 4> ins = l.getInDims();
  // Which field of ElementOwner each in dim fills.
  SmallVector<int, 4> field;
  for (auto &[name, size] : ins)
    field.push_back(name == kRegister ? 0
                    : name == kLane   ? 1
                    : name == kWarp   ? 2
                    : name == kBlock  ? 3
                                      : -1);
  uint64_t total = l.getTotalInDimSize();
  for (uint64_t flat = 0; flat < total; ++flat) {
    int32_t hw[4] = {0, 0, 0, 0};
    uint64_t rest = flat;
    for (unsigned i = 0; i < ins.size(); ++i) {
      int32_t v = int32_t(rest % uint64_t(ins[i].second));
      rest /= uint64_t(ins[i].second);
      if (field[i] >= 0)
        hw[field[i]] = v;
    }
    int64_t idx = shape.index(l, l.applyFlat(flat));
    if (idx < 0 || idx >= int64_t(owners.size()))
      continue;
    ElementOwner &o = owners[idx];
    auto key = [](int32_t block, int32_t warp, int32_t lane, int32_t reg) {
      return std::make_tuple(block, warp, lane, reg);
    };
    if (o.copies == 0 ||
        key(hw[3], hw[2], hw[1], hw[0]) < key(o.block, o.warp, o.lane, o.reg)) {
      o.reg = hw[0];
      o.lane = hw[1];
      o.warp = hw[2];
      o.block = hw[3];
    }
    ++o.copies;
  }
  return owners;
}

std::vector<int64_t> tt::report::computeOffsets(const LinearLayout &l) {
  TensorShape shape(l);
  std::vector<int64_t> offsets(shape.numElements(), -1);
  if (!l.hasInDim(kOffset))
    return offsets;
  // The offset dim alone (block 0): the flat input is the offset when the
  // offset dim comes first, so restrict the layout to it.
  LinearLayout off = l.sublayout({kOffset}, l.getOutDimNames());
  int64_t n = off.getInDimSize(kOffset);
  for (int64_t o = 0; o < n; ++o) {
    int64_t idx = shape.index(off, off.applyFlat(uint64_t(o)));
    if (idx >= 0 && idx < int64_t(offsets.size()) && offsets[idx] < 0)
      offsets[idx] = o;
  }
  return offsets;
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

Picture tt::report::drawDistributedLayout(const LinearLayout &layout,
                                          const DrawOptions &options) {
  Picture pic;
  TensorShape shape(layout);
  Grid g = makeGrid(shape, options);
  std::vector<ElementOwner> owners = computeOwnership(layout);
  unsigned numWarps = layout.hasInDim(kWarp) ? layout.getInDimSize(kWarp) : 1;
  unsigned numLanes = layout.hasInDim(kLane) ? layout.getInDimSize(kLane) : 1;
  unsigned numRegs =
      layout.hasInDim(kRegister) ? layout.getInDimSize(kRegister) : 1;
  unsigned numBlocks = layout.hasInDim(kBlock) ? layout.getInDimSize(kBlock) : 1;

  unsigned cell = std::max(8u, options.cell);
  unsigned x0 = 40, y0 = 22;
  unsigned gridW = g.cols * cell, gridH = g.rows * cell;
  unsigned legendRows = (std::min(numWarps, 16u) + 7) / 8;
  unsigned width = std::max(x0 + gridW + 10, 8 * 76u + x0);
  unsigned height = y0 + gridH + 14 + legendRows * 16 + 18;

  std::string out;
  raw_string_ostream os(out);
  openSVG(os, "distributed", g, x0, y0, cell, width, height);
  drawAxes(os, g, x0, y0, cell);

  auto hue = [&](int32_t warp) {
    return unsigned(200 + 360.0 * warp / std::max(1u, numWarps)) % 360;
  };
  auto light = [&](int32_t lane) {
    return 88 - int(36.0 * lane / std::max(1u, numLanes - 1));
  };
  std::string labels;
  raw_string_ostream ls(labels);
  uint32_t maxCopies = 0;
  os << "<g class=\"c\">";
  for (unsigned r = 0; r < g.rows; ++r)
    for (unsigned c = 0; c < g.cols; ++c) {
      int64_t idx = g.elementAt(r, c);
      unsigned x = x0 + c * cell, y = y0 + r * cell;
      if (idx >= int64_t(owners.size()) || owners[idx].copies == 0) {
        os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                      "height=\"{2}\" fill=\"#eee\" data-o=\"-1,-1,-1,0\"/>",
                      x, y, cell);
        // Keep labels and cells in the same order (the page relabels).
        ls << formatv("<text x=\"{0}\" y=\"{1}\"></text>", x + cell / 2,
                      y + cell - cell / 4 - 1);
        continue;
      }
      const ElementOwner &o = owners[idx];
      maxCopies = std::max(maxCopies, o.copies);
      int l = light(o.lane);
      os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\" "
                    "fill=\"{3}\" data-o=\"{4},{5},{6},{7}\"/>",
                    x, y, cell, hsl(hue(o.warp), 60, l), o.warp, o.lane,
                    o.reg, o.copies);
      ls << formatv("<text x=\"{0}\" y=\"{1}\"{2}>{3}</text>", x + cell / 2,
                    y + cell - cell / 4 - 1, l < 62 ? " fill=\"#fff\"" : "",
                    o.lane);
    }
  os << labels << "</g>";

  // Thread boundaries (thin) and warp boundaries (thick).
  auto ownerOf = [&](unsigned r, unsigned c) -> const ElementOwner * {
    int64_t idx = g.elementAt(r, c);
    return idx < int64_t(owners.size()) ? &owners[idx] : nullptr;
  };
  std::string threads = boundaryPath(g, x0, y0, cell, [&](unsigned r1,
                                                           unsigned c1,
                                                           unsigned r2,
                                                           unsigned c2) {
    const ElementOwner *a = ownerOf(r1, c1), *b = ownerOf(r2, c2);
    return a && b && a->warp == b->warp && a->lane != b->lane;
  });
  std::string warps = boundaryPath(g, x0, y0, cell, [&](unsigned r1,
                                                         unsigned c1,
                                                         unsigned r2,
                                                         unsigned c2) {
    const ElementOwner *a = ownerOf(r1, c1), *b = ownerOf(r2, c2);
    return a && b && a->warp != b->warp;
  });
  if (!threads.empty())
    os << "<path d=\"" << threads
       << "\" stroke=\"#333\" stroke-width=\"1\" fill=\"none\"/>";
  if (!warps.empty())
    os << "<path d=\"" << warps
       << "\" stroke=\"#000\" stroke-width=\"2.5\" fill=\"none\"/>";

  // Legend: one swatch per warp.
  unsigned ly = y0 + gridH + 14;
  for (unsigned w = 0; w < std::min(numWarps, 16u); ++w) {
    unsigned lx = x0 + (w % 8) * 76, lyy = ly + (w / 8) * 16;
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"12\" height=\"12\" "
                  "fill=\"{2}\"/><text x=\"{3}\" y=\"{4}\" "
                  "font-size=\"10\">warp {5}</text>",
                  lx, lyy, hsl(hue(w), 60, 70), lx + 16, lyy + 10, w);
  }
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" fill=\"#555\">"
                "label: lane; shade: lane 0 light to {2} dark; thin lines: "
                "thread boundaries, thick: warp boundaries</text>",
                x0, ly + legendRows * 16 + 10, numLanes - 1);
  os << "</svg>";
  pic.svg = std::move(out);
  pic.caption = captionFor(shape, g);
  pic.notes.push_back(formatv("{0} register(s) per thread, {1} lanes, {2} "
                              "warp(s){3}",
                              numRegs, numLanes, numWarps,
                              numBlocks > 1
                                  ? formatv(", {0} CTAs (CTA 0 drawn)",
                                            numBlocks)
                                        .str()
                                  : std::string())
                          .str());
  if (maxCopies > 1)
    pic.notes.push_back(formatv("broadcast: some elements are held by up to "
                                "{0} threads or registers (the cell shows the "
                                "first)",
                                maxCopies)
                            .str());
  return pic;
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts
//===----------------------------------------------------------------------===//

namespace {
/// The worst bank-conflict degree of reading 16 bytes from each of 8
/// consecutive lines (lines run along the non-contiguous dim), over the
/// whole tensor; 0 when the layout does not have that shape.
unsigned lineReadConflicts(const LinearLayout &layout,
                           const std::vector<int64_t> &offsets,
                           const TensorShape &shape, unsigned elemBits) {
  unsigned rank = shape.sizes.size();
  if (rank < 2 || elemBits == 0 || elemBits > 128 || !layout.hasInDim(kOffset))
    return 0;
  // The contiguous dim: where offset 1 goes.
  LinearLayout::Basis step1 = layout.getBasis(kOffset, 0);
  int contig = -1;
  for (unsigned d = 0; d < rank; ++d)
    if (step1[shape.outIndex[d]] != 0)
      contig = int(d);
  if (contig < int(rank) - 2)
    return 0;
  unsigned lineDim = contig == int(rank) - 1 ? rank - 2 : rank - 1;
  int64_t chunk = 128 / elemBits; // elements in 16 bytes
  int64_t lines = shape.sizes[lineDim], along = shape.sizes[contig];
  if (lines < 8 || along < chunk)
    return 0;
  unsigned worst = 1;
  for (int64_t l0 = 0; l0 + 8 <= lines; l0 += 8)
    for (int64_t a = 0; a < along; a += chunk) {
      unsigned count[8] = {0};
      for (int64_t l = l0; l < l0 + 8; ++l) {
        int64_t idx = l * shape.strides[lineDim] + a * shape.strides[contig];
        int64_t off = offsets[idx];
        if (off < 0)
          return 0;
        unsigned group = unsigned((off * elemBits / 8 / 16) % 8);
        worst = std::max(worst, ++count[group]);
      }
    }
  return worst;
}
} // namespace

Picture tt::report::drawSharedLayout(const LinearLayout &layout,
                                     unsigned elemBits,
                                     const DrawOptions &options) {
  Picture pic;
  TensorShape shape(layout);
  Grid g = makeGrid(shape, options);
  std::vector<int64_t> offsets = computeOffsets(layout);
  unsigned bytes = std::max(1u, elemBits / 8);

  unsigned cell = std::max(8u, options.cell);
  unsigned x0 = 40, y0 = 22;
  unsigned gridW = g.cols * cell, gridH = g.rows * cell;
  unsigned width = std::max(x0 + gridW + 10, 600u);
  unsigned height = y0 + gridH + 14 + 18;

  std::string out;
  raw_string_ostream os(out);
  openSVG(os, "shared", g, x0, y0, cell, width, height);
  drawAxes(os, g, x0, y0, cell);
  auto bankOf = [&](int64_t off) { return unsigned((off * bytes / 4) % 32); };
  std::string labels;
  raw_string_ostream ls(labels);
  os << "<g class=\"c\">";
  for (unsigned r = 0; r < g.rows; ++r)
    for (unsigned c = 0; c < g.cols; ++c) {
      int64_t idx = g.elementAt(r, c);
      unsigned x = x0 + c * cell, y = y0 + r * cell;
      int64_t off = idx < int64_t(offsets.size()) ? offsets[idx] : -1;
      if (off < 0) {
        os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                      "height=\"{2}\" fill=\"#eee\" data-o=\"-1,-1\"/>",
                      x, y, cell);
        continue;
      }
      unsigned bank = bankOf(off);
      os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{2}\" "
                    "fill=\"{3}\" data-o=\"{4},{5}\"/>",
                    x, y, cell, hsl(bank * 45 % 360, 65, 60 + (bank / 8) * 8),
                    off, bank);
      ls << formatv("<text x=\"{0}\" y=\"{1}\">{2}</text>", x + cell / 2,
                    y + cell - cell / 4 - 1, bank);
    }
  os << labels << "</g>";
  // 16-byte pieces: thick edges where adjacent elements are not in the same
  // 16 bytes of memory.
  auto offAt = [&](unsigned r, unsigned c) {
    int64_t idx = g.elementAt(r, c);
    return idx < int64_t(offsets.size()) ? offsets[idx] : -1;
  };
  std::string pieces = boundaryPath(g, x0, y0, cell, [&](unsigned r1,
                                                          unsigned c1,
                                                          unsigned r2,
                                                          unsigned c2) {
    int64_t a = offAt(r1, c1), b = offAt(r2, c2);
    return a >= 0 && b >= 0 && a * bytes / 16 != b * bytes / 16;
  });
  if (!pieces.empty())
    os << "<path d=\"" << pieces
       << "\" stroke=\"#222\" stroke-width=\"1.5\" fill=\"none\"/>";
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" fill=\"#555\">"
                "label and color: bank (4-byte words, 32 banks) of each "
                "element; lines: 16-byte pieces of memory</text>",
                x0, y0 + gridH + 16);
  os << "</svg>";
  pic.svg = std::move(out);
  pic.caption = captionFor(shape, g) + formatv(", {0}-bit elements", elemBits).str();
  if (unsigned ways = lineReadConflicts(layout, offsets, shape, elemBits)) {
    if (ways == 1)
      pic.notes.push_back("reading 16 bytes from each of 8 consecutive lines "
                          "(as ldmatrix and the tensor cores do) is free of "
                          "bank conflicts");
    else
      pic.notes.push_back(
          formatv("reading 16 bytes from each of 8 consecutive lines (as "
                  "ldmatrix and the tensor cores do) has up to {0}-way bank "
                  "conflicts",
                  ways)
              .str());
  }
  return pic;
}
