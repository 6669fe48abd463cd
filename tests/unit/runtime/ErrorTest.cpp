// APL error reports: their text, the exit status of aplc_error, and checked allocation.
#include "TestArrays.h"

#include <cstdint>

// Let malloc of an absurd size return NULL under AddressSanitizer too, as it does normally
// (ASan still prints a warning first, so that report is matched without a leading ^).
extern "C" const char* __asan_default_options() { return "allocator_may_return_null=1"; }

namespace aplc_test {
namespace {

std::string report(aplc_error_kind kind, const char* file, int line, int col, const char* detail) {
  aplc_buffer b;
  aplc_buffer_init(&b);
  aplc_format_error(&b, kind, file, line, col, detail);
  std::string out(b.data, b.length);
  aplc_buffer_free(&b);
  return out;
}

TEST(Errors, Names) {
  EXPECT_STREQ(aplc_error_name(APLC_DOMAIN_ERROR), "DOMAIN ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_INDEX_ERROR), "INDEX ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_LENGTH_ERROR), "LENGTH ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_RANK_ERROR), "RANK ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_VALUE_ERROR), "VALUE ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_LIMIT_ERROR), "LIMIT ERROR");
  EXPECT_STREQ(aplc_error_name(APLC_FILE_ERROR), "FILE ERROR");
}

TEST(Errors, ReportFormat) {
  EXPECT_EQ(report(APLC_INDEX_ERROR, "prog.apl", 3, 7, "index 5 out of range 1..4"),
            "prog.apl:3:7: INDEX ERROR: index 5 out of range 1..4\n");
  EXPECT_EQ(report(APLC_LENGTH_ERROR, "prog.apl", 12, 0, "3 ≠ 4"),
            "prog.apl:12: LENGTH ERROR: 3 ≠ 4\n");
  EXPECT_EQ(report(APLC_DOMAIN_ERROR, "prog.apl", 0, 0, nullptr), "prog.apl: DOMAIN ERROR\n");
  EXPECT_EQ(report(APLC_LIMIT_ERROR, nullptr, 0, 0, "out of memory"),
            "LIMIT ERROR: out of memory\n");
  EXPECT_EQ(report(APLC_RANK_ERROR, "a.apl", 1, 1, ""), "a.apl:1:1: RANK ERROR\n");
}

TEST(ErrorsDeathTest, ErrorExitsWithStatusOneAndTheReport) {
  EXPECT_EXIT(aplc_error(APLC_INDEX_ERROR, "prog.apl", 3, 7, "index 5 out of range"),
              testing::ExitedWithCode(1), "^prog\\.apl:3:7: INDEX ERROR: index 5 out of range\n$");
  EXPECT_EXIT(aplc_errorf(APLC_VALUE_ERROR, "p.apl", 2, 4, "%s has no value", "x"),
              testing::ExitedWithCode(1), "^p\\.apl:2:4: VALUE ERROR: x has no value\n$");
}

// A generated program's table of source excerpts: the entry of the error's location follows the
// report; other locations (another column, another file) print none.
TEST(ErrorsDeathTest, ErrorPrintsTheSourceExcerptOfItsLocation) {
  static const aplc_source_excerpt table[] = {
      {"prog.apl", 3, 7, "    x[5]\n      ^\n"},
      {"other.apl", 3, 8, "    y\n    ^\n"},
  };
  EXPECT_EXIT((aplc_set_source_excerpts(table, 2), aplc_error(APLC_INDEX_ERROR, "prog.apl", 3, 7, "bad")),
              testing::ExitedWithCode(1), "^prog\\.apl:3:7: INDEX ERROR: bad\n    x\\[5\\]\n      \\^\n$");
  EXPECT_EXIT((aplc_set_source_excerpts(table, 2), aplc_error(APLC_INDEX_ERROR, "prog.apl", 3, 8, "bad")),
              testing::ExitedWithCode(1), "^prog\\.apl:3:8: INDEX ERROR: bad\n$");
}

TEST(ErrorsDeathTest, FailedAllocationIsALimitError) {
  EXPECT_EXIT(aplc_malloc(SIZE_MAX - 16), testing::ExitedWithCode(1),
              "LIMIT ERROR: out of memory \\(could not allocate [0-9]+ bytes\\)\n$");
  EXPECT_EXIT(aplc_malloc_array(-1, 8), testing::ExitedWithCode(1), "LIMIT ERROR");
  EXPECT_EXIT(aplc_malloc_array(INT64_MAX, 16), testing::ExitedWithCode(1),
              "LIMIT ERROR: array of [0-9]+ elements is too large");
}

TEST(Memory, AllocationsOfZeroAreNotNull) {
  void* a = aplc_malloc(0);
  void* b = aplc_malloc_array(0, 8);
  auto* c = static_cast<int64_t*>(aplc_calloc_array(4, sizeof(int64_t)));
  EXPECT_NE(a, nullptr);
  EXPECT_NE(b, nullptr);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c[0] + c[1] + c[2] + c[3], 0);
  c = static_cast<int64_t*>(aplc_realloc(c, 8 * sizeof(int64_t)));
  c[7] = 7;
  EXPECT_EQ(c[7], 7);
  free(a);
  free(b);
  free(c);
}

}  // namespace
}  // namespace aplc_test
