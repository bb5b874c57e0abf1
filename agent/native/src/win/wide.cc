#include "wide.h"

#include <windows.h>

namespace custos {

std::wstring Utf8ToWide(const std::string& text) {
  if (text.empty()) return std::wstring();
  int needed = MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), nullptr, 0);
  if (needed <= 0) return std::wstring();
  std::wstring wide(static_cast<size_t>(needed), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, text.data(), static_cast<int>(text.size()), &wide[0], needed);
  return wide;
}

std::string WideToUtf8(const wchar_t* text, int length) {
  if (text == nullptr) return std::string();
  if (length < 0) length = static_cast<int>(wcslen(text));
  if (length == 0) return std::string();
  int needed = WideCharToMultiByte(CP_UTF8, 0, text, length, nullptr, 0, nullptr, nullptr);
  if (needed <= 0) return std::string();
  std::string out(static_cast<size_t>(needed), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text, length, &out[0], needed, nullptr, nullptr);
  return out;
}

}  // namespace custos
