#include "support/Utf8.h"

#include <gtest/gtest.h>

namespace aplc::utf8 {
namespace {

TEST(Utf8, DecodesAsciiAndGlyphs) {
  std::string s = "a⍴⍝𝔸";
  Decoded a = decode(s, 0);
  EXPECT_EQ(a.codepoint, U'a');
  EXPECT_EQ(a.length, 1u);
  Decoded rho = decode(s, 1);
  EXPECT_EQ(rho.codepoint, U'⍴');
  EXPECT_EQ(rho.length, 3u);
  EXPECT_TRUE(rho.valid);
  Decoded astral = decode(s, 7);
  EXPECT_EQ(astral.codepoint, U'𝔸');
  EXPECT_EQ(astral.length, 4u);
  EXPECT_EQ(length(s), 4u);
}

TEST(Utf8, InvalidBytesDecodeAsOneReplacementCharacter) {
  for (std::string bad : {std::string("\xff"), std::string("\xe2\x8d"), std::string("\xc0\xaf"),
                          std::string("\xed\xa0\x80"), std::string("\x80")}) {
    Decoded d = decode(bad, 0);
    EXPECT_FALSE(d.valid) << "input of " << bad.size() << " bytes";
    EXPECT_EQ(d.length, 1u);
    EXPECT_EQ(d.codepoint, U'\uFFFD');
  }
}

TEST(Utf8, EncodeRoundTrips) {
  for (char32_t cp : {U'a', U'¯', U'⍝', U'𝔸'}) {
    std::string s = encode(cp);
    Decoded d = decode(s, 0);
    EXPECT_EQ(d.codepoint, cp);
    EXPECT_EQ(d.length, s.size());
  }
}

}  // namespace
}  // namespace aplc::utf8
