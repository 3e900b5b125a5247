/// Fast checks for the knitted and singles forms (work in progress).
#include "special_forms.hpp"
