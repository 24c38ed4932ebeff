/**
 * Where the tests find Chromium: $CHROMIUM_PATH, else Debian's /usr/bin/chromium.
 * Nothing here downloads a browser; a missing one stops the run with the command that installs it.
 */
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function chromiumPath() {
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  console.error(
    [
      'No Chromium found for the tests (looked at: ' + candidates.join(', ') + ').',
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at a Chromium/Chrome binary, then run `npm test` again.',
    ].join('\n'),
  );
  process.exit(1);
}
