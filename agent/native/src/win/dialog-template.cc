#include "dialog-template.h"

namespace custos {

namespace {

// Predefined window class atoms of user32 (no common controls, no manifest needed).
constexpr WORD kButton = 0x0080;
constexpr WORD kEdit = 0x0081;
constexpr WORD kStatic = 0x0082;
constexpr WORD kComboBox = 0x0085;

class Writer {
 public:
  std::vector<BYTE> bytes;
  void Word(WORD w) {
    bytes.push_back(static_cast<BYTE>(w & 0xFF));
    bytes.push_back(static_cast<BYTE>(w >> 8));
  }
  void Dword(DWORD d) {
    Word(static_cast<WORD>(d & 0xFFFF));
    Word(static_cast<WORD>(d >> 16));
  }
  void Short(short s) { Word(static_cast<WORD>(s)); }
  void Text(const std::wstring& s) {
    for (wchar_t c : s) Word(static_cast<WORD>(c));
    Word(0);
  }
  void Align() {
    while (bytes.size() % 4 != 0) bytes.push_back(0);
  }
};

struct Item {
  DWORD style;
  short x, y, cx, cy;
  WORD id;
  WORD cls;
  std::wstring text;
};

}  // namespace

std::vector<BYTE> BuildDialogTemplate(const DialogSpec& spec) {
  const short width = 280;
  std::vector<Item> items;
  const DWORD child = WS_CHILD | WS_VISIBLE;
  items.push_back({child | SS_LEFT | SS_NOPREFIX, 7, 7, width - 14, 48, kIdMessage, kStatic, spec.text});
  short y = 60;
  const bool justify = spec.kind == "justify";
  if (justify && !spec.reasons.empty()) {
    // The drop-down list's height includes the opened list.
    items.push_back({child | WS_TABSTOP | WS_VSCROLL | CBS_DROPDOWNLIST, 7, y, width - 14, 90, kIdReasons, kComboBox, L""});
    y += 18;
  }
  if ((justify && spec.freeText) || spec.kind == "question") {
    items.push_back({child | WS_TABSTOP | WS_BORDER | ES_MULTILINE | ES_AUTOVSCROLL | ES_WANTRETURN, 7, y, width - 14, 40,
                     kIdText, kEdit, L""});
    y += 44;
    if (justify && spec.minChars > 0) {
      items.push_back({child | SS_LEFT, 7, y, width - 14, 10, kIdHint, kStatic,
                       L"At least " + std::to_wstring(spec.minChars) + L" characters."});
      y += 14;
    }
  }
  if (spec.kind == "notice") {
    // A notice gates nothing: one button, and the timeout closes it.
    items.push_back({child | WS_TABSTOP | BS_DEFPUSHBUTTON, static_cast<short>(width - 62), y, 55, 14, IDOK, kButton, L"OK"});
  } else {
    const std::wstring ok = spec.kind == "continue" ? L"Continue" : L"OK";
    items.push_back({child | WS_TABSTOP | BS_PUSHBUTTON, static_cast<short>(width - 122), y, 55, 14, IDOK, kButton, ok});
    // Cancel is the default button: Enter or a stray click of the default never lets data through.
    items.push_back({child | WS_TABSTOP | BS_DEFPUSHBUTTON, static_cast<short>(width - 62), y, 55, 14, IDCANCEL, kButton,
                     L"Cancel"});
  }
  y += 21;

  Writer w;
  w.Dword(DS_SETFONT | DS_MODALFRAME | DS_CENTER | DS_SETFOREGROUND | WS_POPUP | WS_CAPTION | WS_SYSMENU);
  w.Dword(WS_EX_TOPMOST);
  w.Word(static_cast<WORD>(items.size()));
  w.Short(0);
  w.Short(0);
  w.Short(width);
  w.Short(y);
  w.Word(0);  // no menu
  w.Word(0);  // the default dialog class
  w.Text(spec.title);
  w.Word(9);  // DS_SETFONT: point size, then the face name
  w.Text(L"Segoe UI");
  for (const Item& item : items) {
    w.Align();
    w.Dword(item.style);
    w.Dword(0);
    w.Short(item.x);
    w.Short(item.y);
    w.Short(item.cx);
    w.Short(item.cy);
    w.Word(item.id);
    w.Word(0xFFFF);
    w.Word(item.cls);
    w.Text(item.text);
    w.Word(0);  // no creation data
  }
  return w.bytes;
}

}  // namespace custos
