// The APL (Dyalog, ⎕PP=10) display of values: numbers of every magnitude, vectors, matrices
// with aligned columns, higher ranks, empty arrays, characters and strided views.
#include "TestArrays.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace aplc_test {
namespace {

TEST(AplDisplay, Integers) {
  checkApl(scalarInt(0), "0\n");
  checkApl(scalarInt(42), "42\n");
  checkApl(scalarInt(-5), "¯5\n");
  checkApl(scalarInt(12345678901234), "12345678901234\n");  // integers print in full
  checkApl(scalarInt(INT64_MIN), "¯9223372036854775808\n");
  checkApl(scalarInt(INT64_MAX), "9223372036854775807\n");
}

TEST(AplDisplay, DoublesInFixedForm) {
  checkApl(scalar(0.5), "0.5\n");
  checkApl(scalar(2.0), "2\n");
  checkApl(scalar(-2.5), "¯2.5\n");
  checkApl(scalar(10.0 / 3), "3.333333333\n");
  checkApl(scalar(2.0 / 3), "0.6666666667\n");
  checkApl(scalar(0.1 + 0.2), "0.3\n");
  checkApl(scalar(123.456), "123.456\n");
  checkApl(scalar(12345678.9012), "12345678.9\n");
  checkApl(scalar(1e9), "1000000000\n");
  checkApl(scalar(9999999999.0), "9999999999\n");
  checkApl(scalar(34.32), "34.32\n");
  checkApl(scalar(0.000001), "0.000001\n");  // five zeros after the point: still fixed
  checkApl(scalar(-0.0001234), "¯0.0001234\n");
  checkApl(scalar(-0.0), "0\n");
}

TEST(AplDisplay, DoublesInScaledForm) {
  checkApl(scalar(1e10), "1E10\n");  // needs more than ⎕PP digits before the point
  checkApl(scalar(123456789012.0), "1.23456789E11\n");
  checkApl(scalar(9999999999.5), "1E10\n");  // rounds up to 11 digits
  checkApl(scalar(1e-7), "1E¯7\n");          // more than five zeros after the point
  checkApl(scalar(-1.5e-7), "¯1.5E¯7\n");
  checkApl(scalar(0.0000001234), "1.234E¯7\n");
  checkApl(scalar(1e100), "1E100\n");
  checkApl(scalar(std::numeric_limits<double>::max()), "1.797693135E308\n");
  checkApl(scalar(std::numeric_limits<double>::denorm_min()), "4.940656458E¯324\n");
}

TEST(AplDisplay, NonFiniteDoubles) {
  checkApl(scalar(INFINITY), "∞\n");
  checkApl(scalar(-INFINITY), "¯∞\n");
  checkApl(scalar(NAN), "NaN\n");
}

TEST(AplDisplay, Vectors) {
  checkApl(ints({3}, {1, 2, 3}), "1 2 3\n");
  checkApl(ints({4}, {-1, 20, -300, 0}), "¯1 20 ¯300 0\n");
  checkApl(doubles({4}, {1, -2, 3.5, 1e-7}), "1 ¯2 3.5 1E¯7\n");  // each formatted on its own
  checkApl(bools({5}, {1, 0, 1, 1, 0}), "1 0 1 1 0\n");
  checkApl(ints({1}, {7}), "7\n");
}

TEST(AplDisplay, EmptyArrays) {
  checkApl(ints({0}, {}), "\n");
  checkApl(doubles({0}, {}), "\n");
  checkApl(chars({0}, U""), "\n");
  checkApl(ints({0, 3}, {}), "");          // no rows: nothing
  checkApl(ints({3, 0}, {}), "\n\n\n");    // three empty rows
  checkApl(ints({2, 0, 3}, {}), "");
  checkApl(ints({2, 2, 0}, {}), "\n\n\n\n\n");  // two planes of two empty rows
}

TEST(AplDisplay, MatricesRightJustifyEachColumnToItsWidest) {
  checkApl(ints({2, 3}, {1, 22, 333, 4444, 5, 6}), "   1 22 333\n4444  5   6\n");
  checkApl(ints({2, 2}, {-1, 10, 100, -1000}), " ¯1    10\n100 ¯1000\n");
  checkApl(iota({3, 4}, 9), "1 2 3 4\n5 6 7 8\n9 1 2 3\n");
  checkApl(bools({2, 2}, {1, 0, 0, 1}), "1 0\n0 1\n");
}

TEST(AplDisplay, MatricesAlignDecimalPoints) {
  // Dyalog: integers sit left of the point column, their fraction field left blank.
  checkApl(doubles({2, 3}, {2, 4, 6.1, 8, 10.24, 12}), "2  4     6.1\n8 10.24 12  \n");
  checkApl(doubles({2, 2}, {0.6, -0.7, -0.2, 0.4}), " 0.6 ¯0.7\n¯0.2  0.4\n");
  checkApl(doubles({3, 1}, {1.5, -22.25, 100}), "  1.5 \n¯22.25\n100   \n");
}

TEST(AplDisplay, ScaledColumnsAlignTheirExponents) {
  // A column with one scaled number is scaled throughout, mantissas padded with zeros.
  checkApl(doubles({2, 1}, {1e-7, 1500.5}), "1.0000E¯7\n1.5005E3 \n");
  checkApl(doubles({2, 2}, {1, 1e20, 2, -3e-9}), "1  1E20\n2 ¯3E¯9\n");
  checkApl(doubles({3, 1}, {0, 2.5e12, 7}), "0.0E0 \n2.5E12\n7.0E0 \n");  // zero too
}

TEST(AplDisplay, Rank3IsMatricesSeparatedByABlankLine) {
  checkApl(iota({2, 2, 2}, 8), "1 2\n3 4\n\n5 6\n7 8\n");
  // column widths are shared by all planes
  checkApl(ints({2, 1, 2}, {1, 2, 300, 4}), "  1 2\n\n300 4\n");
}

TEST(AplDisplay, Rank4SeparatesBlocksByTwoBlankLines) {
  checkApl(iota({2, 2, 1, 2}, 8), "1 2\n\n3 4\n\n\n5 6\n\n7 8\n");
}

TEST(AplDisplay, Characters) {
  checkApl(chars({}, U"a"), "a\n");
  checkApl(chars({5}, U"hello"), "hello\n");
  checkApl(chars({3}, U"⍴⍳¯"), "⍴⍳¯\n");
  checkApl(chars({2, 3}, U"abcdef"), "abc\ndef\n");
  checkApl(chars({2, 1, 2}, U"abcd"), "ab\n\ncd\n");
  checkApl(chars({2, 3}, U"a c   "), "a c\n   \n");  // blanks are kept
}

TEST(AplDisplay, StridedViewPrintsWithoutCopying) {
  // 2 3⍴⍳6 seen transposed (strides 1 3) and reversed along its rows (stride -1).
  Array transposed = iota({3, 2}, 6);
  transposed.ints = {1, 2, 3, 4, 5, 6};
  transposed.strides = {1, 3};
  checkApl(transposed, "1 4\n2 5\n3 6\n");

  std::vector<int64_t> data = {1, 2, 3, 4, 5, 6};
  int64_t shape[] = {2, 3};
  int64_t strides[] = {3, -1};
  aplc_array_view reversed = aplc_view(APLC_INT, 2, shape, data.data() + 2);
  reversed.strides = strides;
  aplc_buffer out;
  aplc_buffer_init(&out);
  aplc_display(&out, &reversed, APLC_STYLE_APL);
  EXPECT_EQ(std::string(out.data, out.length), "3 2 1\n6 5 4\n");
  aplc_buffer_free(&out);
}

TEST(AplDisplay, NumberFormattingFunctions) {
  char text[APLC_NUMBER_TEXT_MAX];
  EXPECT_EQ(aplc_format_int(text, -12, APLC_STYLE_APL), 4u);  // ¯ is two bytes
  EXPECT_STREQ(text, "¯12");
  EXPECT_EQ(aplc_format_double(text, 2.0, APLC_STYLE_APL), 1u);
  EXPECT_STREQ(text, "2");
  aplc_format_double(text, -1e-7, APLC_STYLE_APL);
  EXPECT_STREQ(text, "¯1E¯7");
}

TEST(AplDisplay, PrintWritesTheSameBytesToAStream) {
  Array a = ints({2, 2}, {1, -2, 30, 4});
  FILE* file = tmpfile();
  ASSERT_NE(file, nullptr);
  aplc_array_view v = a.view();
  EXPECT_EQ(aplc_print(file, &v, APLC_STYLE_APL), 0);
  rewind(file);
  char buf[64] = {0};
  size_t n = fread(buf, 1, sizeof buf - 1, file);
  fclose(file);
  EXPECT_EQ(std::string(buf, n), display(a, APLC_STYLE_APL));
  EXPECT_EQ(std::string(buf, n), " 1 ¯2\n30  4\n");
}

TEST(AplDisplay, LargeVectorGrowsTheBuffer) {
  std::vector<int64_t> values(10000);
  std::string expected;
  for (int64_t i = 0; i < 10000; i++) {
    values[i] = i;
    expected += (i ? " " : "") + std::to_string(i);
  }
  checkApl(ints({10000}, values), expected + "\n");
}

}  // namespace
}  // namespace aplc_test
