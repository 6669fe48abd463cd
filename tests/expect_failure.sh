#!/usr/bin/env bash
# expect_failure.sh COMMAND...: runs COMMAND and succeeds only when it fails (a non-zero exit
# status other than 77, the skip code). Used to check that test runners fail loudly when their
# input is missing instead of passing with nothing run.
"$@"
rc=$?
if [ $rc -eq 0 ]; then echo "expected a failure, but '$*' exited 0"; exit 1; fi
if [ $rc -eq 77 ]; then echo "expected a failure, but '$*' skipped (exit 77)"; exit 1; fi
echo "failed as expected (exit $rc)"
exit 0
