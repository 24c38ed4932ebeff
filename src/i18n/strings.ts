/**
 * UI texts. `lang` picks a built-in table (by primary language subtag); the `strings` property
 * overrides single keys. Texts with `{name}` placeholders are filled by `format`.
 */
export interface ChatStrings {
  conversation: string;
  /** Spoken before each message, so screen-reader users can tell turns apart. */
  you: string;
  assistant: string;
  inputLabel: string;
  placeholder: string;
  send: string;
  stop: string;
  retry: string;
  copy: string;
  copied: string;
  reasoning: string;
  thinking: string;
  replying: string;
  step: string;
  stopped: string;
  jumpToLatest: string;
  toolRunning: string;
  toolDone: string;
  toolError: string;
  toolCancelled: string;
  toolNotCompleted: string;
  toolArguments: string;
  toolResult: string;
  toolNoResult: string;
  toolInvalidArguments: string;
  errorTitle: string;
  configError: string;
  appLoading: string;
  appUnavailable: string;
  appAsk: string;
  appAllow: string;
  appRefuse: string;
  appFullScreen: string;
  appExitFullScreen: string;
  appPane: string;
  appBackToCard: string;
  appInPane: string;
  appLeftItsPage: string;
  activityCalls: string;
  activityNotes: string;
  activityShowConversation: string;
  activityHideConversation: string;
  activityConversationOf: string;
  activityMoreCalls: string;
  activityFailed: string;
  /** A second, third… delegation to the same subagent in one reply. */
  activityNumbered: string;
  /** A subagent started by another subagent. */
  activityFor: string;
}

const en: ChatStrings = {
  conversation: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  inputLabel: 'Message',
  placeholder: 'Type a message…',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  reasoning: 'Reasoning',
  thinking: 'Thinking…',
  replying: 'The assistant is replying…',
  step: 'Step: {step}',
  stopped: 'Stopped.',
  jumpToLatest: 'Jump to latest',
  toolRunning: 'Running',
  toolDone: 'Done',
  toolError: 'Failed',
  toolCancelled: 'Cancelled',
  toolNotCompleted: 'Not completed',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  toolNoResult: 'No result.',
  toolInvalidArguments: 'The arguments are not valid JSON.',
  errorTitle: 'Something went wrong',
  configError: 'This chat is not set up correctly',
  appLoading: 'Loading the app…',
  appUnavailable: 'The app cannot be shown',
  appAsk: 'The app wants to run {tool}',
  appAllow: 'Allow',
  appRefuse: 'Refuse',
  appFullScreen: 'Full screen',
  appExitFullScreen: 'Exit full screen',
  appPane: 'Open beside the chat',
  appBackToCard: 'Back into the conversation',
  appInPane: 'This app is open beside the chat.',
  appLeftItsPage: 'The app left its page, so it was stopped.',
  activityCalls: '{count} calls',
  activityNotes: 'Notes',
  activityShowConversation: 'Show conversation',
  activityHideConversation: 'Hide conversation',
  activityConversationOf: 'Everything {label} did in this reply',
  activityMoreCalls: '{count} more calls not shown',
  activityFailed: 'Failed: {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, for {parent}',
};

const de: ChatStrings = {
  conversation: 'Unterhaltung',
  you: 'Sie',
  assistant: 'Assistent',
  inputLabel: 'Nachricht',
  placeholder: 'Nachricht eingeben…',
  send: 'Senden',
  stop: 'Stopp',
  retry: 'Erneut versuchen',
  copy: 'Kopieren',
  copied: 'Kopiert',
  reasoning: 'Überlegungen',
  thinking: 'Denkt nach…',
  replying: 'Der Assistent antwortet…',
  step: 'Schritt: {step}',
  stopped: 'Angehalten.',
  jumpToLatest: 'Zum Neuesten',
  toolRunning: 'Läuft',
  toolDone: 'Fertig',
  toolError: 'Fehlgeschlagen',
  toolCancelled: 'Abgebrochen',
  toolNotCompleted: 'Nicht abgeschlossen',
  toolArguments: 'Argumente',
  toolResult: 'Ergebnis',
  toolNoResult: 'Kein Ergebnis.',
  toolInvalidArguments: 'Die Argumente sind kein gültiges JSON.',
  errorTitle: 'Etwas ist schiefgelaufen',
  configError: 'Dieser Chat ist nicht richtig eingerichtet',
  appLoading: 'Die App wird geladen…',
  appUnavailable: 'Die App kann nicht angezeigt werden',
  appAsk: 'Die App möchte {tool} ausführen',
  appAllow: 'Erlauben',
  appRefuse: 'Ablehnen',
  appFullScreen: 'Vollbild',
  appExitFullScreen: 'Vollbild beenden',
  appPane: 'Neben dem Chat öffnen',
  appBackToCard: 'Zurück in das Gespräch',
  appInPane: 'Diese App ist neben dem Chat geöffnet.',
  appLeftItsPage: 'Die App hat ihre Seite verlassen und wurde deshalb angehalten.',
  activityCalls: '{count} Aufrufe',
  activityNotes: 'Notizen',
  activityShowConversation: 'Gespräch zeigen',
  activityHideConversation: 'Gespräch ausblenden',
  activityConversationOf: 'Alles, was {label} in dieser Antwort getan hat',
  activityMoreCalls: '{count} weitere Aufrufe nicht angezeigt',
  activityFailed: 'Fehlgeschlagen: {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, für {parent}',
};

const fr: ChatStrings = {
  conversation: 'Conversation',
  you: 'Vous',
  assistant: 'Assistant',
  inputLabel: 'Message',
  placeholder: 'Écrivez un message…',
  send: 'Envoyer',
  stop: 'Arrêter',
  retry: 'Réessayer',
  copy: 'Copier',
  copied: 'Copié',
  reasoning: 'Raisonnement',
  thinking: 'Réflexion…',
  replying: 'L’assistant répond…',
  step: 'Étape : {step}',
  stopped: 'Arrêté.',
  jumpToLatest: 'Aller au plus récent',
  toolRunning: 'En cours',
  toolDone: 'Terminé',
  toolError: 'Échec',
  toolCancelled: 'Annulé',
  toolNotCompleted: 'Non terminé',
  toolArguments: 'Arguments',
  toolResult: 'Résultat',
  toolNoResult: 'Aucun résultat.',
  toolInvalidArguments: 'Les arguments ne sont pas du JSON valide.',
  errorTitle: 'Un problème est survenu',
  configError: 'Ce chat n’est pas configuré correctement',
  appLoading: 'Chargement de l’application…',
  appUnavailable: 'L’application ne peut pas être affichée',
  appAsk: 'L’application veut exécuter {tool}',
  appAllow: 'Autoriser',
  appRefuse: 'Refuser',
  appFullScreen: 'Plein écran',
  appExitFullScreen: 'Quitter le plein écran',
  appPane: 'Ouvrir à côté de la discussion',
  appBackToCard: 'Revenir dans la conversation',
  appInPane: 'Cette application est ouverte à côté de la discussion.',
  appLeftItsPage: 'L’application a quitté sa page ; elle a été arrêtée.',
  activityCalls: '{count} appels',
  activityNotes: 'Notes',
  activityShowConversation: 'Afficher la conversation',
  activityHideConversation: 'Masquer la conversation',
  activityConversationOf: 'Tout ce que {label} a fait dans cette réponse',
  activityMoreCalls: '{count} appels de plus non affichés',
  activityFailed: 'Échec : {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, pour {parent}',
};

const tables: Record<string, ChatStrings> = { en, de, fr };

export function resolveStrings(lang: string | undefined, overrides?: Partial<ChatStrings>): ChatStrings {
  const primary = (lang ?? '').toLowerCase().split('-')[0];
  return { ...(tables[primary] ?? en), ...overrides };
}

export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The words for a tool call's (or a subagent's) status. */
export function statusText(strings: ChatStrings, status: 'running' | 'done' | 'error' | 'cancelled' | 'not-completed'): string {
  const labels = {
    running: strings.toolRunning,
    done: strings.toolDone,
    error: strings.toolError,
    cancelled: strings.toolCancelled,
    'not-completed': strings.toolNotCompleted,
  };
  return labels[status];
}
