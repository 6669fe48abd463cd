// StmtPrinter: the statement walk shared by the C-like printers. See StmtPrinter.h.
#include "laila/ir/StmtPrinter.h"

namespace aplc::laila {

void StmtPrinter::print(const Stmt& s, int indent) {
  std::string pad(2 * indent, ' ');
  switch (s.kind()) {
    case StmtKind::Decl: {
      auto* d = s.as<Decl>();
      line(pad, scalarType(d->var.type) + " " + d->var.name.str() + " = " + expr(d->init) + ";");
      return;
    }
    case StmtKind::Assign: {
      auto* a = s.as<Assign>();
      line(pad, a->var.name.str() + " = " + expr(a->value) + ";");
      return;
    }
    case StmtKind::Store: {
      auto* st = s.as<Store>();
      line(pad, st->memory.name.str() + "[" + expr(st->index) + "] = " + expr(st->value) + ";");
      return;
    }
    case StmtKind::For: return forLoop(s.as<For>(), pad, indent);
    case StmtKind::While: {
      auto* w = s.as<While>();
      line(pad, "while (" + expr(w->cond) + ") {");
      body(w->body, indent);
      line(pad, "}");
      return;
    }
    case StmtKind::IfThenElse: {
      auto* i = s.as<IfThenElse>();
      line(pad, "if (" + expr(i->cond) + ") {");
      body(i->thenCase, indent);
      if (i->elseCase.defined()) {
        line(pad, "} else {");
        body(i->elseCase, indent);
      }
      line(pad, "}");
      return;
    }
    case StmtKind::Block:
      // A nested block is a scope of its own, so it keeps its braces.
      line(pad, "{");
      body(s, indent);
      line(pad, "}");
      return;
    case StmtKind::Allocate: return allocate(s.as<Allocate>(), pad);
    case StmtKind::Free: return free(s.as<Free>(), pad);
    case StmtKind::DeclareMemory: return declareMemory(s.as<DeclareMemory>(), pad);
    case StmtKind::Print: return printValue(s.as<Print>(), pad);
    case StmtKind::Check: return check(s.as<Check>(), pad);
    case StmtKind::Comment: return comment(s.as<Comment>(), pad);
    case StmtKind::Fill: return fill(s.as<Fill>(), pad);
    case StmtKind::CallFunction: return callFunction(s.as<CallFunction>(), pad);
  }
}

void StmtPrinter::body(const Stmt& s, int indent) {
  if (auto* b = s.as<Block>()) {
    for (const Stmt& x : b->stmts) print(x, indent + 1);
  } else {
    print(s, indent + 1);
  }
}

}  // namespace aplc::laila
