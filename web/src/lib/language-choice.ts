import { changeLanguage, type Language } from '../i18n';

/**
 * A language the user picked on purpose (the language switcher), as opposed to the one the
 * app starts in. The app listens to save it to the signed-in user's profile, which is the
 * language their emails and notifications are written in.
 */
type Listener = (language: Language) => void;
const listeners = new Set<Listener>();

export function onLanguageChosen(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Switches the UI (see `changeLanguage`), then tells the listeners the language now in use. */
export async function chooseLanguage(code: string): Promise<Language> {
  const language = await changeLanguage(code);
  for (const listener of [...listeners]) listener(language);
  return language;
}
