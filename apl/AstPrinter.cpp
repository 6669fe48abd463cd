// The AST printer (AstPrinter.h).
#include "apl/AstPrinter.h"

#include <cstdio>

#include "support/Utf8.h"

namespace aplc::apl {

namespace {

using namespace ast;

class Printer {
 public:
  std::string out;

  // `label` prefixes the node's line, e.g. "value: " for the value of an indexed assignment.
  void node(const Node& n, int depth, const std::string& label = {}) {
    switch (n.kind) {
      case Kind::Numbers: {
        std::string spelled;
        for (const std::string& s : n.as<Numbers>()->spellings) spelled += " " + s;
        return line(depth, label, "Numbers" + spelled, n);
      }
      case Kind::String: return line(depth, label, "String " + quoted(n.as<ast::String>()->text), n);
      case Kind::Zilde: return line(depth, label, "Zilde ⍬", n);
      case Kind::Var: return line(depth, label, nameOf(*n.as<Var>()->binding), n);
      case Kind::SystemVar: return line(depth, label, "SystemVar " + n.as<SystemVar>()->name, n);
      case Kind::Strand:
        line(depth, label, "Strand", n);
        for (const ExprPtr& item : n.as<Strand>()->items) node(*item, depth + 1);
        return;
      case Kind::Monadic: {
        const auto* m = n.as<Monadic>();
        if (const auto* p = m->fn->as<Primitive>()) {
          line(depth, label, "Monadic " + utf8::encode(p->glyph) + axisText(*p), n);
        } else {
          line(depth, label, "Monadic", n);
          node(*m->fn, depth + 1);
        }
        return node(*m->arg, depth + 1);
      }
      case Kind::Dyadic: {
        const auto* d = n.as<Dyadic>();
        const auto* p = d->fn->as<Primitive>();
        line(depth, label, p ? "Dyadic " + utf8::encode(p->glyph) + axisText(*p) : "Dyadic", n);
        node(*d->left, depth + 1);
        if (!p) node(*d->fn, depth + 1);
        return node(*d->right, depth + 1);
      }
      case Kind::Index: {
        const auto* x = n.as<Index>();
        line(depth, label, "Index", n);
        node(*x->array, depth + 1);
        return indices(x->indices, depth + 1);
      }
      case Kind::Assign:
        line(depth, label, "Assign " + n.as<Assign>()->binding->name, n);
        return node(*n.as<Assign>()->value, depth + 1);
      case Kind::MultipleAssign: {
        const auto* a = n.as<MultipleAssign>();
        std::string names;
        for (const BindingPtr& b : a->bindings) names += " " + b->name;
        line(depth, label, "MultipleAssign" + names, n);
        return node(*a->value, depth + 1);
      }
      case Kind::IndexedAssign: {
        const auto* a = n.as<IndexedAssign>();
        line(depth, label, "IndexedAssign " + a->binding->name, n);
        indices(a->indices, depth + 1);
        return node(*a->value, depth + 1, "value: ");
      }
      case Kind::ModifiedAssign: {
        const auto* a = n.as<ModifiedAssign>();
        line(depth, label, "ModifiedAssign " + a->binding->name, n);
        if (!a->indices.empty()) indices(a->indices, depth + 1);
        node(*a->fn, depth + 1, "function: ");
        return node(*a->value, depth + 1, "value: ");
      }
      case Kind::SystemAssign:
        line(depth, label, "SystemAssign " + n.as<SystemAssign>()->name, n);
        return node(*n.as<SystemAssign>()->value, depth + 1);
      case Kind::Print:
        line(depth, label, "Print ⎕←", n);
        return node(*n.as<Print>()->value, depth + 1);
      case Kind::Primitive: {
        const auto* p = n.as<Primitive>();
        return line(depth, label, "Primitive " + utf8::encode(p->glyph) + axisText(*p), n);
      }
      case Kind::FnRef: return line(depth, label, nameOf(*n.as<FnRef>()->binding), n);
      case Kind::SystemFn: return line(depth, label, "SystemFn " + n.as<SystemFn>()->name, n);
      case Kind::Dfn: return dfn(*n.as<Dfn>(), depth, label);
      case Kind::Derived: {
        const auto* d = n.as<Derived>();
        std::string what = d->op == OperatorKind::SystemOperator ? d->systemName : glyph(d->op);
        line(depth, label, "Derived " + std::string(describe(d->op)) + axisText(d->axis) + " " + what, n);
        if (d->left) node(*d->left, depth + 1);
        if (d->right) node(*d->right, depth + 1);
        return;
      }
      case Kind::UserDerived: {
        const auto* u = n.as<UserDerived>();
        std::string name = u->op ? u->op->name : "{…}";
        Role role = u->right ? Role::DyadicOperator : Role::MonadicOperator;
        line(depth, label, "UserOperator " + name + " (" + describe(role) + ")", n);
        node(*u->left, depth + 1);
        if (u->right) node(*u->right, depth + 1);
        return dfn(*u->body, depth + 1, "instance: ");
      }
      case Kind::Fork: {
        const auto* f = n.as<Fork>();
        line(depth, label, "Fork", n);
        node(*f->left, depth + 1);
        node(*f->middle, depth + 1);
        return node(*f->right, depth + 1);
      }
      case Kind::Atop:
        line(depth, label, "Atop", n);
        node(*n.as<Atop>()->left, depth + 1);
        return node(*n.as<Atop>()->right, depth + 1);
      case Kind::ExprStmt: return node(*n.as<ExprStmt>()->expr, depth, label);
      case Kind::Guard:
        line(depth, label, "Guard", n);
        node(*n.as<Guard>()->condition, depth + 1, "condition: ");
        return node(*n.as<Guard>()->result, depth + 1, "result: ");
      case Kind::FnDef: {
        const auto* d = n.as<FnDef>();
        line(depth, label, "Define " + d->binding->name + " (function)", n);
        return node(*d->fn, depth + 1);
      }
      case Kind::OpDef: {
        const auto* d = n.as<OpDef>();
        return line(depth, label,
                    "Define " + d->binding->name + " (" + describe(d->binding->role) + ", resolved at each use)", n);
      }
      case Kind::If: {
        const auto* i = n.as<If>();
        line(depth, label, "If", n);
        for (size_t k = 0; k < i->blocks.size(); ++k) {
          if (k < i->conditions.size()) node(*i->conditions[k], depth + 1, k == 0 ? "if: " : "elseif: ");
          block(i->blocks[k], depth + 2, k < i->conditions.size() ? "then: " : "else: ");
        }
        return;
      }
      case Kind::While: {
        const auto* w = n.as<While>();
        line(depth, label, w->testFirst ? "While" : "Repeat", n);
        node(*w->condition, depth + 1, w->testFirst ? "while: " : "until: ");
        return block(w->body, depth + 1, "do: ");
      }
      case Kind::For: {
        const auto* f = n.as<For>();
        line(depth, label, "For " + f->variable->name, n);
        node(*f->values, depth + 1, "in: ");
        return block(f->body, depth + 1, "do: ");
      }
      case Kind::Return:
        line(depth, label, "Return", n);
        return node(*n.as<Return>()->result, depth + 1);
      case Kind::Leave: return line(depth, label, "Leave", n);
      case Kind::Continue: return line(depth, label, "Continue", n);
    }
  }

 private:
  void line(int depth, const std::string& label, const std::string& text, const Node& n) {
    out.append(static_cast<size_t>(depth) * 2, ' ');
    out += label + text + " @" + std::to_string(n.loc.line) + ":" + std::to_string(n.loc.col) + "\n";
  }

  void block(const std::vector<StmtPtr>& stmts, int depth, const std::string& label) {
    for (const StmtPtr& s : stmts) node(*s, depth, label);
  }

  void dfn(const Dfn& d, int depth, const std::string& label) {
    std::string operands;
    if (d.alphaAlpha) operands += " ⍺⍺:" + std::string(describe(d.alphaAlpha->role));
    if (d.omegaOmega) operands += " ⍵⍵:" + std::string(describe(d.omegaOmega->role));
    line(depth, label, "Dfn" + operands, d);
    for (const StmtPtr& s : d.body) node(*s, depth + 1);
  }

  void indices(const std::vector<ExprPtr>& parts, int depth) {
    for (const ExprPtr& part : parts) {
      if (part) {
        node(*part, depth, "index: ");
      } else {
        out.append(static_cast<size_t>(depth) * 2, ' ');
        out += "index: all (elided)\n";
      }
    }
  }

  static std::string axisText(const std::optional<int64_t>& k) {
    return k ? "[" + std::to_string(*k) + "]" : std::string();
  }
  static std::string axisText(const Primitive& p) {
    if (!p.axes.empty()) {
      std::string text;
      for (int64_t k : p.axes) text += (text.empty() ? "[" : " ") + std::to_string(k);
      return text + "]";
    }
    if (!p.fractionalAxis) return axisText(p.axis);
    char text[32];
    std::snprintf(text, sizeof text, "[%g]", *p.fractionalAxis);
    return text;
  }
  static std::string nameOf(const Binding& b) { return "Name " + b.name + " (" + describe(b.role) + ")"; }

  static std::string quoted(const std::string& text) {
    std::string q = "'";
    for (char c : text) {
      if (c == '\'') q += '\'';
      if (c == '\n') { q += "\\n"; continue; }
      q += c;
    }
    return q + "'";
  }
};

}  // namespace

std::string printAst(const Program& program, bool withPrelude) {
  Printer p;
  for (size_t i = withPrelude ? 0 : program.userBegin; i < program.statements.size(); ++i)
    p.node(*program.statements[i], 0);
  return p.out;
}

std::string printAst(const Node& node) {
  Printer p;
  p.node(node, 0);
  return p.out;
}

}  // namespace aplc::apl
