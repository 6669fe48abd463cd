// A fresh temporary folder, removed with everything in it when the object goes out of scope:
// where aplc writes the C it compiles (driver/Pipeline.cpp) and the outputs aplc --check
// compares (driver/Check.cpp).
#pragma once

#include <string>
#include <filesystem>

namespace aplc {

class TempDir {
 public:
  // `prefix` names the folder: TMPDIR/prefix-XXXXXX. Throws UserError when it cannot be made.
  explicit TempDir(const std::string& prefix = "aplc");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace aplc
