// The files git tracks or would track (so a new file counts before it is added), read as text: the
// shared walk of the repository checks (check-file-sizes.mjs, check-ticket-references.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every listed file that `keep(path)` accepts, with its text; files deleted in the working tree are left out. */
export function readSourceFiles(root, keep) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && keep(file));
  const read = [];
  for (const file of files) {
    try {
      read.push({ file, text: readFileSync(join(root, file), 'utf8') });
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  return read;
}
