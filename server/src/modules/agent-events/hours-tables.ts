/**
 * The Activity Explorer's hourly roll-up of `agent_events` (migration 0870; docs/activity-explorer.md,
 * Hourly roll-up): how many events a tenant stored per UTC hour, channel and applied action.
 */
export interface AgentEventHoursTable {
  tenant_id: string;
  /** `YYYY-MM-DDTHH`: the first 13 characters of the events' `occurred_at`. */
  hour: string;
  channel: string;
  action: string;
  events: number;
}

declare module '../../db/database.js' {
  interface Database {
    agent_event_hours: AgentEventHoursTable;
  }
}
