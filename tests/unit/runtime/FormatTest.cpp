// ⍕ (monadic format): the character array that displays like a value, and the growable buffer.
#include "TestArrays.h"

namespace aplc_test {
namespace {

struct Formatted {
  std::vector<int64_t> shape;
  std::u32string text;
};

Formatted format(const Array& a, aplc_style style = APLC_STYLE_APL) {
  aplc_array_view v = a.view();
  aplc_formatted result;
  aplc_format(&v, style, &result);
  Formatted out;
  out.shape.assign(result.shape, result.shape + result.rank);
  out.text.assign(result.data, result.data + result.length);
  aplc_formatted_free(&result);
  return out;
}

void checkFormat(const Array& input, std::vector<int64_t> shape, std::u32string text,
                 aplc_style style = APLC_STYLE_APL) {
  SCOPED_TRACE(input.describe());
  Formatted f = format(input, style);
  EXPECT_EQ(f.shape, shape);
  EXPECT_TRUE(f.text == text) << "got " << f.text.size() << " code points";
}

TEST(Format, NumericScalarsBecomeVectors) {
  checkFormat(scalar(34.32), {5}, U"34.32");
  checkFormat(scalarInt(55), {2}, U"55");
  checkFormat(scalarInt(-3), {2}, U"¯3");
  checkFormat(scalar(1e-7), {4}, U"1E¯7");
  checkFormat(bools({}, {1}), {1}, U"1");
}

TEST(Format, CorpusFormatSentence) {
  // format.apl: 'The double value is ', (⍕ 34.32), ' and the integer value is ', (⍕ y), '.'
  std::u32string sentence = U"The double value is " + format(scalar(34.32)).text +
                             U" and the integer value is " + format(scalarInt(55)).text + U".";
  checkTail(chars({static_cast<int64_t>(sentence.size())}, sentence),
            "The double value is 34.32 and the integer value is 55.\n");
}

TEST(Format, TailStyleSpellsNumbersTheTailWay) {
  checkFormat(scalar(2.0), {3}, U"2.0", APLC_STYLE_TAIL);
  checkFormat(scalar(34.32), {5}, U"34.32", APLC_STYLE_TAIL);
  checkFormat(scalarInt(-3), {2}, U"-3", APLC_STYLE_TAIL);
}

TEST(Format, VectorsAndEmptyArrays) {
  checkFormat(ints({3}, {1, 2, 3}), {5}, U"1 2 3");
  checkFormat(doubles({2}, {0.5, -2}), {6}, U"0.5 ¯2");
  checkFormat(ints({0}, {}), {0}, U"");
  checkFormat(ints({0, 3}, {}), {0, 0}, U"");
  checkFormat(ints({2, 0}, {}), {2, 0}, U"");
}

TEST(Format, MatricesKeepTheirAlignedRowsWithoutNewlines) {
  checkFormat(ints({2, 2}, {1, 10, 100, 1000}), {2, 8}, U"  1   10100 1000");
  checkFormat(doubles({2, 2}, {1.5, 2, 3, 4.25}), {2, 8}, U"1.5 2   3   4.25");
  checkFormat(iota({2, 2, 2}, 8), {2, 2, 3}, U"1 23 45 67 8");
}

TEST(Format, CharactersFormatAsThemselves) {
  checkFormat(chars({5}, U"hello"), {5}, U"hello");
  checkFormat(chars({}, U"a"), {}, U"a");
  checkFormat(chars({2, 2}, U"ab⍴d"), {2, 2}, U"ab⍴d");
}

TEST(Buffer, AppendsAndStaysNulTerminated) {
  aplc_buffer b;
  aplc_buffer_init(&b);
  EXPECT_EQ(b.data, nullptr);
  EXPECT_EQ(b.length, 0u);
  std::string expected;
  for (int i = 0; i < 1000; i++) {
    aplc_buffer_append_str(&b, "ab");
    expected += "ab";
  }
  aplc_buffer_append_codepoint(&b, 0x2374);  // ⍴
  expected += "⍴";
  aplc_buffer_append(&b, "", 0);
  ASSERT_EQ(b.length, expected.size());
  EXPECT_EQ(std::string(b.data), expected);
  aplc_buffer_free(&b);
  EXPECT_EQ(b.data, nullptr);
}

TEST(Utf8, EncodeAndDecodeRoundTrip) {
  std::u32string text = U"a¯⍴𝔸";
  size_t bytes = 0;
  char* encoded = aplc_utf8_encode(reinterpret_cast<const aplc_char*>(text.data()),
                                   static_cast<int64_t>(text.size()), &bytes);
  EXPECT_EQ(std::string(encoded), "a¯⍴𝔸");
  EXPECT_EQ(bytes, 1u + 2 + 3 + 4);
  aplc_char* decoded = nullptr;
  int64_t count = 0;
  aplc_error_info error;
  ASSERT_EQ(aplc_utf8_decode(encoded, bytes, &decoded, &count, &error), 0);
  EXPECT_TRUE(std::u32string(decoded, decoded + count) == text);
  free(decoded);
  free(encoded);
}

TEST(Utf8, InvalidInputIsADomainError) {
  for (std::string bad : {std::string("ok\xff"), std::string("\xe2\x8d"), std::string("\xc0\xaf"),
                          std::string("\xed\xa0\x80")}) {
    aplc_char* decoded = nullptr;
    int64_t count = 0;
    aplc_error_info error;
    EXPECT_EQ(aplc_utf8_decode(bad.data(), bad.size(), &decoded, &count, &error), -1);
    EXPECT_EQ(error.kind, APLC_DOMAIN_ERROR);
    EXPECT_NE(std::string(error.message).find("invalid UTF-8 at byte"), std::string::npos);
  }
  aplc_char surrogate = 0xD800;
  char* encoded = aplc_utf8_encode(&surrogate, 1, nullptr);
  EXPECT_EQ(std::string(encoded), "\xEF\xBF\xBD");  // U+FFFD
  free(encoded);
}

TEST(Timing, ClockIsMonotonic) {
  aplc_runtime_init();
  double first = aplc_clock_ms();
  double second = aplc_clock_ms();
  EXPECT_GE(second, first);
  EXPECT_GE(aplc_elapsed_ms(), 0);
  EXPECT_LT(aplc_elapsed_ms(), 60 * 1000);  // just initialised
}

}  // namespace
}  // namespace aplc_test
