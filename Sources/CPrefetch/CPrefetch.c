// The module is its header (`include/CPrefetch.h`): a C target needs a source file.
#include "CPrefetch.h"
