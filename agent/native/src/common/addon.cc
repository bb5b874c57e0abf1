#include <napi.h>

#include "export.h"

// Entry point of the Custos native addon. `abiVersion` changes whenever an exported function
// changes shape, so the TypeScript facade can refuse a stale build instead of misreading it.
static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("abiVersion", Napi::Number::New(env, 2));
#if defined(_WIN32)
  exports.Set("platform", "win32");
#elif defined(__linux__)
  exports.Set("platform", "linux");
#else
  exports.Set("platform", "other");
#endif
  custos::RegisterPlatform(env, exports);
  return exports;
}

NODE_API_MODULE(custos_native, Init)
