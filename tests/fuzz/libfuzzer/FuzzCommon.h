// What the libFuzzer targets share: a stage that may reject its input with a UserError (a located
// message to the user: the expected outcome for most random inputs), while an InternalError, any
// other exception, a crash, a sanitizer report or a hang is a finding.
#pragma once

#include <pthread.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>

#include "support/Diagnostics.h"

namespace aplc::fuzz {

// The stack the stages run on: as aplc's (driver/main.cpp), whose stages walk a program's
// chain of lets recursively; the fuzzer's own thread has 8 MB, which a long program overflows
// under the sanitizers' larger frames, where aplc does not.
inline constexpr size_t kStageStackBytes = size_t(1) << 30;

// Runs `stage`; returns normally when it succeeds or rejects the input as a user error, and
// aborts (libFuzzer then saves the input) on an internal error or another exception.
inline void runStage(const std::function<void()>& stage) {
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

// runStage on a thread with aplc's stack (on this one if the thread cannot start).
inline void expectNoInternalError(const std::function<void()>& stage) {
  pthread_attr_t attr;
  pthread_t thread;
  auto run = [](void* arg) -> void* {
    runStage(*static_cast<const std::function<void()>*>(arg));
    return nullptr;
  };
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, kStageStackBytes) == 0 &&
                 pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&stage)) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return runStage(stage);
  pthread_join(thread, nullptr);
}

}  // namespace aplc::fuzz
