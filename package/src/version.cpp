/// The library's version (version.hpp), compiled in so that a program can tell the library it
/// linked from the headers it was compiled against.

#include "meldgraph/version.hpp"

#define MELDGRAPH_QUOTE_(x) #x
#define MELDGRAPH_QUOTE(x) MELDGRAPH_QUOTE_(x)

namespace meldgraph {

std::string_view version() noexcept {
  return MELDGRAPH_QUOTE(MELDGRAPH_VERSION_MAJOR)   //
      "." MELDGRAPH_QUOTE(MELDGRAPH_VERSION_MINOR)  //
      "." MELDGRAPH_QUOTE(MELDGRAPH_VERSION_PATCH);
}

}  // namespace meldgraph
