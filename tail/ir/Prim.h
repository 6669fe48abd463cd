// The TAIL primitives: an enum generated from tail/ir/Prims.def, and the table's columns.
//
// Nothing outside this file (and Prims.def) spells a primitive's name: the printer, parser,
// checker, interpreter and lowering all go through tail::Prim and these accessors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace aplc::tail {

struct Scheme;

enum class Prim : uint16_t {
#define APLC_PRIM(id, name, scheme, effect, doc) id,
#include "tail/ir/Prims.def"
#undef APLC_PRIM
};

inline constexpr size_t kPrimCount = 0
#define APLC_PRIM(id, name, scheme, effect, doc) +1
#include "tail/ir/Prims.def"
#undef APLC_PRIM
    ;

enum class PrimEffect : uint8_t { Pure, Effect };

// The primitive's name in the textual syntax (`addi`, `reshape`, ...).
std::string_view primName(Prim p);
// Its type scheme, parsed from the table once (at first use).
const Scheme& primScheme(Prim p);
// The number of arguments of a full application: the arrows at the top of the scheme.
size_t primArity(Prim p);
// Effectful primitives (printing, input, randomness, time) must not be dropped, duplicated or
// reordered by the optimiser.
PrimEffect primEffect(Prim p);
// Whether a running left-to-right prefix of this dyadic primitive gives APL's scan (item i is
// the right fold of items 1..i): the associative ones. For addd and muld the prefix rounds
// differently from a right fold; every APL computes +\ this way (docs/semantics.md). The
// interpreter and the lowering both scan this way, so they agree.
bool primScansAsPrefix(Prim p);
// The one-line semantics from the table (for documentation and error messages).
std::string_view primDoc(Prim p);
// The primitive with this name, if any.
std::optional<Prim> lookupPrim(std::string_view name);
// Prim values are 0..kPrimCount-1: `for (size_t i = 0; i < kPrimCount; ++i) primAt(i)`.
inline Prim primAt(size_t i) { return static_cast<Prim>(i); }

}  // namespace aplc::tail
