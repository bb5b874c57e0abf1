import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { az } from './az.js';
import { type Catalogue, en, type MessageKey } from './en.js';
import { ru } from './ru.js';
import { tr } from './tr.js';

/** The console's languages: the product's detector and prompt languages (docs/console.md). */
export const LANGUAGES = { en, tr, ru, az } as const satisfies Record<string, Catalogue>;
export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  tr: 'Türkçe',
  ru: 'Русский',
  az: 'Azərbaycanca',
};

const BROWSER_KEY = 'custos.language';
const personKey = (userId: string) => `custos.language.${userId}`;

function isLanguage(x: string | null): x is Language {
  return x !== null && Object.hasOwn(LANGUAGES, x);
}

/** Before sign-in: this browser's last choice, else the browser's own language, else English. */
function initialLanguage(): Language {
  const stored = localStorage.getItem(BROWSER_KEY);
  if (isLanguage(stored)) return stored;
  const wanted = navigator.language.slice(0, 2).toLowerCase();
  return isLanguage(wanted) ? wanted : 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18n {
  language: Language;
  t: Translate;
  setLanguage(language: Language): void;
  /** Signed in: the person's own choice (kept per person) takes over. */
  setPerson(userId: string | null): void;
}

const Context = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [person, setPersonState] = useState<string | null>(null);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback(
    (next: Language) => {
      setLanguageState(next);
      localStorage.setItem(BROWSER_KEY, next);
      if (person) localStorage.setItem(personKey(person), next);
    },
    [person],
  );

  const setPerson = useCallback((userId: string | null) => {
    setPersonState(userId);
    if (!userId) return;
    const own = localStorage.getItem(personKey(userId));
    if (isLanguage(own)) setLanguageState(own);
  }, []);

  const t = useCallback<Translate>(
    (key, values) => {
      // An unknown key (a status value the server added later) shows as the value itself.
      const text: string = LANGUAGES[language][key] ?? en[key] ?? key.slice(key.indexOf('.') + 1);
      if (!values) return text;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in values ? String(values[name]) : whole,
      );
    },
    [language],
  );

  const value = useMemo(
    () => ({ language, t, setLanguage, setPerson }),
    [language, t, setLanguage, setPerson],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(Context);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}

export type { MessageKey };
