// Fails fast, with the install command, when the machine has no Chromium for the tests.
import { chromiumPath } from './chromium.mjs';

chromiumPath();
