import { ApiError } from '../api/client.js';

/** What to show for a failed call: the server's message (already free of values). */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.body.message;
  return error instanceof Error ? error.message : String(error);
}

export function fieldErrorOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}
