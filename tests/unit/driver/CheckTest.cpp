// aplc --check's comparison of a compiled run with the interpreter's (driver/Check.h).
#include <gtest/gtest.h>

#include "driver/Check.h"

namespace aplc::driver {
namespace {

ProgramRun ran(int status, std::string out, std::string err = "") { return {status, std::move(out), std::move(err)}; }

TEST(Check, TheSameOutputAndStatusAgree) {
  EXPECT_FALSE(differenceFromReference(ran(0, "1 2 3\n6\n"), ran(0, "1 2 3\n6\n"), "c"));
}

TEST(Check, AnOutputLineThatDiffersIsNamedWithBothSides) {
  auto d = differenceFromReference(ran(0, "1 2 3\n6\n"), ran(0, "1 2 3\n7\n"), "omp");
  ASSERT_TRUE(d);
  EXPECT_NE(d->find("output line 2 differs"), std::string::npos) << *d;
  EXPECT_NE(d->find("interpreter: 6"), std::string::npos) << *d;
  EXPECT_NE(d->find("omp:"), std::string::npos) << *d;
  EXPECT_NE(d->find("7"), std::string::npos) << *d;
}

TEST(Check, MissingOutputDiffers) {
  auto d = differenceFromReference(ran(0, "1\n2\n"), ran(0, "1\n"), "c");
  ASSERT_TRUE(d);
  EXPECT_NE(d->find("(no more output)"), std::string::npos) << *d;
}

TEST(Check, ErrorsAgreeUpToTheirKindAndLocation) {
  ProgramRun interp = ran(1, "", "p.apl:2:5: INDEX ERROR: index 9 on axis 1 of length 3\n  x[9]\n");
  ProgramRun compiled = ran(1, "", "p.apl:2:5: INDEX ERROR: index out of range on axis 1\n  x[9]\n");
  EXPECT_FALSE(differenceFromReference(interp, compiled, "c"));
  ProgramRun elsewhere = ran(1, "", "p.apl:3:1: INDEX ERROR: index out of range on axis 1\n");
  EXPECT_TRUE(differenceFromReference(interp, elsewhere, "c"));
  ProgramRun otherKind = ran(1, "", "p.apl:2:5: DOMAIN ERROR: division by zero\n");
  EXPECT_TRUE(differenceFromReference(interp, otherKind, "c"));
}

TEST(Check, AnErrorOnOnePathOnlyDiffers) {
  auto d = differenceFromReference(ran(0, "5\n"), ran(1, "", "p.apl:1:1: DOMAIN ERROR: x\n"), "opencl");
  ASSERT_TRUE(d);
  EXPECT_NE(d->find("exit status 1"), std::string::npos) << *d;
  EXPECT_NE(d->find("DOMAIN ERROR"), std::string::npos) << *d;
}

TEST(Check, ACrashNeverAgrees) {
  EXPECT_TRUE(differenceFromReference(ran(139, "", ""), ran(139, "", ""), "c"));
  EXPECT_TRUE(differenceFromReference(ran(0, ""), ran(2, "", "aplc: internal compiler error\n"), "c"));
}

TEST(Check, ARunStoppedAtItsTimeLimitNeverAgrees) {
  ProgramRun stopped = ran(137, "5\n");
  stopped.timedOutAfter = 5;
  auto d = differenceFromReference(ran(0, "5\n"), stopped, "omp");
  ASSERT_TRUE(d);
  EXPECT_NE(d->find("omp did not finish in 5 s"), std::string::npos) << *d;
}

TEST(Check, ErrorKindIsTheReportUpToItsKind) {
  EXPECT_EQ(errorKind("p.apl:1:6: LENGTH ERROR: arguments of shapes 2 and 3\n    1 2+1 2 3\n"), "p.apl:1:6: LENGTH ERROR");
  EXPECT_EQ(errorKind("aplc: OpenCL: no device\n"), "aplc: OpenCL: no device");
}

}  // namespace
}  // namespace aplc::driver
