// One registry value, for the machine policy key (document 2: policy values in the registry win
// over the local file). Always the 64-bit view, so a policy set by Group Policy is the one read.
#include "registry.h"

#include <windows.h>

#include <vector>
#include <cwchar>

#include "win-error.h"
#include "wide.h"

namespace custos {

Napi::Value RegistryGetValue(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string hiveName = StringArg(info, 0, "hive");
  std::wstring subKey = Utf8ToWide(StringArg(info, 1, "subKey"));
  // The empty name is the key's default value (App Paths keeps the executable path there).
  if (info.Length() < 3 || !info[2].IsString()) ThrowBadArgument(env, "value must be a string");
  std::wstring valueName = Utf8ToWide(info[2].As<Napi::String>().Utf8Value());
  HKEY hive = nullptr;
  if (hiveName == "HKLM") {
    hive = HKEY_LOCAL_MACHINE;
  } else if (hiveName == "HKCU") {
    hive = HKEY_CURRENT_USER;
  } else {
    ThrowBadArgument(env, "hive must be HKLM or HKCU");
  }
  HKEY key = nullptr;
  LONG rc = RegOpenKeyExW(hive, subKey.c_str(), 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, &key);
  if (rc == ERROR_FILE_NOT_FOUND) return env.Null();
  if (rc != ERROR_SUCCESS) ThrowWin32(env, "RegOpenKeyExW", static_cast<DWORD>(rc));
  DWORD type = 0;
  DWORD size = 0;
  rc = RegQueryValueExW(key, valueName.c_str(), nullptr, &type, nullptr, &size);
  std::vector<BYTE> data(size + sizeof(wchar_t) * 2, 0);
  if (rc == ERROR_SUCCESS) {
    rc = RegQueryValueExW(key, valueName.c_str(), nullptr, &type, data.data(), &size);
  }
  RegCloseKey(key);
  if (rc == ERROR_FILE_NOT_FOUND) return env.Null();
  if (rc != ERROR_SUCCESS) ThrowWin32(env, "RegQueryValueExW", static_cast<DWORD>(rc));
  Napi::Object out = Napi::Object::New(env);
  const auto* text = reinterpret_cast<const wchar_t*>(data.data());
  size_t chars = size / sizeof(wchar_t);
  switch (type) {
    case REG_SZ:
    case REG_EXPAND_SZ:
      out.Set("type", type == REG_SZ ? "string" : "expand_string");
      out.Set("value", WideToUtf8(text, static_cast<int>(wcsnlen(text, chars))));
      break;
    case REG_MULTI_SZ: {
      out.Set("type", "multi_string");
      Napi::Array list = Napi::Array::New(env);
      uint32_t count = 0;
      for (size_t at = 0; at < chars && text[at] != L'\0';) {
        size_t length = wcsnlen(text + at, chars - at);
        list.Set(count++, WideToUtf8(text + at, static_cast<int>(length)));
        at += length + 1;
      }
      out.Set("value", list);
      break;
    }
    case REG_DWORD:
      out.Set("type", "dword");
      out.Set("value", Napi::Number::New(env, size >= 4 ? *reinterpret_cast<const DWORD*>(data.data()) : 0));
      break;
    case REG_QWORD:
      out.Set("type", "qword");
      out.Set("value", Napi::Number::New(env, size >= 8 ? static_cast<double>(*reinterpret_cast<const ULONGLONG*>(
                                                               data.data()))
                                                         : 0));
      break;
    default:
      out.Set("type", type == REG_BINARY ? "binary" : "other");
      out.Set("value", Napi::Buffer<BYTE>::Copy(env, data.data(), size));
      break;
  }
  return out;
}

}  // namespace custos
