/** Prompt-message library (migration 0202): one row per version; the highest version is current. */
export interface PromptMessagesTable {
  id: string;
  version: number;
  tenant_id: string;
  name: string;
  /** warn, justify or block (PROMPT_ACTIONS says which policy actions each serves). */
  action: string;
  /** JSON `{en, az?, ru?, tr?}`, each at most 512 characters. */
  texts: string;
  created_by: string;
  created_at: string;
  retired_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    prompt_messages: PromptMessagesTable;
  }
}
