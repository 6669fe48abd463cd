// The primitive table's accessors. Schemes are parsed from their text once, at first use; a
// scheme that does not parse is a bug in Prims.def and reported as an internal error.
#include "tail/ir/Prim.h"
#include "tail/ir/ScanKind.h"

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "support/Diagnostics.h"
#include "tail/ir/Parse.h"
#include "tail/ir/Type.h"

namespace aplc::tail {

namespace {

struct Row {
  std::string_view name;
  std::string_view scheme;
  PrimEffect effect;
  std::string_view doc;
};

constexpr PrimEffect Pure = PrimEffect::Pure;
constexpr PrimEffect Effect = PrimEffect::Effect;

constexpr std::array<Row, kPrimCount> kRows = {{
#define APLC_PRIM(id, name, scheme, effect, doc) {name, scheme, effect, doc},
#include "tail/ir/Prims.def"
#undef APLC_PRIM
}};

const Row& row(Prim p) {
  size_t i = static_cast<size_t>(p);
  APLC_INTERNAL_CHECK(i < kPrimCount, "primitive out of range");
  return kRows[i];
}

const std::vector<Scheme>& schemes() {
  static const std::vector<Scheme> all = [] {
    std::vector<Scheme> out;
    out.reserve(kPrimCount);
    for (const Row& r : kRows) {
      try {
        out.push_back(parseScheme(r.scheme));
      } catch (const UserError& e) {
        internalError(__FILE__, __LINE__,
                      "bad scheme for primitive " + std::string(r.name) + ": " + e.what());
      }
    }
    return out;
  }();
  return all;
}

}  // namespace

std::string_view primName(Prim p) { return row(p).name; }
const Scheme& primScheme(Prim p) { return schemes()[static_cast<size_t>(p)]; }
size_t primArity(Prim p) { return primScheme(p).arity(); }
PrimEffect primEffect(Prim p) { return row(p).effect; }
std::string_view primDoc(Prim p) { return row(p).doc; }

bool primScansAsPrefix(Prim p) {
  switch (p) {
    case Prim::AddI: case Prim::MulI: case Prim::MinI: case Prim::MaxI: case Prim::GcdI: case Prim::LcmI:
    case Prim::AndI: case Prim::OrI: case Prim::XorI:
    case Prim::AddD: case Prim::MulD: case Prim::MinD: case Prim::MaxD:
    case Prim::AndB: case Prim::OrB: case Prim::XorB: case Prim::EqB: case Prim::NeqB:
      return true;
    default:
      return false;
  }
}

bool primReducesInBlocks(Prim p) { return p == Prim::AddD || p == Prim::MulD; }

bool primIsExactInAnyOrder(Prim p) {
  switch (p) {
    case Prim::MinI: case Prim::MaxI: case Prim::AndI: case Prim::OrI: case Prim::XorI:
    case Prim::MinD: case Prim::MaxD:
    case Prim::AndB: case Prim::OrB: case Prim::XorB: case Prim::EqB: case Prim::NeqB:
      return true;
    default:
      return false;
  }
}

ScanKind primScanKind(Prim p) {
  if (primScansAsPrefix(p)) return ScanKind::Prefix;
  switch (p) {
    case Prim::SubI: case Prim::SubD: return ScanKind::AlternatingSum;
    case Prim::DivD: return ScanKind::AlternatingProduct;
    case Prim::NandB: case Prim::NorB: return ScanKind::Boolean;
    default: return ScanKind::Fold;
  }
}

std::optional<Prim> lookupPrim(std::string_view name) {
  static const std::unordered_map<std::string_view, Prim> byName = [] {
    std::unordered_map<std::string_view, Prim> m;
    for (size_t i = 0; i < kPrimCount; ++i) m.emplace(kRows[i].name, primAt(i));
    return m;
  }();
  auto it = byName.find(name);
  if (it == byName.end()) return std::nullopt;
  return it->second;
}

}  // namespace aplc::tail
