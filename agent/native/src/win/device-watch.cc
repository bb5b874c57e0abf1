// Arrival and removal of volumes. A hidden top-level window on its own thread receives the
// system's WM_DEVICECHANGE broadcasts (DBT_DEVTYP_VOLUME carries the drive letters) and the
// volume-interface notifications it registered for; each becomes a JS event.
#include "device-watch.h"

#include <windows.h>
#include <dbt.h>

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "js-events.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

const GUID kVolumeInterface = {0x53F5630D, 0xB6BF, 0x11D0, {0x94, 0xF2, 0x00, 0xA0, 0xC9, 0x1E, 0xFB, 0x8B}};
const wchar_t kClassName[] = L"CustosDeviceWatch";

struct Watch {
  std::unique_ptr<EventChannel> channel;
  std::thread thread;
  HWND window = nullptr;
};

std::mutex gMutex;
std::map<uint32_t, std::unique_ptr<Watch>> gWatches;
uint32_t gNextId = 1;

LRESULT CALLBACK WindowProc(HWND hwnd, UINT message, WPARAM wParam, LPARAM lParam) {
  if (message == WM_NCCREATE) {
    auto* create = reinterpret_cast<CREATESTRUCTW*>(lParam);
    SetWindowLongPtrW(hwnd, GWLP_USERDATA, reinterpret_cast<LONG_PTR>(create->lpCreateParams));
  } else if (message == WM_DEVICECHANGE && (wParam == DBT_DEVICEARRIVAL || wParam == DBT_DEVICEREMOVECOMPLETE)) {
    auto* channel = reinterpret_cast<EventChannel*>(GetWindowLongPtrW(hwnd, GWLP_USERDATA));
    auto* header = reinterpret_cast<DEV_BROADCAST_HDR*>(lParam);
    const char* kind = wParam == DBT_DEVICEARRIVAL ? "arrival" : "removal";
    if (channel != nullptr && header != nullptr) {
      if (header->dbch_devicetype == DBT_DEVTYP_VOLUME) {
        auto* volume = reinterpret_cast<DEV_BROADCAST_VOLUME*>(lParam);
        for (int bit = 0; bit < 26; ++bit) {
          if ((volume->dbcv_unitmask & (1u << bit)) != 0) {
            std::string drive(1, static_cast<char>('A' + bit));
            channel->Post(JsEvent().Text("kind", kind).Text("source", "volume").Text("drive", drive + ":"));
          }
        }
      } else if (header->dbch_devicetype == DBT_DEVTYP_DEVICEINTERFACE) {
        auto* device = reinterpret_cast<DEV_BROADCAST_DEVICEINTERFACE_W*>(lParam);
        channel->Post(
            JsEvent().Text("kind", kind).Text("source", "interface").Text("interfacePath", WideToUtf8(device->dbcc_name)));
      }
    }
    return TRUE;
  } else if (message == WM_CLOSE) {
    DestroyWindow(hwnd);
    return 0;
  } else if (message == WM_DESTROY) {
    PostQuitMessage(0);
    return 0;
  }
  return DefWindowProcW(hwnd, message, wParam, lParam);
}

void RunWindow(Watch* watch, std::promise<DWORD>* ready) {
  WNDCLASSEXW cls{};
  cls.cbSize = sizeof cls;
  cls.lpfnWndProc = WindowProc;
  cls.hInstance = GetModuleHandleW(nullptr);
  cls.lpszClassName = kClassName;
  if (!RegisterClassExW(&cls) && GetLastError() != ERROR_CLASS_ALREADY_EXISTS) {
    ready->set_value(GetLastError());
    return;
  }
  SetLastError(ERROR_SUCCESS);  // a window that fails without saying why is "not supported"
  HWND hwnd = CreateWindowExW(0, kClassName, L"", 0, 0, 0, 0, 0, nullptr, nullptr, cls.hInstance, watch->channel.get());
  if (hwnd == nullptr) {
    DWORD err = GetLastError();
    ready->set_value(err == ERROR_SUCCESS ? ERROR_NOT_SUPPORTED : err);
    return;
  }
  DEV_BROADCAST_DEVICEINTERFACE_W filter{};
  filter.dbcc_size = sizeof filter;
  filter.dbcc_devicetype = DBT_DEVTYP_DEVICEINTERFACE;
  filter.dbcc_classguid = kVolumeInterface;
  HDEVNOTIFY notify = RegisterDeviceNotificationW(hwnd, &filter, DEVICE_NOTIFY_WINDOW_HANDLE);
  watch->window = hwnd;
  ready->set_value(ERROR_SUCCESS);
  MSG msg;
  while (GetMessageW(&msg, nullptr, 0, 0) > 0) {
    TranslateMessage(&msg);
    DispatchMessageW(&msg);
  }
  if (notify != nullptr) UnregisterDeviceNotification(notify);
}

void StopWatch(std::unique_ptr<Watch> watch) {
  if (watch->window != nullptr) PostMessageW(watch->window, WM_CLOSE, 0, 0);
  if (watch->thread.joinable()) watch->thread.join();
  watch->channel->Close();
}

}  // namespace

Napi::Value WatchDevices(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Function callback = FunctionArg(info, 0, "callback");
  auto watch = std::make_unique<Watch>();
  watch->channel = std::make_unique<EventChannel>(env, callback, "custos-device-watch");
  std::promise<DWORD> ready;
  std::future<DWORD> started = ready.get_future();
  watch->thread = std::thread(RunWindow, watch.get(), &ready);
  DWORD err = started.get();
  if (err != ERROR_SUCCESS) {
    watch->thread.join();
    watch->channel->Close();
    ThrowWin32(env, "CreateWindowExW", err);
  }
  std::lock_guard<std::mutex> lock(gMutex);
  uint32_t id = gNextId++;
  gWatches[id] = std::move(watch);
  return Napi::Number::New(env, id);
}

Napi::Value UnwatchDevices(const Napi::CallbackInfo& info) {
  uint32_t id = Uint32Arg(info, 0, "id");
  std::unique_ptr<Watch> watch;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    auto found = gWatches.find(id);
    if (found == gWatches.end()) return Napi::Boolean::New(info.Env(), false);
    watch = std::move(found->second);
    gWatches.erase(found);
  }
  StopWatch(std::move(watch));
  return Napi::Boolean::New(info.Env(), true);
}

void CloseAllDeviceWatches() {
  std::map<uint32_t, std::unique_ptr<Watch>> all;
  {
    std::lock_guard<std::mutex> lock(gMutex);
    all.swap(gWatches);
  }
  for (auto& entry : all) StopWatch(std::move(entry.second));
}

}  // namespace custos
