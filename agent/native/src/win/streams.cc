// NTFS alternate data streams: our label stream (document 1, apply_label) and the browser's
// Zone.Identifier (document 2, file.mark_of_the_web). Only named streams are touched here; the
// facade decides what may be written. StreamProbe tells a real stream from an emulation (Wine
// stores `file:stream` as a separate file), so the agent can report the capability honestly.
#include "streams.h"

#include <windows.h>

#include <vector>
#include <cwchar>

#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

constexpr DWORD kMaxStreamBytes = 64 * 1024;  // labels and Zone.Identifier are a few hundred bytes

std::wstring StreamName(const Napi::CallbackInfo& info, size_t index) {
  std::string name = StringArg(info, index, "stream");
  if (name.size() > 200 || name.find_first_of(":\\/") != std::string::npos) {
    ThrowBadArgument(info.Env(), "stream must be a plain stream name without ':', '\\' or '/'");
  }
  return Utf8ToWide(name);
}

void RequireFile(Napi::Env env, const std::wstring& path) {
  DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) ThrowLastError(env, "GetFileAttributesW");
}

struct Handle {
  HANDLE value = INVALID_HANDLE_VALUE;
  ~Handle() {
    if (value != INVALID_HANDLE_VALUE) CloseHandle(value);
  }
};

}  // namespace

Napi::Value StreamRead(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring path = Utf8ToWide(StringArg(info, 0, "path"));
  std::wstring stream = StreamName(info, 1);
  RequireFile(env, path);  // a missing file is an error; a missing stream is null
  Handle file;
  file.value = CreateFileW((path + L":" + stream).c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file.value == INVALID_HANDLE_VALUE) {
    DWORD err = GetLastError();
    if (err == ERROR_FILE_NOT_FOUND) return env.Null();
    ThrowWin32(env, "CreateFileW", err);
  }
  LARGE_INTEGER size;
  if (!GetFileSizeEx(file.value, &size)) ThrowLastError(env, "GetFileSizeEx");
  if (size.QuadPart > kMaxStreamBytes) ThrowWin32(env, "GetFileSizeEx", ERROR_INSUFFICIENT_BUFFER);
  std::vector<char> data(static_cast<size_t>(size.QuadPart) + 1);
  DWORD total = 0;
  for (;;) {
    DWORD got = 0;
    if (!ReadFile(file.value, data.data() + total, static_cast<DWORD>(data.size()) - total, &got, nullptr)) {
      ThrowLastError(env, "ReadFile");
    }
    if (got == 0) break;
    total += got;
    if (total == data.size()) {
      if (data.size() > kMaxStreamBytes) ThrowWin32(env, "ReadFile", ERROR_INSUFFICIENT_BUFFER);
      data.resize(data.size() * 2);
    }
  }
  return Napi::Buffer<char>::Copy(env, data.data(), total);
}

// mode create: only when the stream is absent (another writer wins, we get native.exists);
// replace: only when present; any: either. The file's own times are restored afterwards so a
// label never looks like a content change to backup or sync tools.
Napi::Value StreamWrite(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring path = Utf8ToWide(StringArg(info, 0, "path"));
  std::wstring stream = StreamName(info, 1);
  Napi::Buffer<uint8_t> value = BufferArg(info, 2, "value");
  std::string mode = StringArg(info, 3, "mode");
  DWORD disposition = CREATE_ALWAYS;
  if (mode == "create") {
    disposition = CREATE_NEW;
  } else if (mode == "replace") {
    disposition = TRUNCATE_EXISTING;
  } else if (mode != "any") {
    ThrowBadArgument(env, "mode must be create, replace or any");
  }
  if (value.Length() > kMaxStreamBytes) ThrowBadArgument(env, "value is larger than 64 KiB");
  RequireFile(env, path);

  FILETIME created{}, accessed{}, written{};
  Handle main;
  main.value = CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES | FILE_WRITE_ATTRIBUTES,
                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                           FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  bool haveTimes = main.value != INVALID_HANDLE_VALUE && GetFileTime(main.value, &created, &accessed, &written);

  Handle file;
  file.value = CreateFileW((path + L":" + stream).c_str(), GENERIC_WRITE, 0, nullptr, disposition,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file.value == INVALID_HANDLE_VALUE) {
    DWORD err = GetLastError();
    OsFailure failure = FromWin32("CreateFileW", err);
    // The stream vanished since it was read: the same signal as ENODATA for an xattr replace, so
    // the label rules re-read instead of failing.
    if (disposition == TRUNCATE_EXISTING && err == ERROR_FILE_NOT_FOUND) failure.code = "native.no_data";
    ThrowCoded(env, failure);
  }
  DWORD total = 0;
  while (total < value.Length()) {
    DWORD wrote = 0;
    if (!WriteFile(file.value, value.Data() + total, static_cast<DWORD>(value.Length()) - total, &wrote, nullptr)) {
      ThrowLastError(env, "WriteFile");
    }
    total += wrote;
  }
  CloseHandle(file.value);
  file.value = INVALID_HANDLE_VALUE;
  if (haveTimes) SetFileTime(main.value, &created, &accessed, &written);
  return env.Undefined();
}

// Named streams of a file as Windows lists them (`:name:$DATA`). ERROR_HANDLE_EOF means none.
Napi::Value StreamList(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring path = Utf8ToWide(StringArg(info, 0, "path"));
  RequireFile(env, path);
  WIN32_FIND_STREAM_DATA data;
  HANDLE find = FindFirstStreamW(path.c_str(), FindStreamInfoStandard, &data, 0);
  Napi::Array list = Napi::Array::New(env);
  if (find == INVALID_HANDLE_VALUE) {
    DWORD err = GetLastError();
    if (err == ERROR_HANDLE_EOF) return list;
    ThrowWin32(env, "FindFirstStreamW", err);
  }
  uint32_t count = 0;
  do {
    Napi::Object one = Napi::Object::New(env);
    one.Set("name", WideToUtf8(data.cStreamName));
    one.Set("size", Napi::Number::New(env, static_cast<double>(data.StreamSize.QuadPart)));
    list.Set(count++, one);
  } while (FindNextStreamW(find, &data));
  DWORD err = GetLastError();
  FindClose(find);
  if (err != ERROR_HANDLE_EOF) ThrowWin32(env, "FindNextStreamW", err);
  return list;
}

// Writes a probe stream on a scratch file in `dir` and looks at what really happened:
// native   — FindFirstStreamW lists it and the directory shows one entry;
// emulated — the directory shows a second file literally named `probe:stream` (Wine);
// unsupported — the stream could not be created (FAT volumes answer ERROR_INVALID_NAME).
Napi::Value StreamProbe(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  std::wstring dir = Utf8ToWide(StringArg(info, 0, "dir"));
  if (!dir.empty() && dir.back() != L'\\' && dir.back() != L'/') dir += L'\\';
  wchar_t stem[96];
  swprintf(stem, 96, L"custos-stream-probe-%lu-%lu", GetCurrentProcessId(), GetTickCount());
  std::wstring file = dir + stem;
  std::wstring streamPath = file + L":custos.probe";

  Napi::Object out = Napi::Object::New(env);
  wchar_t volume[MAX_PATH + 1];
  DWORD flags = 0;
  wchar_t fsName[64] = {0};
  if (GetVolumePathNameW(dir.c_str(), volume, MAX_PATH + 1) &&
      GetVolumeInformationW(volume, nullptr, 0, nullptr, nullptr, &flags, fsName, 64)) {
    out.Set("fileSystem", WideToUtf8(fsName));
    out.Set("volumeReportsNamedStreams", Napi::Boolean::New(env, (flags & FILE_NAMED_STREAMS) != 0));
  } else {
    out.Set("fileSystem", env.Null());
    out.Set("volumeReportsNamedStreams", env.Null());
  }

  Handle created;
  created.value = CreateFileW(file.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_TEMPORARY, nullptr);
  if (created.value == INVALID_HANDLE_VALUE) ThrowLastError(env, "CreateFileW");
  CloseHandle(created.value);
  created.value = INVALID_HANDLE_VALUE;

  Handle stream;
  stream.value = CreateFileW(streamPath.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
  DWORD streamError = stream.value == INVALID_HANDLE_VALUE ? GetLastError() : ERROR_SUCCESS;
  if (stream.value != INVALID_HANDLE_VALUE) {
    DWORD wrote = 0;
    WriteFile(stream.value, "probe", 5, &wrote, nullptr);
    CloseHandle(stream.value);
    stream.value = INVALID_HANDLE_VALUE;
  }

  int entries = 0;
  bool siblingNamedLikeStream = false;
  WIN32_FIND_DATAW found;
  HANDLE find = FindFirstFileW((file + L"*").c_str(), &found);
  if (find != INVALID_HANDLE_VALUE) {
    do {
      ++entries;
      if (wcschr(found.cFileName, L':') != nullptr) siblingNamedLikeStream = true;
    } while (FindNextFileW(find, &found));
    FindClose(find);
  }

  bool listed = false;
  WIN32_FIND_STREAM_DATA data;
  HANDLE streams = FindFirstStreamW(file.c_str(), FindStreamInfoStandard, &data, 0);
  DWORD listError = streams == INVALID_HANDLE_VALUE ? GetLastError() : ERROR_SUCCESS;
  if (streams != INVALID_HANDLE_VALUE) {
    do {
      if (wcscmp(data.cStreamName, L":custos.probe:$DATA") == 0) listed = true;
    } while (FindNextStreamW(streams, &data));
    FindClose(streams);
  }

  if (siblingNamedLikeStream) DeleteFileW(streamPath.c_str());  // the emulation's separate file
  DeleteFileW(file.c_str());

  const char* kind = "unsupported";
  if (streamError == ERROR_SUCCESS) kind = siblingNamedLikeStream ? "emulated" : (listed ? "native" : "unverified");
  out.Set("kind", kind);
  out.Set("directoryEntries", Napi::Number::New(env, entries));
  out.Set("listedByFindFirstStream", Napi::Boolean::New(env, listed));
  if (streamError != ERROR_SUCCESS) {
    out.Set("error", MakeCodedError(env, FromWin32("CreateFileW", streamError)).Value());
  } else if (!listed) {
    out.Set("error", MakeCodedError(env, FromWin32("FindFirstStreamW", listError)).Value());
  }
  return out;
}

}  // namespace custos
