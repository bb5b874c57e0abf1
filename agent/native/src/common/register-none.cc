#include "export.h"

// Platforms without a native half (macOS, BSD): the facade reports every function as absent.
namespace custos {
void RegisterPlatform(Napi::Env, Napi::Object) {}
}  // namespace custos
