#include "support/Diagnostics.h"

#include <gtest/gtest.h>

namespace aplc {
namespace {

TEST(Diagnostics, RendersLocationSourceLineAndCaretCountingCharacters) {
  SourceManager sources;
  uint32_t f = sources.add("prog.apl", "x ← 1\ny ← ⍳⍳ 'abc\n");
  std::string got = render(sources, {{f, 2, 7}, "unterminated string"});
  std::string expected =
      "prog.apl:2:7: error: unterminated string\n"
      "    y ← ⍳⍳ 'abc\n"
      "          ^\n";
  EXPECT_EQ(got, expected);
}

TEST(Diagnostics, UnknownLocationIsTheCompilers) {
  SourceManager sources;
  uint32_t f = sources.add("a.apl", "1");
  EXPECT_EQ(render(sources, {{f, 0, 0}, "cannot read file 'b.apl'"}), "aplc: error: cannot read file 'b.apl'\n");
}

TEST(Diagnostics, LongLinesAreCutAroundTheColumn) {
  SourceManager sources;
  std::string line(5000, 'a');
  line[3000] = '#';
  uint32_t f = sources.add("long.apl", line);
  std::string got = render(sources, {{f, 1, 3001}, "bad"});
  size_t nl1 = got.find('\n');
  size_t nl2 = got.find('\n', nl1 + 1);
  std::string shown = got.substr(nl1 + 1, nl2 - nl1 - 1);
  std::string caret = got.substr(nl2 + 1);
  EXPECT_LT(shown.size(), 300u);
  ASSERT_LT(caret.find('^'), shown.size());
  EXPECT_EQ(shown[caret.find('^')], '#');
}

TEST(Diagnostics, LineOutOfRangeIsEmpty) {
  SourceManager sources;
  uint32_t f = sources.add("a.apl", "one\ntwo");
  EXPECT_EQ(sources.line(f, 2), "two");
  EXPECT_EQ(sources.line(f, 3), "");
}

}  // namespace
}  // namespace aplc
