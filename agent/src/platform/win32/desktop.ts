import { type DialogAnswer, type DialogSpec, nativeAvailable, nativeFunction } from '@custos/native';
import type { DesktopAnswer, DesktopPrompt, DesktopPrompts } from '../types.js';

/** How long a notice stays on screen: it gates nothing, so it closes by itself. */
export const NOTICE_MS = 15_000;

/** The addon's dialog calls (tests pass their own; Wine and Windows run the real ones). */
export interface DialogApi {
  show(spec: DialogSpec, done: (answer: DialogAnswer) => void): number;
  close(id: number): boolean;
}

export const nativeDialogApi: DialogApi = {
  show: (spec, done) => nativeFunction('dialogShow')(spec, done),
  close: (id) => nativeFunction('dialogClose')(id),
};

/** The native dialog for a prompt: the service owns the timeout (it withdraws), except for notices. */
export function dialogSpecFor(prompt: DesktopPrompt): DialogSpec {
  const base = { title: prompt.title, text: prompt.text };
  if (prompt.kind === 'notice') return { kind: 'notice', ...base, timeoutMs: NOTICE_MS };
  if (prompt.kind === 'justify')
    return {
      kind: 'justify',
      ...base,
      reasons: prompt.reasons,
      freeText: prompt.free_text,
      minChars: prompt.min_chars,
    };
  return { kind: prompt.kind, ...base };
}

/** The person's answer as the channel carries it; anything but OK is Cancel (document 1). */
export function answerOf(prompt: DesktopPrompt, a: DialogAnswer): DesktopAnswer {
  if (prompt.kind === 'notice') return { result: 'shown' };
  if (a.result !== 'ok') return { result: 'cancelled' };
  if (prompt.kind === 'continue') return { result: 'continued' };
  if (prompt.kind === 'question') return { result: 'answered', text: a.text };
  return { result: 'justified', category: prompt.reasons.length > 0 ? a.category : null, text: a.text };
}

/**
 * The desktop of a Windows session: every prompt is a native dialog from the addon (an in-memory
 * dialog template on its own thread; no UI framework). A notice is shown and answered `shown` at
 * once; the other prompts wait for the person or the service's withdrawal (its timeout).
 * A dialog that cannot be created (no interactive desktop) fails the prompt with the coded error,
 * and the service records the person as not asked.
 */
export function openWin32Desktop(
  api: DialogApi | null = nativeAvailable('dialogShow') ? nativeDialogApi : null,
): DesktopPrompts {
  const reason = api ? null : 'this build of the native addon has no dialogs';
  return {
    notifications: api !== null,
    dialog: api ? 'native' : null,
    reason,
    ask(prompt: DesktopPrompt, signal: AbortSignal): Promise<DesktopAnswer> {
      if (!api) return Promise.reject(new Error(reason ?? 'no dialogs'));
      return new Promise((resolve, reject) => {
        let id: number | null = null;
        const onAbort = () => {
          if (id !== null) api.close(id);
          reject(new Error('withdrawn'));
        };
        id = api.show(dialogSpecFor(prompt), (a) => {
          signal.removeEventListener('abort', onAbort);
          if (prompt.kind !== 'notice') resolve(answerOf(prompt, a));
        });
        if (prompt.kind === 'notice') return resolve({ result: 'shown' });
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    close() {},
  };
}
