#include "export.h"

#include <new>

#include "coded-error.h"

namespace custos {

void Export(Napi::Env env, Napi::Object exports, const char* name, NativeFn fn) {
  auto guarded = [fn](const Napi::CallbackInfo& info) -> Napi::Value {
    try {
      return fn(info);
    } catch (const Napi::Error&) {
      throw;
    } catch (const std::bad_alloc&) {
      ThrowCoded(info.Env(), {"native.out_of_memory", "out of memory", "", 0, "none"});
    } catch (const std::exception& e) {
      ThrowCoded(info.Env(), {"native.internal", e.what(), "", 0, "none"});
    }
  };
  exports.Set(name, Napi::Function::New(env, guarded, name));
}

}  // namespace custos
