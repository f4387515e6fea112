// The module's one function is inline in its header; SwiftPM builds a C target from sources.
#include "CSVStops.h"
