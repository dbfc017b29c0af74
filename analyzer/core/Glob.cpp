#include "core/Glob.h"

namespace hostsync {

bool globMatch(const char *P, const char *S) {
  if (*P == '\0')
    return *S == '\0';
  if (*P == '*')
    return globMatch(P + 1, S) || (*S && globMatch(P, S + 1));
  return *S && (*P == *S) && globMatch(P + 1, S + 1);
}

} // namespace hostsync
