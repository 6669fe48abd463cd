// Lowering of TAIL's system primitives: print, format (⍕), file input, random numbers, time,
// and grading. They call the C runtime (backend/runtime/aplc_runtime.h, "Support for generated
// programs"); variable-sized results come in two calls (the size, then a copy into memory the
// program allocated). Effects happen where the primitive is lowered, in program order.
#include "laila/lower/LowerInternal.h"
#include "laila/passes/Simplify.h"
#include "support/Diagnostics.h"

namespace aplc::laila::lowering {

namespace {

std::string constText(const Expr& e) {
  auto v = asIntConst(e);
  return v ? std::to_string(*v) : "";
}

int64_t typeCode(BaseType b) { return static_cast<int64_t>(b); }  // the order of aplc_base_type

// The runtime's lookup of one item in an index-of table (aplc_runtime.h), for these items.
const char* lookupFunction(BaseType elem) {
  switch (elem) {
    case BaseType::Int: return "aplc_index_of_int";
    case BaseType::Double: return "aplc_index_of_double";
    default: return nullptr;  // booleans and characters: one call for the whole result
  }
}

}  // namespace

// L⍳R whose items are looked up where they are read: the table of L's first occurrences is built
// here, and R's items are computed, never stored, by the reads of the result.
PullArray Lowerer::indexOfByLookups(const PullArray& left, const PullArray& right) {
  Expr n = b().let(left.size(), "n"), m = b().let(right.size(), "m");
  Expr words = b().let(call("aplc_index_table_words", IntType, {n, m}), "words");
  Expr table = b().alloc(BaseType::Int, words, "table");
  registerMemory(table);
  b().let(call("aplc_gen_index_table", IntType, {intConst(typeCode(left.elem())), left.memory(), n, table, words}), "r");
  std::string lookup = lookupFunction(left.elem());
  Expr memory = left.memory();
  return PullArray::flat(BaseType::Int, {m}, [=](const Expr& j) {
    return call(lookup, IntType, {memory, n, table, words, right.at(j)});
  });
}

// L⍳R for a few items of R (at most the runtime's APLC_INDEX_OF_SCANNED_ITEMS, known at compile
// time) on a target whose loops cannot call the runtime (OpenCL): each item's index is ⌊/ of the
// positions where L equals it (n where none does), plus one: a reduction the device runs in
// blocks beside L, where the runtime's one call needed all of L on the host (streak's run⍳best
// moved 160 MB). Equality is the runtime's (== on every type: exact, no tolerance). R is in
// memory, as for the runtime's call: its errors come here, before any of the reductions'.
std::optional<PullArray> Lowerer::indexOfFewItems(const PullArray& left, const PullArray& right, const SourceLoc& loc) {
  std::optional<int64_t> items = asIntConst(simplify(right.size()));
  if (!items || *items > kIndexOfScannedItems) return std::nullopt;
  Expr n = b().let(left.size(), "n");
  auto minimum = std::make_shared<Closure>();
  minimum->prim = tail::Prim::MinI;
  minimum->loc = loc;
  LValue f;
  f.kind = LValue::Kind::Function;
  f.fn = minimum;
  return PullArray::flat(BaseType::Int, {intConst(*items)}, [this, left, right, n, f, loc](const Expr& j) {
    Expr item = b().let(right.at(j), "item");
    PullArray positions = PullArray::flat(BaseType::Int, {n}, [left, item, n](const Expr& i) {
      return select(eq(left.at(i), item), i, n);
    });
    LValue first = foldPrim(tail::Prim::Reduce, tail::Type(), {f, LValue::ofScalar(n), LValue::ofArray(positions)}, loc);
    return (first.kind == LValue::Kind::Array ? fromArray(first.array) : first).scalar + intConst(1);
  });
}

LValue Lowerer::systemPrim(tail::Prim op, const tail::Type& instance, const std::vector<LValue>& args,
                           const SourceLoc& loc) {
  using tail::Prim;
  auto scalar = [&](size_t k) { return args[k].kind == LValue::Kind::Array ? fromArray(args[k].array).scalar : args[k].scalar; };
  auto inMemory = [&](size_t k) { return materialize(asArray(args[k])); };
  auto result = [&](BaseType elem, const Expr& count, const std::string& name) {
    Expr memory = b().alloc(elem, count, name);
    registerMemory(memory);
    return memory;
  };
  auto effect = [&](const std::string& function, Type type, std::vector<Expr> as) {
    return b().let(call(function, type, std::move(as)), "r");
  };
  switch (op) {
    case Prim::Print: {
      validatePending();
      if (args[0].kind != LValue::Kind::Array) {
        printValue(args[0]);
        return args[0];
      }
      PullArray m = materialize(args[0].array);
      printValue(LValue::ofArray(m));
      return LValue::ofArray(m);
    }
    case Prim::PrintP: case Prim::FormatP: case Prim::FormatMP: {  // ⎕PP←p around print or format
      Prim plain = op == Prim::PrintP ? Prim::Print : op == Prim::FormatP ? Prim::Format : Prim::FormatM;
      Expr saved = effect("aplc_set_print_precision", IntType, {scalar(0)});
      LValue value = systemPrim(plain, instance, {args[1]}, loc);
      effect("aplc_set_print_precision", IntType, {saved});
      return value;
    }
    case Prim::Format: {
      PullArray a = inMemory(0);
      if (a.rank() >= 2) {
        check(boolConst(false), ErrorKind::Rank, loc,
              "format of a rank-" + std::to_string(a.rank()) + " array (TAIL's format gives a vector)");
        return LValue::ofArray(PullArray::flat(BaseType::Char, {intConst(0)}, [](const Expr&) { return charConst(' '); }));
      }
      int64_t style = options_.style == PrintStyle::Apl ? 0 : 1;
      Expr length = effect("aplc_gen_format", IntType,
                           {intConst(typeCode(a.elem())), intConst(static_cast<int64_t>(a.rank())), a.size(),
                            a.memory(), intConst(style)});
      Expr text = result(BaseType::Char, length, "text");
      effect("aplc_gen_take_chars", IntType, {text});
      return LValue::ofArray(PullArray::reader(BaseType::Char, {length}, text));
    }
    case Prim::FormatM: {  // rank >= 2 (the elaborator's use): rows of one width, computed by the runtime
      PullArray a = inMemory(0);
      if (a.rank() < 2) {
        check(boolConst(false), ErrorKind::Rank, loc, "formatM of an array of rank < 2 (not produced by aplc)");
        return LValue::ofArray(PullArray::flat(BaseType::Char, {intConst(0)}, [](const Expr&) { return charConst(' '); }));
      }
      std::vector<Expr> leading(a.shape().begin(), a.shape().end() - 1);
      Expr rows = product(leading);
      int64_t style = options_.style == PrintStyle::Apl ? 0 : 1;
      Expr length = effect("aplc_gen_format_rows", IntType,
                           {intConst(typeCode(a.elem())), rows, a.shape().back(), a.memory(), intConst(style)});
      Expr text = result(BaseType::Char, length, "text");
      effect("aplc_gen_take_chars", IntType, {text});
      Expr width = b().let(div(length, max(rows, intConst(1))), "width");
      leading.push_back(width);
      return LValue::ofArray(PullArray::reader(BaseType::Char, leading, text));
    }
    case Prim::ReadFile:
    case Prim::ReadIntVecFile:
    case Prim::ReadDoubleVecFile: {
      PullArray path = inMemory(0);
      int64_t which = op == Prim::ReadFile ? 0 : op == Prim::ReadIntVecFile ? 1 : 2;
      Expr count = effect("aplc_gen_read", IntType, {intConst(which), path.memory(), path.size()});
      check(ge(count, intConst(0)), ErrorKind::File, loc, "cannot read the file (or its contents are malformed)");
      BaseType elem = which == 0 ? BaseType::Char : which == 1 ? BaseType::Int : BaseType::Double;
      Expr memory = result(elem, count, "input");
      effect(which == 0 ? "aplc_gen_take_chars" : which == 1 ? "aplc_gen_take_ints" : "aplc_gen_take_doubles",
             IntType, {memory});
      return LValue::ofArray(PullArray::reader(elem, {count}, memory));
    }
    case Prim::Roll: {
      Expr n = scalar(0);
      std::string t = constText(n);
      check(gt(n, intConst(0)), ErrorKind::Domain, loc,
            t.empty() ? "roll of a non-positive number" : "roll of a non-positive number " + t);
      return LValue::ofScalar(effect("aplc_gen_roll", IntType, {n}));
    }
    case Prim::RollD: return LValue::ofScalar(effect("aplc_gen_roll_double", DoubleType, {scalar(0)}));
    case Prim::Deal: {
      Expr k = scalar(0), n = scalar(1);
      std::string tk = constText(k), tn = constText(n);
      check(land(ge(k, intConst(0)), le(k, n)), ErrorKind::Domain, loc,
            tk.empty() || tn.empty() ? "deal of more distinct numbers than there are"
                                     : "deal of " + tk + " distinct numbers from 1.." + tn);
      Expr memory = result(BaseType::Int, k, "deal");
      effect("aplc_gen_deal", IntType, {k, n, memory});
      return LValue::ofArray(PullArray::reader(BaseType::Int, {k}, memory));
    }
    case Prim::Now: return LValue::ofScalar(effect("aplc_elapsed_ms", IntType, {}));
    case Prim::TimeStamp: {
      Expr parts = result(BaseType::Int, intConst(7), "ts");
      effect("aplc_gen_timestamp", IntType, {parts});
      return LValue::ofArray(PullArray::reader(BaseType::Int, {intConst(7)}, parts));
    }
    case Prim::GradeUp:
    case Prim::GradeDown: {
      PullArray a = inMemory(0);
      Expr n = b().let(a.size(), "n");
      Expr memory = result(BaseType::Int, n, "grade");
      effect("aplc_gen_grade", IntType,
             {intConst(typeCode(a.elem())), a.memory(), n, memory, intConst(op == Prim::GradeDown ? 1 : 0)});
      return LValue::ofArray(PullArray::reader(BaseType::Int, {n}, memory));
    }
    case Prim::IndexOfV: {
      if (options().target.looksUpInLoops && lookupFunction(asArray(args[0]).elem()))
        return LValue::ofArray(indexOfByLookups(materialize(asArray(args[0])), asArray(args[1])));
      if (!options().target.looksUpInLoops)
        if (std::optional<PullArray> few = indexOfFewItems(inMemory(0), inMemory(1), loc))
          return LValue::ofArray(*few);
      PullArray left = inMemory(0), right = inMemory(1);
      Expr n = b().let(left.size(), "n"), m = b().let(right.size(), "m");
      Expr memory = result(BaseType::Int, m, "found");
      effect("aplc_gen_index_of", IntType, {intConst(typeCode(left.elem())), left.memory(), n, right.memory(), m, memory});
      return LValue::ofArray(PullArray::reader(BaseType::Int, {m}, memory));
    }
    default: break;
  }
  (void)instance;
  internalError(__FILE__, __LINE__, "lowering: not a system primitive: " + std::string(tail::primName(op)));
}

}  // namespace aplc::laila::lowering
