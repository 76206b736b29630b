// Runs server/src/worker.ts (or main.ts) in a real child process, compiled on load by swc (as jest compiles it), so
// fault tests can SIGKILL a worker that runs the current source without a stale dist/ build.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const SWC_OPTIONS = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

// The sources import siblings as './x.js' (nodenext); on disk they are './x.ts' (and './x.mjs' is './x.mts').
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTs(request, parent, ...rest) {
  if (request.startsWith('.') && /\.m?js$/.test(request) && parent?.filename?.endsWith('.ts')) {
    const candidate = path.resolve(path.dirname(parent.filename), request.replace(/\.(m?)js$/, '.$1ts'));
    if (fs.existsSync(candidate)) return candidate;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};
const compileTypeScript = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...SWC_OPTIONS, filename });
  module._compile(code, filename);
};
require.extensions['.ts'] = compileTypeScript;
require.extensions['.mts'] = compileTypeScript;

// CAMPUS_ENTRY=main runs the API the same way (fault drills that need the API in its own process).
require(path.resolve(__dirname, `../../src/${process.env.CAMPUS_ENTRY === 'main' ? 'main' : 'worker'}.ts`));
