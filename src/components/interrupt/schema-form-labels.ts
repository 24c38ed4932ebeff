import { englishSchemaFormLabels, type SchemaFormLabels } from '../../ask/forms/labels.js';
import type { ChatStrings } from '../../i18n/chat-strings.js';

/** The generated forms' texts in the chat's language (its translation's `form`, else English), with the page's `strings.form` on top. */
export function schemaFormLabels(strings: ChatStrings): SchemaFormLabels {
  return { ...englishSchemaFormLabels, locale: strings.locale, ...strings.form };
}
