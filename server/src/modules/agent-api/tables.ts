/**
 * The signed-request nonce cache (migration 0300): a nonce seen inside the timestamp window is a
 * replay (document 2, Agent requests). Only the agent interface reads and writes it.
 */
export interface AgentNoncesTable {
  device_id: string;
  nonce: string;
  /** When the timestamp window no longer covers it and it may be forgotten. */
  expires_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    agent_nonces: AgentNoncesTable;
  }
}
