// Atomic replacement of the connection filters (document 1, Connection policies). The facade
// expands a bundle's connection policies into plain filter rows (layer, permit/block, weight,
// application path, address/prefix, port); here they are added inside one WFP transaction that
// first deletes the previous set, so a failure leaves the previous filters in force.
#include <fwpmu.h>

#include <memory>
#include <cstring>
#include <vector>

#include "host.h"
#include "wfp-guids.h"
#include "wfp-session.h"
#include "win-error.h"
#include "wide.h"

namespace custos {

namespace {

constexpr DWORD kFilterNotFound = 0x80320003;  // FWP_E_FILTER_NOT_FOUND

struct FilterRow {
  bool v6 = false;
  bool block = true;
  uint8_t weight = 0;
  std::wstring appPath;
  std::vector<uint8_t> address;
  uint8_t prefix = 0;
  int port = -1;
};

FilterRow ParseRow(Napi::Env env, const Napi::Value& value, uint32_t index) {
  std::string where = "filters[" + std::to_string(index) + "]";
  if (!value.IsObject()) ThrowBadArgument(env, where + " must be an object");
  Napi::Object row = value.As<Napi::Object>();
  FilterRow out;
  std::string layer = row.Get("layer").ToString().Utf8Value();
  std::string action = row.Get("action").ToString().Utf8Value();
  if (layer != "v4" && layer != "v6") ThrowBadArgument(env, where + ".layer must be v4 or v6");
  if (action != "permit" && action != "block") ThrowBadArgument(env, where + ".action must be permit or block");
  out.v6 = layer == "v6";
  out.block = action == "block";
  double weight = row.Get("weight").ToNumber().DoubleValue();
  if (!(weight >= 0 && weight <= 15)) ThrowBadArgument(env, where + ".weight must be 0-15");
  out.weight = static_cast<uint8_t>(weight);
  Napi::Value app = row.Get("appPath");
  if (app.IsString()) out.appPath = Utf8ToWide(app.As<Napi::String>().Utf8Value());
  Napi::Value address = row.Get("address");
  if (address.IsBuffer()) {
    auto bytes = address.As<Napi::Buffer<uint8_t>>();
    if (bytes.Length() != (out.v6 ? 16u : 4u)) ThrowBadArgument(env, where + ".address has the wrong length");
    out.address.assign(bytes.Data(), bytes.Data() + bytes.Length());
    double prefix = row.Get("prefix").ToNumber().DoubleValue();
    if (!(prefix >= 0 && prefix <= (out.v6 ? 128 : 32))) ThrowBadArgument(env, where + ".prefix is out of range");
    out.prefix = static_cast<uint8_t>(prefix);
  }
  Napi::Value port = row.Get("port");
  if (port.IsNumber()) {
    double p = port.As<Napi::Number>().DoubleValue();
    if (!(p >= 1 && p <= 65535)) ThrowBadArgument(env, where + ".port must be 1-65535");
    out.port = static_cast<int>(p);
  }
  return out;
}

struct AppIdBlob {
  FWP_BYTE_BLOB* blob = nullptr;
  ~AppIdBlob() {
    if (blob != nullptr) FwpmFreeMemory0(reinterpret_cast<void**>(&blob));
  }
};

// Adds one row; returns ERROR_SUCCESS or the failing code and syscall.
DWORD AddRow(HANDLE engine, const FilterRow& row, uint64_t* id, const char** syscall) {
  std::vector<FWPM_FILTER_CONDITION0> conditions;
  AppIdBlob app;
  FWP_V4_ADDR_AND_MASK v4{};
  FWP_V6_ADDR_AND_MASK v6{};
  if (!row.appPath.empty()) {
    if (!WineVersion().empty()) {
      *syscall = "FwpmGetAppIdFromFileName0";
      return ERROR_CALL_NOT_IMPLEMENTED;
    }
    DWORD rc = FwpmGetAppIdFromFileName0(row.appPath.c_str(), &app.blob);
    if (rc != ERROR_SUCCESS) {
      *syscall = "FwpmGetAppIdFromFileName0";
      return rc;
    }
    FWPM_FILTER_CONDITION0 condition{};
    condition.fieldKey = kConditionAleAppId;
    condition.matchType = FWP_MATCH_EQUAL;
    condition.conditionValue.type = FWP_BYTE_BLOB_TYPE;
    condition.conditionValue.byteBlob = app.blob;
    conditions.push_back(condition);
  }
  if (!row.address.empty()) {
    FWPM_FILTER_CONDITION0 condition{};
    condition.fieldKey = kConditionIpRemoteAddress;
    condition.matchType = FWP_MATCH_EQUAL;
    if (row.v6) {
      memcpy(v6.addr, row.address.data(), 16);
      v6.prefixLength = row.prefix;
      condition.conditionValue.type = FWP_V6_ADDR_MASK;
      condition.conditionValue.v6AddrMask = &v6;
    } else {
      // FWP_V4_ADDR_AND_MASK is in host byte order.
      v4.addr = (static_cast<UINT32>(row.address[0]) << 24) | (static_cast<UINT32>(row.address[1]) << 16) |
                (static_cast<UINT32>(row.address[2]) << 8) | row.address[3];
      v4.mask = row.prefix == 0 ? 0 : 0xFFFFFFFFu << (32 - row.prefix);
      condition.conditionValue.type = FWP_V4_ADDR_MASK;
      condition.conditionValue.v4AddrMask = &v4;
    }
    conditions.push_back(condition);
  }
  if (row.port > 0) {
    FWPM_FILTER_CONDITION0 condition{};
    condition.fieldKey = kConditionIpRemotePort;
    condition.matchType = FWP_MATCH_EQUAL;
    condition.conditionValue.type = FWP_UINT16;
    condition.conditionValue.uint16 = static_cast<UINT16>(row.port);
    conditions.push_back(condition);
  }
  FWPM_FILTER0 filter{};
  filter.displayData.name = const_cast<wchar_t*>(L"Custos DLP connection policy");
  // A block is a hard block: a lower-weight sublayer's permit cannot override it. Permits stay
  // soft, so an allow_only policy never lifts a block set by the firewall or another product.
  filter.flags = row.block ? kFilterFlagClearActionRight : 0;
  filter.providerKey = const_cast<GUID*>(&kCustosProvider);
  filter.layerKey = row.v6 ? kLayerAleAuthConnectV6 : kLayerAleAuthConnectV4;
  filter.subLayerKey = kCustosSublayer;
  filter.weight.type = FWP_UINT8;
  filter.weight.uint8 = row.weight;
  filter.numFilterConditions = static_cast<UINT32>(conditions.size());
  filter.filterCondition = conditions.empty() ? nullptr : conditions.data();
  filter.action.type = row.block ? FWP_ACTION_BLOCK : FWP_ACTION_PERMIT;
  UINT64 added = 0;
  DWORD rc = FwpmFilterAdd0(engine, &filter, nullptr, &added);
  if (rc != ERROR_SUCCESS) {
    *syscall = "FwpmFilterAdd0";
    return rc;
  }
  *id = added;
  return ERROR_SUCCESS;
}

[[noreturn]] void ThrowRowFailure(Napi::Env env, const char* syscall, DWORD rc, int index) {
  Napi::Error error = MakeCodedError(env, FromWin32(syscall, rc));
  if (index >= 0) {
    Napi::Array details = Napi::Array::New(env);
    Napi::Object detail = Napi::Object::New(env);
    detail.Set("field", "filters[" + std::to_string(index) + "]");
    detail.Set("message", "could not be added; the previous filters stay in force");
    details.Set(0u, detail);
    error.Value().Set("details", details);
  }
  throw error;
}

}  // namespace

Napi::Value WfpReplaceFilters(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  WfpSession* session = FindSession(env, Uint32Arg(info, 0, "session"));
  if (info.Length() < 2 || !info[1].IsArray()) ThrowBadArgument(env, "filters must be an array");
  Napi::Array rows = info[1].As<Napi::Array>();
  std::vector<FilterRow> parsed;
  for (uint32_t i = 0; i < rows.Length(); ++i) parsed.push_back(ParseRow(env, rows.Get(i), i));

  DWORD rc = FwpmTransactionBegin0(session->engine, 0);
  if (rc != ERROR_SUCCESS) ThrowWin32(env, "FwpmTransactionBegin0", rc);
  std::vector<uint64_t> previous;
  {
    std::lock_guard<std::mutex> lock(session->mutex);
    previous = session->filterIds;
  }
  for (uint64_t id : previous) {
    rc = FwpmFilterDeleteById0(session->engine, id);
    if (rc != ERROR_SUCCESS && rc != kFilterNotFound) {
      FwpmTransactionAbort0(session->engine);
      ThrowRowFailure(env, "FwpmFilterDeleteById0", rc, -1);
    }
  }
  std::vector<uint64_t> added;
  for (size_t i = 0; i < parsed.size(); ++i) {
    uint64_t id = 0;
    const char* syscall = "";
    rc = AddRow(session->engine, parsed[i], &id, &syscall);
    if (rc != ERROR_SUCCESS) {
      FwpmTransactionAbort0(session->engine);
      ThrowRowFailure(env, syscall, rc, static_cast<int>(i));
    }
    added.push_back(id);
  }
  rc = FwpmTransactionCommit0(session->engine);
  if (rc != ERROR_SUCCESS) {
    FwpmTransactionAbort0(session->engine);
    ThrowWin32(env, "FwpmTransactionCommit0", rc);
  }
  {
    std::lock_guard<std::mutex> lock(session->mutex);
    session->filterIds = added;
  }
  return Napi::Number::New(env, static_cast<double>(added.size()));
}

}  // namespace custos
