// The session helper's native dialogs (issue 18: "a native dialog from the addon, no UI
// framework"). Each dialog is a modeless dialog from an in-memory template on its own thread with
// its own message loop, so the helper's event loop keeps serving the pipe; the answer comes back
// as one event. A timeout answers `timeout` (the service's default: Cancel); the service's
// withdrawal closes the dialog (`withdrawn`). Creation failures (no desktop, no display under
// Wine) throw at once as coded errors.
#include "session-dialog.h"

#include <windows.h>

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "dialog-template.h"
#include "js-events.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

constexpr UINT kWithdraw = WM_APP + 1;
constexpr UINT_PTR kTimer = 1;

struct Dialog {
  DialogSpec spec;
  std::unique_ptr<EventChannel> channel;
  HWND hwnd = nullptr;
  std::string result = "cancel";
  std::wstring category;
  std::wstring text;
  HANDLE done = nullptr;
};

std::mutex& gMutex = *new std::mutex();  // never destroyed (see the maps below)
// Never destroyed: a dialog thread may still end after static destructors run at exit.
auto& gDialogs = *new std::map<uint32_t, std::shared_ptr<Dialog>>();
uint32_t gNextId = 1;

std::wstring Trim(const std::wstring& s) {
  size_t a = s.find_first_not_of(L" \t\r\n");
  if (a == std::wstring::npos) return std::wstring();
  size_t b = s.find_last_not_of(L" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::wstring ItemText(HWND hwnd, int id) {
  HWND item = GetDlgItem(hwnd, id);
  if (item == nullptr) return std::wstring();
  int length = GetWindowTextLengthW(item);
  std::wstring out(static_cast<size_t>(length) + 1, L'\0');
  GetWindowTextW(item, &out[0], length + 1);
  out.resize(static_cast<size_t>(length));
  return out;
}

void Finish(HWND hwnd, Dialog* d, const char* result) {
  d->result = result;
  KillTimer(hwnd, kTimer);
  DestroyWindow(hwnd);
}

INT_PTR CALLBACK DialogProc(HWND hwnd, UINT message, WPARAM wParam, LPARAM lParam) {
  auto* d = reinterpret_cast<Dialog*>(GetWindowLongPtrW(hwnd, DWLP_USER));
  switch (message) {
    case WM_INITDIALOG: {
      d = reinterpret_cast<Dialog*>(lParam);
      SetWindowLongPtrW(hwnd, DWLP_USER, lParam);
      HWND list = GetDlgItem(hwnd, kIdReasons);
      for (const auto& reason : d->spec.reasons) SendMessageW(list, CB_ADDSTRING, 0, reinterpret_cast<LPARAM>(reason.c_str()));
      if (list != nullptr) SendMessageW(list, CB_SETCURSEL, 0, 0);
      if (d->spec.timeoutMs > 0) SetTimer(hwnd, kTimer, d->spec.timeoutMs, nullptr);
      SetForegroundWindow(hwnd);
      return TRUE;
    }
    case WM_TIMER:
      if (wParam == kTimer && d != nullptr) Finish(hwnd, d, "timeout");
      return TRUE;
    case kWithdraw:
      if (d != nullptr) Finish(hwnd, d, "withdrawn");
      return TRUE;
    case WM_COMMAND:
      if (d == nullptr) return FALSE;
      if (LOWORD(wParam) == IDOK) {
        d->text = Trim(ItemText(hwnd, kIdText));
        if (d->spec.kind == "justify" && d->spec.freeText && d->text.size() < d->spec.minChars) {
          MessageBeep(MB_ICONWARNING);
          SetDlgItemTextW(hwnd, kIdHint, (L"Too short: at least " + std::to_wstring(d->spec.minChars) + L" characters, please.").c_str());
          return TRUE;
        }
        HWND list = GetDlgItem(hwnd, kIdReasons);
        if (list != nullptr) {
          LRESULT at = SendMessageW(list, CB_GETCURSEL, 0, 0);
          if (at == CB_ERR) return TRUE;
          d->category = d->spec.reasons.at(static_cast<size_t>(at));
        }
        Finish(hwnd, d, "ok");
        return TRUE;
      }
      if (LOWORD(wParam) == IDCANCEL) {
        Finish(hwnd, d, "cancel");
        return TRUE;
      }
      return FALSE;
    case WM_DESTROY:
      PostQuitMessage(0);
      return FALSE;
    default:
      return FALSE;
  }
}

void Run(std::shared_ptr<Dialog> d, std::promise<DWORD>* created) {
  std::vector<BYTE> tmpl = BuildDialogTemplate(d->spec);
  SetLastError(ERROR_SUCCESS);
  HWND hwnd = CreateDialogIndirectParamW(GetModuleHandleW(nullptr), reinterpret_cast<LPCDLGTEMPLATEW>(tmpl.data()), nullptr,
                                         DialogProc, reinterpret_cast<LPARAM>(d.get()));
  if (hwnd == nullptr) {
    DWORD err = GetLastError();
    created->set_value(err == ERROR_SUCCESS ? ERROR_NOT_SUPPORTED : err);  // no desktop to show it on
    return;
  }
  {
    std::lock_guard<std::mutex> lock(gMutex);
    d->hwnd = hwnd;
  }
  ShowWindow(hwnd, SW_SHOWNORMAL);
  created->set_value(ERROR_SUCCESS);
  MSG msg;
  while (GetMessageW(&msg, nullptr, 0, 0) > 0) {
    if (!IsDialogMessageW(hwnd, &msg)) {
      TranslateMessage(&msg);
      DispatchMessageW(&msg);
    }
  }
  {
    std::lock_guard<std::mutex> lock(gMutex);
    d->hwnd = nullptr;
    for (auto it = gDialogs.begin(); it != gDialogs.end(); ++it)
      if (it->second == d) {
        gDialogs.erase(it);
        break;
      }
  }
  JsEvent answer;
  answer.Text("result", d->result);
  if (d->result == "ok") answer.Text("category", WideToUtf8(d->category.c_str())).Text("text", WideToUtf8(d->text.c_str()));
  d->channel->Post(answer);
  d->channel->Close();
  SetEvent(d->done);
}

DialogSpec SpecArg(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsObject()) ThrowBadArgument(env, "spec must be an object");
  Napi::Object o = info[0].As<Napi::Object>();
  auto text = [&](const char* key) {
    Napi::Value v = o.Get(key);
    if (!v.IsString()) ThrowBadArgument(env, std::string(key) + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  };
  DialogSpec spec;
  spec.kind = text("kind");
  if (spec.kind != "notice" && spec.kind != "continue" && spec.kind != "justify" && spec.kind != "question")
    ThrowBadArgument(env, "kind must be notice, continue, justify or question");
  spec.title = Utf8ToWide(text("title"));
  spec.text = Utf8ToWide(text("text"));
  Napi::Value reasons = o.Get("reasons");
  if (reasons.IsArray()) {
    Napi::Array list = reasons.As<Napi::Array>();
    for (uint32_t i = 0; i < list.Length() && i < 50; ++i)
      if (list.Get(i).IsString()) spec.reasons.push_back(Utf8ToWide(list.Get(i).As<Napi::String>().Utf8Value()));
  }
  spec.freeText = o.Get("freeText").IsBoolean() && o.Get("freeText").As<Napi::Boolean>().Value();
  if (o.Get("minChars").IsNumber()) spec.minChars = o.Get("minChars").As<Napi::Number>().Uint32Value();
  if (o.Get("timeoutMs").IsNumber()) spec.timeoutMs = o.Get("timeoutMs").As<Napi::Number>().Uint32Value();
  return spec;
}

}  // namespace

Napi::Value DialogTemplate(const Napi::CallbackInfo& info) {
  std::vector<BYTE> bytes = BuildDialogTemplate(SpecArg(info));
  return Napi::Buffer<BYTE>::Copy(info.Env(), bytes.data(), bytes.size());
}

Napi::Value DialogShow(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  auto d = std::make_shared<Dialog>();
  d->spec = SpecArg(info);
  Napi::Function callback = FunctionArg(info, 1, "callback");
  d->channel = std::make_unique<EventChannel>(env, callback, "custos-session-dialog");
  d->done = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  uint32_t id;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    id = gNextId++;
    gDialogs[id] = d;
  }
  std::promise<DWORD> created;
  std::future<DWORD> started = created.get_future();
  std::thread thread(Run, d, &created);
  DWORD err = started.get();
  if (err != ERROR_SUCCESS) {
    thread.join();
    {
      std::lock_guard<std::mutex> lock(gMutex);
      gDialogs.erase(id);
    }
    d->channel->Close();
    CloseHandle(d->done);
    ThrowWin32(env, "CreateDialogIndirectParamW", err);
  }
  thread.detach();
  return Napi::Number::New(env, id);
}

Napi::Value DialogClose(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "id");
  std::lock_guard<std::mutex> lock(gMutex);
  auto found = gDialogs.find(id);
  if (found == gDialogs.end() || found->second->hwnd == nullptr) return Napi::Boolean::New(info.Env(), false);
  return Napi::Boolean::New(info.Env(), PostMessageW(found->second->hwnd, kWithdraw, 0, 0) != FALSE);
}

void CloseAllDialogs() {
  std::vector<std::shared_ptr<Dialog>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    for (auto& entry : gDialogs) {
      all.push_back(entry.second);
      if (entry.second->hwnd != nullptr) PostMessageW(entry.second->hwnd, kWithdraw, 0, 0);
    }
  }
  for (auto& d : all) WaitForSingleObject(d->done, 2000);
}

}  // namespace custos
