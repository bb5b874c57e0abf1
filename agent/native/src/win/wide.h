#pragma once
#include <string>

namespace custos {
// Windows APIs speak UTF-16; JavaScript strings arrive and leave as UTF-8.
std::wstring Utf8ToWide(const std::string& text);
std::string WideToUtf8(const wchar_t* text, int length = -1);
}  // namespace custos
