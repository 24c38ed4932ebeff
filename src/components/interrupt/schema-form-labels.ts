import type { SchemaFormLabels } from '../../ask/forms/schema-form.js';
import { formLabels } from '../../i18n/form-labels.js';
import type { ChatStrings } from '../../i18n/strings.js';

/** The generated forms' texts in the chat's language, with the page's `strings.form` on top. */
export function schemaFormLabels(strings: ChatStrings): SchemaFormLabels {
  return formLabels(strings.locale, strings.form);
}
