// `npm start`: builds the client once if there is no build yet, then runs the server on the embedded database.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('dist/client/index.html')) {
  console.log('No client build yet: building it first (npm run build).');
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Node 24 strips the TypeScript types itself (decision 015).
const server = spawnSync(process.execPath, ['src/server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 1);
