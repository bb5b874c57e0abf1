import { Link } from '@tanstack/react-router';
import { useT } from '../i18n/index.js';
import { Alert } from './alert.js';
import { messageOf } from './errors.js';

/** A page that failed to render: the reason in the person's language, and a way back. */
export function PageError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <main id="main">
      <Alert kind="error">{t('app.error', { message: messageOf(error) })}</Alert>
      <Link to="/incidents">{t('nav.incidents')}</Link>
    </main>
  );
}

/** A client route that does not exist. */
export function PageNotFound() {
  const t = useT();
  return (
    <main id="main">
      <h1>{t('app.notFound')}</h1>
      <Link to="/incidents">{t('nav.incidents')}</Link>
    </main>
  );
}
