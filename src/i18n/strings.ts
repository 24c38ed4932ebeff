/**
 * UI texts. `lang` picks a built-in table (by primary language subtag); the `strings` property
 * overrides single keys. Texts with `{name}` placeholders are filled by `format`; texts with a
 * number (`Counted`) have one form per plural category and are filled by `formatCount`.
 */
import type { SchemaFormLabels } from '../ask/schema-form.js';
import type { Counted } from './plural.js';
export interface ChatStrings {
  /** The language these texts are in (BCP 47): dates and generated forms follow it. */
  locale: string;
  /** Texts of forms built from a JSON Schema (see `SchemaFormLabels`); loaded with those forms. */
  form?: Partial<SchemaFormLabels>;
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
  /** A restored app card whose app the person used: it shows the app's first state. */
  appReopened: string;
  activityCalls: Counted;
  activityNotes: string;
  activityShowConversation: string;
  activityHideConversation: string;
  activityConversationOf: string;
  activityMoreCalls: Counted;
  activityFailed: string;
  /** A second, third… delegation to the same subagent in one reply. */
  activityNumbered: string;
  /** A subagent started by another subagent. */
  activityFor: string;
  toolWaiting: string;
  askTitle: string;
  askOther: string;
  askOtherLabel: string;
  askSubmit: string;
  askNothingChosen: string;
  askOtherEmpty: string;
  askOrWrite: string;
  askWaitingPage: string;
  askWaitingMessage: string;
  askDeferred: string;
  askFailed: string;
  askNotAnswered: string;
  askUnreadable: string;
  approvalApprove: string;
  approvalDeny: string;
  approvalEdit: string;
  approvalApproveEdited: string;
  approvalReason: string;
  approvalBack: string;
  approvalAsk: string;
  approvalConfirm: string;
  approvalApproved: string;
  approvalApprovedEdited: string;
  approvalDenied: string;
  approvalDeniedReason: string;
  approvalArgsInvalid: string;
  requestInput: string;
  requestSkip: string;
  requestSkipped: string;
  requestAnswered: string;
  requestExpired: string;
  requestExpires: string;
  requestKept: string;
  inputHeld: string;
  inputHeldGo: string;
  requestAnswer: string;
  threadsHeading: string;
  threadsShow: string;
  threadsHide: string;
  threadNew: string;
  threadUntitled: string;
  threadsEmpty: string;
  threadActions: string;
  threadRename: string;
  threadTitle: string;
  threadSave: string;
  threadCancel: string;
  threadDelete: string;
  threadExport: string;
  threadImport: string;
  threadImportNotJson: string;
  threadDeleteConfirm: string;
  threadCurrent: string;
  editMessage: string;
  editLabel: string;
  editSend: string;
  editCancel: string;
  regenerate: string;
  branchPrevious: string;
  branchNext: string;
  branchPosition: string;
  storageProblem: string;
  storageExport: string;
  storageDismiss: string;
  earlierMessages: Counted;
}

const en: ChatStrings = {
  locale: 'en',
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
  appPane: 'Keep in view',
  appBackToCard: 'Back into the conversation',
  appInPane: 'This app is in its pane, in view while you scroll.',
  appReopened: 'Shown as it first opened: what was done in the app since is not kept.',
  appLeftItsPage: 'The app left its page, so it was stopped.',
  activityCalls: { one: '{count} call', other: '{count} calls' },
  activityNotes: 'Notes',
  activityShowConversation: 'Show conversation',
  activityHideConversation: 'Hide conversation',
  activityConversationOf: 'Everything {label} did in this reply',
  activityMoreCalls: { one: '{count} more call not shown', other: '{count} more calls not shown' },
  activityFailed: 'Failed: {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, for {parent}',
  toolWaiting: 'Waiting for you',
  askTitle: 'Questions',
  askOther: 'Other',
  askOtherLabel: 'Your own answer to “{question}”',
  askSubmit: 'Send answers',
  askNothingChosen: 'Choose an answer to at least one question, or write in the chat instead.',
  askOtherEmpty: 'Write your own answer to “{question}”, or untick Other.',
  askOrWrite: 'You can also answer by writing in the chat.',
  askWaitingPage: 'Waiting for the answers…',
  askWaitingMessage: 'Answer in your next message.',
  askDeferred: 'Answered in the chat instead.',
  askFailed: 'The answers could not be collected: {error}',
  askNotAnswered: 'Not answered',
  askUnreadable: 'These questions cannot be shown: {error}',
  approvalApprove: 'Approve',
  approvalDeny: 'Deny',
  approvalEdit: 'Edit arguments',
  approvalApproveEdited: 'Approve with these arguments',
  approvalReason: 'Reason (optional)',
  approvalBack: 'Back',
  approvalAsk: 'The agent wants to run {tool}. Do you approve?',
  approvalConfirm: 'The agent asks for your confirmation.',
  approvalApproved: 'Approved',
  approvalApprovedEdited: 'Approved with changed arguments',
  approvalDenied: 'Denied',
  approvalDeniedReason: 'Denied: {reason}',
  approvalArgsInvalid: 'The arguments must be a JSON object.',
  requestInput: 'The agent needs some information.',
  requestSkip: 'Skip',
  requestSkipped: 'Skipped',
  requestAnswered: 'Answered',
  requestExpired: 'This request expired ({time}); it can no longer be answered.',
  requestExpires: 'Answer by {time}.',
  requestKept: 'Your answer is kept until the other requests are answered.',
  inputHeld: 'The agent is waiting for your answer above; your message stays here.',
  inputHeldGo: 'Go to it',
  requestAnswer: 'Your answer',
  threadsHeading: 'Conversations',
  threadsShow: 'Show conversations',
  threadsHide: 'Hide conversations',
  threadNew: 'New conversation',
  threadUntitled: 'New conversation',
  threadsEmpty: 'No conversations yet.',
  threadActions: 'Actions for “{title}”',
  threadRename: 'Rename',
  threadTitle: 'Title',
  threadSave: 'Save',
  threadCancel: 'Cancel',
  threadDelete: 'Delete',
  threadExport: 'Export',
  threadImport: 'Import…',
  threadImportNotJson: 'The conversation could not be imported: {name} is not a JSON file.',
  threadDeleteConfirm: 'Delete “{title}”? This cannot be undone.',
  threadCurrent: '(open)',
  editMessage: 'Edit',
  editLabel: 'Edit your message',
  editSend: 'Send',
  editCancel: 'Cancel',
  regenerate: 'Regenerate',
  branchPrevious: 'Previous version',
  branchNext: 'Next version',
  branchPosition: 'Version {index} of {count}',
  storageProblem: 'Conversations cannot be saved in this browser: {reason} This one goes on here; export it to keep it.',
  storageExport: 'Export',
  storageDismiss: 'Dismiss',
  earlierMessages: { one: 'Show {count} earlier message', other: 'Show {count} earlier messages' },
};

const de: ChatStrings = {
  locale: 'de',
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
  appPane: 'Im Blick behalten',
  appBackToCard: 'Zurück in das Gespräch',
  appInPane: 'Diese App ist in ihrem Bereich geöffnet und bleibt beim Scrollen sichtbar.',
  appReopened: 'So gezeigt, wie sie sich zuerst öffnete: was seitdem in der App geschah, bleibt nicht erhalten.',
  appLeftItsPage: 'Die App hat ihre Seite verlassen und wurde deshalb angehalten.',
  activityCalls: { one: '{count} Aufruf', other: '{count} Aufrufe' },
  activityNotes: 'Notizen',
  activityShowConversation: 'Gespräch zeigen',
  activityHideConversation: 'Gespräch ausblenden',
  activityConversationOf: 'Alles, was {label} in dieser Antwort getan hat',
  activityMoreCalls: { one: '{count} weiterer Aufruf nicht angezeigt', other: '{count} weitere Aufrufe nicht angezeigt' },
  activityFailed: 'Fehlgeschlagen: {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, für {parent}',
  toolWaiting: 'Wartet auf Sie',
  askTitle: 'Fragen',
  askOther: 'Andere',
  askOtherLabel: 'Ihre eigene Antwort auf „{question}“',
  askSubmit: 'Antworten senden',
  askNothingChosen: 'Wählen Sie mindestens eine Antwort, oder schreiben Sie stattdessen in den Chat.',
  askOtherEmpty: 'Schreiben Sie Ihre eigene Antwort auf „{question}“, oder entfernen Sie das Häkchen bei Andere.',
  askOrWrite: 'Sie können auch im Chat antworten.',
  askWaitingPage: 'Warte auf die Antworten…',
  askWaitingMessage: 'Antworten Sie in Ihrer nächsten Nachricht.',
  askDeferred: 'Stattdessen im Chat beantwortet.',
  askFailed: 'Die Antworten konnten nicht eingeholt werden: {error}',
  askNotAnswered: 'Nicht beantwortet',
  askUnreadable: 'Diese Fragen können nicht angezeigt werden: {error}',
  approvalApprove: 'Genehmigen',
  approvalDeny: 'Ablehnen',
  approvalEdit: 'Argumente bearbeiten',
  approvalApproveEdited: 'Mit diesen Argumenten genehmigen',
  approvalReason: 'Grund (optional)',
  approvalBack: 'Zurück',
  approvalAsk: 'Der Agent möchte {tool} ausführen. Genehmigen Sie das?',
  approvalConfirm: 'Der Agent bittet um Ihre Bestätigung.',
  approvalApproved: 'Genehmigt',
  approvalApprovedEdited: 'Mit geänderten Argumenten genehmigt',
  approvalDenied: 'Abgelehnt',
  approvalDeniedReason: 'Abgelehnt: {reason}',
  approvalArgsInvalid: 'Die Argumente müssen ein JSON-Objekt sein.',
  requestInput: 'Der Agent benötigt einige Angaben.',
  requestSkip: 'Überspringen',
  requestSkipped: 'Übersprungen',
  requestAnswered: 'Beantwortet',
  requestExpired: 'Diese Anfrage ist abgelaufen ({time}) und kann nicht mehr beantwortet werden.',
  requestExpires: 'Antworten Sie bis {time}.',
  requestKept: 'Ihre Antwort wird aufbewahrt, bis die anderen Anfragen beantwortet sind.',
  inputHeld: 'Der Agent wartet oben auf Ihre Antwort; Ihre Nachricht bleibt hier.',
  inputHeldGo: 'Dorthin',
  requestAnswer: 'Ihre Antwort',
  threadsHeading: 'Unterhaltungen',
  threadsShow: 'Unterhaltungen zeigen',
  threadsHide: 'Unterhaltungen ausblenden',
  threadNew: 'Neue Unterhaltung',
  threadUntitled: 'Neue Unterhaltung',
  threadsEmpty: 'Noch keine Unterhaltungen.',
  threadActions: 'Aktionen für „{title}“',
  threadRename: 'Umbenennen',
  threadTitle: 'Titel',
  threadSave: 'Speichern',
  threadCancel: 'Abbrechen',
  threadDelete: 'Löschen',
  threadExport: 'Exportieren',
  threadImport: 'Importieren…',
  threadImportNotJson: 'Das Gespräch konnte nicht importiert werden: {name} ist keine JSON-Datei.',
  threadDeleteConfirm: '„{title}“ löschen? Das lässt sich nicht rückgängig machen.',
  threadCurrent: '(geöffnet)',
  editMessage: 'Bearbeiten',
  editLabel: 'Ihre Nachricht bearbeiten',
  editSend: 'Senden',
  editCancel: 'Abbrechen',
  regenerate: 'Neu erzeugen',
  branchPrevious: 'Vorherige Version',
  branchNext: 'Nächste Version',
  branchPosition: 'Version {index} von {count}',
  storageProblem: 'Unterhaltungen können in diesem Browser nicht gespeichert werden: {reason} Diese geht hier weiter; exportieren Sie sie, um sie zu behalten.',
  storageExport: 'Exportieren',
  storageDismiss: 'Schließen',
  earlierMessages: { one: '{count} frühere Nachricht zeigen', other: '{count} frühere Nachrichten zeigen' },
};

const fr: ChatStrings = {
  locale: 'fr',
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
  appPane: 'Garder en vue',
  appBackToCard: 'Revenir dans la conversation',
  appInPane: 'Cette application est ouverte dans son volet et reste visible pendant le défilement.',
  appReopened: 'Affichée telle qu’à son ouverture : ce qui a été fait dans l’application depuis n’est pas conservé.',
  appLeftItsPage: 'L’application a quitté sa page ; elle a été arrêtée.',
  activityCalls: { one: '{count} appel', other: '{count} appels' },
  activityNotes: 'Notes',
  activityShowConversation: 'Afficher la conversation',
  activityHideConversation: 'Masquer la conversation',
  activityConversationOf: 'Tout ce que {label} a fait dans cette réponse',
  activityMoreCalls: { one: '{count} appel de plus non affiché', other: '{count} appels de plus non affichés' },
  activityFailed: 'Échec : {error}',
  activityNumbered: '{name} ({n})',
  activityFor: '{label}, pour {parent}',
  toolWaiting: 'En attente de vous',
  askTitle: 'Questions',
  askOther: 'Autre',
  askOtherLabel: 'Votre propre réponse à « {question} »',
  askSubmit: 'Envoyer les réponses',
  askNothingChosen: 'Choisissez au moins une réponse, ou écrivez plutôt dans la discussion.',
  askOtherEmpty: 'Écrivez votre réponse à « {question} », ou décochez Autre.',
  askOrWrite: 'Vous pouvez aussi répondre en écrivant dans la discussion.',
  askWaitingPage: 'En attente des réponses…',
  askWaitingMessage: 'Répondez dans votre prochain message.',
  askDeferred: 'Réponse donnée dans la discussion.',
  askFailed: 'Les réponses n’ont pas pu être recueillies : {error}',
  askNotAnswered: 'Sans réponse',
  askUnreadable: 'Ces questions ne peuvent pas être affichées : {error}',
  approvalApprove: 'Approuver',
  approvalDeny: 'Refuser',
  approvalEdit: 'Modifier les arguments',
  approvalApproveEdited: 'Approuver avec ces arguments',
  approvalReason: 'Raison (facultatif)',
  approvalBack: 'Retour',
  approvalAsk: 'L’agent veut exécuter {tool}. Approuvez-vous ?',
  approvalConfirm: 'L’agent demande votre confirmation.',
  approvalApproved: 'Approuvé',
  approvalApprovedEdited: 'Approuvé avec des arguments modifiés',
  approvalDenied: 'Refusé',
  approvalDeniedReason: 'Refusé : {reason}',
  approvalArgsInvalid: 'Les arguments doivent être un objet JSON.',
  requestInput: 'L’agent a besoin de quelques informations.',
  requestSkip: 'Passer',
  requestSkipped: 'Ignoré',
  requestAnswered: 'Répondu',
  requestExpired: 'Cette demande a expiré ({time}) ; on ne peut plus y répondre.',
  requestExpires: 'Répondez avant {time}.',
  requestKept: 'Votre réponse est conservée jusqu’à ce que les autres demandes aient une réponse.',
  inputHeld: 'L’agent attend votre réponse ci-dessus ; votre message reste ici.',
  inputHeldGo: 'Y aller',
  requestAnswer: 'Votre réponse',
  threadsHeading: 'Conversations',
  threadsShow: 'Afficher les conversations',
  threadsHide: 'Masquer les conversations',
  threadNew: 'Nouvelle conversation',
  threadUntitled: 'Nouvelle conversation',
  threadsEmpty: 'Aucune conversation pour l’instant.',
  threadActions: 'Actions pour « {title} »',
  threadRename: 'Renommer',
  threadTitle: 'Titre',
  threadSave: 'Enregistrer',
  threadCancel: 'Annuler',
  threadDelete: 'Supprimer',
  threadExport: 'Exporter',
  threadImport: 'Importer…',
  threadImportNotJson: 'La conversation n’a pas pu être importée : {name} n’est pas un fichier JSON.',
  threadDeleteConfirm: 'Supprimer « {title} » ? Cette action est irréversible.',
  threadCurrent: '(ouverte)',
  editMessage: 'Modifier',
  editLabel: 'Modifier votre message',
  editSend: 'Envoyer',
  editCancel: 'Annuler',
  regenerate: 'Régénérer',
  branchPrevious: 'Version précédente',
  branchNext: 'Version suivante',
  branchPosition: 'Version {index} sur {count}',
  storageProblem: 'Les conversations ne peuvent pas être enregistrées dans ce navigateur : {reason} Celle-ci continue ici ; exportez-la pour la garder.',
  storageExport: 'Exporter',
  storageDismiss: 'Fermer',
  earlierMessages: { one: 'Afficher le message précédent', other: 'Afficher les {count} messages précédents' },
};

const tables: Record<string, ChatStrings> = { en, de, fr };

export function resolveStrings(lang: string | undefined, overrides?: Partial<ChatStrings>): ChatStrings {
  const primary = (lang ?? '').toLowerCase().split('-')[0];
  const table = tables[primary] ?? en;
  return { ...table, locale: lang || table.locale, ...overrides };
}

export function format(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The words for a tool call's (or a subagent's) status. */
export function statusText(strings: ChatStrings, status: 'running' | 'done' | 'error' | 'cancelled' | 'not-completed' | 'waiting'): string {
  const labels = {
    waiting: strings.toolWaiting,
    running: strings.toolRunning,
    done: strings.toolDone,
    error: strings.toolError,
    cancelled: strings.toolCancelled,
    'not-completed': strings.toolNotCompleted,
  };
  return labels[status];
}
