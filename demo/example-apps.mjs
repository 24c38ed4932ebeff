// Two official MCP App examples beside the demo's own dice roller, served unchanged from npm: the
// cohort heat map (a chart, "heatmap") and the three.js scene (WebGL, "threejs"). Each package's
// `createServer()` is served over Streamable HTTP on a port of its own; the demo page connects to
// them with `<agent-chat-mcp-server>`, and both scripted agents (AG-UI and AI SDK) call their main
// tools on words such as "heatmap" or "3d". They are dev dependencies: when one is not installed
// (a copy of the demo without them), the demo starts without it and says so.

import { startMcpServer } from './mcp-http.mjs';
import { contentText } from './message-text.mjs';
import { scriptFollowUp } from './scripted-page.mjs';

/** @typedef {import('./scripted-agent.mjs').Step} Step */
/** @typedef {import('@ag-ui/core').RunAgentInput} RunAgentInput */
/** @typedef {{ content?: unknown, error?: string }} ToolMessage  What a run gets of a call's result. */

export const HEATMAP_TOOL = 'get-cohort-data';
export const THREEJS_TOOL = 'show_threejs_scene';

/**
 * The scene the model "writes" for the three.js app: a cube in a ring, turning, with the camera
 * under the mouse (OrbitControls). The app runs the code from the call's arguments; `THREE`,
 * `OrbitControls`, `canvas`, `width` and `height` are its globals. A clear background, so it sits
 * on the card in either theme.
 */
export const THREEJS_SCENE = `const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(60, width / height, 0.1, 100);
camera.position.set(2.2, 1.6, 2.6);
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true });
renderer.setSize(width, height);
renderer.setClearColor(0x000000, 0);
const controls = new OrbitControls(camera, renderer.domElement);
controls.enableDamping = true;
const cube = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshStandardMaterial({ color: 0x6366f1, roughness: 0.35 }));
const ring = new THREE.Mesh(new THREE.TorusGeometry(1.15, 0.07, 16, 96), new THREE.MeshStandardMaterial({ color: 0xf59e0b, roughness: 0.4 }));
ring.rotation.x = Math.PI / 2.4;
const light = new THREE.DirectionalLight(0xffffff, 1);
light.position.set(3, 4, 5);
scene.add(cube, ring, light, new THREE.AmbientLight(0x808080));
function animate() {
  requestAnimationFrame(animate);
  cube.rotation.x += 0.006;
  cube.rotation.y += 0.01;
  ring.rotation.z += 0.004;
  controls.update();
  renderer.render(scene, camera);
}
animate();`;

/**
 * The examples: the name on the page (`<agent-chat-mcp-server name>`), the npm package, what the
 * start-up lines call it, the environment variable that picks its port and the page's placeholder.
 */
export const EXAMPLE_APPS = [
  {
    name: 'heatmap',
    packageName: '@modelcontextprotocol/server-cohort-heatmap',
    label: 'cohort heat map MCP server (an official MCP App example, a chart)',
    portVariable: 'HEATMAP_PORT',
    placeholder: 'HEATMAP_URL',
  },
  {
    name: 'threejs',
    packageName: '@modelcontextprotocol/server-threejs',
    label: 'three.js MCP server (an official MCP App example, WebGL)',
    portVariable: 'THREEJS_PORT',
    placeholder: 'THREEJS_URL',
  },
];

const isMissing = (error, packageName) => error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(packageName);

/**
 * Starts each example's server (port from `ports[name]`, 0 or none: a free one). A package that is
 * not installed is skipped with a line in `log`; any other failure throws (after closing the rest).
 * `load` imports a package (a test swaps it).
 * @returns {Promise<{ running: Array<{ name: string, label: string, port: number, calls: Record<string, number>, close: () => Promise<void> }>, close: () => Promise<void> }>}
 */
export async function startExampleApps({ host = '127.0.0.1', ports = {}, log = console.log, load = (name) => import(name) } = {}) {
  const running = [];
  const close = () => Promise.all(running.map((server) => server.close())).then(() => {});
  try {
    for (const example of EXAMPLE_APPS) {
      let createServer;
      try {
        ({ createServer } = await load(example.packageName));
      } catch (error) {
        if (!isMissing(error, example.packageName)) throw error;
        log(`agent-chat demo: ${example.packageName} is not installed (a dev dependency), so the demo has no ${example.name} app; "npm install" adds it.`);
        continue;
      }
      const server = await startMcpServer(createServer, { host, port: ports[example.name] ?? 0, path: '/mcp' });
      running.push({ ...server, name: example.name, label: example.label });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { running, close };
}

/**
 * The demo page with the running examples' URLs in their placeholders (`%HEATMAP_URL%`, for the
 * host name the browser used) and the `<agent-chat-mcp-server>` of any that is not running left out.
 * @param {string} page @param {Array<{ name: string, port: number }>} running @param {string} hostname
 */
export function withExampleUrls(page, running, hostname) {
  let out = page;
  for (const example of EXAMPLE_APPS) {
    const server = running.find((entry) => entry.name === example.name);
    const url = server ? `http://${hostname}:${server.port}/mcp` : undefined;
    out = url
      ? out.replaceAll(`%${example.placeholder}%`, url)
      : out.replace(new RegExp(`[ \\t]*<agent-chat-mcp-server name="${example.name}" url="%${example.placeholder}%"></agent-chat-mcp-server>\\n?`, 'g'), '');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The scripted agents' words

const offers = (input, name) => (input.tools ?? []).some((tool) => tool?.name === name);

function notOffered(tool, what) {
  return [
    {
      kind: 'text',
      text: `I would show you ${what}, but this chat offers no \`${tool}\` tool. It comes from an official MCP App \
example the page connects with \`<agent-chat-mcp-server>\`; the demo page at \`npm run demo\` has it when the \
example's package is installed (\`npm install\`).`,
    },
  ];
}

/** "heatmap", "chart", "cohort": the heat map's tool, for the metric the message names (retention by default). @returns {Step[]} */
export function heatmapScript(text, input) {
  if (!offers(input, HEATMAP_TOOL)) return notOffered(HEATMAP_TOOL, 'a cohort heat map');
  const metric = /\brevenue/i.test(text) ? 'revenue' : /\bactive/i.test(text) ? 'active' : 'retention';
  return [
    { kind: 'text', text: `Here is a cohort ${metric} heat map, drawn by the official cohort-heatmap MCP App example.` },
    { kind: 'client-tool', name: HEATMAP_TOOL, args: { metric, periodType: 'monthly', cohortCount: 12, maxPeriods: 12 } },
  ];
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const percent = (values) => `${Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100)} %`;

/** What the agent says of the cohort data the widget got. @param {ToolMessage} message @returns {Step[]} */
export function heatmapResultScript(message) {
  const text = contentText(message.content);
  const data = message.error ? undefined : parseJson(text);
  if (!Array.isArray(data?.cohorts) || data.cohorts.length === 0) {
    return [{ kind: 'text', text: `The heat map's server gave no cohorts: ${message.error || text || 'no result'}.` }];
  }
  const after = (period) => data.cohorts.flatMap((cohort) => cohort.cells ?? []).filter((cell) => cell?.periodIndex === period && typeof cell.retention === 'number');
  const first = after(1);
  const sixth = after(6);
  const facts =
    first.length && sixth.length
      ? ` On average **${percent(first.map((cell) => cell.retention))}** of a cohort is still there after a month, **${percent(sixth.map((cell) => cell.retention))}** after six.`
      : '';
  return [
    {
      kind: 'text',
      text: `**${data.cohorts.length} cohorts** of made-up customers, by signup month (${data.metric}).${facts}

The card above is the official **cohort heat map** example, unchanged from npm: point at a cell for its \
numbers, or pick another metric there (the app asks its server again itself).`,
    },
  ];
}

/** "3d", "threejs", "cube": the three.js app's tool, with a small scene as its code. @returns {Step[]} */
export function threejsScript(_text, input) {
  if (!offers(input, THREEJS_TOOL)) return notOffered(THREEJS_TOOL, 'a three.js scene');
  return [
    { kind: 'text', text: 'Here is a small 3D scene, a cube in a ring, drawn with WebGL by the official three.js MCP App example.' },
    { kind: 'client-tool', name: THREEJS_TOOL, args: { code: THREEJS_SCENE, height: 360 } },
  ];
}

/** What the agent says once the scene was shown. @param {ToolMessage} message @returns {Step[]} */
export function threejsResultScript(message) {
  if (message.error) return [{ kind: 'text', text: `The three.js app could not show the scene: ${message.error}.` }];
  return [
    {
      kind: 'text',
      text: `The scene is up. The code in my call's arguments runs inside the app (\`THREE\` and \`OrbitControls\` are \
its globals), in the sandboxed frame of the card: drag the scene to turn the camera.`,
    },
  ];
}

/**
 * The words (matched at a word start, case-insensitive): name, pattern, the script that calls the
 * tool, the follow-up for its result, and the tool's name. Both agents try them before "dice",
 * whose "app" would take "show the heatmap app".
 * @type {Array<[string, RegExp, (text: string, input: RunAgentInput) => Step[], (message: ToolMessage) => Step[], string]>}
 */
export const EXAMPLE_SCRIPTS = [
  ['heatmap', /\b(heat\s*-?\s*maps?|charts?|cohorts?)\b/i, heatmapScript, heatmapResultScript, HEATMAP_TOOL],
  ['threejs', /\b(3-?d|three\.?js|cubes?|webgl)\b/i, threejsScript, threejsResultScript, THREEJS_TOOL],
];

/**
 * AG-UI: the reply to a run whose messages end with the tool message answering a call of one of
 * the examples' tools. Undefined otherwise.
 * @param {RunAgentInput} input @returns {Step[] | undefined}
 */
export function exampleFollowUp(input) {
  return scriptFollowUp(input, EXAMPLE_SCRIPTS);
}
