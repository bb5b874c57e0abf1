// The session helper's dialogs, built in memory as a DLGTEMPLATE (no resource file, no UI
// framework): Continue/Cancel, a justification (reason list, text box) or an analyst's question.
#pragma once
#include <windows.h>

#include <string>
#include <vector>

namespace custos {

enum DialogControl : WORD {
  kIdMessage = 100,
  kIdReasons = 101,
  kIdText = 102,
  kIdHint = 103,
};

struct DialogSpec {
  std::string kind;  // notice | continue | justify | question
  std::wstring title;
  std::wstring text;
  std::vector<std::wstring> reasons;
  bool freeText = false;
  uint32_t minChars = 0;
  uint32_t timeoutMs = 0;  // 0: no timeout
};

// The template's bytes (DWORD-aligned items, predefined control classes only).
std::vector<BYTE> BuildDialogTemplate(const DialogSpec& spec);

}  // namespace custos
