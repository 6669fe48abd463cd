// apltail's output format (--format=tail), with cases taken verbatim from the corpus .out.ok
// files; each such expected text is also checked to occur in its corpus file.
#include "TestArrays.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace aplc_test {
namespace {

std::string corpusFile(const std::string& name) {
  std::ifstream in(std::string(APLC_CORPUS_DIR) + "/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// check() plus: the expected text is really what the corpus file says.
void checkCorpus(const std::string& file, const Array& input, const std::string& expected) {
  SCOPED_TRACE("from " + file);
  EXPECT_NE(corpusFile(file).find(expected), std::string::npos)
      << "the expected text does not occur in " << file;
  checkTail(input, expected);
}

TEST(TailDisplay, Scalars) {
  checkTail(scalarInt(58), "[](58)\n");
  checkTail(scalarInt(-7), "[](-7)\n");
  checkTail(scalar(0.0), "[](0.0)\n");
  checkTail(scalar(2.0), "[](2.0)\n");
  checkTail(scalar(-19.0), "[](-19.0)\n");
  checkTail(bools({}, {1}), "[](1)\n");
  checkTail(chars({}, U"X"), "[](X)\n");
}

TEST(TailDisplay, DoublesHaveTwelveDigitsAndAPoint) {
  checkTail(scalar(1.0 / 3), "[](0.333333333333)\n");
  checkTail(scalar(0.1 + 0.2), "[](0.3)\n");
  checkTail(scalar(123456789012.0), "[](123456789012.0)\n");
  checkTail(scalar(1e20), "[](1E20)\n");
  checkTail(scalar(1.5e-7), "[](1.5E-7)\n");
  checkTail(scalar(-2.5e-12), "[](-2.5E-12)\n");
  checkTail(scalar(0.0001), "[](0.0001)\n");
  checkTail(scalar(-0.0), "[](-0.0)\n");
  checkTail(scalar(INFINITY), "[](HUGE_VAL)\n");
  checkTail(scalar(-INFINITY), "[](-HUGE_VAL)\n");
  checkTail(scalar(NAN), "[](nan)\n");
}

TEST(TailDisplay, FlatArrays) {
  checkTail(ints({3}, {1, 2, 3}), "[3](1,2,3)\n");
  checkTail(ints({0}, {}), "[0]()\n");
  checkTail(ints({0, 3}, {}), "[0,3]()\n");
  checkTail(ints({3, 0}, {}), "[3,0]()\n");
  checkTail(doubles({2}, {1.5, -2}), "[2](1.5,-2.0)\n");
  checkTail(chars({2, 2, 2}, U"abcdefgh"), "[2,2,2](abcdefgh)\n");
  checkTail(chars({0, 2}, U""), "[0,2]()\n");
  checkTail(chars({0}, U""), "\n");
}

TEST(TailDisplay, MatricesPadToTheWidestElement) {
  checkTail(ints({2, 2}, {1, -20, 300, 4}), "\n   1 -20\n 300   4\n\n");
  checkTail(chars({2, 3}, U"abcdef"), "\n abc\n def\n\n");
  // a newline character is spelled with two characters, so every cell is two wide
  checkTail(chars({1, 3}, U"a\nb"), "\n  a\\n b\n\n");
}

TEST(TailDisplay, CharactersAreSpelledAsStandardMlDoes) {
  checkTail(chars({6}, U"a\tb\"c\\"), "a\\tb\\\"c\\\\\n");
  checkTail(chars({3}, U"\x01\x7f" U"z"), "\\^A\\127z\n");
  checkTail(chars({2}, U"⍴¯"), "⍴¯\n");  // beyond ASCII: UTF-8
}

TEST(TailDisplay, CorpusLife) {
  std::vector<uint8_t> board(100, 0);
  for (auto [row, column] : {std::pair{7, 9}, {8, 8}, {8, 9}, {9, 8}, {9, 10}}) {
    board[(row - 1) * 10 + (column - 1)] = 1;
  }
  checkCorpus("life.out.ok", bools({10, 10}, board),
              "\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              " 0 0 0 0 0 0 0 0 1 0\n"
              " 0 0 0 0 0 0 0 1 1 0\n"
              " 0 0 0 0 0 0 0 1 0 1\n"
              " 0 0 0 0 0 0 0 0 0 0\n"
              "\n");
}

TEST(TailDisplay, CorpusIdxassign) {
  Array v = iota({28}, 28);
  v.ints[3] = 34;
  checkCorpus("idxassign.out.ok", v,
              "[28](1,2,3,34,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,"
              "28)\n");
  Array m = iota({3, 4}, 9);
  m.ints[1 * 4 + 2] = 0;
  checkCorpus("idxassign.out.ok", m, "\n 1 2 3 4\n 5 6 0 8\n 9 1 2 3\n\n");
  Array a = iota({3, 4, 3}, 128);
  a.ints[2] = 1000;
  checkCorpus("idxassign.out.ok", a,
              "[3,4,3](1,2,1000,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,"
              "27,28,29,30,31,32,33,34,35,36)\n");
  std::vector<double> b;
  for (int64_t x : a.ints) b.push_back(x + 0.2);
  b[1 * 12 + 2 * 3 + 0] = 2001;
  checkCorpus("idxassign.out.ok", doubles({3, 4, 3}, b),
              "[3,4,3](1.2,2.2,1000.2,4.2,5.2,6.2,7.2,8.2,9.2,10.2,11.2,12.2,13.2,14.2,15.2,16.2,"
              "17.2,18.2,2001.0,20.2,21.2,22.2,23.2,24.2,25.2,26.2,27.2,28.2,29.2,30.2,31.2,32.2,"
              "33.2,34.2,35.2,36.2)\n");
  Array x = chars({7, 5}, U"hello this is a great story I thinkhello this is a great story I think");
  x.chars.resize(35);
  x.chars[2 * 5 + 3] = U'X';
  checkCorpus("idxassign.out.ok", x,
              "\n hello\n  this\n  isXa\n  grea\n t sto\n ry I \n think\n\n");
}

TEST(TailDisplay, CorpusChars) {
  checkCorpus("chars.out.ok", chars({11}, U"dlrow olleH"), "dlrow olleH\n");
  checkCorpus("chars.out.ok", chars({}, U"X"), "[](X)\n");
  // ⍉ 5 6 ⍴ 'Hello world': a transposed (strided) view of the 5×6 matrix
  std::u32string text = U"Hello world";
  std::u32string cells;
  for (int i = 0; i < 30; i++) cells += text[i % text.size()];
  Array transposed = chars({6, 5}, cells);
  transposed.strides = {1, 6};
  checkCorpus("chars.out.ok", transposed,
              "\n Hweol\n eolrl\n lrllo\n llod \n od Hw\n  Hweo\n\n");
  checkCorpus("chars.out.ok", chars({4}, U"oaaa"), "oaaa\n");
  checkCorpus("chars.out.ok", scalar(12), "[](12.0)\n");
}

TEST(TailDisplay, CorpusInv) {
  checkCorpus("inv.out.ok", doubles({3, 3}, {-19.0 / 9, 11.0 / 9, -1.0 / 9,  //
                                             17.0 / 9, -10.0 / 9, 2.0 / 9,  //
                                             -1.0 / 9, 2.0 / 9, -1.0 / 9}),
              "\n"
              "  -2.11111111111   1.22222222222 -0.111111111111\n"
              "   1.88888888889  -1.11111111111  0.222222222222\n"
              " -0.111111111111  0.222222222222 -0.111111111111\n"
              "\n");
  checkCorpus("inv.out.ok", doubles({2, 2}, {0.6, -0.7, -0.2, 0.4}),
              "\n  0.6 -0.7\n -0.2  0.4\n\n");
  checkCorpus("inv.out.ok", ints({3, 3}, {2, 3, 4, 5, 6, 7, 8, 9, 1}),
              "\n 2 3 4\n 5 6 7\n 8 9 1\n\n");
}

TEST(TailDisplay, CorpusCirc) {
  checkCorpus("circ.out.ok", scalar(M_PI), "[](3.14159265359)\n");
  checkCorpus("circ.out.ok", scalar(3 * M_PI), "[](9.42477796077)\n");
  checkCorpus("circ.out.ok", scalar(std::sin(3.14)), "[](0.00159265291649)\n");
  checkCorpus("circ.out.ok", scalar(std::cos(3.14)), "[](-0.999998731728)\n");
  checkCorpus("circ.out.ok", scalar(std::tan(3.14)), "[](-0.00159265493641)\n");
}

TEST(TailDisplay, CorpusTrains1) {
  double mean = (2 + 3 + 4 + 2 + 4 + 6 + 3 + 5) / 8.0;
  std::vector<double> deviations;
  for (double x : {2, 3, 4, 2, 4, 6, 3, 5}) deviations.push_back(x - mean);
  checkCorpus("trains1.out.ok", scalar(mean), "[](3.625)\n");
  checkCorpus("trains1.out.ok", doubles({8}, deviations),
              "[8](-1.625,-0.625,0.375,-1.625,0.375,2.375,-0.625,1.375)\n");
  checkCorpus("trains1.out.ok", doubles({3}, {3.625, 1.734375, std::sqrt(1.734375)}),
              "[3](3.625,1.734375,1.31695671911)\n");
  checkCorpus("trains1.out.ok", ints({6}, {1, 2, 2, 3, 3, 3}), "[6](1,2,2,3,3,3)\n");
}

TEST(TailDisplay, CorpusQuadassign) {
  std::vector<uint8_t> less;
  std::vector<double> times;
  for (int i = 1; i <= 5; i++) {
    for (int j = 1; j <= 8; j++) {
      less.push_back(i < j);
      times.push_back((i < j) * 3.1);
    }
  }
  checkCorpus("quadassign.out.ok", bools({5, 8}, less),
              "\n 0 1 1 1 1 1 1 1\n 0 0 1 1 1 1 1 1\n 0 0 0 1 1 1 1 1\n 0 0 0 0 1 1 1 1\n"
              " 0 0 0 0 0 1 1 1\n\n");
  checkCorpus("quadassign.out.ok", doubles({5, 8}, times),
              "\n 0.0 3.1 3.1 3.1 3.1 3.1 3.1 3.1\n 0.0 0.0 3.1 3.1 3.1 3.1 3.1 3.1\n"
              " 0.0 0.0 0.0 3.1 3.1 3.1 3.1 3.1\n 0.0 0.0 0.0 0.0 3.1 3.1 3.1 3.1\n"
              " 0.0 0.0 0.0 0.0 0.0 3.1 3.1 3.1\n\n");
  checkCorpus("quadassign.out.ok", scalar(77), "[](77.0)\n");
}

TEST(TailDisplay, CorpusDropShapeVrot) {
  checkCorpus("drop.out.ok", ints({2}, {4, 5}), "[2](4,5)\n");
  checkCorpus("drop.out.ok", ints({0}, {}), "[0]()\n");
  checkCorpus("drop.out.ok", ints({0, 5}, {}), "[0,5]()\n");
  checkCorpus("drop.out.ok", ints({0, 2}, {}), "[0,2]()\n");
  checkCorpus("drop.out.ok", ints({2, 5}, {11, 12, 13, 14, 15, 16, 17, 18, 19, 20}),
              "\n 11 12 13 14 15\n 16 17 18 19 20\n\n");
  checkCorpus("drop.out.ok", iota({2, 2}, 4), "\n 1 2\n 3 4\n\n");
  checkCorpus("shape.out.ok", chars({15}, U"Shape of scalar"), "Shape of scalar\n");
  checkCorpus("shape.out.ok", ints({1}, {0}), "[1](0)\n");
  checkCorpus("shape.out.ok", ints({3}, {10, 4, 6}), "[3](10,4,6)\n");
  checkCorpus("vrot.out.ok", ints({0, 4}, {}), "[0,4]()\n");
}

TEST(TailDisplay, CorpusVectorsAndScalars) {
  checkCorpus("tax.out.ok", doubles({2}, {180800, 78800}), "[2](180800.0,78800.0)\n");
  checkCorpus("residue.out.ok", ints({4}, {2, -2, 4, -2}), "[4](2,-2,4,-2)\n");
  checkCorpus("dtransp.out.ok", iota({2, 3, 4}, 24),
              "[2,3,4](1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24)\n");
  checkCorpus("blackscholes.out.ok", scalar(5.34836535975), "[](5.34836535975)\n");
  checkCorpus("signal.out.ok", scalar(258.557340366), "[](258.557340366)\n");
  checkCorpus("test5.out.ok", scalar(479001643), "[](479001643.0)\n");
  checkCorpus("innerproduct.out.ok", scalar(4.31703601), "[](4.31703601)\n");
  checkCorpus("ceilfloormaxmin.out.ok", scalarInt(6), "[](6)\n");
  checkCorpus("fib10.out.ok", ints({12}, {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
              "[12](0,1,1,2,3,5,8,13,21,34,55,89)\n");
}

TEST(TailDisplay, CorpusTextAndTuples) {
  checkCorpus("abcd.out.ok", chars({8, 6}, U"CCCAACBAADABCAACDCACDDBCDDCCCBADCBCCCACCCBCCBACC"),
              "\n CCCAAC\n BAADAB\n CAACDC\n ACDDBC\n DDCCCB\n ADCBCC\n CACCCB\n CCBACC\n\n");
  checkCorpus("abcd.out.ok", chars({7}, U"Result:"), "Result:\n");
  checkCorpus("abcd.out.ok", bools({8}, {0, 0, 0, 1, 0, 1, 0, 0}), "[8](0,0,0,1,0,1,0,0)\n");
  checkCorpus("tup.out.ok", chars({5}, U"hello"), "hello\n");
  checkCorpus("tup.out.ok", ints({4}, {1, 2, 4, 3}), "[4](1,2,4,3)\n");
  checkCorpus("tup.out.ok", scalarInt(19), "[](19)\n");
  checkCorpus("powtup.out.ok", chars({13}, U"asbchejhejhej"), "asbchejhejhej\n");
  checkCorpus("binaryops.out.ok", chars({16}, U"Test of or_1: OK"), "Test of or_1: OK\n");
}

}  // namespace
}  // namespace aplc_test
