/** A worker bundled into the importing chunk (Vite `?worker&inline`; the test server does the same, test/servers/highlight-core-esm.mjs). */
declare module '*?worker&inline' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
