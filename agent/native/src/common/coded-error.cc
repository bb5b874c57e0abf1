#include "coded-error.h"

namespace custos {

Napi::Error MakeCodedError(Napi::Env env, const OsFailure& failure) {
  std::string text = failure.syscall.empty() ? failure.message : failure.syscall + " failed: " + failure.message;
  Napi::Error error = Napi::Error::New(env, text);
  Napi::Object value = error.Value();
  value.Set("code", failure.code);
  value.Set("syscall", failure.syscall);
  value.Set("osCode", Napi::Number::New(env, static_cast<double>(failure.osCode)));
  value.Set("osCodeKind", failure.kind);
  value.Set("details", Napi::Array::New(env));
  return error;
}

void ThrowCoded(Napi::Env env, const OsFailure& failure) { throw MakeCodedError(env, failure); }

void ThrowBadArgument(Napi::Env env, const std::string& message) {
  Napi::TypeError error = Napi::TypeError::New(env, message);
  error.Value().Set("code", "native.bad_argument");
  throw error;
}

std::string StringArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  if (info.Length() <= index || !info[index].IsString()) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be a string");
  }
  std::string value = info[index].As<Napi::String>().Utf8Value();
  if (value.empty() || value.find('\0') != std::string::npos) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be a non-empty string without NUL");
  }
  return value;
}

uint32_t Uint32Arg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  if (info.Length() <= index || !info[index].IsNumber()) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be a number");
  }
  double value = info[index].As<Napi::Number>().DoubleValue();
  if (!(value >= 0 && value <= 4294967295.0) || value != static_cast<double>(static_cast<uint32_t>(value))) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be an unsigned 32-bit integer");
  }
  return static_cast<uint32_t>(value);
}

Napi::Buffer<uint8_t> BufferArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  if (info.Length() <= index || !info[index].IsBuffer()) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be a Buffer");
  }
  return info[index].As<Napi::Buffer<uint8_t>>();
}

Napi::Function FunctionArg(const Napi::CallbackInfo& info, size_t index, const char* name) {
  if (info.Length() <= index || !info[index].IsFunction()) {
    ThrowBadArgument(info.Env(), std::string(name) + " must be a function");
  }
  return info[index].As<Napi::Function>();
}

}  // namespace custos
