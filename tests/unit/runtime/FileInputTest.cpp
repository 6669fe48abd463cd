// ⎕ReadFile, ⎕ReadIntVecFile and ⎕ReadDoubleVecFile: the corpus data files print exactly as the
// corpus expects, and bad files give clear errors instead of crashes.
#include "TestArrays.h"

#include <cstdio>
#include <fstream>

namespace aplc_test {
namespace {

std::string corpusPath(const char* name) { return std::string(APLC_CORPUS_DIR) + "/" + name; }

// Writes `content` to a fresh file in the test's temporary directory and returns its path.
std::string tempFile(const std::string& name, const std::string& content) {
  std::string path = testing::TempDir() + "aplc_runtime_" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

Array readInts(const std::string& path, aplc_error_info* error, int* status) {
  aplc_int* values = nullptr;
  int64_t count = 0;
  *status = aplc_read_int_vec_file(path.c_str(), &values, &count, error);
  Array a = ints({count}, {});
  if (*status == 0) {
    a.ints.assign(values, values + count);
    free(values);
  }
  return a;
}

Array readDoubles(const std::string& path, aplc_error_info* error, int* status) {
  aplc_double* values = nullptr;
  int64_t count = 0;
  *status = aplc_read_double_vec_file(path.c_str(), &values, &count, error);
  Array a = doubles({count}, {});
  if (*status == 0) {
    a.doubles.assign(values, values + count);
    free(values);
  }
  return a;
}

Array readChars(const std::string& path, aplc_error_info* error, int* status) {
  aplc_char* values = nullptr;
  int64_t count = 0;
  *status = aplc_read_file(path.c_str(), &values, &count, error);
  Array a = chars({count}, U"");
  if (*status == 0) {
    a.chars.assign(values, values + count);
    free(values);
  }
  return a;
}

TEST(FileInput, CorpusReadIntVecFile) {
  aplc_error_info error;
  int status;
  Array is = readInts(corpusPath("readintvecfile.txt"), &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  checkTail(scalarInt(static_cast<int64_t>(is.ints.size())), "[](16)\n");
  checkTail(is, "[16](23,45,2323,4,0,34,34,34,2,1,3,4,5,543243,5543,2)\n");
}

TEST(FileInput, CorpusReadDoubleVecFile) {
  aplc_error_info error;
  int status;
  Array ds = readDoubles(corpusPath("readdoublevecfile.txt"), &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  checkTail(ds,
            "[16](23.23,45.121,2323.0,4.2322,0.0,34.232,34.0,34.0,2.0,1.232,3.0,4.0,5.0,"
            "543243.232,5543.1,2.22323)\n");
}

TEST(FileInput, CorpusReadFile) {
  aplc_error_info error;
  int status;
  Array text = readChars(corpusPath("readfile.txt"), &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  checkTail(scalarInt(static_cast<int64_t>(text.chars.size())), "[](46)\n");
  checkTail(text, "This is the content\\nof a text file (2 lines).\\n\n");
  checkApl(text, "This is the content\nof a text file (2 lines).\n\n");
}

TEST(FileInput, SignsAndSeparators) {
  aplc_error_info error;
  int status;
  Array is = readInts(tempFile("signs.txt", "¯5 -6,~7\t+8\n\n 9,,10\r\n-9223372036854775808"),
                      &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  EXPECT_EQ(is.ints, (std::vector<int64_t>{-5, -6, -7, 8, 9, 10, INT64_MIN}));

  Array ds = readDoubles(tempFile("doubles.txt", "1.5 ¯2.5E¯3 1e3 .5 7. -0 2E+2"), &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  EXPECT_EQ(ds.doubles, (std::vector<double>{1.5, -2.5e-3, 1e3, 0.5, 7, -0.0, 200}));
}

TEST(FileInput, EmptyFilesGiveEmptyVectors) {
  aplc_error_info error;
  int status;
  Array is = readInts(tempFile("empty.txt", " \n, \n"), &error, &status);
  ASSERT_EQ(status, 0);
  checkTail(is, "[0]()\n");
  Array text = readChars(tempFile("empty2.txt", ""), &error, &status);
  ASSERT_EQ(status, 0);
  EXPECT_TRUE(text.chars.empty());
}

TEST(FileInput, UnicodeTextDecodesToCodePoints) {
  aplc_error_info error;
  int status;
  Array text = readChars(tempFile("unicode.txt", "⍴a¯"), &error, &status);
  ASSERT_EQ(status, 0) << error.message;
  EXPECT_EQ(text.chars, (std::vector<uint32_t>{0x2374, 'a', 0xAF}));
}

void expectError(int status, const aplc_error_info& error, aplc_error_kind kind,
                 const std::string& fragment) {
  EXPECT_EQ(status, -1);
  EXPECT_EQ(error.kind, kind) << error.message;
  EXPECT_NE(std::string(error.message).find(fragment), std::string::npos)
      << "message: " << error.message << "\nwanted: " << fragment;
}

TEST(FileInput, MissingFileIsAFileError) {
  aplc_error_info error;
  int status;
  readInts("/nonexistent/dir/x.txt", &error, &status);
  expectError(status, error, APLC_FILE_ERROR, "cannot open '/nonexistent/dir/x.txt'");
  readChars("/nonexistent/dir/x.txt", &error, &status);
  expectError(status, error, APLC_FILE_ERROR, "No such file");
  readDoubles(testing::TempDir(), &error, &status);  // a directory cannot be read
  expectError(status, error, APLC_FILE_ERROR, "cannot read");
}

TEST(FileInput, BadNumbersAreDomainErrors) {
  aplc_error_info error;
  int status;
  readInts(tempFile("bad1.txt", "1 2\n3 abc 4"), &error, &status);
  expectError(status, error, APLC_DOMAIN_ERROR, "line 2: expected an integer, found 'abc'");
  readInts(tempFile("bad2.txt", "1.5"), &error, &status);
  expectError(status, error, APLC_DOMAIN_ERROR, "found '1.5'");
  readInts(tempFile("bad3.txt", "99999999999999999999"), &error, &status);
  expectError(status, error, APLC_DOMAIN_ERROR, "expected an integer");
  readInts(tempFile("bad4.txt", "- 5"), &error, &status);
  expectError(status, error, APLC_DOMAIN_ERROR, "found '-'");
  for (const char* bad : {"1.2.3", "inf", "nan", "0x10", "1e", "e5", ".", "1e999", "--1"}) {
    readDoubles(tempFile("bad5.txt", bad), &error, &status);
    expectError(status, error, APLC_DOMAIN_ERROR, std::string("found '") + bad + "'");
  }
  readChars(tempFile("bad6.txt", "ok\xff"), &error, &status);
  expectError(status, error, APLC_DOMAIN_ERROR, "invalid UTF-8 at byte 2");
}

}  // namespace
}  // namespace aplc_test
