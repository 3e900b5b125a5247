/// Listing interpretations without the graph (work in progress).
#include "meldgraph/listing.hpp"
