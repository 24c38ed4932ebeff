import { defineConfig } from 'vite';

// Two script builds of one entry: an ES module (agent-chat.js) and a classic script (agent-chat.iife.js).
export default defineConfig({
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    rolldownOptions: { output: { minify: true } },
    emptyOutDir: true,
    lib: {
      entry: 'src/index.ts',
      name: 'AgentChat',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'agent-chat.js' : `agent-chat.${format}.js`),
    },
  },
});
