// Knitted and singles forms: fast checks against the search.
