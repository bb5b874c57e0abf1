import { Link, useParams } from '@tanstack/react-router';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { AssignForm } from './assign-form.js';
import { Comments } from './comments.js';
import { EvidencePanel } from './evidence-panel.js';
import { HistoryList } from './history-list.js';
import { IncidentContext } from './incident-context.js';
import { useIncident } from './incident-query.js';
import { IncidentSummary } from './incident-summary.js';
import { LinksPanel } from './links-panel.js';
import { PlaybookPanel } from './playbook-panel.js';
import { SlaBlock } from './sla-block.js';
import { StatusForm } from './status-form.js';
import { Timeline } from './timeline.js';

/** `/incidents/$id`: summary, evidence, links, timeline, history, SLA, playbook, status, assignment, comments. */
export function IncidentPage() {
  const t = useT();
  const { id } = useParams({ from: '/signed-in/incidents/$id' });
  const me = useMe();
  const incident = useIncident(id);
  const canWrite = can(me.data, 'incidents:write');

  if (incident.isPending) return <p className="loading">{t('app.loading')}</p>;
  if (incident.isError) return <Alert kind="error">{messageOf(incident.error)}</Alert>;
  const d = incident.data;
  return (
    <>
      <p>
        <Link to="/incidents">{t('incident.back')}</Link>
      </p>
      <h1>
        {d.reference} · {d.title}
      </h1>
      <div className="incident">
        <div className="incident-main">
          <IncidentContext incident={d} prefs={me.data} />
          <IncidentSummary incident={d} prefs={me.data} />
          {can(me.data, 'evidence:read') && (
            <EvidencePanel incidentId={id} prefs={me.data} canDownload={can(me.data, 'evidence:file')} />
          )}
          <LinksPanel incident={d} canWrite={canWrite} />
          <Timeline id={id} prefs={me.data} />
          <HistoryList lines={d.history} prefs={me.data} />
        </div>
        <aside className="incident-side">
          <SlaBlock incident={d} prefs={me.data} />
          <PlaybookPanel incidentId={id} prefs={me.data} canWrite={canWrite} />
          {canWrite && <StatusForm incident={d} />}
          {canWrite && <AssignForm incident={d} />}
          <Comments id={id} prefs={me.data} canComment={can(me.data, 'incidents:comment')} />
        </aside>
      </div>
    </>
  );
}
