// Listing interpretations without the graph: cross-checked against Decomposition.
