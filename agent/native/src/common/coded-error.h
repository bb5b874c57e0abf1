// One error shape for every native failure: a JS Error carrying a dotted `code`, the failing
// `syscall`, the raw OS number (`osCode`) and which number space it is from (`osCodeKind`).
#pragma once
#include <napi.h>

#include <cstdint>
#include <string>

namespace custos {

struct OsFailure {
  std::string code;     // dotted catalogue code, e.g. native.access_denied
  std::string message;  // the OS's own text for osCode
  std::string syscall;  // the API that failed
  int64_t osCode = 0;
  const char* kind = "none";  // errno, win32, hresult, none
};

Napi::Error MakeCodedError(Napi::Env env, const OsFailure& failure);
[[noreturn]] void ThrowCoded(Napi::Env env, const OsFailure& failure);
// Caller misuse (wrong argument type, empty path) is a TypeError with code native.bad_argument.
[[noreturn]] void ThrowBadArgument(Napi::Env env, const std::string& message);

std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name);
uint32_t Uint32Arg(const Napi::CallbackInfo& info, size_t index, const char* name);
Napi::Buffer<uint8_t> BufferArg(const Napi::CallbackInfo& info, size_t index, const char* name);
Napi::Function FunctionArg(const Napi::CallbackInfo& info, size_t index, const char* name);

}  // namespace custos
