#pragma once
#include <windows.h>

#include "../common/coded-error.h"

namespace custos {
// The one place where GetLastError / HRESULT / FWP_E_* numbers become catalogue codes.
OsFailure FromWin32(const char* syscall, DWORD code);
OsFailure FromHresult(const char* syscall, HRESULT hr);
[[noreturn]] void ThrowWin32(Napi::Env env, const char* syscall, DWORD code);
[[noreturn]] void ThrowLastError(Napi::Env env, const char* syscall);
}  // namespace custos
