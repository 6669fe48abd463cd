// Printing complex arrays (APLC_COMPLEX) in both styles: apltail's `3.0j6.4` (cmplx.out.ok) and
// Dyalog's `3J6.4`, `6J¯4`, `2` for a zero imaginary part; matrix alignment; aplc_format_complex.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aplc_runtime.h"

namespace {

std::string show(std::vector<int64_t> shape, const std::vector<aplc_complex>& values, aplc_style style) {
  aplc_array_view v = aplc_view(APLC_COMPLEX, static_cast<int32_t>(shape.size()),
                                shape.empty() ? nullptr : shape.data(), values.data());
  aplc_buffer out;
  aplc_buffer_init(&out);
  aplc_display(&out, &v, style);
  std::string text = out.data ? std::string(out.data, out.length) : std::string();
  aplc_buffer_free(&out);
  return text;
}

void check(std::vector<int64_t> shape, const std::vector<aplc_complex>& values, aplc_style style,
           const std::string& expected) {
  EXPECT_EQ(show(std::move(shape), values, style), expected);
}

std::string one(aplc_complex z, aplc_style style) {
  char text[APLC_NUMBER_TEXT_MAX];
  return std::string(text, aplc_format_complex(text, z, style));
}

TEST(ComplexDisplay, TailScalarsAndVectors) {
  check({}, {{3.0, 6.4}}, APLC_STYLE_TAIL, "[](3.0j6.4)\n");
  check({3}, {{2, 1}, {3, -2}, {0.5, 0}}, APLC_STYLE_TAIL, "[3](2.0j1.0,3.0j-2.0,0.5j0.0)\n");
}

// The first matrices of cmplx.out.ok: right-justified to the widest element, one blank before each.
TEST(ComplexDisplay, TailMatrixAsTheCorpus) {
  check({2, 3}, {{2, 1}, {3, 0}, {1, 0}, {3, -2}, {4, 0}, {23, 0}}, APLC_STYLE_TAIL,
        "\n  2.0j1.0  3.0j0.0  1.0j0.0\n 3.0j-2.0  4.0j0.0 23.0j0.0\n\n");
  check({2, 2}, {{118, 34}, {22, 8}, {346, -108}, {160, 4}}, APLC_STYLE_TAIL,
        "\n   118.0j34.0     22.0j8.0\n 346.0j-108.0    160.0j4.0\n\n");
}

TEST(ComplexDisplay, AplLikeDyalog) {
  check({}, {{3.0, 6.4}}, APLC_STYLE_APL, "3J6.4\n");
  check({3}, {{6, -4}, {2, 0}, {-1.5, 0.25}}, APLC_STYLE_APL, "6J¯4 2 ¯1.5J0.25\n");
  // Columns right-justified as whole numbers.
  check({2, 2}, {{2, 1}, {3, 0}, {3, -2}, {23, 0}}, APLC_STYLE_APL, " 2J1  3\n3J¯2 23\n");
}

TEST(ComplexDisplay, FormatOneNumber) {
  EXPECT_EQ(one({6, -4}, APLC_STYLE_APL), "6J¯4");
  EXPECT_EQ(one({6, -4}, APLC_STYLE_TAIL), "6.0j-4.0");
  EXPECT_EQ(one({1e20, 0.1}, APLC_STYLE_TAIL), "1E20j0.1");
}

}  // namespace
