import type { PromptLookup, PromptMessage } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { currentMessages } from './store.js';

/** The tenant's current messages as the engine's write-time lookup and the compiler read them. */
export async function promptLibrary(
  db: Kysely<Database>,
  tenantId: string,
): Promise<{ lookup: PromptLookup; textFor(id: string, language: string): string | null }> {
  const byId = new Map((await currentMessages(db, tenantId)).map((m) => [m.id, m]));
  return {
    lookup: {
      find: (id) => {
        const m = byId.get(id);
        return m ? { action: m.action as PromptMessage['action'], retired_at: m.retired_at } : undefined;
      },
    },
    // The tenant's notice language, English where the message has no text in it (document 1).
    textFor: (id, language) => {
      const m = byId.get(id);
      if (!m) return null;
      const texts = JSON.parse(m.texts) as Record<string, string>;
      return texts[language] ?? texts['en'] ?? null;
    },
  };
}

/** The names of the tenant's current messages, by id (what a policy package shows beside an id). */
export async function promptMessageNames(
  db: Kysely<Database>,
  tenantId: string,
): Promise<Map<string, string>> {
  return new Map((await currentMessages(db, tenantId)).map((m) => [m.id, m.name]));
}
