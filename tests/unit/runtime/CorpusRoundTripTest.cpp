// Every apltail corpus .out.ok file, read back into values and printed again with the TAIL style,
// must come out byte for byte the same. This checks the TAIL layout rules against all of the
// corpus's expected output, not only the cases written out in TailDisplayTest.cpp.
//
// Reading back: a line `[d1,…](e1,…)` is a flat array (numbers when its elements parse as
// numbers, else characters); an empty line followed by lines starting with a blank is a matrix
// (numbers when every row splits into the same number of numbers, else characters); any other
// line is a character vector whose escapes (\n, \\, …) are undone.
#include "TestArrays.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace aplc_test {
namespace {

std::u32string decode(const std::string& s) {
  aplc_char* cps = nullptr;
  int64_t n = 0;
  aplc_error_info error;
  if (aplc_utf8_decode(s.data(), s.size(), &cps, &n, &error) != 0) throw std::runtime_error(error.message);
  std::u32string out(cps, cps + n);
  free(cps);
  return out;
}

bool parseNumber(const std::string& token, bool* isDouble, double* d, int64_t* i) {
  if (token.empty()) return false;
  size_t used = 0;
  if (token.find_first_of(".E") == std::string::npos && token != "nan") {
    try {
      *i = std::stoll(token, &used);
    } catch (...) {
      return false;
    }
    *isDouble = false;
    return used == token.size();
  }
  try {
    *d = std::stod(token, &used);
  } catch (...) {
    return false;
  }
  *isDouble = true;
  return used == token.size();
}

// Numbers from tokens; false unless every token is a number.
bool numbers(const std::vector<std::string>& tokens, std::vector<int64_t> shape, Array* out) {
  bool anyDouble = false;
  std::vector<double> ds;
  std::vector<int64_t> is;
  for (const std::string& t : tokens) {
    bool isDouble;
    double d = 0;
    int64_t i = 0;
    if (!parseNumber(t, &isDouble, &d, &i)) return false;
    anyDouble |= isDouble;
    ds.push_back(isDouble ? d : static_cast<double>(i));
    is.push_back(i);
  }
  *out = anyDouble ? doubles(std::move(shape), ds) : ints(std::move(shape), is);
  return true;
}

std::vector<std::string> split(const std::string& s, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, separator)) parts.push_back(part);
  return parts;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::u32string unescape(const std::u32string& s) {
  std::u32string out;
  for (size_t i = 0; i < s.size(); i++) {
    if (s[i] != U'\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    char32_t c = s[++i];
    out += c == U'n' ? U'\n' : c == U't' ? U'\t' : c;
  }
  return out;
}

Array flat(const std::string& shapeText, const std::string& elements) {
  std::vector<int64_t> shape;
  int64_t count = 1;
  for (const std::string& d : split(shapeText, ',')) {
    shape.push_back(std::stoll(d));
    count *= shape.back();
  }
  Array a;
  std::vector<std::string> tokens = elements.empty() ? std::vector<std::string>{} : split(elements, ',');
  if (static_cast<int64_t>(tokens.size()) == count && numbers(tokens, shape, &a)) return a;
  return chars(shape, decode(elements));
}

Array matrix(const std::vector<std::string>& rows) {
  std::vector<std::string> tokens;
  size_t columns = words(rows[0]).size();
  bool regular = true;
  for (const std::string& row : rows) {
    std::vector<std::string> w = words(row);
    regular &= w.size() == columns;
    tokens.insert(tokens.end(), w.begin(), w.end());
  }
  std::vector<int64_t> shape = {static_cast<int64_t>(rows.size()), static_cast<int64_t>(columns)};
  Array a;
  if (regular && columns > 0 && numbers(tokens, shape, &a)) return a;
  std::u32string cells;
  for (const std::string& row : rows) cells += unescape(decode(row.substr(1)));
  return chars({static_cast<int64_t>(rows.size()),
                static_cast<int64_t>(cells.size() / rows.size())}, cells);
}

std::string reprint(const std::string& content) {
  std::vector<std::string> lines = split(content, '\n');
  std::string out;
  for (size_t i = 0; i < lines.size(); i++) {
    const std::string& line = lines[i];
    if (line.empty() && i + 1 < lines.size() && !lines[i + 1].empty() && lines[i + 1][0] == ' ') {
      std::vector<std::string> rows;
      for (i++; i < lines.size() && !lines[i].empty(); i++) rows.push_back(lines[i]);
      out += display(matrix(rows), APLC_STYLE_TAIL);
    } else if (line.size() >= 4 && line[0] == '[' && line.back() == ')' &&
               line.find("](") != std::string::npos) {
      size_t close = line.find("](");
      out += display(flat(line.substr(1, close - 1), line.substr(close + 2, line.size() - close - 3)),
                     APLC_STYLE_TAIL);
    } else {
      std::u32string text = unescape(decode(line));
      out += display(chars({static_cast<int64_t>(text.size())}, text), APLC_STYLE_TAIL);
    }
  }
  return out;
}

TEST(CorpusRoundTrip, EveryOutOkFileReprintsIdentically) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(APLC_CORPUS_DIR)) {
    std::string name = entry.path().filename().string();
    if (name.size() < 7 || name.substr(name.size() - 7) != ".out.ok") continue;
    if (name == "cmplx.out.ok") continue;  // complex numbers: not supported by aplc
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream content;
    content << in.rdbuf();
    SCOPED_TRACE(name);
    try {
      EXPECT_EQ(reprint(content.str()), content.str());
    } catch (const std::exception& e) {
      ADD_FAILURE() << name << ": cannot read back: " << e.what();
    }
    files++;
  }
  EXPECT_GE(files, 100);  // the corpus has 105 expected outputs, one of them complex
}

}  // namespace
}  // namespace aplc_test
