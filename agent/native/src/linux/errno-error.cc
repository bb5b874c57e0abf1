#include "errno-error.h"

#include <cerrno>
#include <cstring>

namespace custos {

static const char* CodeForErrno(int err) {
  switch (err) {
    case ENOENT:
    case ENOTDIR:
      return "native.not_found";
    case EACCES:
    case EPERM:
    case EROFS:
      return "native.access_denied";
    case ENOTSUP:
      return "native.not_supported";
    case ENODATA:
      return "native.no_data";
    case EEXIST:
      return "native.exists";
    case ERANGE:
    case E2BIG:
      return "native.too_large";
    case ENOSPC:
    case EDQUOT:
      return "native.no_space";
    case EINVAL:
      return "native.invalid_argument";
    default:
      return "native.os_error";
  }
}

OsFailure FromErrno(const char* syscall, int err) {
  char buffer[256] = {0};
  // GNU strerror_r may return a static string instead of filling the buffer.
  const char* text = strerror_r(err, buffer, sizeof buffer);
  return {CodeForErrno(err), text ? text : "unknown error", syscall, err, "errno"};
}

}  // namespace custos
