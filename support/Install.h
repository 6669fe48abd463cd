// Where aplc's files are: the prelude, the runtime header and the runtime libraries.
//
// An installed aplc (`cmake --install`) finds them relative to its own binary (/proc/self/exe):
// PREFIX/bin/aplc reads PREFIX/share/aplc/prelude.apl, includes PREFIX/share/aplc/include and
// links PREFIX/lib/aplc/libaplc_runtime_generated.a. A binary with no such installation next to
// it (the one in the build tree) uses the source and build trees' paths fixed at configure time.
#pragma once

#include <optional>
#include <string>

namespace aplc {

// PREFIX when this binary is PREFIX/bin/X and PREFIX/share/aplc/prelude.apl exists.
std::optional<std::string> installPrefix();

}  // namespace aplc
