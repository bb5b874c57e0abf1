#include <napi.h>

// Entry point of the Custos native addon; platform functions are registered per OS.
static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("abiVersion", Napi::Number::New(env, 1));
  return exports;
}

NODE_API_MODULE(custos_native, Init)
