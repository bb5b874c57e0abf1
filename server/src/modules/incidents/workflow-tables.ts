/** Incident history lines and discussion comments (migration 0340; docs/incidents.md). */
export interface IncidentHistoryTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  at: string;
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  /** 'status' | 'assignment' | 'link' | 'unlink' (links-service.ts) */
  kind: string;
  from_value: string | null;
  to_value: string | null;
  disposition: string | null;
  note: string | null;
  request_id: string | null;
  /** The bulk request's correlation id (document 2, Events); null for a single change. */
  correlation_id: string | null;
}

export interface IncidentCommentsTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  author_id: string | null;
  author_email: string | null;
  body: string;
  /** 1 when the person on the endpoint answered a question (document 2, incident-answers). */
  from_person: number;
  created_at: string;
}

export interface IncidentQuestionsTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  device_id: string;
  question: string;
  asked_by: string | null;
  asked_at: string;
  /** Document 2, Limits: a question lapses after 3 days unanswered. */
  lapses_at: string;
  answered_at: string | null;
}

export interface IncidentAcceptancesTable {
  incident_id: string;
  tenant_id: string;
  accepted_until: string;
  accepted_by: string | null;
  accepted_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_history: IncidentHistoryTable;
    incident_comments: IncidentCommentsTable;
    incident_questions: IncidentQuestionsTable;
    incident_acceptances: IncidentAcceptancesTable;
  }
}
