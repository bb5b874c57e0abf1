import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

/**
 * "Export package" on the policy page (issue 25, docs/policy-packages.md): fetches the version as
 * a portable package and saves it as a JSON file. The server audits the export.
 */
export function ExportPackageButton(props: { policyId: string; version: number; fileStem: string }) {
  const t = useT();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<number | null>(null);
  async function download() {
    setError(null);
    setDone(null);
    try {
      const pkg = await call(
        api.GET('/api/v1/policies/{id}/versions/{version}/package', {
          params: { path: { id: props.policyId, version: props.version } },
        }),
      );
      const url = URL.createObjectURL(new Blob([JSON.stringify(pkg, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${props.fileStem}-v${props.version}.policy-package.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      setDone(props.version);
    } catch (e) {
      setError(e);
    }
  }
  return (
    <>
      <button type="button" className="secondary" onClick={() => void download()}>
        {t('pkg.export', { version: props.version })}
      </button>
      {done !== null && (
        <span role="status" className="hint">
          {' '}
          {t('pkg.exported', { version: done })}
        </span>
      )}
      {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
    </>
  );
}
