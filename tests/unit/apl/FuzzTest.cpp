// Robustness of the frontend: thousands of deterministically mutated corpus programs go through
// lex, parse, resolve and print in-process. Each must either succeed or raise a UserError; any
// other exception (an InternalError included) or a crash fails the test. Run under the
// sanitizers (APLC_SANITIZE=ON), this also catches memory errors on malformed input.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "apl/AstPrinter.h"
#include "apl/Lexer.h"
#include "apl/Parser.h"
#include "apl/Resolve.h"
#include "support/Diagnostics.h"

namespace aplc::apl {
namespace {

constexpr int kInputs = 4000;

std::vector<std::string> corpus() {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(APLC_CORPUS_DIR))
    if (entry.path().extension() == ".apl") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());  // directory order is not deterministic
  std::vector<std::string> texts;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    texts.push_back(s.str());
  }
  return texts;
}

// Fragments that make interesting damage: glyphs, brackets, operators without operands,
// assignments, separators, bytes that are not UTF-8.
const std::vector<std::string> kFragments = {
    "(", ")", "[", "]", "{", "}", ";", ":", "←", "⋄", "\n", "⍺", "⍵", "⍺⍺", "⍵⍵", "∇", "⍬", "∘.",
    "/", "¨", "⍨", ".", "∘", "⍣", "+", "⍴", "⌷", "'", "''", "¯", "1e", "2j", ".", "⎕", "⎕IO", "⍝",
    "x", "f", "{⍺⍺ ⍵}", "{⍵⍵}", "\xFF", "\xE2\x8D", "\0", " ", "1 2 3", "(((", ")))", "x[;]",
};

std::string mutate(std::string text, std::mt19937& rng) {
  auto pick = [&rng](size_t n) { return n == 0 ? size_t{0} : std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  int edits = 1 + static_cast<int>(pick(4));
  for (int e = 0; e < edits; ++e) {
    size_t at = pick(text.size() + 1);
    switch (pick(6)) {
      case 0: text.insert(at, kFragments[pick(kFragments.size())]); break;  // insert a fragment
      case 1: text.erase(at, pick(16)); break;                                // delete a few bytes
      case 2: if (at < text.size()) text[at] = static_cast<char>(pick(256)); break;  // clobber a byte
      case 3: text.insert(at, text.substr(pick(text.size() + 1), pick(64))); break;  // duplicate
      case 4: text.resize(at); break;                                        // truncate
      default: {                                                             // swap two lines
        size_t a = text.find('\n', at), b = a == std::string::npos ? a : text.find('\n', a + 1);
        if (b != std::string::npos) std::swap(text[a - (a > 0)], text[b - (b > 0)]);
      }
    }
  }
  return text;
}

TEST(FrontendFuzz, MutatedCorpusProgramsSucceedOrRaiseUserErrors) {
  std::vector<std::string> texts = corpus();
  ASSERT_GT(texts.size(), 100u);
  std::mt19937 rng(20240607);
  int succeeded = 0, rejected = 0;
  for (int i = 0; i < kInputs; ++i) {
    std::string input = mutate(texts[static_cast<size_t>(i) % texts.size()], rng);
    try {
      ast::Program program = resolve({parse(lex(0, input))}, 0);
      printAst(program);
      ++succeeded;
    } catch (const UserError&) {
      ++rejected;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "input " << i << " raised a non-user error: " << e.what() << "\ninput:\n" << input;
      return;
    }
  }
  std::cout << kInputs << " inputs: " << succeeded << " accepted, " << rejected << " rejected with a user error\n";
  EXPECT_GT(succeeded, 0);  // both paths are exercised
  EXPECT_GT(rejected, 0);
}

}  // namespace
}  // namespace aplc::apl
