// StmtPrinter: the walk over Laila statements shared by the printers of C-like text, the Laila
// dump (laila/ir/Print.cpp, --emit=laila) and the C generator (backend/c/CGen.cpp). They agree on
// assignments, stores, while, if, blocks and indentation; a subclass says how expressions and
// declared types look and writes the statements its language spells its own way (loops,
// allocation, free, print, check, comment, fill, call).
#pragma once

#include <string>

#include "laila/ir/IR.h"

namespace aplc::laila {

class StmtPrinter {
 public:
  virtual ~StmtPrinter() = default;
  std::string out;

  // One statement at this indentation (two spaces a level).
  virtual void print(const Stmt& s, int indent);
  // The statements of a body, one level deeper (a Block's statements are inlined).
  void body(const Stmt& s, int indent);

 protected:
  void line(const std::string& pad, const std::string& text) { out += pad + text + "\n"; }

  virtual std::string expr(const Expr& e) = 0;
  virtual std::string scalarType(const Type& t) = 0;  // of a declared scalar
  virtual void forLoop(const For* f, const std::string& pad, int indent) = 0;
  virtual void allocate(const Allocate* a, const std::string& pad) = 0;
  virtual void free(const Free* f, const std::string& pad) = 0;
  virtual void declareMemory(const DeclareMemory* d, const std::string& pad) = 0;
  virtual void printValue(const Print* p, const std::string& pad) = 0;
  virtual void check(const Check* c, const std::string& pad) = 0;
  virtual void comment(const Comment* c, const std::string& pad) = 0;
  virtual void fill(const Fill* f, const std::string& pad) = 0;
  virtual void callFunction(const CallFunction* c, const std::string& pad) = 0;
};

}  // namespace aplc::laila
