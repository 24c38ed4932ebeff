// The dice roller's page: an MCP App (ext-apps `App`) bundled by demo/mcp-app-server.mjs into one
// self-contained HTML document. It shows the roll the model asked for, rolls again through the
// server (`reroll_dice`, a tool only apps may call), tells the chat about the roll (`ui/message`)
// and keeps the model informed of what it shows (`ui/update-model-context`).

import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import { ParentTransport } from './parent-transport.js';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const facesEl = $('faces');
const totalEl = $('total');
const metaEl = $('meta');
const statusEl = $('status');
const rollButton = /** @type {HTMLButtonElement} */ ($('roll'));
const tellButton = /** @type {HTMLButtonElement} */ ($('tell'));

/** @type {{ dice: number, sides: number, rolls: number[], total: number, roll: number } | undefined} */
let state;
let busy = false;

const app = new App({ name: 'Dice roller', version: '1.0.0' });

function applyHostContext(context) {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

function setStatus(text) {
  statusEl.textContent = text;
}

function render() {
  rollButton.disabled = busy || !state;
  tellButton.disabled = busy || !state;
  if (!state) return;
  facesEl.replaceChildren(
    ...state.rolls.map((value) => {
      const face = document.createElement('span');
      face.className = 'face';
      face.textContent = state.sides === 6 ? FACES[value - 1] : String(value);
      face.title = String(value);
      return face;
    }),
  );
  facesEl.setAttribute('aria-label', `Dice: ${state.rolls.join(', ')}`);
  totalEl.textContent = String(state.total);
  metaEl.textContent = `Roll #${state.roll} · ${state.dice}d${state.sides}`;
}

/** A roll result from the server (structuredContent), or undefined when it is not one. */
function rollFrom(result) {
  const value = result?.structuredContent;
  if (!value || !Array.isArray(value.rolls) || typeof value.total !== 'number') return undefined;
  return { dice: value.dice, sides: value.sides, rolls: value.rolls, total: value.total };
}

function errorText(result, fallback) {
  const text = (result?.content ?? [])
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join(' ');
  return text || fallback;
}

/** Shows a new roll and tells the model about it (the latest state replaces the previous one). */
async function show(roll) {
  state = { ...roll, roll: (state?.roll ?? 0) + 1 };
  render();
  const summary = `Dice roller, roll #${state.roll} (${state.dice}d${state.sides}): ${state.rolls.join(' + ')} = ${state.total}.`;
  try {
    await app.updateModelContext({ content: [{ type: 'text', text: summary }], structuredContent: { ...state } });
  } catch (error) {
    console.warn('dice roller: the host did not take the model context', error);
  }
}

app.onhostcontextchanged = (context) => applyHostContext(context);

app.ontoolinput = ({ arguments: args }) => {
  setStatus(`Rolling ${args?.dice ?? 2}d${args?.sides ?? 6}…`);
};

app.ontoolresult = async (result) => {
  const roll = rollFrom(result);
  if (!roll || result.isError) {
    setStatus(errorText(result, 'The roll did not work.'));
    return;
  }
  await show(roll);
  setStatus('Rolled by the model.');
};

app.ontoolcancelled = ({ reason }) => setStatus(reason ? `No roll: ${reason}` : 'No roll: the call was cancelled.');

app.onteardown = async () => ({});

rollButton.addEventListener('click', async () => {
  if (!state || busy) return;
  busy = true;
  render();
  setStatus('Rolling again…');
  try {
    const result = await app.callServerTool({ name: 'reroll_dice', arguments: { dice: state.dice, sides: state.sides } });
    const roll = rollFrom(result);
    if (!roll || result.isError) {
      setStatus(errorText(result, 'The server did not roll.'));
    } else {
      await show(roll);
      setStatus('Rolled again by the app (reroll_dice on the MCP server).');
    }
  } catch (error) {
    setStatus(`The server did not roll: ${error?.message ?? error}`);
  } finally {
    busy = false;
    render();
  }
});

tellButton.addEventListener('click', async () => {
  if (!state || busy) return;
  const text = `I rolled ${state.rolls.join(' + ')} = ${state.total} on roll #${state.roll}.`;
  busy = true;
  render();
  try {
    const result = await app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
    setStatus(result?.isError ? 'The chat did not take the message.' : 'Sent to the chat.');
  } catch (error) {
    setStatus(`The chat did not take the message: ${error?.message ?? error}`);
  } finally {
    busy = false;
    render();
  }
});

render();
app
  .connect(new ParentTransport())
  .then(() => {
    applyHostContext(app.getHostContext());
    if (!state) setStatus('Waiting for the roll…');
  })
  .catch((error) => setStatus(`Could not connect to the chat: ${error?.message ?? error}`));
