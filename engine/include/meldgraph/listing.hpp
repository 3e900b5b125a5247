#pragma once
/// Listing the interpretations of complete hands without building the graph (work in progress).
