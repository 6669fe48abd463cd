// MemoryReport: the Laila program annotated with its blocks and what is live (see MemoryReport.h).
#include "laila/analysis/MemoryReport.h"

#include <algorithm>
#include <map>
#include <set>

#include "laila/analysis/PrivateMemory.h"
#include "laila/ir/IRVisitor.h"
#include "laila/ir/Ops.h"
#include "laila/ir/Print.h"
#include "laila/passes/Simplify.h"

namespace aplc::laila {

int64_t elementBytes(BaseType base) {
  switch (base) {
    case BaseType::Int:
    case BaseType::Double: return 8;
    case BaseType::Bool: return 1;
    case BaseType::Char: return 4;
  }
  return 8;
}

namespace {

struct LiveBlock {
  Name name;
  Expr bytes;
};

// One row of a body's table of blocks.
struct BlockRow {
  Name name;
  std::string declared;  // `double[240]`
  Expr bytes;
  std::string where;
};

std::string bytesText(const Expr& bytes) {
  if (auto* c = bytes.as<IntImm>()) return std::to_string(c->value) + " bytes";
  return toString(bytes) + " bytes";
}

// Walks one body in program order, noting allocations, frees and moves.
class PlanWalker : public IRVisitor {
 public:
  explicit PlanWalker(const std::set<Name>& privateArrays) : private_(privateArrays) {}
  std::map<const StmtNode*, std::string> notes;
  std::vector<BlockRow> rows;
  size_t mostBlocks = 0;
  int64_t mostConstantBytes = 0;
  bool runTimeSizes = false;  // some live set had a size known only at run time
  std::string mostBytesAfter;  // the allocation after which mostConstantBytes were live

  // The table of this body's blocks, as comment lines.
  std::string table(const std::string& title) const {
    std::string s = "// " + title + ": " + std::to_string(rows.size()) + (rows.size() == 1 ? " block" : " blocks");
    if (rows.empty()) return s + "\n";
    s += ", at most " + std::to_string(mostBlocks) + " live at once";
    if (!runTimeSizes) {
      s += " (" + std::to_string(mostConstantBytes) + " bytes, after " + mostBytesAfter + " is allocated)";
    } else {
      s += " (sizes known at run time: APLC_STATS=1 measures the peak)";
    }
    s += "\n";
    size_t width = 0;
    for (const BlockRow& r : rows) width = std::max(width, r.name.str().size() + 1 + r.declared.size());
    for (const BlockRow& r : rows) {
      std::string head = r.name.str() + " " + r.declared;
      s += "//   " + head + std::string(width - head.size(), ' ') + "  " + bytesText(r.bytes) + r.where + "\n";
    }
    return s;
  }

 protected:
  using IRVisitor::visit;

  void visit(const Allocate* op) override {
    if (auto* c = op->count.as<IntImm>(); c && c->value == 0) {
      notes[op] = "no elements: a block only for a later free";
      return;
    }
    if (private_.count(op->var.name)) {
      notes[op] = std::to_string(*asIntConst(op->count) * elementBytes(op->var.type.base)) +
                  " bytes private to each iteration (an automatic array, not a block)";
      return;
    }
    Expr bytes = simplify(mul(op->count, intConst(elementBytes(op->var.type.base))));
    live_.push_back({op->var.name, bytes});
    std::string where = placement();
    rows.push_back({op->var.name, std::string(baseTypeName(op->var.type.base)) + "[" + toString(op->count) + "]",
                    bytes, where});
    notes[op] = bytesText(bytes) + where + "; " + liveText();
    measure(op->var.name);
  }

  void visit(const Free* op) override {
    if (private_.count(op->var.name)) return;
    std::erase_if(live_, [&](const LiveBlock& b) { return b.name == op->var.name; });
    notes[op] = liveText();
  }

  void visit(const Assign* op) override {
    auto* src = op->value.as<Variable>();
    if (!op->var.type.memory || !src) return;
    for (LiveBlock& b : live_)
      if (b.name == src->name) b.name = op->var.name;
    notes[op] = "moves the block of " + src->name.str() + " to " + op->var.name.str() + " (no copy); " + liveText();
  }

  void visit(const For* op) override {
    std::vector<LiveBlock> before = live_;
    loops_.push_back(op);
    include(op->body);
    loops_.pop_back();
    live_ = std::move(before);  // a body frees what it allocates (or moves new memory in)
  }

  void visit(const While* op) override {
    std::vector<LiveBlock> before = live_;
    include(op->body);
    live_ = std::move(before);
  }

  void visit(const IfThenElse* op) override {
    std::vector<LiveBlock> entry = live_;
    include(op->thenCase);
    std::vector<LiveBlock> afterThen = std::move(live_);
    live_ = std::move(entry);
    include(op->elseCase);
    for (LiveBlock& b : afterThen) {  // either branch may have run
      auto same = [&](const LiveBlock& l) { return l.name == b.name; };
      if (std::find_if(live_.begin(), live_.end(), same) == live_.end()) live_.push_back(std::move(b));
    }
  }

 private:
  // Where an allocation lives: once, once per iteration of a sequential loop, or once per
  // iteration of a parallel loop (as many at once as iterations run at once).
  std::string placement() const {
    for (auto l = loops_.rbegin(); l != loops_.rend(); ++l) {
      if ((*l)->loopKind != LoopKind::Sequential) {
        return ", one per iteration of the " + std::string(loopKindName((*l)->loopKind)) + " loop over " +
               (*l)->var.name.str() + " (not expanded: the iteration allocates it)";
      }
    }
    if (!loops_.empty()) return ", allocated in each iteration of the loop over " + loops_.back()->var.name.str();
    return "";
  }

  Expr liveBytes() const {
    Expr total = intConst(0);
    for (const LiveBlock& b : live_) total = add(total, b.bytes);
    return simplify(total);
  }

  std::string liveText() const {
    if (live_.empty()) return "live: none";
    std::string names;
    size_t shown = std::min<size_t>(live_.size(), 6);
    for (size_t k = 0; k < shown; ++k) names += (k ? " " : "") + live_[k].name.str();
    if (shown < live_.size()) names += " and " + std::to_string(live_.size() - shown) + " more";
    return "live: " + names + " (" + bytesText(liveBytes()) + ")";
  }

  void measure(const Name& allocated) {
    mostBlocks = std::max(mostBlocks, live_.size());
    Expr total = liveBytes();
    auto* c = total.as<IntImm>();
    if (!c) {
      runTimeSizes = true;
    } else if (c->value > mostConstantBytes) {
      mostConstantBytes = c->value;
      mostBytesAfter = allocated.str();
    }
  }

  const std::set<Name>& private_;
  std::vector<LiveBlock> live_;
  std::vector<const For*> loops_;
};

}  // namespace

std::string memoryReport(const Program& program) {
  std::set<Name> privates = privateAllocations(program);
  std::map<const StmtNode*, std::string> notes;
  std::string header =
      "// Memory plan (aplc --emit=mem): one block per allocation; `live:` lists the blocks live after\n"
      "// an allocation, a free or a move, and their bytes. See docs/memory.md.\n";
  auto walk = [&](const Stmt& body, const std::string& title) {
    PlanWalker walker(privates);
    walker.include(body);
    if (!walker.rows.empty() || title == "main") header += walker.table(title);
    notes.merge(walker.notes);
  };
  for (const Function& f : program.functions) walk(f.body, "function " + f.name.str());
  if (program.body.defined()) walk(program.body, "main");
  StmtNote note = [&](const Stmt& s) {
    auto it = notes.find(s.get());
    return it == notes.end() ? std::string() : it->second;
  };
  return header + toString(program, note);
}

}  // namespace aplc::laila
