// aplc_gen_index_of, dyadic ⍳ of generated programs: a few items are looked up by scanning, more
// through a hash table. Both must give, for every item, the index (1-origin) of the first equal
// item of the left argument, or n+1; numbers compare exactly, ¯0 equals 0 and NaN equals nothing.
#include "aplc_runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace aplc_test {
namespace {

template <typename T>
std::vector<int64_t> firstIndices(const std::vector<T>& left, const std::vector<T>& right) {
  std::vector<int64_t> out;
  for (const T& r : right) {
    size_t i = 0;
    while (i < left.size() && !(left[i] == r)) ++i;
    out.push_back(static_cast<int64_t>(i) + 1);
  }
  return out;
}

template <typename T>
std::vector<int64_t> indexOf(aplc_base_type type, const std::vector<T>& left, const std::vector<T>& right) {
  std::vector<int64_t> out(right.size(), -7);
  aplc_gen_index_of(type, left.data(), static_cast<int64_t>(left.size()), right.data(),
                    static_cast<int64_t>(right.size()), out.data());
  return out;
}

// A left argument of up to 49 items and a right one of `length`, with values in -20..20 (so
// that many are found, some twice).
std::pair<std::vector<int64_t>, std::vector<int64_t>> randomArguments(std::mt19937_64& random, size_t length) {
  std::uniform_int_distribution<int64_t> value(-20, 20);
  std::vector<int64_t> left(random() % 50), right(length);
  for (auto& x : left) x = value(random);
  for (auto& x : right) x = value(random);
  return {left, right};
}

// Right arguments of every length from 0 to 40 cross the change from scanning to hashing.
TEST(IndexOf, IntegersBothWays) {
  std::mt19937_64 random(42);
  for (int trial = 0; trial < 200; ++trial) {
    auto [left, right] = randomArguments(random, static_cast<size_t>(trial % 41));
    ASSERT_EQ(indexOf(APLC_INT, left, right), firstIndices(left, right)) << "trial " << trial;
  }
}

TEST(IndexOf, DoublesBothWays) {
  const double nan = std::nan("");
  std::vector<double> left = {1.5, -0.0, nan, 2.0, 1.5, 3.0};
  for (size_t m : {3u, 30u}) {
    std::vector<double> right;
    for (size_t j = 0; j < m; ++j) right.push_back(std::vector<double>{0.0, nan, 1.5, 3.0, 4.0}[j % 5]);
    std::vector<int64_t> expected;
    for (size_t j = 0; j < m; ++j) expected.push_back(std::vector<int64_t>{2, 7, 1, 6, 7}[j % 5]);
    EXPECT_EQ(indexOf(APLC_DOUBLE, left, right), expected) << m << " items";
  }
}

TEST(IndexOf, CharactersAndAnEmptyLeft) {
  std::vector<uint32_t> left = {'m', 'i', 's', 's', 'i'}, right = {'s', 'p', 'i'};
  EXPECT_EQ(indexOf(APLC_CHAR, left, right), (std::vector<int64_t>{3, 6, 2}));
  EXPECT_EQ(indexOf(APLC_CHAR, std::vector<uint32_t>{}, right), (std::vector<int64_t>{1, 1, 1}));
}

// The two steps a loop uses (aplc_index_table_words, aplc_gen_index_table, one lookup per item):
// the same indices as the one call, with a table (many items) and without (a few, scanned).
TEST(IndexOf, TableThenLookups) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    auto [left, right] = randomArguments(random, static_cast<size_t>(trial % 41));
    const int64_t n = static_cast<int64_t>(left.size()), m = static_cast<int64_t>(right.size());
    const int64_t words = aplc_index_table_words(n, m);
    ASSERT_EQ(words == 0, m <= 8) << "trial " << trial;
    std::vector<int64_t> table(static_cast<size_t>(words) + 1, -7);
    aplc_gen_index_table(APLC_INT, left.data(), n, table.data(), words);
    std::vector<int64_t> found;
    for (int64_t key : right) found.push_back(aplc_index_of_int(left.data(), n, table.data(), words, key));
    ASSERT_EQ(found, firstIndices(left, right)) << "trial " << trial;
  }
  const double nan = std::nan("");
  std::vector<double> left = {1.5, -0.0, nan, 2.0, 1.5, 3.0};
  const int64_t words = aplc_index_table_words(6, 100);
  std::vector<int64_t> table(static_cast<size_t>(words));
  aplc_gen_index_table(APLC_DOUBLE, left.data(), 6, table.data(), words);
  std::vector<int64_t> found;
  for (double key : {0.0, nan, 1.5, 3.0, 4.0, -0.0})
    found.push_back(aplc_index_of_double(left.data(), 6, table.data(), words, key));
  EXPECT_EQ(found, (std::vector<int64_t>{2, 7, 1, 6, 7, 2}));
}

}  // namespace
}  // namespace aplc_test
