// The built-in rule files are defined in the generated builtin_rules.cpp of the build directory.
#include "builtin_rules_data.hpp"
