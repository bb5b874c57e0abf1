import { useState } from 'react';
import { useT } from '../i18n/index.js';

/** A secret or a command shown once: labelled, selectable, with a copy button. */
export function CopyText({ label, text }: { label: string; text: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission: the text stays selectable by hand.
      setCopied(false);
    }
  }
  return (
    <div className="copy-text">
      <p className="copy-label">{label}</p>
      <pre>
        <code>{text}</code>
      </pre>
      <button type="button" className="secondary" onClick={() => void copy()}>
        {t('admin.copy')}
      </button>
      {copied && <span role="status"> {t('admin.copied')}</span>}
    </div>
  );
}
