// Point tiles (see PointTiles.h): the shape of a kernel body, and its scalars expanded to a value
// per lane.
#include "backend/opencl/PointTiles.h"

#include <map>
#include <set>

#include "laila/ir/IRVisitor.h"

namespace aplc::backend {

using namespace laila;

namespace {

// What a statement holds that a point tile cannot take: in the statements around the loop, any
// loop; in the loop's body, loops, and loads unless the loop is long (PointTiles.h); in
// either, checks (a failing lane would end the others' work before their own errors), memory a
// work item allocates (it would need a block per lane), and the names it declares.
struct Contents : IRVisitor {
  bool loop = false, load = false, other = false;
  std::set<Name> names;
  using IRVisitor::visit;
  void visit(const For* op) override {
    loop = true;
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const While* op) override {
    loop = true;
    IRVisitor::visit(op);
  }
  void visit(const Load* op) override {
    load = true;
    IRVisitor::visit(op);
  }
  void visit(const Check*) override { other = true; }
  void visit(const Allocate*) override { other = true; }
  void visit(const Free*) override { other = true; }
  void visit(const DeclareMemory*) override { other = true; }
  void visit(const Fill*) override { other = true; }
  void visit(const Print*) override { other = true; }
  void visit(const CallFunction*) override { other = true; }
  void visit(const Decl* op) override {
    names.insert(op->var.name);
    IRVisitor::visit(op);
  }
  void visit(const Variable* op) override { names.insert(op->name); }
};

Contents contentsOf(const std::vector<Stmt>& stmts) {
  Contents c;
  for (const Stmt& s : stmts) c.include(s);
  return c;
}

// A name like `base`'s that no variable of the kernel has.
Name unusedName(std::string base, uint32_t tag, std::set<Name>& taken) {
  Name n{base, tag};
  while (taken.count(n)) n.base = "t" + n.base;
  taken.insert(n);
  return n;
}

// Reads and writes of the expanded scalars become loads and stores of their tiles at the lane.
class LaneExpansion : public IRMutator {
 public:
  LaneExpansion(const std::map<Name, Var>& tiles, const Var& lane) : tiles_(tiles), lane_(lane) {}

 protected:
  Expr visit(const Variable* v, const Expr& self) override {
    const Var* tile = tileOf(v->name);
    return tile ? at(*tile) : self;
  }
  Stmt visit(const Decl* d, const Stmt& self) override {
    const Var* tile = tileOf(d->var.name);
    return tile ? Store::make(*tile, Variable::make(lane_), mutate(d->init)) : IRMutator::visit(d, self);
  }
  Stmt visit(const Assign* a, const Stmt& self) override {
    const Var* tile = tileOf(a->var.name);
    return tile ? Store::make(*tile, Variable::make(lane_), mutate(a->value)) : IRMutator::visit(a, self);
  }

 private:
  const Var* tileOf(const Name& n) const {
    auto it = tiles_.find(n);
    return it == tiles_.end() ? nullptr : &it->second;
  }
  Expr at(const Var& tile) const { return Load::make(Variable::make(tile), Variable::make(lane_)); }

  const std::map<Name, Var>& tiles_;
  const Var& lane_;
};

}  // namespace

std::optional<PointTile> pointTile(const For* kernelLoop, const std::function<bool(const For*)>& uniformLoop,
                                   const std::function<bool(const For*)>& longLoop) {
  std::vector<Stmt> stmts = statementsOf(kernelLoop->body);
  size_t at = stmts.size();
  for (size_t k = 0; k < stmts.size(); ++k) {
    if (!stmts[k].as<For>()) continue;
    if (at != stmts.size()) return std::nullopt;  // a second loop
    at = k;
  }
  if (at == stmts.size()) return std::nullopt;
  const For* loop = stmts[at].as<For>();
  if (loop->loopKind != LoopKind::Sequential || !uniformLoop(loop)) return std::nullopt;
  std::vector<Stmt> before(stmts.begin(), stmts.begin() + at), after(stmts.begin() + at + 1, stmts.end());
  std::vector<Stmt> around = before;
  around.insert(around.end(), after.begin(), after.end());
  Contents outside = contentsOf(around), inside = contentsOf({loop->body});
  if (outside.loop || outside.other || inside.loop || inside.other) return std::nullopt;
  if (inside.load && !longLoop(loop)) return std::nullopt;

  std::set<Name> taken = outside.names;
  taken.insert(inside.names.begin(), inside.names.end());
  taken.insert(kernelLoop->var.name);
  taken.insert(loop->var.name);
  PointTile tile;
  tile.loop = loop;
  tile.lane = Var{unusedName("lane", kernelLoop->var.name.tag, taken), IntType};
  std::map<Name, Var> tiles;
  auto expand = [&](const Var& v) {
    Var t{unusedName("tile_" + v.name.base, v.name.tag, taken), Type::memoryOf(v.type.base)};
    tiles.emplace(v.name, t);
    tile.tiles.push_back(t);
    return t;
  };
  tile.index = expand(kernelLoop->var);
  for (const Stmt& s : before)
    if (auto* d = s.as<Decl>()) expand(d->var);

  LaneExpansion expansion(tiles, tile.lane);
  for (const Stmt& s : before) tile.before.push_back(expansion.mutate(s));
  tile.loopBody = expansion.mutate(loop->body);
  for (const Stmt& s : after) tile.after.push_back(expansion.mutate(s));
  return tile;
}

}  // namespace aplc::backend
