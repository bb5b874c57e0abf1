import { execFile } from 'node:child_process';
import type { DesktopAnswer, DesktopPrompt } from '../types.js';

/** Runs the dialog tool; null when the person pressed Cancel or closed it (exit status 1). */
function dialogRun(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env, signal }, (err, stdout) => {
      if (signal.aborted) return reject(new Error('withdrawn'));
      if (err && (err as { code?: unknown }).code === 1) return resolve(null);
      if (err) return reject(err);
      resolve(stdout.replace(/\n$/, ''));
    });
  });
}

function pickArgs(tool: string, title: string, text: string, reasons: string[]): string[] {
  if (tool === 'kdialog') return ['--title', title, '--combobox', text, ...reasons];
  return [
    '--list',
    '--radiolist',
    `--title=${title}`,
    `--text=${text}`,
    '--column=',
    '--column=Reason',
    ...reasons.flatMap((r, i) => [i === 0 ? 'TRUE' : 'FALSE', r]),
  ];
}

function entryArgs(tool: string, title: string, text: string): string[] {
  if (tool === 'kdialog') return ['--title', title, '--inputbox', text];
  return ['--entry', `--title=${title}`, `--text=${text}`];
}

/**
 * A justification or an analyst's question through zenity or kdialog. A justification picks a
 * reason category first (when the policy offers some), then asks for text when free text is
 * allowed, again while it is shorter than `min_chars` (three tries). The service checks the answer
 * again; the dialog only spares the person a refusal.
 */
export async function askByDialog(
  tool: string,
  prompt: Extract<DesktopPrompt, { kind: 'justify' | 'question' }>,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<DesktopAnswer> {
  if (prompt.kind === 'question') {
    const text = await dialogRun(tool, entryArgs(tool, prompt.title, prompt.text), env, signal);
    return text === null ? { result: 'cancelled' } : { result: 'answered', text };
  }
  let category: string | null = null;
  if (prompt.reasons.length > 0) {
    category = await dialogRun(tool, pickArgs(tool, prompt.title, prompt.text, prompt.reasons), env, signal);
    if (category === null || !prompt.reasons.includes(category)) return { result: 'cancelled' };
  }
  if (!prompt.free_text) return { result: 'justified', category, text: '' };
  let ask = `${prompt.text}\n\nYour reason (at least ${prompt.min_chars} characters):`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const text = await dialogRun(tool, entryArgs(tool, prompt.title, ask), env, signal);
    if (text === null) return { result: 'cancelled' };
    if (text.trim().length >= prompt.min_chars) return { result: 'justified', category, text: text.trim() };
    ask = `${prompt.text}\n\nThat reason is too short: at least ${prompt.min_chars} characters, please.`;
  }
  return { result: 'cancelled' };
}
