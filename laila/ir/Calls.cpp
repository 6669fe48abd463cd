// The call table (laila/ir/Calls.def).
#include "laila/ir/Calls.h"

#include <string_view>

namespace aplc::laila {

namespace {

struct CallEntry {
  std::string_view name;
  unsigned effects;
  int written;  // the argument it writes, or -1
};

#define APLC_LAILA_CALL(name, effects, written) CallEntry{name, static_cast<unsigned>(effects), written},
constexpr CallEntry kCalls[] = {
#include "laila/ir/Calls.def"
};
#undef APLC_LAILA_CALL

// Every call that writes memory names the argument it writes, and no other call names one.
constexpr bool writtenArgumentsNamed() {
  for (const CallEntry& c : kCalls) {
    if (((c.effects & WritesMemory) != 0) != (c.written >= 0)) return false;
  }
  return true;
}
static_assert(writtenArgumentsNamed(), "Calls.def: a call with WritesMemory needs its written argument, and only it");

const CallEntry* entryOf(const std::string& function) {
  for (const CallEntry& c : kCalls) {
    if (c.name == function) return &c;
  }
  return nullptr;
}

}  // namespace

std::optional<unsigned> callEffects(const std::string& function) {
  const CallEntry* c = entryOf(function);
  if (!c) return std::nullopt;
  return c->effects;
}

bool callAllowedInParallel(const std::string& function) {
  std::optional<unsigned> effects = callEffects(function);
  return effects && (*effects & ~(ReadsMemory | Allocates | ThreadState)) == 0;
}

std::optional<size_t> writtenArgumentOnly(const std::string& function) {
  const CallEntry* c = entryOf(function);
  if (!c || c->written < 0 || (c->effects & ~(ReadsMemory | WritesMemory | Allocates)) != 0) return std::nullopt;
  return static_cast<size_t>(c->written);
}

std::string callEffectsText(unsigned effects) {
  if (effects == Pure) return "pure";
  static constexpr std::pair<unsigned, const char*> kNames[] = {
      {ReadsMemory, "reads memory"}, {WritesMemory, "writes memory"}, {State, "runtime state"},
      {Io, "input/output"},          {Random, "random"},              {Allocates, "allocates"},
      {ThreadState, "thread state"}};
  std::string text;
  for (const auto& [flag, name] : kNames) {
    if (effects & flag) text += (text.empty() ? "" : "|") + std::string(name);
  }
  return text;
}

bool callHasEffect(const std::string& function) {
  std::optional<unsigned> effects = callEffects(function);
  return !effects || (*effects & ~(ReadsMemory | Allocates)) != 0;
}

}  // namespace aplc::laila
