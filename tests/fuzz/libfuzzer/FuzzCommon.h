// What the libFuzzer targets share: a stage that may reject its input with a UserError (a located
// message to the user: the expected outcome for most random inputs), while an InternalError, any
// other exception, a crash, a sanitizer report or a hang is a finding.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>

#include "support/Diagnostics.h"

namespace aplc::fuzz {

// Runs `stage`; returns normally when it succeeds or rejects the input as a user error, and
// aborts (libFuzzer then saves the input) on an internal error or another exception.
inline void expectNoInternalError(const std::function<void()>& stage) {
  try {
    stage();
  } catch (const UserError&) {
    // a clear message for bad input: what the compiler should do
  } catch (const InternalError& e) {
    std::fprintf(stderr, "internal compiler error: %s\n", e.what());
    std::abort();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception: %s\n", e.what());
    std::abort();
  }
}

}  // namespace aplc::fuzz
