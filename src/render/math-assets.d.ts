/** A stylesheet's text, as the build (Vite `?raw`) and the test server (esbuild's text loader) import it. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
