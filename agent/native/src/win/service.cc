// Windows service support. StartServiceCtrlDispatcherW blocks for the life of the service, so it
// runs on its own thread; control requests (stop, shutdown) go to JavaScript as events and the
// agent answers with ServiceSetStatus once it has flushed its queue. Started outside the service
// control manager, the dispatcher fails with ERROR_FAILED_SERVICE_CONTROLLER_CONNECT, which
// becomes native.not_a_service, so `dlp-agent run` in a console keeps working.
#include "service.h"

#include <windows.h>

#include <future>
#include <memory>
#include <mutex>
#include <thread>

#include "js-events.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

struct ServiceState {
  std::wstring name;
  std::unique_ptr<EventChannel> channel;
  std::thread thread;
  SERVICE_STATUS_HANDLE statusHandle = nullptr;
  SERVICE_STATUS status{};
  HANDLE stopped = nullptr;
  std::promise<DWORD> started;
  bool dispatcherFailed = false;  // set before `started` when StartServiceCtrlDispatcherW itself failed
  std::mutex mutex;
};

ServiceState* gService = nullptr;

DWORD WINAPI ControlHandler(DWORD control, DWORD, LPVOID, LPVOID context) {
  auto* state = static_cast<ServiceState*>(context);
  switch (control) {
    case SERVICE_CONTROL_STOP:
    case SERVICE_CONTROL_SHUTDOWN: {
      {
        std::lock_guard<std::mutex> lock(state->mutex);
        state->status.dwCurrentState = SERVICE_STOP_PENDING;
        state->status.dwWaitHint = 30000;
        SetServiceStatus(state->statusHandle, &state->status);
      }
      state->channel->Post(JsEvent().Text("control", control == SERVICE_CONTROL_STOP ? "stop" : "shutdown"));
      return NO_ERROR;
    }
    case SERVICE_CONTROL_INTERROGATE:
      return NO_ERROR;
    default:
      return ERROR_CALL_NOT_IMPLEMENTED;
  }
}

void WINAPI ServiceMain(DWORD, LPWSTR*) {
  ServiceState* state = gService;
  state->statusHandle = RegisterServiceCtrlHandlerExW(state->name.c_str(), ControlHandler, state);
  if (state->statusHandle == nullptr) {
    state->started.set_value(GetLastError());
    return;
  }
  {
    std::lock_guard<std::mutex> lock(state->mutex);
    state->status.dwServiceType = SERVICE_WIN32_OWN_PROCESS;
    state->status.dwCurrentState = SERVICE_START_PENDING;
    state->status.dwWaitHint = 30000;
    SetServiceStatus(state->statusHandle, &state->status);
  }
  state->started.set_value(ERROR_SUCCESS);
  // ServiceMain must not return before the service reports SERVICE_STOPPED.
  WaitForSingleObject(state->stopped, INFINITE);
}

void RunDispatcher(ServiceState* state) {
  SERVICE_TABLE_ENTRYW table[] = {{&state->name[0], ServiceMain}, {nullptr, nullptr}};
  if (!StartServiceCtrlDispatcherW(table)) {
    DWORD err = GetLastError();
    try {
      state->dispatcherFailed = true;
      state->started.set_value(err);
    } catch (const std::future_error&) {
      // ServiceMain already answered; the dispatcher failing later is reported as an event.
      state->channel->Post(JsEvent().Text("control", "dispatcher_failed").Number("osCode", err));
    }
  }
}

}  // namespace

Napi::Value ServiceStart(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string name = StringArg(info, 0, "name");
  Napi::Function callback = FunctionArg(info, 1, "callback");
  if (gService != nullptr) ThrowWin32(env, "StartServiceCtrlDispatcherW", ERROR_SERVICE_ALREADY_RUNNING);
  auto state = std::make_unique<ServiceState>();
  state->name = Utf8ToWide(name);
  state->stopped = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  if (state->stopped == nullptr) ThrowLastError(env, "CreateEventW");
  state->channel = std::make_unique<EventChannel>(env, callback, "custos-service");
  std::future<DWORD> started = state->started.get_future();
  gService = state.get();
  state->thread = std::thread(RunDispatcher, state.get());
  DWORD err = started.get();
  if (err != ERROR_SUCCESS) {
    gService = nullptr;
    state->channel->Close();
    const bool dispatcherFailed = state->dispatcherFailed;
    if (dispatcherFailed) {
      state->thread.join();  // the dispatcher returned: nothing runs on that thread any more
      CloseHandle(state->stopped);
    } else {
      // ServiceMain could not register its handler; the dispatcher may still be running and
      // owns the state, so it is left to the process rather than freed under it.
      state->thread.detach();
      state.release();
    }
    ThrowWin32(env, dispatcherFailed ? "StartServiceCtrlDispatcherW" : "RegisterServiceCtrlHandlerExW", err);
  }
  state.release();  // owned by gService until CloseService
  return env.Undefined();
}

// state: running | stopped. `stopped` lets ServiceMain return and the dispatcher thread end.
Napi::Value ServiceSetStatus(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::string state = StringArg(info, 0, "state");
  uint32_t exitCode = info.Length() > 1 ? Uint32Arg(info, 1, "exitCode") : 0;
  if (gService == nullptr) ThrowWin32(env, "SetServiceStatus", ERROR_FAILED_SERVICE_CONTROLLER_CONNECT);
  std::lock_guard<std::mutex> lock(gService->mutex);
  SERVICE_STATUS& status = gService->status;
  if (state == "running") {
    status.dwCurrentState = SERVICE_RUNNING;
    status.dwControlsAccepted = SERVICE_ACCEPT_STOP | SERVICE_ACCEPT_SHUTDOWN;
    status.dwWaitHint = 0;
  } else if (state == "stopped") {
    status.dwCurrentState = SERVICE_STOPPED;
    status.dwControlsAccepted = 0;
    status.dwWin32ExitCode = exitCode == 0 ? NO_ERROR : ERROR_SERVICE_SPECIFIC_ERROR;
    status.dwServiceSpecificExitCode = exitCode;
  } else {
    ThrowBadArgument(env, "state must be running or stopped");
  }
  if (!SetServiceStatus(gService->statusHandle, &status)) ThrowLastError(env, "SetServiceStatus");
  if (state == "stopped") SetEvent(gService->stopped);
  return env.Undefined();
}

void CloseService() {
  ServiceState* state = gService;
  if (state == nullptr) return;
  {
    // The dispatcher returns only once the service reports SERVICE_STOPPED; an agent that exits
    // without saying so must not hang its own exit.
    std::lock_guard<std::mutex> lock(state->mutex);
    if (state->statusHandle != nullptr && state->status.dwCurrentState != SERVICE_STOPPED) {
      state->status.dwCurrentState = SERVICE_STOPPED;
      state->status.dwControlsAccepted = 0;
      SetServiceStatus(state->statusHandle, &state->status);
    }
  }
  SetEvent(state->stopped);
  if (state->thread.joinable()) state->thread.join();
  state->channel->Close();
  CloseHandle(state->stopped);
  gService = nullptr;
  delete state;
}

}  // namespace custos
