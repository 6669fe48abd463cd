// The call table (laila/ir/Calls.def).
#include "laila/ir/Calls.h"

#include <string_view>

namespace aplc::laila {

namespace {

struct CallEntry {
  std::string_view name;
  unsigned effects;
};

#define APLC_LAILA_CALL(name, effects) CallEntry{name, static_cast<unsigned>(effects)},
constexpr CallEntry kCalls[] = {
#include "laila/ir/Calls.def"
};
#undef APLC_LAILA_CALL

}  // namespace

std::optional<unsigned> callEffects(const std::string& function) {
  for (const CallEntry& c : kCalls) {
    if (c.name == function) return c.effects;
  }
  return std::nullopt;
}

std::string callEffectsText(unsigned effects) {
  if (effects == Pure) return "pure";
  static constexpr std::pair<unsigned, const char*> kNames[] = {
      {ReadsMemory, "reads memory"}, {WritesMemory, "writes memory"}, {State, "runtime state"},
      {Io, "input/output"},          {Random, "random"},              {Allocates, "allocates"}};
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
