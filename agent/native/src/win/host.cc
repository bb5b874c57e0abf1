#include "host.h"

#include <windows.h>

namespace custos {

std::string WineVersion() {
  HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
  if (ntdll == nullptr) return std::string();
  using GetVersionFn = const char*(__cdecl*)();
  auto fn = reinterpret_cast<GetVersionFn>(reinterpret_cast<void*>(GetProcAddress(ntdll, "wine_get_version")));
  const char* version = fn != nullptr ? fn() : nullptr;
  return version != nullptr ? std::string(version) : std::string();
}

Napi::Value HostInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object out = Napi::Object::New(env);
  std::string wine = WineVersion();
  out.Set("wine", wine.empty() ? env.Null() : Napi::String::New(env, wine));
  return out;
}

}  // namespace custos
