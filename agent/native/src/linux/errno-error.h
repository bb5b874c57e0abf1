#pragma once
#include "../common/coded-error.h"

namespace custos {
// errno → catalogue code (docs/native.md lists the catalogue).
OsFailure FromErrno(const char* syscall, int err);
}  // namespace custos
