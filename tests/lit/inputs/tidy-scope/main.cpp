// A literal 0 returned as a pointer (modernize-use-nullptr) in the main file, in a project
// header and in a system header: lit tidy/system-headers.test.
#include "proj.h"
#include <sys.h>

int *in_main() { return 0; }
