#pragma once
/// Fast checks for the knitted and singles forms (work in progress).
