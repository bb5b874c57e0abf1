// Registers a JS function whose C++ body can never take the process down: anything that is not
// already a JS error (std::bad_alloc, std::system_error, a stray std::exception) becomes a coded
// JS error instead of reaching std::terminate. A long-running agent degrades; it does not crash.
#pragma once
#include <napi.h>

namespace custos {

using NativeFn = Napi::Value (*)(const Napi::CallbackInfo&);

void Export(Napi::Env env, Napi::Object exports, const char* name, NativeFn fn);

// Defined once per operating system (src/linux, src/win, or src/common/register-none.cc).
void RegisterPlatform(Napi::Env env, Napi::Object exports);

}  // namespace custos
