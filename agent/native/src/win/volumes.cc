// Volumes with what the storage stack says about the device behind them (bus type, removable
// media, vendor, product, firmware serial). The facade turns this into document 2's device
// classes; nothing is guessed here, and every per-volume failure is reported beside the volume.
#include "volumes.h"

#include <windows.h>
#include <setupapi.h>
#include <winioctl.h>

#include <vector>
#include <cstring>

#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

// Not exported by mingw's headers; value from the Windows SDK (ntddstor.h).
const GUID kDiskInterface = {0x53F56307, 0xB6BF, 0x11D0, {0x94, 0xF2, 0x00, 0xA0, 0xC9, 0x1E, 0xFB, 0x8B}};

const char* DriveTypeName(UINT type) {
  switch (type) {
    case DRIVE_REMOVABLE:
      return "removable";
    case DRIVE_FIXED:
      return "fixed";
    case DRIVE_REMOTE:
      return "remote";
    case DRIVE_CDROM:
      return "cdrom";
    case DRIVE_RAMDISK:
      return "ramdisk";
    case DRIVE_NO_ROOT_DIR:
      return "no_root";
    default:
      return "unknown";
  }
}

std::string DescriptorString(const std::vector<BYTE>& data, DWORD offset) {
  if (offset == 0 || offset >= data.size()) return std::string();
  const char* start = reinterpret_cast<const char*>(data.data()) + offset;
  size_t max = data.size() - offset;
  size_t length = strnlen(start, max);
  std::string text(start, length);
  size_t first = text.find_first_not_of(' ');
  size_t last = text.find_last_not_of(' ');
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

void DescribeDevice(Napi::Env env, const std::wstring& volumeGuidPath, Napi::Object out) {
  std::wstring device = volumeGuidPath;
  if (!device.empty() && device.back() == L'\\') device.pop_back();  // the device, not its root dir
  HANDLE handle = CreateFileW(device.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING, 0, nullptr);
  if (handle == INVALID_HANDLE_VALUE) {
    out.Set("queryError", MakeCodedError(env, FromWin32("CreateFileW", GetLastError())).Value());
    return;
  }
  STORAGE_PROPERTY_QUERY query{};
  query.PropertyId = StorageDeviceProperty;
  query.QueryType = PropertyStandardQuery;
  std::vector<BYTE> data(1024);
  DWORD returned = 0;
  BOOL ok = DeviceIoControl(handle, IOCTL_STORAGE_QUERY_PROPERTY, &query, sizeof query, data.data(),
                            static_cast<DWORD>(data.size()), &returned, nullptr);
  DWORD err = GetLastError();
  CloseHandle(handle);
  if (!ok || returned < sizeof(STORAGE_DEVICE_DESCRIPTOR)) {
    out.Set("queryError", MakeCodedError(env, FromWin32("DeviceIoControl", ok ? ERROR_INSUFFICIENT_BUFFER : err)).Value());
    return;
  }
  data.resize(returned);
  auto* descriptor = reinterpret_cast<STORAGE_DEVICE_DESCRIPTOR*>(data.data());
  out.Set("busType", Napi::Number::New(env, static_cast<double>(descriptor->BusType)));
  out.Set("removableMedia", Napi::Boolean::New(env, descriptor->RemovableMedia != FALSE));
  out.Set("vendor", DescriptorString(data, descriptor->VendorIdOffset));
  out.Set("product", DescriptorString(data, descriptor->ProductIdOffset));
  std::string serial = DescriptorString(data, descriptor->SerialNumberOffset);
  out.Set("serial", serial.empty() ? env.Null() : Napi::String::New(env, serial));
  out.Set("queryError", env.Null());
}

}  // namespace

Napi::Value ListVolumes(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Array list = Napi::Array::New(env);
  wchar_t name[MAX_PATH + 1];
  HANDLE find = FindFirstVolumeW(name, MAX_PATH + 1);
  if (find == INVALID_HANDLE_VALUE) {
    DWORD err = GetLastError();
    if (err == ERROR_NO_MORE_FILES) return list;
    ThrowWin32(env, "FindFirstVolumeW", err);
  }
  uint32_t count = 0;
  do {
    std::wstring volume(name);
    Napi::Object one = Napi::Object::New(env);
    one.Set("volume", WideToUtf8(volume.c_str()));
    Napi::Array mounts = Napi::Array::New(env);
    std::vector<wchar_t> paths(1024);
    DWORD needed = 0;
    if (!GetVolumePathNamesForVolumeNameW(volume.c_str(), paths.data(), static_cast<DWORD>(paths.size()), &needed) &&
        GetLastError() == ERROR_MORE_DATA) {
      paths.resize(needed);
      GetVolumePathNamesForVolumeNameW(volume.c_str(), paths.data(), static_cast<DWORD>(paths.size()), &needed);
    }
    uint32_t mountCount = 0;
    for (const wchar_t* p = paths.data(); *p != L'\0'; p += wcslen(p) + 1) mounts.Set(mountCount++, WideToUtf8(p));
    one.Set("mountPoints", mounts);
    // A drive root answers GetDriveTypeW more reliably than the volume GUID path (Wine answers
    // DRIVE_UNKNOWN for the latter).
    std::wstring root = paths[0] != L'\0' ? std::wstring(paths.data()) : volume;
    one.Set("driveType", DriveTypeName(GetDriveTypeW(root.c_str())));
    one.Set("busType", env.Null());
    one.Set("removableMedia", env.Null());
    one.Set("vendor", env.Null());
    one.Set("product", env.Null());
    one.Set("serial", env.Null());
    DescribeDevice(env, volume, one);
    list.Set(count++, one);
  } while (FindNextVolumeW(find, name, MAX_PATH + 1));
  DWORD err = GetLastError();
  FindVolumeClose(find);
  if (err != ERROR_NO_MORE_FILES) ThrowWin32(env, "FindNextVolumeW", err);
  return list;
}

// Present disk device interfaces (SetupAPI). Used beside ListVolumes to show whether the
// device layer sees disks at all; Wine answers an empty list.
Napi::Value DiskInterfaces(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  HDEVINFO set = SetupDiGetClassDevsW(&kDiskInterface, nullptr, nullptr, DIGCF_PRESENT | DIGCF_DEVICEINTERFACE);
  if (set == INVALID_HANDLE_VALUE) ThrowLastError(env, "SetupDiGetClassDevsW");
  Napi::Array list = Napi::Array::New(env);
  uint32_t count = 0;
  for (DWORD index = 0;; ++index) {
    SP_DEVICE_INTERFACE_DATA data{};
    data.cbSize = sizeof data;
    if (!SetupDiEnumDeviceInterfaces(set, nullptr, &kDiskInterface, index, &data)) {
      DWORD err = GetLastError();
      if (err == ERROR_NO_MORE_ITEMS) break;
      SetupDiDestroyDeviceInfoList(set);
      ThrowWin32(env, "SetupDiEnumDeviceInterfaces", err);
    }
    DWORD needed = 0;
    SetupDiGetDeviceInterfaceDetailW(set, &data, nullptr, 0, &needed, nullptr);
    if (needed == 0) continue;
    std::vector<BYTE> buffer(needed);
    auto* detail = reinterpret_cast<SP_DEVICE_INTERFACE_DETAIL_DATA_W*>(buffer.data());
    detail->cbSize = sizeof(SP_DEVICE_INTERFACE_DETAIL_DATA_W);
    if (SetupDiGetDeviceInterfaceDetailW(set, &data, detail, needed, nullptr, nullptr)) {
      list.Set(count++, WideToUtf8(detail->DevicePath));
    }
  }
  SetupDiDestroyDeviceInfoList(set);
  return list;
}

}  // namespace custos
