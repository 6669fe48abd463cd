#include "support/Install.h"

#include <filesystem>
#include <system_error>

namespace aplc {

std::optional<std::string> installPrefix() {
  static const std::optional<std::string> prefix = []() -> std::optional<std::string> {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    fs::path root = exe.parent_path().parent_path();
    if (!fs::is_regular_file(root / "share" / "aplc" / "prelude.apl", ec)) return std::nullopt;
    return root.string();
  }();
  return prefix;
}

}  // namespace aplc
