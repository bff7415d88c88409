/**
 * Writes every email × language as HTML, with an index, for a look in the browser:
 *   npx tsx services/notifications/scripts/preview-emails.ts [outDir]
 * (default .local/email-previews/). Sample data: src/emails/preview.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { previewFileName, previewIndex, previewPage, renderSamples } from '../src/emails/preview';

const outDir = resolve(process.argv[2] ?? '.local/email-previews');
await mkdir(outDir, { recursive: true });
const previews = renderSamples();
await Promise.all(previews.map((p) => writeFile(join(outDir, previewFileName(p)), previewPage(p))));
const index = join(outDir, 'index.html');
await writeFile(index, previewIndex(previews));
console.log(index);
