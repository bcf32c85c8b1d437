// The declaration in include/CFuzzerDriver.h is all this module provides.
#include "CFuzzerDriver.h"
