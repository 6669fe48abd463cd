// Runtime values of the TAIL interpreter: checked allocation, element access with copy on write,
// and printing through the C runtime.
#include "tail/interp/Value.h"

#include <cstdlib>
#include <new>

#include "support/Diagnostics.h"

namespace aplc::tail {

ElemKind elemKindOf(Base b) {
  switch (b.kind) {
    case BaseKind::Int: return ElemKind::Int;
    case BaseKind::Double: return ElemKind::Double;
    case BaseKind::Bool: return ElemKind::Bool;
    case BaseKind::Char: return ElemKind::Char;
    case BaseKind::Complex: return ElemKind::Complex;
    case BaseKind::Var: break;
  }
  internalError(__FILE__, __LINE__, "elemKindOf: a base type variable at run time");
}

const char* toString(ElemKind k) {
  switch (k) {
    case ElemKind::Int: return "int";
    case ElemKind::Double: return "double";
    case ElemKind::Bool: return "bool";
    case ElemKind::Char: return "char";
    case ElemKind::Complex: return "complex";
  }
  return "?";
}

Scalar Scalar::fill(ElemKind k) {
  switch (k) {
    case ElemKind::Int: return ofInt(0);
    case ElemKind::Double: return ofDouble(0.0);
    case ElemKind::Bool: return ofBool(false);
    case ElemKind::Char: return ofChar(U' ');
    case ElemKind::Complex: return ofComplex(0.0, 0.0);
  }
  return ofInt(0);
}

int64_t checkedElementCount(const std::vector<int64_t>& shape) {
  // The product of the non-zero extents is bounded too, so that an empty array cannot have,
  // say, 2^40 rows: loops over the rows of an empty array stay short.
  int64_t count = 1, nonZeroProduct = 1;
  for (int64_t extent : shape) {
    if (extent < 0) raise(APLC_LIMIT_ERROR, "negative extent " + std::to_string(extent) + " in a shape");
    if (__builtin_mul_overflow(nonZeroProduct, extent == 0 ? 1 : extent, &nonZeroProduct) ||
        nonZeroProduct > kMaxArrayElements)
      raise(APLC_LIMIT_ERROR, "an array of more than " + std::to_string(kMaxArrayElements) + " elements");
    count *= extent;  // cannot overflow: bounded by nonZeroProduct
  }
  return count;
}

Array Array::make(ElemKind kind, std::vector<int64_t> shape) {
  int64_t n = checkedElementCount(shape);
  auto count = static_cast<size_t>(n);
  std::shared_ptr<Storage> storage;
  try {
    switch (kind) {
      case ElemKind::Int: storage = std::make_shared<Storage>(std::vector<int64_t>(count, 0)); break;
      case ElemKind::Double: storage = std::make_shared<Storage>(std::vector<double>(count, 0.0)); break;
      case ElemKind::Bool: storage = std::make_shared<Storage>(std::vector<uint8_t>(count, 0)); break;
      case ElemKind::Char: storage = std::make_shared<Storage>(std::vector<uint32_t>(count, U' ')); break;
      case ElemKind::Complex: storage = std::make_shared<Storage>(std::vector<aplc_complex>(count, aplc_complex{0.0, 0.0})); break;
    }
  } catch (const std::bad_alloc&) {
    raise(APLC_LIMIT_ERROR, "out of memory (an array of " + std::to_string(n) + " elements)");
  }
  return Array(kind, std::move(shape), n, std::move(storage));
}

Array Array::ofScalar(const Scalar& s) {
  Array a = make(s.kind, {});
  a.set(0, s);
  return a;
}

Array Array::intVector(const std::vector<int64_t>& values) {
  Array a = make(ElemKind::Int, {static_cast<int64_t>(values.size())});
  std::get<std::vector<int64_t>>(*a.storage_) = values;
  return a;
}

Array Array::charVector(const std::u32string& text) {
  Array a = make(ElemKind::Char, {static_cast<int64_t>(text.size())});
  auto& data = std::get<std::vector<uint32_t>>(*a.storage_);
  for (size_t k = 0; k < text.size(); ++k) data[k] = static_cast<uint32_t>(text[k]);
  return a;
}

Scalar Array::get(int64_t flat) const {
  APLC_INTERNAL_CHECK(flat >= 0 && flat < size_, "Array::get out of range");
  auto k = static_cast<size_t>(flat);
  switch (kind_) {
    case ElemKind::Int: return Scalar::ofInt(std::get<0>(*storage_)[k]);
    case ElemKind::Double: return Scalar::ofDouble(std::get<1>(*storage_)[k]);
    case ElemKind::Bool: return Scalar::ofBool(std::get<2>(*storage_)[k] != 0);
    case ElemKind::Char: return Scalar::ofChar(std::get<3>(*storage_)[k]);
    case ElemKind::Complex: return Scalar::ofComplex(std::get<4>(*storage_)[k].re, std::get<4>(*storage_)[k].im);
  }
  return {};
}

Array::Storage& Array::writable() {
  // Copy on write: another Array (a variable's value, say) still sees the old elements.
  if (storage_.use_count() > 1) storage_ = std::make_shared<Storage>(*storage_);
  return *storage_;
}

void Array::set(int64_t flat, const Scalar& s) {
  APLC_INTERNAL_CHECK(flat >= 0 && flat < size_, "Array::set out of range");
  APLC_INTERNAL_CHECK(s.kind == kind_, "Array::set: element of another kind");
  auto k = static_cast<size_t>(flat);
  Storage& st = writable();
  switch (kind_) {
    case ElemKind::Int: std::get<0>(st)[k] = s.i; break;
    case ElemKind::Double: std::get<1>(st)[k] = s.d; break;
    case ElemKind::Bool: std::get<2>(st)[k] = static_cast<uint8_t>(s.i != 0); break;
    case ElemKind::Char: std::get<3>(st)[k] = static_cast<uint32_t>(s.i); break;
    case ElemKind::Complex: std::get<4>(st)[k] = aplc_complex{s.d, s.im}; break;
  }
}

void Array::copyElement(int64_t dst, const Array& src, int64_t srcIndex) {
  APLC_INTERNAL_CHECK(src.kind_ == kind_, "copyElement: arrays of different kinds");
  APLC_INTERNAL_CHECK(dst >= 0 && dst < size_ && srcIndex >= 0 && srcIndex < src.size_,
                      "copyElement out of range");
  auto d = static_cast<size_t>(dst), s = static_cast<size_t>(srcIndex);
  std::visit([&](auto& to) { to[d] = std::get<std::decay_t<decltype(to)>>(*src.storage_)[s]; }, writable());
}

Array Array::reshaped(std::vector<int64_t> shape) const {
  APLC_INTERNAL_CHECK(checkedElementCount(shape) == size_, "Array::reshaped: element counts differ");
  return Array(kind_, std::move(shape), size_, storage_);
}

std::vector<int64_t> Array::intValues() const {
  APLC_INTERNAL_CHECK(kind_ == ElemKind::Int, "intValues of a non-int array");
  return std::get<0>(*storage_);
}

aplc_array_view Array::view() const {
  static const aplc_base_type types[] = {APLC_INT, APLC_DOUBLE, APLC_BOOL, APLC_CHAR, APLC_COMPLEX};
  const void* data = std::visit([](const auto& v) -> const void* { return v.data(); }, *storage_);
  return aplc_view(types[static_cast<int>(kind_)], static_cast<int32_t>(shape_.size()),
                   shape_.empty() ? nullptr : shape_.data(), data);
}

// ---- Value ------------------------------------------------------------------------------------

Value::Value(const Array& a) {
  if (a.rank() == 0)
    v_ = a.get(0);
  else
    v_ = a;
}

Value Value::function(Function f) {
  Value v;
  v.v_ = std::make_shared<const Function>(std::move(f));
  return v;
}

Value Value::tuple(std::vector<Value> components) {
  Value v;
  v.v_ = std::make_shared<const std::vector<Value>>(std::move(components));
  return v;
}

const Scalar& Value::scalar() const {
  APLC_INTERNAL_CHECK(kind() == Kind::Scalar, "Value::scalar of a non-scalar");
  return std::get<Scalar>(v_);
}

Array Value::array() const {
  if (kind() == Kind::Scalar) return Array::ofScalar(std::get<Scalar>(v_));
  APLC_INTERNAL_CHECK(kind() == Kind::Array, "Value::array of a function or tuple");
  return std::get<Array>(v_);
}

const Function& Value::function() const {
  APLC_INTERNAL_CHECK(kind() == Kind::Function, "Value::function of a non-function");
  return *std::get<std::shared_ptr<const Function>>(v_);
}

const std::vector<Value>& Value::tuple() const {
  APLC_INTERNAL_CHECK(kind() == Kind::Tuple, "Value::tuple of a non-tuple");
  return *std::get<std::shared_ptr<const std::vector<Value>>>(v_);
}

// ---- Printing ---------------------------------------------------------------------------------

namespace {

std::string takeBuffer(aplc_buffer& out) {
  std::string text = out.data ? std::string(out.data, out.length) : std::string();
  aplc_buffer_free(&out);
  return text;
}

void appendFlatElement(aplc_buffer& out, const Scalar& s) {
  char text[APLC_NUMBER_TEXT_MAX];
  switch (s.kind) {
    case ElemKind::Int:
    case ElemKind::Bool: aplc_buffer_append(&out, text, aplc_format_int(text, s.i, APLC_STYLE_TAIL)); break;
    case ElemKind::Double: aplc_buffer_append(&out, text, aplc_format_double(text, s.d, APLC_STYLE_TAIL)); break;
    case ElemKind::Char: aplc_buffer_append_codepoint(&out, static_cast<uint32_t>(s.i)); break;
    case ElemKind::Complex:
      aplc_buffer_append(&out, text, aplc_format_complex(text, aplc_complex{s.d, s.im}, APLC_STYLE_TAIL));
      break;
  }
}

void appendFlat(aplc_buffer& out, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Function: aplc_buffer_append_str(&out, "(function)"); return;
    case Value::Kind::Tuple: {
      aplc_buffer_append_str(&out, "{");
      const auto& parts = v.tuple();
      for (size_t k = 0; k < parts.size(); ++k) {
        if (k > 0) aplc_buffer_append_str(&out, ";");
        appendFlat(out, parts[k]);
      }
      aplc_buffer_append_str(&out, "}");
      return;
    }
    case Value::Kind::Scalar:
    case Value::Kind::Array: break;
  }
  Array a = v.array();
  aplc_buffer_append_str(&out, "[");
  for (size_t k = 0; k < a.rank(); ++k) {
    if (k > 0) aplc_buffer_append_str(&out, ",");
    aplc_buffer_append_str(&out, std::to_string(a.shape()[k]).c_str());
  }
  aplc_buffer_append_str(&out, "](");
  for (int64_t k = 0; k < a.size(); ++k) {
    if (k > 0) aplc_buffer_append_str(&out, ",");
    appendFlatElement(out, a.get(k));
  }
  aplc_buffer_append_str(&out, ")");
}

}  // namespace

std::string display(const Value& v, aplc_style style) {
  switch (v.kind()) {
    case Value::Kind::Function: return "(function)\n";
    case Value::Kind::Tuple: {
      std::string text;
      for (const Value& part : v.tuple()) text += display(part, style);
      return text;
    }
    case Value::Kind::Scalar:
    case Value::Kind::Array: break;
  }
  Array a = v.array();
  aplc_array_view view = a.view();
  aplc_buffer out;
  aplc_buffer_init(&out);
  aplc_display(&out, &view, style);
  return takeBuffer(out);
}

std::string flatString(const Value& v) {
  aplc_buffer out;
  aplc_buffer_init(&out);
  appendFlat(out, v);
  return takeBuffer(out);
}

}  // namespace aplc::tail
