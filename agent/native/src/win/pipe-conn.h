// One connected named-pipe end (server instance or client handle) with its own I/O thread:
// overlapped reads become JS `data` events, writes are queued from JS and written on the thread,
// the end of the connection is one `close` event. Shared by the session pipe server and client.
#pragma once
#include <napi.h>
#include <windows.h>

#include <cstdint>
#include <memory>
#include <string>

#include "js-events.h"

namespace custos {

// Takes ownership of `pipe`; answers the connection id events and calls name. `ownsChannel`:
// the channel is this connection's alone and is closed after its `close` event (a client).
uint32_t StartPipeConnection(HANDLE pipe, std::shared_ptr<EventChannel> channel, bool ownsChannel);
// Queues bytes for the connection; false when it has ended.
bool PipeConnectionWrite(uint32_t id, std::string bytes);
// Ends the connection once queued bytes are written (`flush`) or at once.
bool PipeConnectionEnd(uint32_t id, bool flush);
// Ends every connection and waits (bounded) for their threads: the environment is going away.
void CloseAllPipeConnections();

// The SID of a token's user as text (S-1-5-...), empty when unreadable.
std::string TokenUserSid(HANDLE token);

Napi::Value SessionPipeWrite(const Napi::CallbackInfo& info);
Napi::Value SessionPipeEnd(const Napi::CallbackInfo& info);

}  // namespace custos
