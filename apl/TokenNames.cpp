#include "apl/Token.h"

namespace aplc::apl {

const char* describe(TokenKind kind) {
  switch (kind) {
#define APLC_TOKEN_DESCRIBE(k, description) \
  case TokenKind::k:                        \
    return description;
    APLC_TOKEN_KINDS(APLC_TOKEN_DESCRIBE)
#undef APLC_TOKEN_DESCRIBE
  }
  return "token";
}

const char* name(TokenKind kind) {
  switch (kind) {
#define APLC_TOKEN_NAME(k, description) \
  case TokenKind::k:                    \
    return #k;
    APLC_TOKEN_KINDS(APLC_TOKEN_NAME)
#undef APLC_TOKEN_NAME
  }
  return "?";
}

}  // namespace aplc::apl
